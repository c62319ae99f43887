/**
 * Zhang et al. [seed 003 ref 187]: Z = 249(1−e)/(6 + 160e) (seed 003 Eq 5.64; contact-models.md §3.4). The best
 * explicit fit of the seeds for e >= 0.3.
 */
import type { HysteresisLaw } from './hysteresis.js';

export const zhang: HysteresisLaw = { model: 'zhang', factor: (e) => (249 * (1 - e)) / (6 + 160 * e) };
