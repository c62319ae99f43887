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

/**
 * The q-quantiles (as `quantile` of the sorted values gives them) of the `stride`-spaced values of `values` starting
 * at `offset`. Each needs only two order statistics, found by selection in O(n) rather than by sorting: a frame's
 * ranges and the robust box sorted 5 × N values per output time, 5 % of a 10 000-sphere fall (issue 26).
 */
export function componentQuantiles(values: ArrayLike<number>, stride: number, offset: number, qs: readonly number[]): number[] {
  const n = Math.floor(values.length / stride);
  const a = new Float64Array(n);
  for (let p = 0; p < n; p++) a[p] = values[stride * p + offset];
  return qs.map((q) => {
    const x = q * (n - 1);
    const k = Math.floor(x);
    const low = select(a, k);
    if (k + 1 >= n) return low;
    // select leaves every value after k at least a[k]: the next order statistic is their smallest.
    let next = Infinity;
    for (let p = k + 1; p < n; p++) if (a[p] < next) next = a[p];
    return low + (x - k) * (next - low);
  });
}

/**
 * The k-th smallest of `a` (0-based), which is left at a[k] with no larger value before it and no smaller one after
 * it (Hoare's FIND, as Wirth writes it; the middle element as pivot, so ordered input and equal values split evenly).
 */
function select(a: Float64Array, k: number): number {
  let lo = 0, hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo, j = hi;
    do {
      while (a[i] < pivot) i++;
      while (pivot < a[j]) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
  return a[k];
}

/** The box of the centres (xyz interleaved) between the ROBUST_TAIL quantiles on each axis; null for no centres. */
export function robustBox(position: ArrayLike<number>): Extent | null {
  if (position.length === 0) return null;
  const box: Extent = { min: [0, 0, 0], max: [0, 0, 0] };
  for (let a = 0; a < 3; a++) [box.min[a], box.max[a]] = componentQuantiles(position, 3, a, [ROBUST_TAIL, 1 - ROBUST_TAIL]);
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
