import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { Packing } from '../../bench/broadphase.js';
import { makePacking, mortonSorted, R_MIN } from '../../bench/broadphase.js';
import { createBroadPhase, createPairList } from '../../src/broadphase/index.js';
import type { PairList } from '../../src/broadphase/index.js';
import { bruteForcePairs, pairStrings } from './brute-force.js';

function pairsOf(kind: 'rtree' | 'grid', p: Packing, skin: number): PairList {
  const out = createPairList();
  createBroadPhase(kind).findPairs(p.pos, p.radius, p.n, skin, out);
  return out;
}

/** The packing with particle `at` and its successor moved far away, touching each other. */
function withFarOutliers(p: Packing, at: number, where: [number, number, number]): Packing {
  const pos = p.pos.slice();
  pos.set(where, 3 * at);
  pos.set([where[0] + p.radius[at] + p.radius[at + 1] - 1e-5, where[1], where[2]], 3 * (at + 1));
  return { n: p.n, pos, radius: p.radius };
}

describe('R-tree and grid give identical sorted pair lists', () => {
  const skin = 0.3 * R_MIN;
  const packings: [string, Packing][] = [
    ['monodisperse', makePacking(6000, 1, 'agree-mono')],
    ['1:3', makePacking(6000, 3, 'agree-1:3')],
    ['1:10', makePacking(6000, 10, 'agree-1:10')],
  ];

  for (const [name, p] of packings) {
    it(`on 6000 densely packed ${name} spheres, in random and in Morton order`, () => {
      for (const q of [p, mortonSorted(p)]) {
        const grid = pairsOf('grid', q, skin);
        expect(grid.count).toBeGreaterThan(q.n);
        expect(pairStrings(pairsOf('rtree', q, skin))).toEqual(pairStrings(grid));
      }
    });
  }

  it('with a far outlier pair (10 km away, 1e9 m away) and the rest as before, matching brute force', () => {
    const p = packings[2][1];
    for (const where of [[1e4, -3e3, 5e2], [1e9, 1e9, -1e9]] as [number, number, number][]) {
      const q = withFarOutliers(p, 1234, where);
      const expected = bruteForcePairs(q.pos, q.radius, q.n, skin);
      expect(pairStrings(expected)).toContain('1234-1235');
      expect(pairStrings(pairsOf('grid', q, skin))).toEqual(pairStrings(expected));
      expect(pairStrings(pairsOf('rtree', q, skin))).toEqual(pairStrings(expected));
    }
  });

  it('on a dilute cloud (cells far outnumber particles) and on 300 small random scenes with outliers', () => {
    const rng = seedrandom('dilute');
    const scenes: Packing[] = [];
    const n = 3000;
    const cloud = { n, pos: new Float64Array(3 * n), radius: new Float64Array(n) };
    for (let k = 0; k < n; k++) {
      cloud.radius[k] = R_MIN * (1 + 2 * rng());
      for (let a = 0; a < 3; a++) cloud.pos[3 * k + a] = 0.25 * rng();
    }
    scenes.push(cloud);
    // Tiny tables (2–16 slots) make rows that wrap around the table end and cells that share slots common.
    for (let t = 0; t < 300; t++) {
      const m = 2 + Math.floor(rng() * 7);
      const scene = { n: m, pos: new Float64Array(3 * m), radius: new Float64Array(m) };
      for (let k = 0; k < m; k++) {
        scene.radius[k] = R_MIN * (0.5 + rng());
        const far = rng() < 0.2 ? 1e3 : 0;
        for (let a = 0; a < 3; a++) scene.pos[3 * k + a] = far + 0.006 * rng();
      }
      scenes.push(scene);
    }
    for (const q of scenes) {
      const expected = pairStrings(bruteForcePairs(q.pos, q.radius, q.n, skin));
      expect(pairStrings(pairsOf('grid', q, skin))).toEqual(expected);
      expect(pairStrings(pairsOf('rtree', q, skin))).toEqual(expected);
    }
  });
});
