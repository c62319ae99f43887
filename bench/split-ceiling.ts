/**
 * What any split of the work over two cores can give on this machine, for each code (issue 26 point 2;
 * `npm run bench -- --only split-ceiling`). A two-thread run of a bed can be no faster than two one-thread processes
 * that each run half of it with nothing to exchange — no halo, no barrier, no shared memory but what the machine
 * itself shares. So for the bed of `vs-lammps` (bench/lattice-bed.ts) and its half along x (halfBed: the same spheres,
 * half the box), each code runs, one process each, timed from exec to exit:
 *
 *   - the bed on 1 thread / rank, and on 2;
 *   - the half bed alone on 1;
 *   - two copies of the half bed at once, 1 each (the split with nothing to exchange).
 *
 * The ceiling, the 1-thread bed's time over that of the later of the two halves, is the product of three factors,
 * each printed: 2 (the work halved), the size effect (the bed's time over twice the half's alone: above 1 when a half
 * bed costs less per sphere, e.g. by fitting the caches better) and the co-running factor (the half alone over the two
 * at once: below 1 when the two cores slow each other, e.g. through memory shared with the host's other guests). Then
 * the code's own 2-thread speed-up over the ceiling says how much of it the code's parallel design keeps. Rounds as in
 * vs-lammps (paired-ratios.ts): the codes' order swapped every other round, every ratio taken within a round.
 * Loops only: the two halves each set up and write nothing worth timing. The one-thread runs are pinned to a core
 * (code-runs.ts roundCore: both codes on the same core in a round, the next core in the next round), the two halves
 * at once to a core each, and what each core gives on the same short run is printed before and after the rounds
 * (core-probe.ts): with unequal cores the ceiling depends on which core the one-thread bed ran on.
 */
import { withScratchDir } from './scratch-dir.js';
import { halfBed, latticeBed, writeBedInputs, type BedInputs } from './lattice-bed.js';
import {
  coreNote, loopSeconds, onFewerLanes, onPath, roundCore, runCopiesTogether, runGrainflow, runLammps, type Timing,
} from './code-runs.js';
import { coreProbeLine } from './core-probe.js';
import { ratioText, roundOrder, roundRatios, type RoundRatios } from './paired-ratios.js';

export interface SplitCeilingOptions {
  /** the bed [NS, NZ]; NS even */
  lattice: [number, number];
  /** steps of the fall and of the settled bed */
  steps: [number, number];
  rounds: number;
}

export const DEFAULT_SPLIT_CEILING: SplitCeilingOptions = { lattice: [26, 16], steps: [10000, 10000], rounds: 3 };

/** One code's four runs of a round. */
export interface SplitRuns {
  code: Timing['code'];
  /** the bed on 1 and on 2 threads / ranks */
  whole1: Timing;
  whole2: Timing;
  /** the half bed alone, and the two copies run at once */
  halfAlone: Timing;
  halvesTogether: Timing[];
}

/** the split's time: the later of the halves run at once */
const halvesSeconds = (r: SplitRuns) => Math.max(...r.halvesTogether.map(loopSeconds));

const percent = (r: RoundRatios) =>
  `${(100 * r.median).toFixed(0)} % (${(100 * r.lowest).toFixed(0)}–${(100 * r.highest).toFixed(0)} %)`;

/**
 * Per code over the rounds (`rounds[k]`: round k's runs of each code), the median and range of the rounds' ceiling,
 * its factors, the code's 2-thread speed-up and the share of the ceiling it keeps, in the loops.
 */
export function splitSummaryLines(rounds: SplitRuns[][]): string[] {
  const lines = [`  over ${rounds.length} round${rounds.length === 1 ? '' : 's'}, the median of the rounds' ratios `
    + '(lowest–highest), loops:'];
  for (const code of rounds[0].map((r) => r.code)) {
    const runs = rounds.map((round) => round.find((r) => r.code === code)!);
    const ratio = (num: (r: SplitRuns) => number, den: (r: SplitRuns) => number) =>
      ratioText(roundRatios(runs.map(num), runs.map(den)));
    const whole1 = (r: SplitRuns) => loopSeconds(r.whole1);
    lines.push(`  ${code}: ceiling of a 2-way split ${ratio(whole1, halvesSeconds)}, in each round 2 × the size effect × `
      + `co-running: size effect ${ratio(whole1, (r) => 2 * loopSeconds(r.halfAlone))}, `
      + `co-running ${ratio((r) => loopSeconds(r.halfAlone), halvesSeconds)}; `
      + `its 2-thread speed-up ${ratio(whole1, (r) => loopSeconds(r.whole2))}, `
      + `keeping ${percent(roundRatios(runs.map(halvesSeconds), runs.map((r) => loopSeconds(r.whole2))))} of the ceiling`);
  }
  return lines;
}

const seconds = (t: Timing) => loopSeconds(t).toFixed(2).padStart(8);

function runLines(r: SplitRuns): string[] {
  const label = (what: string) => `  ${r.code.padEnd(9)}  ${what.padEnd(30)}`;
  const fewerLanes = onFewerLanes(r.whole2) ? `  (ran on ${r.whole2.lanes} lane: bed too small)` : '';
  return [
    `${label(`bed of ${r.whole1.spheres}, 1 thread`)}  ${seconds(r.whole1)}${coreNote(r.whole1)}`,
    `${label(`bed of ${r.whole2.spheres}, 2 threads`)}  ${seconds(r.whole2)}${fewerLanes}`,
    `${label(`half of ${r.halfAlone.spheres} alone, 1 thread`)}  ${seconds(r.halfAlone)}${coreNote(r.halfAlone)}`,
    `${label('two halves at once, 1 each')}  ${r.halvesTogether.map((t) => seconds(t) + coreNote(t)).join(' ')}`,
  ];
}

/** A code's four runs of a round, in this order in even rounds (0-based) and the reverse in odd ones. */
const KINDS = ['whole1', 'whole2', 'halfAlone', 'halvesTogether'] as const;

async function runCode(code: Timing['code'], round: number, whole: BedInputs, half: BedInputs, steps: [number, number],
  dir: string): Promise<SplitRuns> {
  const once = (inputs: BedInputs, threads: number) => {
    const core = roundCore(round, threads);
    return code === 'grainflow'
      ? runGrainflow(inputs.scenarios.get(threads)!, threads, steps, dir, { core })
      : runLammps(inputs.data, threads, steps, dir, core);
  };
  const ran = new Map<(typeof KINDS)[number], Timing | Timing[]>();
  for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) {
    if (kind === 'whole1') ran.set(kind, await once(whole, 1));
    if (kind === 'whole2') ran.set(kind, await once(whole, 2));
    if (kind === 'halfAlone') ran.set(kind, await once(half, 1));
    if (kind === 'halvesTogether') {
      ran.set(kind, await runCopiesTogether(code, code === 'grainflow' ? half.scenarios.get(1)! : half.data, 2, steps, dir));
    }
  }
  return {
    code, whole1: ran.get('whole1') as Timing, whole2: ran.get('whole2') as Timing, halfAlone: ran.get('halfAlone') as Timing,
    halvesTogether: ran.get('halvesTogether') as Timing[],
  };
}

/** Runs the rounds; prints each code's runs once it ran them all, then the summary. */
export async function runSplitCeiling(options: SplitCeilingOptions = DEFAULT_SPLIT_CEILING): Promise<void> {
  const withLammps = onPath('lmp');
  const bed = latticeBed(...options.lattice);
  const half = halfBed(bed);
  console.log(`split-ceiling: the vs-lammps bed of ${bed.count} spheres and its half along x (${half.count}), `
    + `${options.steps[0]} fall + ${options.steps[1]} settled-bed steps, ${options.rounds} round${options.rounds === 1 ? '' : 's'} `
    + '(the codes\' order and each code\'s runs reversed every other round, printed in one order); loop seconds (the fall + '
    + 'the bed), a process each run');
  if (!withLammps) console.log('lmp is not on the PATH: grainflow alone (apt-get install lammps for its ceiling)');
  await withScratchDir('grainflow-split-ceiling-', async (dir) => {
    const steps = options.steps[0] + options.steps[1];
    const wholeInputs = writeBedInputs(bed, steps, [1, 2], dir);
    const halfInputs = writeBedInputs(half, steps, [1], dir);
    const probe = () => coreProbeLine(wholeInputs.scenarios.get(1)!, dir);
    console.log(await probe());
    const rounds: SplitRuns[][] = [];
    for (let round = 0; round < options.rounds; round++) {
      console.log(`round ${round + 1} of ${options.rounds}`);
      const runs: SplitRuns[] = [];
      for (const code of roundOrder<Timing['code']>(round, ['LAMMPS', 'grainflow'])) {
        if (code === 'LAMMPS' && !withLammps) continue;
        const r = await runCode(code, round, wholeInputs, halfInputs, options.steps, dir);
        for (const text of runLines(r)) console.log(text);
        runs.push(r);
      }
      rounds.push(runs);
    }
    for (const text of splitSummaryLines(rounds)) console.log(text);
    console.log(await probe());
  });
}
