/**
 * Per-contact collision bookkeeping for impacts.csv: opened when a contact starts (δ > 0), updated while it
 * lasts, closed when the overlap returns to zero. Kept in a flat Float64Array (IMPACT_STRIDE per contact) that
 * travels with the contact history through neighbour rebuilds.
 */

export const IMPACT = {
  /** 0 = no contact, 1 = in contact, 2 = ended this step (waiting to be written) */
  state: 0,
  tStart: 1,
  /** normal approach speed at first touch (m/s) */
  impactSpeed: 2,
  maxOverlap: 3,
  maxNormalForce: 4,
  slipBefore: 5,
  omegaIBefore: 6,
  omegaJBefore: 9,
  /** normal separation speed when the overlap closed (m/s) */
  reboundSpeed: 12,
  slipAfter: 13,
} as const;
export const IMPACT_STRIDE = 14;

export const CONTACT_OPEN = 1;
export const CONTACT_ENDED = 2;

/** Records one step of an ongoing (δ > 0) contact; opens the record at first touch. */
export function trackContact(
  mem: Float64Array, b: number, t: number,
  approachSpeed: number, delta: number, normalForce: number, slip: number,
  omega: Float64Array, i3: number, omegaJ: Float64Array | null, j3: number,
): void {
  if (mem[b] !== CONTACT_OPEN) {
    mem[b] = CONTACT_OPEN;
    mem[b + IMPACT.tStart] = t;
    mem[b + IMPACT.impactSpeed] = approachSpeed;
    mem[b + IMPACT.maxOverlap] = delta;
    mem[b + IMPACT.maxNormalForce] = normalForce;
    mem[b + IMPACT.slipBefore] = slip;
    for (let a = 0; a < 3; a++) {
      mem[b + IMPACT.omegaIBefore + a] = omega[i3 + a];
      mem[b + IMPACT.omegaJBefore + a] = omegaJ === null ? 0 : omegaJ[j3 + a];
    }
    return;
  }
  if (delta > mem[b + IMPACT.maxOverlap]) mem[b + IMPACT.maxOverlap] = delta;
  if (normalForce > mem[b + IMPACT.maxNormalForce]) mem[b + IMPACT.maxNormalForce] = normalForce;
}

/** Closes an open record when the overlap has returned to zero; returns whether one was open. */
export function closeContact(mem: Float64Array, b: number, separationSpeed: number, slip: number): boolean {
  if (mem[b] !== CONTACT_OPEN) return false;
  mem[b] = CONTACT_ENDED;
  mem[b + IMPACT.reboundSpeed] = separationSpeed;
  mem[b + IMPACT.slipAfter] = slip;
  return true;
}
