/**
 * Per-contact collision bookkeeping for impacts.csv: opened when a contact starts (δ > 0), updated while it
 * lasts, closed when the overlap returns to zero. Kept in a flat Float64Array (IMPACT_STRIDE per contact) that
 * travels with the contact history through neighbour rebuilds. Whether a contact is open is the contact's
 * `touching` flag, kept by the force kernels.
 *
 * The start and end times are the moments the overlap crosses zero, placed inside the step in which it changes
 * sign by linear interpolation along the normal approach speed (docs/physics.md §11.4): a collision's duration is
 * then not a whole number of steps.
 */

export const IMPACT = {
  /** moment the overlap rose through zero (s), interpolated within the first step with δ > 0 */
  tStart: 0,
  /** normal approach speed at first touch (m/s) */
  impactSpeed: 1,
  maxOverlap: 2,
  maxNormalForce: 3,
  slipBefore: 4,
  omegaIBefore: 5,
  omegaJBefore: 8,
  /** normal separation speed when the overlap closed (m/s) */
  reboundSpeed: 11,
  slipAfter: 12,
  /** time of the latest step with δ > 0 (s) */
  lastTouch: 13,
  /** δ at that step (m) */
  lastOverlap: 14,
  /** end of the collision once closed: the moment the overlap fell through zero (s) */
  tEnd: 15,
} as const;
export const IMPACT_STRIDE = 16;

/**
 * Time (s) between a step where the overlap is δ > 0 and the zero crossing next to it, when the overlap moves
 * towards zero at `rate` (m/s) across the step of length dt: δ/rate, the zero of the straight line through the
 * two steps' overlaps (docs/physics.md §11.4). A rate too small to reach zero within the step (a wall removed
 * under a resting sphere, a contact that opens while the bodies already separate) gives the whole step.
 */
export function timeToZeroOverlap(delta: number, rate: number, dt: number): number {
  return rate * dt > delta ? delta / rate : dt;
}

/**
 * Opens the record of a contact at its first step with δ > 0 (the step ending at t, of length dt); the overlap
 * rose through zero at the approach speed within that step.
 */
export function openImpact(
  mem: Float64Array, b: number, t: number, dt: number,
  approachSpeed: number, delta: number, normalForce: number, slip: number,
  omega: Float64Array, i3: number, omegaJ: Float64Array | null, j3: number,
): void {
  mem[b + IMPACT.tStart] = t - timeToZeroOverlap(delta, approachSpeed, dt);
  mem[b + IMPACT.impactSpeed] = approachSpeed;
  mem[b + IMPACT.maxOverlap] = delta;
  mem[b + IMPACT.maxNormalForce] = normalForce;
  mem[b + IMPACT.slipBefore] = slip;
  for (let a = 0; a < 3; a++) {
    mem[b + IMPACT.omegaIBefore + a] = omega[i3 + a];
    mem[b + IMPACT.omegaJBefore + a] = omegaJ === null ? 0 : omegaJ[j3 + a];
  }
  touchedAt(mem, b, t, delta);
}

/** Updates an open record at a later step with δ > 0 (ending at t). */
export function updateImpact(mem: Float64Array, b: number, t: number, delta: number, normalForce: number): void {
  if (delta > mem[b + IMPACT.maxOverlap]) mem[b + IMPACT.maxOverlap] = delta;
  if (normalForce > mem[b + IMPACT.maxNormalForce]) mem[b + IMPACT.maxNormalForce] = normalForce;
  touchedAt(mem, b, t, delta);
}

/** The latest step with δ > 0, from which closeImpact interpolates the end. */
function touchedAt(mem: Float64Array, b: number, t: number, delta: number): void {
  mem[b + IMPACT.lastTouch] = t;
  mem[b + IMPACT.lastOverlap] = delta;
}

/**
 * Closes a record in the step (of length dt) after its latest touch, where the overlap has returned to zero: the
 * overlap fell through zero at the separation speed after that touch.
 */
export function closeImpact(mem: Float64Array, b: number, dt: number, separationSpeed: number, slip: number): void {
  const lastTouch = mem[b + IMPACT.lastTouch];
  mem[b + IMPACT.tEnd] = lastTouch + timeToZeroOverlap(mem[b + IMPACT.lastOverlap], separationSpeed, dt);
  mem[b + IMPACT.reboundSpeed] = separationSpeed;
  mem[b + IMPACT.slipAfter] = slip;
}

/**
 * |v_t| at the contact point, for the impact record: v is the relative centre velocity (i minus j) and
 * s = R_i ω_i + R_j ω_j, so the contact-point velocity is v − s × n.
 */
export function slipSpeed(
  vx: number, vy: number, vz: number, sx: number, sy: number, sz: number, nx: number, ny: number, nz: number,
): number {
  const cx = vx - (sy * nz - sz * ny), cy = vy - (sz * nx - sx * nz), cz = vz - (sx * ny - sy * nx);
  const cn = cx * nx + cy * ny + cz * nz;
  const tx = cx - cn * nx, ty = cy - cn * ny, tz = cz - cn * nz;
  return Math.sqrt(tx * tx + ty * ty + tz * tz);
}
