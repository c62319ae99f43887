/**
 * Lankarani & Nikravesh (1990): Z = 3(1−e²)/4 (seed 004 Eqs 6–10; seed 000 Eq 27; seed 002 Eqs 35–38; seed 003
 * Eqs 5.41–5.43; contact-models.md §3.4, §6.3). Derived for e near 1 from the undamped Hertz velocity profile.
 */
import type { HysteresisLaw } from './hysteresis.js';

export const lankaraniNikravesh: HysteresisLaw = { model: 'lankarani-nikravesh', factor: (e) => 0.75 * (1 - e * e) };
