/**
 * Ratios of runs alternated round by round: the candidate's time over the baseline's in an A/B of two builds
 * (bench/ab.ts), grainflow's speed over LAMMPS's and each code's speed-up over one thread (bench/vs-lammps.ts
 * --rounds). This virtual machine's speed drifts by ±15 % over minutes (docs/architecture.md §3), more than most
 * levers are worth, so two runs are compared only within a round — runs minutes apart say more about the host than
 * about the code — and the median of the rounds' ratios is the figure, with their range beside it.
 */
import { quantile } from '../src/output/robust-extent.js';

export interface PairedSummary {
  rounds: number;
  /** median of candidate / baseline over the rounds (< 1: the candidate is faster) */
  medianRatio: number;
  lowestRatio: number;
  highestRatio: number;
  /** each build's median and fastest time over the rounds (s) */
  baselineMedian: number;
  candidateMedian: number;
  baselineFastest: number;
  candidateFastest: number;
}

/** The median (the mean of the middle two for an even count). */
const median = (values: readonly number[]) => quantile([...values].sort((a, b) => a - b), 0.5);

/** The median of the rounds' ratios and their range. */
export interface RoundRatios {
  rounds: number;
  median: number;
  lowest: number;
  highest: number;
}

/**
 * numerator[k] / denominator[k] for each round k (two times, or two speeds, measured in the same round, each > 0):
 * the median of these ratios and their range. Not the ratio of two medians, which would pair runs of different rounds.
 */
export function roundRatios(numerators: readonly number[], denominators: readonly number[]): RoundRatios {
  if (numerators.length !== denominators.length || numerators.length === 0) {
    throw new Error(`round ratios: ${numerators.length} and ${denominators.length} values; each round needs one of each`);
  }
  for (const t of [...numerators, ...denominators]) {
    if (!(t > 0) || !Number.isFinite(t)) throw new Error(`round ratios: a value of ${t} (each must be > 0)`);
  }
  const ratios = numerators.map((t, k) => t / denominators[k]);
  return { rounds: ratios.length, median: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios) };
}

/** "1.63× (1.25–2.00)": the median ratio and its range. */
export const ratioText = (r: RoundRatios) => `${r.median.toFixed(2)}× (${r.lowest.toFixed(2)}–${r.highest.toFixed(2)})`;

/** baseline[k] and candidate[k] are the times (s) of round k, each > 0. */
export function pairedSummary(baseline: readonly number[], candidate: readonly number[]): PairedSummary {
  const ratios = roundRatios(candidate, baseline);
  return {
    rounds: ratios.rounds,
    medianRatio: ratios.median,
    lowestRatio: ratios.lowest,
    highestRatio: ratios.highest,
    baselineMedian: median(baseline),
    candidateMedian: median(candidate),
    baselineFastest: Math.min(...baseline),
    candidateFastest: Math.min(...candidate),
  };
}

/**
 * The order of two alternated runs in round k (0-based): as given in even rounds, swapped in odd ones, so that
 * neither always runs on the host's state the other left behind (a warm page cache, a just-raised clock).
 */
export function roundOrder<T>(round: number, [first, second]: readonly [T, T]): [T, T] {
  return round % 2 === 0 ? [first, second] : [second, first];
}
