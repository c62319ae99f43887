/**
 * Extents that a few far-flung spheres do not decide: on each axis, the centres between the 1st and the 99th
 * percentile. The viewer frames the camera on them and sizes the drawn patch of an infinite plane by them, so a
 * sphere that bounced far away does not shrink the heap to a dot (issue 15).
 */
import type { Extent } from './wall-surfaces.js';

/** Fraction of the centres left out at each end of each axis. */
export const ROBUST_TAIL = 0.01;

/** The q-quantile (0..1) of ascending values, linear between neighbours. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const x = q * (sorted.length - 1);
  const k = Math.floor(x);
  const f = x - k;
  return k + 1 < sorted.length ? sorted[k] + f * (sorted[k + 1] - sorted[k]) : sorted[k];
}

/** Ascending copy of the `stride`-spaced values of `values` starting at `offset`. */
export function sortedComponent(values: ArrayLike<number>, stride: number, offset: number): Float64Array {
  const n = Math.floor(values.length / stride);
  const out = new Float64Array(n);
  for (let p = 0; p < n; p++) out[p] = values[stride * p + offset];
  return out.sort();
}

/** The box of the centres (xyz interleaved) between the ROBUST_TAIL quantiles on each axis; null for no centres. */
export function robustBox(position: ArrayLike<number>): Extent | null {
  if (position.length === 0) return null;
  const box: Extent = { min: [0, 0, 0], max: [0, 0, 0] };
  for (let a = 0; a < 3; a++) {
    const sorted = sortedComponent(position, 3, a);
    box.min[a] = quantile(sorted, ROBUST_TAIL);
    box.max[a] = quantile(sorted, 1 - ROBUST_TAIL);
  }
  return box;
}

/** The smallest box holding both (either may be null). */
export function unionBox(a: Extent | null, b: Extent | null): Extent | null {
  if (a === null || b === null) return a ?? b;
  return {
    min: [0, 1, 2].map((k) => Math.min(a.min[k], b.min[k])) as Extent['min'],
    max: [0, 1, 2].map((k) => Math.max(a.max[k], b.max[k])) as Extent['max'],
  };
}

/** The box grown by `margin` on every side. */
export function grownBox(box: Extent, margin: number): Extent {
  return { min: box.min.map((v) => v - margin) as Extent['min'], max: box.max.map((v) => v + margin) as Extent['max'] };
}
