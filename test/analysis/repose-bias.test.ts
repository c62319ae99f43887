/**
 * The angle-of-repose estimator's bias on synthetic heaps of known angle (bench/synthetic-heap.ts, a dense
 * jittered lattice and a loose random filling; the full table
 * against sphere count and angle is bench/repose-bias.ts, quoted in docs/verification.md). The bound is the
 * issue's (24, point 4): under 1° at the sphere counts the heap scenario uses (≥ 2 000). The tolerance comes from
 * the heaps' own scatter: the mean bias over SEEDS independent heaps, plus two standard errors of that mean, must
 * stay under 1°, so the bound holds at about 97.5 % confidence rather than on the error one set of heaps happened
 * to show. The previous estimator (highest sphere per radial bin of a sector) read 1.3 ± 0.4° low at 2 000 spheres
 * on the lattice and fails it.
 */
import { describe, expect, it } from 'vitest';
import { angleOfRepose } from '../../src/analysis/repose.js';
import { syntheticHeap } from '../../bench/synthetic-heap.js';

const SEEDS = 8;
const BIAS_BOUND_DEGREES = 1;
/** pile.json's proportion: 37 % of the poured spheres ran out into a single layer, 0.6 per sphere of the heap. */
const APRON_PER_HEAP_SPHERE = 0.6;

/**
 * scenarios/heap.json at its own size: the spheres of its heaps above the base's top (HEAP_SPHERES of the 3 000
 * poured; the others lie in the gaps of the base layer, below the floor the angle is measured from) and its radii.
 */
const HEAP_SPHERES = 2910;
const HEAP_RADII = { radiusMin: 0.001425, radiusMax: 0.001575 };

function measure(angleDegrees: number, count: number, apron: boolean, packing: 'lattice' | 'random' = 'lattice', radii = {}) {
  const estimates: number[] = [];
  const reported: number[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const heap = syntheticHeap({ angleDegrees, count, seed, packing, ...radii, apron: apron ? Math.round(APRON_PER_HEAP_SPHERE * count) : 0 });
    const result = angleOfRepose(heap, { floorZ: 0 });
    estimates.push(result.angleDegrees);
    reported.push(result.uncertaintyDegrees);
  }
  const mean = estimates.reduce((a, b) => a + b, 0) / SEEDS;
  const scatter = Math.sqrt(estimates.reduce((a, b) => a + (b - mean) ** 2, 0) / (SEEDS - 1));
  return { bias: mean - angleDegrees, scatter, standardError: scatter / Math.sqrt(SEEDS), reported: reported.reduce((a, b) => a + b, 0) / SEEDS };
}

describe('angle-of-repose estimator on synthetic heaps of known angle', () => {
  const cases = [
    [2000, 18, true, 'lattice'], [2000, 25, true, 'lattice'], [2000, 32, true, 'lattice'], [10_000, 25, false, 'lattice'],
    [2000, 18, true, 'random'], [2000, 32, true, 'random'],
  ] as const;
  for (const [count, angle, apron, packing] of cases) {
    it(`${count} spheres (${packing}) at ${angle}°${apron ? ' with an apron of loose spheres' : ''}: bias under ${BIAS_BOUND_DEGREES}° at two standard errors`, () => {
      const { bias, standardError } = measure(angle, count, apron, packing);
      expect(Math.abs(bias) + 2 * standardError).toBeLessThan(BIAS_BOUND_DEGREES);
    });
  }

  // heap.json's heaps stand on a base wider than they spread (no apron); their angles lie at 20–26°.
  for (const packing of ['lattice', 'random'] as const) {
    it(`heap.json's size, ${HEAP_SPHERES} spheres of its radii (${packing}) at 23°: bias under ${BIAS_BOUND_DEGREES}° at two standard errors`, () => {
      const { bias, standardError } = measure(23, HEAP_SPHERES, false, packing, HEAP_RADII);
      expect(Math.abs(bias) + 2 * standardError).toBeLessThan(BIAS_BOUND_DEGREES);
    });
  }

  it('reports an uncertainty that matches the scatter between independent heaps (within a factor 2)', () => {
    // The standard error over sectors is what one heap says about its own error; independent heaps of the same
    // angle and size show what the error is. Too small a claim hides the bias; too large hides a real trend.
    const { scatter, reported } = measure(25, 2000, true);
    expect(reported).toBeGreaterThan(scatter / 2);
    expect(reported).toBeLessThan(2 * scatter);
  });

  it('is not moved by the apron: the same heaps with and without it agree within their standard error', () => {
    const bare = measure(22, 2000, false), withApron = measure(22, 2000, true);
    expect(Math.abs(bare.bias - withApron.bias)).toBeLessThan(2 * Math.hypot(bare.standardError, withApron.standardError));
  });
});
