/**
 * The benches' numeric options (bench/run.ts, bench/ab.ts), checked against their ranges before anything runs. A bad
 * one is named with its range; each command refuses it its own way (run.ts exits with status 2, ab.ts throws its
 * usage error), so the check takes the refusal as an argument.
 */
import { MIN_SIDE } from './lattice-bed.js';

export type Refuse = (message: string) => never;

/**
 * Decimal digits, with an exponent if wanted (20000, 2e4). Number() alone would also take "" and " " (as 0), "0x10"
 * and "0b11": an empty `--million-steps=` would then run with 0 instead of being refused.
 */
const WHOLE = /^[0-9]+(e[0-9]+)?$/i;

/** A whole number in [min, max] from the text of `option`, or `refuse` with a message naming both. */
export function wholeInRange(text: string, option: string, min: number, max: number, refuse: Refuse): number {
  const v = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(v) || v < min || v > max) refuse(`${option} must be a whole number from ${min} to ${max}, got "${text}"`);
  return v;
}

/** Comma-separated whole numbers, each in [min, max]. */
export function wholeList(text: string, option: string, min: number, max: number, refuse: Refuse): number[] {
  return text.split(',').map((part) => wholeInRange(part.trim(), option, min, max, refuse));
}

/**
 * A lattice of bench/lattice-bed.ts written NSxNZ (spheres per side x layers, e.g. 25x16), at least MIN_SIDE spheres
 * a side (its sides are periodic); 100 × 100 × 100 is a million spheres.
 */
export function latticeOption(text: string, refuse: Refuse): [number, number] {
  const m = /^(\d+)x(\d+)$/.exec(text);
  if (m === null) refuse(`--lattice: "${text}" is not NSxNZ (spheres per side x layers, e.g. 25x16)`);
  return [wholeInRange(m[1], '--lattice NS', MIN_SIDE, 100, refuse), wholeInRange(m[2], '--lattice NZ', 1, 100, refuse)];
}
