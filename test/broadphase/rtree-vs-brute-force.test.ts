import { describe, expect, it } from 'vitest';
import { makePacking, R_MIN } from '../../bench/broadphase.js';
import { createBroadPhase, createPairList } from '../../src/broadphase/index.js';
import { bruteForcePairs, pairStrings } from './brute-force.js';

describe('packed R-tree against brute force', () => {
  // Dense random packing, radii uniform in [1, 5] mm: leaves mix small and large spheres.
  const packing = makePacking(2000, 5, 'rtree-vs-brute-force');

  for (const skin of [0, 0.1 * R_MIN, R_MIN, 12 * R_MIN]) {
    it(`finds exactly the brute-force pairs of 2000 spheres (1:5) with skin ${skin * 1e3} mm`, () => {
      const expected = bruteForcePairs(packing.pos, packing.radius, packing.n, skin);
      const out = createPairList();
      createBroadPhase('rtree').findPairs(packing.pos, packing.radius, packing.n, skin, out);
      expect(expected.count).toBeGreaterThan(packing.n); // a dense packing: more pairs than spheres
      expect(pairStrings(out)).toEqual(pairStrings(expected));
    });
  }
});
