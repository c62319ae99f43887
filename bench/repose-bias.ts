/**
 * The angle-of-repose estimator's bias on synthetic heaps of known angle (bench/synthetic-heap.ts): for each sphere
 * count N and true angle θ, SEEDS heaps of each surface model ('lattice', 'random'), the lattice ones measured bare
 * and with an apron of 0.6 N loose spheres on the floor (pile.json's proportion: 37 % of the poured spheres run
 * out), the random ones with the apron. Prints a Markdown table of the bias (estimated −
 * true, mean ± standard deviation over the heaps, in degrees) and the estimator's own mean reported uncertainty.
 *
 *   npm run build && node dist/bench/repose-bias.js            (docs/verification.md quotes its output)
 */
import { angleOfRepose } from '../src/analysis/repose.js';
import { syntheticHeap } from './synthetic-heap.js';

const COUNTS = [500, 1000, 2000, 5000, 10_000];
const ANGLES = [18, 22, 26, 30, 32];
const SEEDS = 8;
export const APRON_FRACTION = 0.6;

const meanSd = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  return { mean, sd };
};
const cell = (xs: number[]) => {
  const { mean, sd } = meanSd(xs);
  return `${mean >= 0 ? '+' : '−'}${Math.abs(mean).toFixed(1)} ± ${sd.toFixed(1)}`;
};

console.log(`| N | ${ANGLES.map((a) => `${a}°`).join(' | ')} | reported σ |`);
console.log(`|---|${ANGLES.map(() => '---').join('|')}|---|`);
const blocks = [
  { packing: 'lattice', withApron: false }, { packing: 'lattice', withApron: true }, { packing: 'random', withApron: true },
] as const;
for (const { packing, withApron } of blocks) {
  for (const count of COUNTS) {
    const row: string[] = [];
    const reported: number[] = [];
    for (const angle of ANGLES) {
      const bias: number[] = [];
      for (let seed = 1; seed <= SEEDS; seed++) {
        const heap = syntheticHeap({ angleDegrees: angle, count, seed, packing, apron: withApron ? Math.round(APRON_FRACTION * count) : 0 });
        const result = angleOfRepose(heap, { floorZ: 0 });
        bias.push(result.angleDegrees - angle);
        reported.push(result.uncertaintyDegrees);
      }
      row.push(cell(bias));
    }
    console.log(`| ${count} ${packing}${withApron ? ' + apron' : ''} | ${row.join(' | ')} | ${meanSd(reported).mean.toFixed(2)}° |`);
  }
}
