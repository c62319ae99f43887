/**
 * O(N²) reference broad phase for the tests: every pair (i < j) in (i, j) order, decided by the canonical
 * floating-point test of PairList, so the fast implementations must match it element for element.
 */
import type { PairList } from '../../src/broadphase/index.js';

/** A found pair list's content (its growth does not matter here). */
type FoundPairs = Pick<PairList, 'count' | 'i' | 'j'>;

export function bruteForcePairs(pos: Float64Array, radius: Float64Array, n: number, skin: number): FoundPairs {
  const i: number[] = [];
  const j: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const dx = pos[3 * b] - pos[3 * a], dy = pos[3 * b + 1] - pos[3 * a + 1], dz = pos[3 * b + 2] - pos[3 * a + 2];
      const c = radius[a] + radius[b] + skin;
      if (dx * dx + dy * dy + dz * dz < c * c) {
        i.push(a);
        j.push(b);
      }
    }
  }
  return { count: i.length, i: Int32Array.from(i), j: Int32Array.from(j) };
}

/** The first `count` pairs as "i-j" strings: vitest then shows the first differing pair, not a byte dump. */
export function pairStrings(list: FoundPairs): string[] {
  const s: string[] = [];
  for (let p = 0; p < list.count; p++) s.push(`${list.i[p]}-${list.j[p]}`);
  return s;
}
