/**
 * Hu & Guo (2015): Z = 3(1−e)/(2e) (seed 001 Table 1, Eq 41; seed 003 Eq 5.63; contact-models.md §3.4, §6.3:
 * undamped-Hertz velocity profile a = 5/2, b = 2). Within 2.5 % of the target for e >= 0.5.
 */
import type { HysteresisLaw } from './hysteresis.js';

export const huGuo: HysteresisLaw = { model: 'hu-guo', factor: (e) => (3 * (1 - e)) / (2 * e) };
