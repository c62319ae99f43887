/**
 * `npm run bench:ab -- --baseline DIR`: this checkout's build (the candidate) against another checkout's (the
 * baseline, DIR, built with `npm run build`) on the work of `vs-lammps` (bench/lattice-bed.ts), the two builds
 * alternated round by round, the order swapped every other round (paired-ratios.ts says why). Prints each run's
 * loop seconds, then per lane count the median of the rounds' ratios candidate / baseline with their range, each
 * build's median and fastest time, and whether the two builds' final positions are bit-identical (the first round's,
 * compared byte for byte): the figures a row of the lever table (docs/architecture.md §3) needs. A baseline that is
 * this checkout itself (`--baseline .`) measures the host's noise. A one-lane run is pinned to a core, both builds
 * to the same core in a round and the next core in the next round (code-runs.ts roundCore).
 *
 *   node dist/bench/ab.js --baseline DIR [--rounds N] [--lanes 1,2] [--steps FALL,BED] [--lattice NSxNZ]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bedScenario, latticeBed, writeSphereFile } from './lattice-bed.js';
import { loadAverage, machineLine } from './machine.js';
import { latticeOption, wholeInRange, wholeList } from './options.js';
import { pairedSummary, roundOrder } from './paired-ratios.js';
import { pinnedTo, roundCore, timed } from './code-runs.js';
import { withScratchDir } from './scratch-dir.js';
import type { GrainflowReport } from './vs-lammps-run.js';

const USAGE = 'usage: node dist/bench/ab.js --baseline DIR [--rounds N] [--lanes 1,2] [--steps FALL,BED] '
  + '[--lattice NSxNZ]';
/** The runner's path inside a built checkout. */
const runnerIn = (checkout: string) => path.join(checkout, 'dist', 'bench', 'vs-lammps-run.js');
const candidateRunner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vs-lammps-run.js');

type Build = 'baseline' | 'candidate';

class UsageError extends Error {}

const refuse = (message: string): never => {
  throw new UsageError(message);
};

interface AbOptions {
  /** the baseline checkout */
  baseline: string;
  rounds: number;
  lanes: number[];
  steps: [number, number];
  lattice: [number, number];
}

function options(argv: string[]): AbOptions {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        baseline: { type: 'string' }, rounds: { type: 'string' }, lanes: { type: 'string' },
        steps: { type: 'string' }, lattice: { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.baseline === undefined) throw new UsageError('--baseline DIR is required: the checkout to compare with');
  const baseline = path.resolve(values.baseline);
  if (!existsSync(runnerIn(baseline))) {
    throw new UsageError(`--baseline: ${runnerIn(baseline)} not found; build that checkout first (npm ci && npm run build)`);
  }
  const steps = wholeList(values.steps ?? '4000,4000', '--steps', 1, 1_000_000, refuse);
  if (steps.length !== 2) throw new UsageError(`--steps takes two counts, FALL,BED, got "${values.steps}"`);
  return {
    baseline,
    rounds: wholeInRange(values.rounds ?? '6', '--rounds', 1, 100, refuse),
    lanes: [...new Set(wholeList(values.lanes ?? '1', '--lanes', 1, 64, refuse))].sort((a, b) => a - b),
    steps: [steps[0], steps[1]],
    lattice: latticeOption(values.lattice ?? '25x16', refuse),
  };
}

/** One run of a build: its two loops' seconds; its final positions to `finalFile` when given. */
async function run(runner: string, scenario: string, lanes: number, steps: [number, number], dir: string, core: number | undefined,
  finalFile?: string) {
  const argv = [process.execPath, runner, scenario, String(lanes), String(steps[0]), String(steps[1])];
  if (finalFile !== undefined) argv.push(finalFile);
  const lines = (await timed(pinnedTo(core, argv), dir)).stdout.trim().split('\n');
  let report: Partial<GrainflowReport> | null = null;
  try {
    report = JSON.parse(lines[lines.length - 1]) as Partial<GrainflowReport> | null;
  } catch {
    // reported below
  }
  const loops = report?.loopSeconds;
  if (!Array.isArray(loops) || loops.length !== 2) throw new Error(`${runner} printed no loopSeconds: not a grainflow build`);
  return loops;
}

const seconds = (t: number) => t.toFixed(3).padStart(8);

async function main(o: AbOptions): Promise<void> {
  const runners: Record<Build, string> = { baseline: runnerIn(o.baseline), candidate: candidateRunner };
  console.log(machineLine('grainflow ab'));
  console.log(`baseline ${o.baseline}, candidate this checkout; `
    + `the vs-lammps bed ${o.lattice[0]}x${o.lattice[1]}, ${o.steps[0]} fall + ${o.steps[1]} bed steps, ${o.rounds} rounds`);
  await withScratchDir('grainflow-ab-', async (dir) => {
    const bed = latticeBed(o.lattice[0], o.lattice[1]);
    const spheres = `${bed.name}.csv`;
    writeSphereFile(bed, path.join(dir, spheres));
    const scenario = (lanes: number) => path.join(dir, `${bed.name}-w${lanes}.json`);
    for (const lanes of o.lanes) {
      writeFileSync(scenario(lanes), JSON.stringify(bedScenario(bed, o.steps[0] + o.steps[1], lanes, spheres)));
    }
    const times = new Map(o.lanes.map((lanes) => [lanes, { baseline: [] as number[], candidate: [] as number[] }]));
    const identical = new Map<number, boolean>();
    console.log('\nround  lanes  build        fall s    bed s  loops s  load  core');
    for (let round = 0; round < o.rounds; round++) {
      for (const lanes of o.lanes) {
        const finalFile = (build: Build) => path.join(dir, `final-${build}-w${lanes}.f64`);
        const core = roundCore(round, lanes);
        for (const build of roundOrder<Build>(round, ['baseline', 'candidate'])) {
          const loops = await run(runners[build], scenario(lanes), lanes, o.steps, dir, core, round === 0 ? finalFile(build) : undefined);
          times.get(lanes)![build].push(loops[0] + loops[1]);
          console.log(`${String(round + 1).padStart(5)}  ${String(lanes).padStart(5)}  ${build.padEnd(9)}  `
            + `${seconds(loops[0])} ${seconds(loops[1])} ${seconds(loops[0] + loops[1])}  ${os.loadavg()[0].toFixed(2)}  `
            + `${core ?? '–'}`);
        }
        if (round === 0) identical.set(lanes, readFileSync(finalFile('baseline')).equals(readFileSync(finalFile('candidate'))));
      }
    }
    console.log('');
    for (const lanes of o.lanes) {
      const t = times.get(lanes)!;
      const s = pairedSummary(t.baseline, t.candidate);
      console.log(`${lanes} lane${lanes === 1 ? '' : 's'}: candidate / baseline, loops: median ${s.medianRatio.toFixed(3)} `
        + `(${s.lowestRatio.toFixed(3)}–${s.highestRatio.toFixed(3)} over ${s.rounds} round${s.rounds === 1 ? '' : 's'}); `
        + `baseline median ${s.baselineMedian.toFixed(2)} s (fastest ${s.baselineFastest.toFixed(2)}), `
        + `candidate ${s.candidateMedian.toFixed(2)} s (fastest ${s.candidateFastest.toFixed(2)}); `
        + `final positions ${identical.get(lanes) ? 'bit-identical' : 'DIFFER'}`);
    }
    console.log(`load average now ${loadAverage()}`);
  });
}

try {
  await main(options(process.argv.slice(2)));
} catch (error) {
  const usage = error instanceof UsageError;
  console.error(`ab: ${(error as Error).message}${usage ? `\n${USAGE}` : ''}`);
  process.exitCode = usage ? 2 : 1;
}
