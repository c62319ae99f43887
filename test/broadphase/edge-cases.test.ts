import { describe, expect, it } from 'vitest';
import { makePacking, R_MIN } from '../../bench/broadphase.js';
import { createBroadPhase, createPairList } from '../../src/broadphase/index.js';
import { bruteForcePairs, pairStrings } from './brute-force.js';

const kinds = ['grid', 'rtree'] as const;

function pairs(kind: 'grid' | 'rtree', pos: Float64Array, radius: Float64Array, n: number, skin: number): string[] {
  const out = createPairList(0);
  createBroadPhase(kind).findPairs(pos, radius, n, skin, out);
  return pairStrings(out);
}

describe.each(kinds)('%s broad phase edge cases', (kind) => {
  it('n = 0 and n = 1 give no pairs', () => {
    expect(pairs(kind, new Float64Array(0), new Float64Array(0), 0, 0.1)).toEqual([]);
    expect(pairs(kind, new Float64Array([1, 2, 3]), new Float64Array([0.5]), 1, 0.1)).toEqual([]);
  });

  it('50 particles at the same point are all pairs of each other', () => {
    const n = 50;
    const pos = new Float64Array(3 * n).fill(0.25);
    const expected = bruteForcePairs(pos, new Float64Array(n).fill(R_MIN), n, 0);
    expect(expected.count).toBe((n * (n - 1)) / 2);
    expect(pairs(kind, pos, new Float64Array(n).fill(R_MIN), n, 0)).toEqual(pairStrings(expected));
  });

  it('coincident particles of radius 0 with skin 0 are not pairs (distance 0 is not < 0)', () => {
    expect(pairs(kind, new Float64Array(9), new Float64Array(3), 3, 0)).toEqual([]);
    expect(pairs(kind, new Float64Array(9), new Float64Array(3), 3, 1e-9)).toEqual(['0-1', '0-2', '1-2']);
  });

  it('particles on a line along each axis (flat boxes) chain exactly as brute force', () => {
    const n = 400;
    for (let axis = 0; axis < 3; axis++) {
      const pos = new Float64Array(3 * n);
      const radius = new Float64Array(n);
      // Gaps alternate between just below and just above the contact distance.
      for (let k = 0; k < n; k++) {
        radius[k] = R_MIN;
        pos[3 * k + axis] = k * 2 * R_MIN + (k % 2) * 1e-6 - 3;
      }
      const expected = bruteForcePairs(pos, radius, n, 5e-7);
      expect(expected.count).toBeGreaterThan(n / 4);
      expect(expected.count).toBeLessThan(n);
      expect(pairs(kind, pos, radius, n, 5e-7)).toEqual(pairStrings(expected));
    }
  });

  it('uses only the first n particles of longer arrays', () => {
    const p = makePacking(500, 2, 'first-n');
    const expected = bruteForcePairs(p.pos, p.radius, 300, 0.2 * R_MIN);
    expect(pairs(kind, p.pos, p.radius, 300, 0.2 * R_MIN)).toEqual(pairStrings(expected));
  });

  it('reuses its buffers: a second call on the same data returns the same list in the same arrays', () => {
    const p = makePacking(3000, 3, 'reuse');
    const bp = createBroadPhase(kind);
    const out = createPairList(16);
    bp.findPairs(p.pos, p.radius, p.n, 0.1 * R_MIN, out);
    const first = pairStrings(out);
    const arrays = [out.i, out.j];
    bp.findPairs(p.pos, p.radius, p.n, 0.1 * R_MIN, out);
    expect([out.i, out.j]).toEqual(arrays);
    expect(out.i).toBe(arrays[0]);
    expect(out.j).toBe(arrays[1]);
    expect(pairStrings(out)).toEqual(first);
    bp.findPairs(p.pos, p.radius, 2, 0.1 * R_MIN, out); // shrinking n must not leave stale pairs
    expect(out.count).toBe(bruteForcePairs(p.pos, p.radius, 2, 0.1 * R_MIN).count);
  });

  it('rejects NaN or infinite positions, negative radii, bad skin and short arrays', () => {
    const bp = createBroadPhase(kind);
    const out = createPairList();
    const r = new Float64Array([1, 1]);
    expect(() => bp.findPairs(new Float64Array([0, 0, 0, NaN, 0, 0]), r, 2, 0, out)).toThrow(/particle 1/);
    expect(() => bp.findPairs(new Float64Array([0, 0, Infinity, 0, 0, 0]), r, 2, 0, out)).toThrow(/particle 0/);
    expect(() => bp.findPairs(new Float64Array(6), new Float64Array([1, -1]), 2, 0, out)).toThrow(/radius -1/);
    expect(() => bp.findPairs(new Float64Array(6), r, 2, -1, out)).toThrow(/skin/);
    expect(() => bp.findPairs(new Float64Array(5), r, 2, 0, out)).toThrow(/pos/);
    expect(() => bp.findPairs(new Float64Array(6), r, 3, 0, out)).toThrow(/pos|radius/);
  });
});
