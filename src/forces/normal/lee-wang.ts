/**
 * Lee & Wang (1983): Z = 3(1−e)/4 (seed 000 Eq 26; seed 002 Eqs 33–34; seed 003 Eq 5.35; contact-models.md §3.4).
 * The least dissipative of the family: e_in = 0.5 delivers 0.799 (§6.2).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const leeWang: HysteresisLaw = { model: 'lee-wang', factor: (e) => 0.75 * (1 - e) };
