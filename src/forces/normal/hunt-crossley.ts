/**
 * Hunt & Crossley (1975): Z = 3(1−e)/2 (seed 000 Eq 24; seed 001 Eqs 5–7; seed 002 Eqs 28–30; seed 003
 * Eqs 5.9–5.12; contact-models.md §3.4). Good only for e → 1: e_in = 0.5 delivers 0.663 (§6.2).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const huntCrossley: HysteresisLaw = { model: 'hunt-crossley', factor: (e) => 1.5 * (1 - e) };
