import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { SphereHash } from '../../src/scenario/insert.js';
import { initialSpheres, type ListedSphere } from '../helpers/sphere-list.js';
import { parseScenario } from '../../src/scenario/load.js';
import { worstOverlap } from '../helpers/overlap.js';
import { insertScenario } from '../helpers/insert-scenario.js';
import { countOverlapWork } from '../helpers/overlap-work.js';
import type { CheckedScenario } from '../../src/scenario/checks.js';

const BOX = { type: 'box', min: [0, 0, 0], max: [0.1, 0.1, 0.1] };

/** A scenario with the given insert blocks in BOX (and optionally explicit particles and walls), all glass. */
const scenario = (insert: object[], extra: Record<string, unknown> = {}): CheckedScenario =>
  insertScenario(insert.map((block) => ({ region: BOX, ...block })), extra);

function insideBox(sphere: ListedSphere, min: number[], max: number[]): boolean {
  return sphere.position.every((x, axis) => x - sphere.radius >= min[axis] && x + sphere.radius <= max[axis]);
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const std = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};

describe('buildInitialParticles', () => {
  it('is deterministic: the same scenario gives the same spheres bit for bit, another seed different ones', () => {
    const blocks = [{ count: 500, radius: { distribution: 'uniform', min: 0.002, max: 0.004 } }];
    const first = initialSpheres(scenario(blocks));
    const again = initialSpheres(scenario(blocks));
    expect(again).toEqual(first);
    expect(new Float64Array(again.flatMap((s) => [...s.position, s.radius])))
      .toEqual(new Float64Array(first.flatMap((s) => [...s.position, s.radius])));
    const other = initialSpheres(scenario(blocks, { seed: 43 }));
    expect(other.map((s) => s.position)).not.toEqual(first.map((s) => s.position));
    expect(other.map((s) => s.radius)).not.toEqual(first.map((s) => s.radius));
  });

  it('puts explicit particles first in file order, then each insert block in order', () => {
    const particles = [
      { position: [0.5, 0.5, 0.5], velocity: [1, 2, 3], angularVelocity: [4, 5, 6], radius: 0.01, material: 'glass' },
      { position: [0.7, 0.5, 0.5], radius: 0.02, material: 'glass' },
    ];
    const spheres = initialSpheres(scenario(
      [{ count: 3, radius: 0.003 }, { count: 2, radius: 0.004, velocity: [0, 0, -1] }],
      { particles },
    ));
    expect(spheres).toHaveLength(7);
    expect(spheres[0]).toEqual({ ...particles[0] });
    expect(spheres[1]).toEqual({ ...particles[1], velocity: [0, 0, 0], angularVelocity: [0, 0, 0] });
    expect(spheres.slice(2, 5).map((s) => s.radius)).toEqual([0.003, 0.003, 0.003]);
    expect(spheres.slice(5).map((s) => s.radius)).toEqual([0.004, 0.004]);
    expect(spheres[6].velocity).toEqual([0, 0, -1]);
    expect(spheres[6].angularVelocity).toEqual([0, 0, 0]);
  });

  it('places non-overlapping spheres entirely inside the box, clear of explicit spheres and walls', () => {
    // A big explicit sphere in the middle of the box and a wall cutting off the corner at the origin.
    const particles = [{ position: [0.05, 0.05, 0.05], radius: 0.02, material: 'glass' }];
    const walls = [{ type: 'plane', point: [0.03, 0, 0], normal: [1, 1, 1], material: 'glass' }];
    const spheres = initialSpheres(scenario(
      [{ count: 1500, radius: { distribution: 'uniform', min: 0.001, max: 0.003 } }, { count: 500, radius: 0.002 }],
      { particles, walls },
    ));
    expect(spheres).toHaveLength(2001);
    expect(worstOverlap(spheres)).toBeLessThanOrEqual(0);
    expect(spheres.every((s) => insideBox(s, BOX.min, BOX.max))).toBe(true);
    const n = Math.sqrt(3);
    expect(spheres.every((s) => (s.position[0] - 0.03 + s.position[1] + s.position[2]) / n >= s.radius)).toBe(true);
  });

  it('draws uniform radii in [min, max] with mean (min + max)/2', () => {
    const radii = initialSpheres(scenario([{ count: 5000, radius: { distribution: 'uniform', min: 0.001, max: 0.002 } }]))
      .map((s) => s.radius);
    expect(Math.min(...radii)).toBeGreaterThanOrEqual(0.001);
    expect(Math.max(...radii)).toBeLessThanOrEqual(0.002);
    // Standard error of the mean: (max − min)/√12/√5000 = 4.1e-6 m.
    expect(Math.abs(mean(radii) - 0.0015)).toBeLessThan(2e-5);
  });

  it('draws normal radii truncated at mean ± 3 std: mean and std within 4 standard errors for 20 000 spheres', () => {
    const [mu, sigma] = [0.001, 0.0001];
    const radii = initialSpheres(scenario([{ count: 20_000, radius: { distribution: 'normal', mean: mu, std: sigma } }]))
      .map((s) => s.radius);
    expect(Math.min(...radii)).toBeGreaterThanOrEqual(mu - 3 * sigma);
    expect(Math.max(...radii)).toBeLessThanOrEqual(mu + 3 * sigma);
    // Truncation at ±3σ keeps the mean and shrinks the std to 0.98658σ.
    // Standard errors: σ/√N = 0.0071σ for the mean, ≈ σ/√(2N) = 0.005σ for the std.
    expect(Math.abs(mean(radii) - mu)).toBeLessThan(4 * 0.0071 * sigma);
    expect(Math.abs(std(radii) - 0.98658 * sigma)).toBeLessThan(4 * 0.005 * sigma);
  });

  it('applies the default lower bound max(mean − 3 std, mean/10) and explicit bounds', () => {
    const wide = initialSpheres(scenario([{ count: 2000, radius: { distribution: 'normal', mean: 0.002, std: 0.001 } }]));
    expect(Math.min(...wide.map((s) => s.radius))).toBeGreaterThanOrEqual(0.0002);
    const bounded = initialSpheres(scenario([
      { count: 2000, radius: { distribution: 'normal', mean: 0.002, std: 0.001, min: 0.0015, max: 0.0025 } },
    ]));
    const radii = bounded.map((s) => s.radius);
    expect(Math.min(...radii)).toBeGreaterThanOrEqual(0.0015);
    expect(Math.max(...radii)).toBeLessThanOrEqual(0.0025);
  });

  it('says how many spheres fit when the region is full, with the requested packing fraction', () => {
    // φ = 0.3 of the box is requested, but a sphere of half the box's width already fills 52 % of it.
    const particles = [{ position: [0.05, 0.05, 0.05], radius: 0.05, material: 'glass' }];
    const count = Math.round((0.3 * 1e-3) / ((4 / 3) * Math.PI * 0.005 ** 3));
    try {
      initialSpheres(scenario([{ count, radius: 0.005 }], { particles }));
      expect.unreachable('insertion should fail');
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as ScenarioError).field).toBe('insert[0].count');
      expect((error as ScenarioError).message).toMatch(new RegExp(
        `^insert\\[0\\]\\.count: could place only \\d+ of ${count} spheres in the region; enlarge insert\\[0\\]\\.region `
        + 'or reduce count \\(packing fraction of the request: φ = 0\\.300\\)$',
      ));
    }
  });

  it('inserts 50 000 spheres at φ = 0.2 in seconds, not minutes', () => {
    const side = Math.cbrt((50_000 * (4 / 3) * Math.PI * 0.001 ** 3) / 0.2);
    const { result: spheres, spheres: tests } = countOverlapWork(() => initialSpheres(parseScenario({
      time: { duration: 1 },
      materials: { glass: { youngsModulus: 6e10, poissonsRatio: 0.22, density: 2500 } },
      contact: { normal: { model: 'tsuji', restitution: 0.8 } },
      insert: [{ region: { type: 'box', min: [0, 0, 0], max: [side, side, side] }, count: 50_000, radius: 0.001, material: 'glass' }],
    })));
    expect(spheres).toHaveLength(50_000);
    // Measured 34 distance tests per sphere placed, over all attempts; an O(N²) search would make ~25 000.
    expect(tests).toBeLessThan(100 * 50_000);
    expect(worstOverlap(spheres)).toBeLessThanOrEqual(0);
  });
});

describe('SphereHash', () => {
  it('finds an overlap exactly when brute force does, for spheres of sizes 1:50', () => {
    const random = seedrandom('hash');
    const hash = new SphereHash(0.02, 3000);
    const stored: number[][] = [];
    for (let i = 0; i < 3000; i++) {
      // Mostly 1 cm spheres, a few up to 50 cm: exercises the coarse grids.
      const sphere = [random(), random(), random(), i % 100 === 0 ? 0.5 * random() : 0.01];
      hash.add(sphere[0], sphere[1], sphere[2], sphere[3]);
      stored.push(sphere);
    }
    for (let q = 0; q < 3000; q++) {
      const [x, y, z, r] = [random(), random(), random(), q % 50 === 0 ? 0.3 * random() : 0.01 * random()];
      const overlapping = stored.filter(([sx, sy, sz, sr]) => Math.hypot(sx - x, sy - y, sz - z) < sr + r);
      const found = hash.findOverlap(x, y, z, r);
      expect(found >= 0).toBe(overlapping.length > 0);
      if (found >= 0) expect(overlapping).toContainEqual(stored[found]);
    }
  });

  it('answers quickly for a query sphere a thousand times larger than the stored ones', () => {
    const hash = new SphereHash(0.002, 10_000);
    for (let i = 0; i < 10_000; i++) hash.add(5 + (i % 100) * 0.003, 5 + Math.floor(i / 100) * 0.003, 5, 0.001);
    const work = countOverlapWork(() => [hash.findOverlap(0, 0, 0, 1), hash.findOverlap(3.5, 5, 5, 1.6)]);
    expect(work.result[0]).toBe(-1);
    expect(work.result[1]).toBeGreaterThanOrEqual(0);
    // Each query visits each of the 2^15 buckets at most once and each stored sphere at most once (measured 32 789
    // chains, 10 006 spheres for both), where scanning the ~10^9 cells the query covers would visit 10^9 chains.
    expect(work.chains).toBeLessThanOrEqual(2 * 2 ** 15);
    expect(work.spheres).toBeLessThanOrEqual(2 * 10_000);
  });
});
