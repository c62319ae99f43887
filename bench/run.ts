/**
 * `npm run bench`: throughput of whole runs (scenario → run directory) for every case × broad phase × worker
 * count, then the broad-phase micro-benchmark and the memory per sphere at 1 M spheres. Not a test: numbers
 * depend on the machine; quote them, with the machine idle, in issue notes and docs/benchmarks.md.
 *
 *   node dist/bench/run.js [--only NAME[,NAME…]] [--steps N] [--workers 1,2] [--broadphase grid,rtree]
 *                          [--skip-memory]
 *
 * NAME is a case (settle-10k, settle-50k, poly-10k), `broadphase`, `memory`, `vs-lammps` (bench/vs-lammps.ts:
 * side by side with LAMMPS; [--lattice NSxNZ[,…]] [--million-steps N], 0 leaves the million-sphere bed out;
 * [--rounds N] runs each lattice's pairings N times, the codes' order swapped every other round, and prints the
 * medians of the rounds' ratios with their range) or
 * `defaults-on` (bench/defaults-on.ts: the vs-lammps fall with the default outputs, against outputs off and LAMMPS;
 * one --lattice, --steps, --rounds, 3 by default) or `split-ceiling` (bench/split-ceiling.ts: what any split of the
 * vs-lammps bed over two cores can give, for each code; one --lattice, whose NS must be even, --steps, --rounds, 3 by
 * default). Those two run their own default lattice without --lattice, else its first entry; a list is refused unless
 * vs-lammps runs beside them (it runs the whole list).
 * --steps shortens the cases for a quick look (their physics then differs: the pour takes the whole 20 000 steps
 * to settle); for vs-lammps it is the steps of the fall and of the settled bed together, split in halves.
 */
import { parseArgs } from 'node:util';
import { runBroadphaseBench } from './broadphase.js';
import {
  amdahlReport, CASES, RESULT_HEADER, fingerprint, formatResult, laneReport, runCase, type BroadphaseName,
} from './cases.js';
import { runMemoryBench } from './memory.js';
import { DEFAULT_VS_LAMMPS, runVsLammps } from './vs-lammps.js';
import { DEFAULT_DEFAULTS_ON, runDefaultsOn } from './defaults-on.js';
import { DEFAULT_SPLIT_CEILING, runSplitCeiling } from './split-ceiling.js';
import { loadAverage, machineLine } from './machine.js';
import { latticeOption, wholeInRange, wholeList } from './options.js';
import { MIN_SIDE } from './lattice-bed.js';

const EXTRAS = ['broadphase', 'memory', 'vs-lammps', 'defaults-on', 'split-ceiling'] as const;
/** the benches that run only when named, each minutes to hours long */
const ON_REQUEST: readonly string[] = ['vs-lammps', 'defaults-on', 'split-ceiling'];
/** the benches that run one lattice */
const ONE_LATTICE: readonly string[] = ['defaults-on', 'split-ceiling'];
/** the benches that take --rounds */
const IN_ROUNDS: readonly string[] = ['vs-lammps', 'defaults-on', 'split-ceiling'];
const USAGE = 'usage: node dist/bench/run.js [--only NAME[,NAME…]] [--steps N] [--workers 1,2] '
  + '[--broadphase grid,rtree] [--skip-memory] [--lattice NSxNZ[,…]] [--million-steps N] [--rounds N]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function list(text: string | undefined, fallback: string[]): string[] {
  return text === undefined ? fallback : text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function options() {
  try {
    return parseArgs({
      options: {
        only: { type: 'string' },
        steps: { type: 'string' },
        workers: { type: 'string' },
        broadphase: { type: 'string' },
        'skip-memory': { type: 'boolean' },
        lattice: { type: 'string' },
        'million-steps': { type: 'string' },
        rounds: { type: 'string' },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}
const values = options();
const names = [...CASES.map((c) => c.name), ...EXTRAS];
const only = list(values.only, names.filter((n) => !ON_REQUEST.includes(n)));
for (const n of only) if (!names.includes(n)) fail(`--only: unknown name "${n}" (one of ${names.join(', ')})`);
// Ranges: what a 2-to-64-core machine runs within hours (the lattice's: bench/options.ts).
const steps = values.steps === undefined ? undefined : wholeInRange(values.steps, '--steps', 1, 10_000_000, fail);
const workers = wholeList(values.workers ?? '1,2', '--workers', 1, 64, fail).sort((a, b) => a - b);
const broadphases = list(values.broadphase, ['grid', 'rtree']);
// A round of the default lattices takes about ten minutes: 100 of them most of a day.
const rounds = values.rounds === undefined ? undefined : wholeInRange(values.rounds, '--rounds', 1, 100, fail);
if (rounds !== undefined && !only.some((n) => IN_ROUNDS.includes(n))) {
  fail(`--rounds: only ${IN_ROUNDS.slice(0, -1).join(', ')} and ${IN_ROUNDS.at(-1)} run rounds (add one to --only)`);
}
for (const b of broadphases) if (b !== 'grid' && b !== 'rtree') fail(`--broadphase: "${b}" is not grid or rtree`);

function vsLammpsOptions() {
  const lattices = values.lattice === undefined ? DEFAULT_VS_LAMMPS.lattices
    : list(values.lattice, []).map((text) => latticeOption(text, fail));
  const half = steps === undefined ? undefined : Math.max(1, Math.floor(steps / 2));
  const millionText = values['million-steps'];
  const millionSteps = millionText === undefined ? (half ?? DEFAULT_VS_LAMMPS.millionSteps)
    : wholeInRange(millionText, '--million-steps', 0, 1_000_000, fail);
  return {
    lattices, threads: workers, millionSteps, rounds: rounds ?? DEFAULT_VS_LAMMPS.rounds,
    steps: half === undefined ? DEFAULT_VS_LAMMPS.steps : [half, half] as [number, number],
  };
}

// Checked before anything runs, so that a bad --lattice is not found after the other benches' minutes.
const vsOptions = only.some((n) => ON_REQUEST.includes(n)) ? vsLammpsOptions() : undefined;
if (values.lattice !== undefined && vsOptions !== undefined && vsOptions.lattices.length > 1 && !only.includes('vs-lammps')) {
  const named = only.filter((n) => ONE_LATTICE.includes(n));
  fail(`--lattice: ${named.join(' and ')} run${named.length === 1 ? 's' : ''} one lattice, got ${vsOptions.lattices.length}`);
}
// The bed is cut in two along x, so that both halves are the same bed (bench/lattice-bed.ts halfBed), each with the
// least side a periodic box takes.
const splitLattice = !only.includes('split-ceiling') ? undefined
  : values.lattice === undefined ? DEFAULT_SPLIT_CEILING.lattice : vsOptions!.lattices[0];
if (splitLattice !== undefined && (splitLattice[0] % 2 !== 0 || splitLattice[0] < 2 * MIN_SIDE)) {
  fail(`--lattice: split-ceiling cuts the bed in two along x, so NS must be even and at least ${2 * MIN_SIDE}, got ${splitLattice[0]}`);
}

const started = performance.now();
// The CPU model beside the load: this VM is sometimes AMD EPYC, sometimes Intel Xeon, and ratios move 10–20 % between them.
console.log(machineLine('grainflow bench'));

const cases = CASES.filter((c) => only.includes(c.name));
if (cases.length > 0) {
  for (const c of cases) console.log(`${c.name}: ${c.description} (${c.scenario})`);
  if (steps !== undefined) console.log(`--steps ${steps}: cases cut short, not the figures to quote`);
  console.log(`\n${RESULT_HEADER}`);
  for (const c of cases) {
    let reference: string | undefined;
    for (const b of broadphases as BroadphaseName[]) {
      let oneWorker: number | undefined;
      for (const w of workers) {
        const r = await runCase(c, b, w, steps);
        const rate = r.summary.performance.particleStepsPerSecond;
        if (w === 1) oneWorker = rate;
        console.log(formatResult(r, oneWorker === undefined ? undefined : rate / oneWorker));
        if (w === 1) console.log(amdahlReport(r.summary.performance.phaseSeconds));
        for (const line of laneReport(r)) console.log(line);
        reference ??= fingerprint(r.summary);
        if (fingerprint(r.summary) !== reference) {
          console.log(`  ^ final state differs from the first ${c.name} run: ${fingerprint(r.summary)} vs ${reference}`);
        }
      }
    }
  }
  console.log('speed-up: particle-steps/s over the 1-worker run of the same case and broad phase; '
    + '% of run wall time (search: the part of broad that runs on every lane); other = start-up (first neighbour '
    + 'build, workers); serial and parallel shares of the steps (start-up left out) and Amdahl\'s speed-up from them '
    + 'under each 1-worker run; under each run on several lanes, the barrier rounds per phase: wall time, each '
    + 'lane\'s busy time and wait, max/mean of the lanes\' work (cost-model units) and busy time');
}
if (only.includes('broadphase')) {
  console.log('');
  await runBroadphaseBench();
}
if (only.includes('memory') && !values['skip-memory']) {
  console.log('');
  await runMemoryBench();
}
if (only.includes('vs-lammps')) {
  console.log('');
  await runVsLammps(vsOptions);
}
if (only.includes('defaults-on')) {
  console.log('');
  const { lattices, threads } = vsOptions!;
  const lattice = values.lattice === undefined ? DEFAULT_DEFAULTS_ON.lattice : lattices[0];
  await runDefaultsOn({ lattice, threads, steps: steps ?? DEFAULT_DEFAULTS_ON.steps, rounds: rounds ?? DEFAULT_DEFAULTS_ON.rounds });
}
if (splitLattice !== undefined) {
  console.log('');
  await runSplitCeiling({
    lattice: splitLattice,
    steps: steps === undefined ? DEFAULT_SPLIT_CEILING.steps : vsOptions!.steps,
    rounds: rounds ?? DEFAULT_SPLIT_CEILING.rounds,
  });
}
console.log(`\nbench wall time ${((performance.now() - started) / 1000).toFixed(0)} s, `
  + `load average now ${loadAverage()}`);
