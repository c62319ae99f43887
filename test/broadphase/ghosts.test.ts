/**
 * Ghosts passed beside the spheres (broadphase/types.ts findRuns, as periodic.ts passes its images) give the same
 * runs as one array holding spheres and ghosts, in both broad phases, and the same pairs as brute force.
 */
import { describe, expect, it } from 'vitest';
import { makePacking } from '../../bench/broadphase.js';
import { createBroadPhase, createPairList } from '../../src/broadphase/index.js';
import type { CandidateRuns } from '../../src/broadphase/types.js';
import { bruteForcePairs, pairStrings } from './brute-force.js';

/** The runs as "i-j" strings in order of i. */
function runStrings(runs: CandidateRuns): string[] {
  const s: string[] = [];
  for (let i = 0; i < runs.n; i++) for (let k = runs.runStart[i]; k < runs.runEnd[i]; k++) s.push(`${i}-${runs.j[k]}`);
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
    it(`${kind}: the same runs as the joined array, and the brute-force pairs`, () => {
      const broadphase = createBroadPhase(kind);
      const beside = runStrings(broadphase.findRuns(packing.pos, packing.radius, spheres, skin,
        { pos: ghostPos, radius: packing.radius.subarray(spheres), count: ghosts }));
      const joined = runStrings(createBroadPhase(kind).findRuns(joinedPos, packing.radius, packing.n, skin));
      expect(beside.length).toBeGreaterThan(packing.n);
      expect(beside).toEqual(joined);
      const expected = bruteForcePairs(joinedPos, packing.radius, packing.n, skin);
      const out = createPairList();
      createBroadPhase(kind).findPairs(joinedPos, packing.radius, packing.n, skin, out);
      expect(beside).toEqual(pairStrings(expected));
      expect(pairStrings(out)).toEqual(pairStrings(expected));
    });
  }
});
