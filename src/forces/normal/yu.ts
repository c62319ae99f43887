/**
 * Yu et al. [seed 003 ref 168]: Z = d(e)/e with the piecewise cubic d of seed 003 Eqs 5.32–5.34
 * (contact-models.md §3.4): a fit to the exact relation, within 1.5 % for e >= 0.2; equal to Gharib–Hurmuzlu for
 * e <= 0.25.
 */
import type { HysteresisLaw } from './hysteresis.js';

/** [upper end of the e interval, cubic coefficients c3, c2, c1, c0] (seed 003 Eq 5.34). */
const PIECES: readonly (readonly [number, number, number, number, number])[] = [
  [0.4, 2.1663, -3.7216, 0.8724, 0.9409],
  [0.6, 1.1664, -2.4893, 0.3625, 1.0117],
  [0.8, 0.5048, -1.3255, -0.3236, 1.1472],
  [1, 0.2256, -0.6663, -0.8437, 1.2844],
];

function d(e: number): number {
  if (e <= 0.25) return 1;
  const [, c3, c2, c1, c0] = PIECES.find(([upper]) => e <= upper)!;
  return ((c3 * e + c2) * e + c1) * e + c0;
}

export const yu: HysteresisLaw = { model: 'yu', factor: (e) => d(e) / e };
