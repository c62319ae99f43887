/**
 * Per-contact collision bookkeeping for impacts.csv: opened when a contact starts (δ > 0), updated while it
 * lasts, closed when the overlap returns to zero — by the kernel's contact step (src/kernel/records.ts, which
 * shares this layout). Kept in a flat Float64Array (impactStride per contact) that travels with the contact
 * history through neighbour rebuilds. Whether a contact is open is the contact's `touching` flag.
 *
 * The start and end times are the moments the overlap crosses zero, placed inside the step in which it changes
 * sign by linear interpolation along the normal approach speed (docs/physics.md §11.4): a collision's duration is
 * then not a whole number of steps.
 */

import { IMPACT, IMPACT_STRIDE } from '../kernel-interface/layout.js';

/** The record's layout, described with every layout the kernel shares in src/kernel-interface/spec.json. */
export { IMPACT, IMPACT_STRIDE };

/**
 * Doubles per record of a run that keeps only what impact-statistics.csv reads: the layout's first four fields
 * (impact speed, peak overlap and force, rebound speed; kernel/records.ts).
 */
export const IMPACT_STATISTICS_STRIDE = IMPACT.reboundSpeed + 1;

/** Doubles of collision record per contact: none when impacts are not tracked, the statistics' four, or all. */
export function impactStride(trackImpacts: boolean, fullRecords: boolean): number {
  if (!trackImpacts) return 0;
  return fullRecords ? IMPACT_STRIDE : IMPACT_STATISTICS_STRIDE;
}

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
