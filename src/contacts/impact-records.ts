/**
 * Per-contact collision bookkeeping for impacts.csv: opened when a contact starts (δ > 0), updated while it
 * lasts, closed when the overlap returns to zero — by the kernel's contact step (src/kernel/records.ts, which
 * shares this layout). Kept in a flat Float64Array (IMPACT_STRIDE per contact) that travels with the contact
 * history through neighbour rebuilds. Whether a contact is open is the contact's `touching` flag.
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
 * under a resting sphere, a contact that opens while the bodies already separate) gives the whole step. The
 * contact trace (output/contact-trace.ts) places its ends with it, as the kernel's records do.
 */
export function timeToZeroOverlap(delta: number, rate: number, dt: number): number {
  return rate * dt > delta ? delta / rate : dt;
}
