/**
 * Zhiying & Qishao (2006): Z = 3(1−e²)·exp[2(1−e)]/4 (seed 000 Eq 30; seed 002 Eqs 43–44; seed 003 Eq 5.56;
 * contact-models.md §3.4). Good for mid and low e, inaccurate below e ≈ 0.2 (§6.2).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const zhiyingQishao: HysteresisLaw = {
  model: 'zhiying-qishao',
  factor: (e) => 0.75 * (1 - e * e) * Math.exp(2 * (1 - e)),
};
