/**
 * The summary of an alternated A/B (bench/ab.ts): the candidate's time over the baseline's, round by round. This
 * virtual machine's speed drifts by ±15 % over minutes (docs/architecture.md §3), more than most levers are worth,
 * so two builds are compared only within a round — runs minutes apart say more about the host than about the code —
 * and the median of the rounds' ratios is the figure, with their range beside it.
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

/** baseline[k] and candidate[k] are the times (s) of round k, each > 0. */
export function pairedSummary(baseline: readonly number[], candidate: readonly number[]): PairedSummary {
  if (baseline.length !== candidate.length || baseline.length === 0) {
    throw new Error(`pairedSummary: ${baseline.length} baseline and ${candidate.length} candidate times; `
      + 'each round needs one of each');
  }
  for (const t of [...baseline, ...candidate]) {
    if (!(t > 0) || !Number.isFinite(t)) throw new Error(`pairedSummary: a time of ${t} s (each must be > 0)`);
  }
  const ratios = candidate.map((t, k) => t / baseline[k]);
  return {
    rounds: ratios.length,
    medianRatio: median(ratios),
    lowestRatio: Math.min(...ratios),
    highestRatio: Math.max(...ratios),
    baselineMedian: median(baseline),
    candidateMedian: median(candidate),
    baselineFastest: Math.min(...baseline),
    candidateFastest: Math.min(...candidate),
  };
}

/**
 * Which build runs first in round k (0-based): the baseline in even rounds, the candidate in odd ones, so that
 * neither always runs on the host's state the other left behind (a warm page cache, a just-raised clock).
 */
export function roundOrder(round: number): ['baseline', 'candidate'] | ['candidate', 'baseline'] {
  return round % 2 === 0 ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
}
