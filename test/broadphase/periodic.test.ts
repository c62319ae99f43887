import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { createBroadPhase } from '../../src/broadphase/index.js';
import {
  createImagedPairList, imageShifts, negatedImage, PeriodicPairFinder, wrapPositions, type Axes3, type PeriodicBox,
} from '../../src/broadphase/periodic.js';

/**
 * Reference: every pair (i < j) and every one of the 27 images of j, by the minimum-image brute force; a pair
 * is a candidate when |x_j + s − x_i| < r_i + r_j + skin for its image s (at most one qualifies).
 */
function bruteForceImagedPairs(pos: Float64Array, radius: Float64Array, n: number, skin: number, box: PeriodicBox): string[] {
  const shifts = imageShifts(box);
  // Images of the periodic axes only: code = d_x + 3 d_y + 9 d_z, digit 0 (none), 1 (+L), 2 (−L).
  const codes = [...Array(27).keys()].filter((code) =>
    [code % 3, Math.floor(code / 3) % 3, Math.floor(code / 9)].every((d, axis) => d === 0 || box.periodic[axis]));
  const found: string[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const images = codes.filter((code) => {
        const dx = pos[3 * b] + shifts[3 * code] - pos[3 * a];
        const dy = pos[3 * b + 1] + shifts[3 * code + 1] - pos[3 * a + 1];
        const dz = pos[3 * b + 2] + shifts[3 * code + 2] - pos[3 * a + 2];
        const c = radius[a] + radius[b] + skin;
        return dx * dx + dy * dy + dz * dz < c * c;
      });
      if (images.length > 1) throw new Error(`pair ${a}-${b} is a candidate through ${images.length} images`);
      if (images.length === 1) found.push(`${a}-${b}@${images[0]}`);
    }
  }
  return found;
}

function randomSpheres(n: number, box: PeriodicBox, rMin: number, rMax: number, seed: string) {
  const random = seedrandom(seed);
  const pos = new Float64Array(3 * n), radius = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    for (let axis = 0; axis < 3; axis++) pos[3 * k + axis] = box.min[axis] + random() * (box.max[axis] - box.min[axis]);
    radius[k] = rMin + random() * (rMax - rMin);
  }
  return { pos, radius };
}

describe('periodic pairs against minimum-image brute force', () => {
  const cases: [string, Axes3][] = [['x, y, z', [true, true, true]], ['x only', [true, false, false]], ['y, z', [false, true, true]]];
  for (const kind of ['grid', 'rtree'] as const) {
    for (const [name, periodic] of cases) {
      it(`${kind}: 1500 spheres (1:3 radii), periodic along ${name}`, () => {
        // Box 0.1 m × 0.08 m × 0.12 m off the origin; r ∈ [2, 6] mm, skin 1 mm: L > 2·(2 r_max + skin) = 26 mm.
        const box: PeriodicBox = { min: [-0.03, 0.01, 0.2], max: [0.07, 0.09, 0.32], periodic };
        const { pos, radius } = randomSpheres(1500, box, 0.002, 0.006, `periodic-${name}`);
        const skin = 0.001;
        const out = createImagedPairList(16);
        new PeriodicPairFinder(createBroadPhase(kind), box).findPairs(pos, radius, 1500, skin, out);
        const got: string[] = [];
        for (let p = 0; p < out.count; p++) got.push(`${out.i[p]}-${out.j[p]}@${out.image[p]}`);
        const expected = bruteForceImagedPairs(pos, radius, 1500, skin, box);
        // The test must exercise pairs through faces, edges and (when 3-D periodic) corners.
        const throughFaces = expected.filter((s) => !s.endsWith('@0')).length;
        expect(throughFaces).toBeGreaterThan(100);
        expect(got).toEqual(expected); // same pairs, same images, sorted by (i, j)
      });
    }
  }

  it('finds the contact across a corner of the box once, with the image that brings j next to i', () => {
    const box: PeriodicBox = { min: [0, 0, 0], max: [1, 1, 1], periodic: [true, true, true] };
    // Sphere 0 near the low corner, sphere 1 near the high corner: they touch through the corner.
    const pos = Float64Array.from([0.01, 0.01, 0.01, 0.99, 0.99, 0.99]);
    const radius = Float64Array.from([0.02, 0.02]);
    const out = createImagedPairList(1);
    new PeriodicPairFinder(createBroadPhase('grid'), box).findPairs(pos, radius, 2, 0.001, out);
    expect(out.count).toBe(1);
    const s = imageShifts(box).subarray(3 * out.image[0], 3 * out.image[0] + 3);
    expect([...s]).toEqual([-1, -1, -1]); // x_1 − L on every axis sits at −0.01, next to x_0
  });
});

describe('image codes and wrapping', () => {
  const box: PeriodicBox = { min: [-1, 0, 2], max: [1, 3, 6], periodic: [true, true, false] };

  it('negatedImage gives the opposite shift for every code', () => {
    const shifts = imageShifts(box);
    for (let code = 0; code < 27; code++) {
      const neg = negatedImage(code);
      for (let axis = 0; axis < 3; axis++) expect(shifts[3 * neg + axis]).toBe(-shifts[3 * code + axis] + 0);
    }
    expect([...shifts.subarray(0, 3)]).toEqual([0, 0, 0]); // code 0 is no shift
  });

  it('wrapPositions moves centres into [min, max) on periodic axes by whole box lengths only', () => {
    const pos = Float64Array.from([1.5, -0.5, 9, -3.25, 7, -4, 0.25, 1, 3]);
    wrapPositions(pos, 3, box);
    expect([...pos]).toEqual([-0.5, 2.5, 9, 0.75, 1, -4, 0.25, 1, 3]);
  });
});
