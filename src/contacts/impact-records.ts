/**
 * Per-contact collision bookkeeping for impacts.csv: opened when a contact starts (δ > 0), updated while it
 * lasts, closed when the overlap returns to zero. Kept in a flat Float64Array (IMPACT_STRIDE per contact) that
 * travels with the contact history through neighbour rebuilds. Whether a contact is open is the contact's
 * `touching` flag, kept by the force kernels.
 */

export const IMPACT = {
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
} as const;
export const IMPACT_STRIDE = 13;

/** Opens the record of a contact at its first step with δ > 0. */
export function openImpact(
  mem: Float64Array, b: number, t: number,
  approachSpeed: number, delta: number, normalForce: number, slip: number,
  omega: Float64Array, i3: number, omegaJ: Float64Array | null, j3: number,
): void {
  mem[b + IMPACT.tStart] = t;
  mem[b + IMPACT.impactSpeed] = approachSpeed;
  mem[b + IMPACT.maxOverlap] = delta;
  mem[b + IMPACT.maxNormalForce] = normalForce;
  mem[b + IMPACT.slipBefore] = slip;
  for (let a = 0; a < 3; a++) {
    mem[b + IMPACT.omegaIBefore + a] = omega[i3 + a];
    mem[b + IMPACT.omegaJBefore + a] = omegaJ === null ? 0 : omegaJ[j3 + a];
  }
}

/** Updates the extremes of an open record. */
export function updateImpact(mem: Float64Array, b: number, delta: number, normalForce: number): void {
  if (delta > mem[b + IMPACT.maxOverlap]) mem[b + IMPACT.maxOverlap] = delta;
  if (normalForce > mem[b + IMPACT.maxNormalForce]) mem[b + IMPACT.maxNormalForce] = normalForce;
}

/** Closes a record when the overlap has returned to zero. */
export function closeImpact(mem: Float64Array, b: number, separationSpeed: number, slip: number): void {
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
