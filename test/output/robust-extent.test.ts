/**
 * The robust extents of frames (output/robust-extent.ts) take their quantiles by selection instead of sorting
 * (issue 26: sorting five components per frame was 5 % of a 10 000-sphere fall): the values must be exactly those of
 * `quantile` over the sorted values, for ordered, reversed, shuffled and tied input, and for one or two values.
 */
import { describe, expect, it } from 'vitest';
import { componentQuantiles, quantile, robustBox, ROBUST_TAIL } from '../../src/output/robust-extent.js';
import { RunRandom } from '../../src/scenario/random.js';

const random = new RunRandom(26);
const QS = [0, ROBUST_TAIL, 0.5, 1 - ROBUST_TAIL, 1];

function bySorting(values: number[], stride: number, offset: number): number[] {
  const component = values.filter((_, k) => k % stride === offset).sort((a, b) => a - b);
  return QS.map((q) => quantile(component, q));
}

const inputs: [string, number[]][] = [
  ['shuffled', Array.from({ length: 3001 }, () => random.next() * 10 - 5)],
  ['ascending', Array.from({ length: 999 }, (_, k) => k * 0.37)],
  ['descending', Array.from({ length: 1000 }, (_, k) => -k * 1.5)],
  ['few distinct values (spheres at rest, a flat layer)', Array.from({ length: 2400 }, () => Math.floor(random.next() * 3) * 0.25)],
  ['all equal', Array.from({ length: 300 }, () => 0.001)],
  ['one value', [4.2]],
  ['two values', [3, -1]],
];

describe('componentQuantiles', () => {
  it.each(inputs)('%s: exactly the quantiles of the sorted values', (_name, values) => {
    expect(componentQuantiles(values, 1, 0, QS)).toEqual(bySorting(values, 1, 0));
  });

  it('takes every third value from the right offset (the z of xyz centres)', () => {
    const xyz = inputs[0][1].slice(0, 3000);
    for (let a = 0; a < 3; a++) expect(componentQuantiles(xyz, 3, a, QS)).toEqual(bySorting(xyz, 3, a));
    const box = robustBox(Float64Array.from(xyz))!;
    expect([box.min[2], box.max[2]]).toEqual([bySorting(xyz, 3, 2)[1], bySorting(xyz, 3, 2)[3]]);
  });
});
