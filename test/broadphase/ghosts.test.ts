/**
 * Ghosts passed beside the spheres (broadphase/types.ts findRows, as periodic.ts passes its images) give the same
 * rows as one array holding spheres and ghosts, in both broad phases, and the same pairs as brute force.
 */
import { describe, expect, it } from 'vitest';
import { makePacking } from '../../bench/broadphase.js';
import { createBroadPhase, createPairList } from '../../src/broadphase/index.js';
import type { BroadPhase, Ghosts } from '../../src/broadphase/types.js';
import { bruteForcePairs, pairStrings } from './brute-force.js';

/** The rows of the first `spheres` items as "i-j" strings, in the order they come; checks that i ascends. */
function rowStrings(
  broadphase: BroadPhase, pos: Float64Array, radius: Float64Array, spheres: number, skin: number, ghosts?: Ghosts,
): string[] {
  const s: string[] = [];
  let last = -1;
  broadphase.findRows(pos, radius, spheres, skin, {
    row(i, partners, start, end) {
      expect(i).toBe(last + 1);
      last = i;
      for (let k = start; k < end; k++) s.push(`${i}-${partners[k]}`);
    },
  }, ghosts);
  expect(last).toBe(spheres - 1);
  return s;
}

describe('ghosts beside the spheres', () => {
  // The last 300 of 1500 spheres play the ghosts (some far away, shifted by a box length, so the grid hashes).
  const packing = makePacking(1500, 5, 'ghosts');
  const spheres = 1200, ghosts = packing.n - spheres;
  const ghostPos = packing.pos.slice(3 * spheres);
  for (let g = 0; g < ghosts; g += 7) ghostPos[3 * g] += 40;
  const joinedPos = Float64Array.from([...packing.pos.subarray(0, 3 * spheres), ...ghostPos]);
  const skin = 2e-4;

  for (const kind of ['grid', 'rtree'] as const) {
    it(`${kind}: the same rows as the joined array, and the brute-force pairs`, () => {
      const beside = rowStrings(createBroadPhase(kind), packing.pos, packing.radius, spheres, skin,
        { pos: ghostPos, radius: packing.radius.subarray(spheres), count: ghosts });
      const joined = rowStrings(createBroadPhase(kind), joinedPos, packing.radius, packing.n, skin);
      const joinedSpheres = joined.filter((pair) => Number(pair.split('-')[0]) < spheres);
      expect(beside.length).toBeGreaterThan(packing.n);
      expect(beside).toEqual(joinedSpheres);
      const expected = bruteForcePairs(joinedPos, packing.radius, packing.n, skin);
      // A list too small for the pairs: the search runs again into a grown one (pairList.ts fillPairList).
      const out = createPairList(16);
      createBroadPhase(kind).findPairs(joinedPos, packing.radius, packing.n, skin, out);
      expect(joined).toEqual(pairStrings(expected));
      expect(pairStrings(out)).toEqual(pairStrings(expected));
    });
  }
});
