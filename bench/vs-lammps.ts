/**
 * Side by side with LAMMPS on the same work (issue 13; `npm run bench -- --only vs-lammps`). For each bed of
 * bench/lattice-bed.ts — by default 25 × 25 × 16 = 10 000 and 56 × 56 × 16 = 50 176 spheres — grainflow writes the
 * spheres once as its sphere file (which the scenarios reference) and as the LAMMPS data file, then runs, each as a process of its own timed from exec to
 * exit: grainflow on 1 and 2 threads (bench/vs-lammps-run.ts) and, when `lmp` is on the PATH, LAMMPS on 1 and 2 MPI
 * ranks (bench/lammps/bed.in). Both run S1 steps (the fall onto the floor) then S2 steps (the settled bed), each
 * timed apart (LAMMPS: its "Loop time" lines). Printed per run: M particle-steps/s of the fall, of the bed, of both
 * loops and of the whole process, and the grainflow/LAMMPS ratio for the same thread/rank count.
 *
 * The million-sphere case: the settled 10 000-sphere bed (final state of the 1-thread grainflow run), stretched so
 * that no spheres overlap (lattice-bed.ts stretchedBed) and tiled 10 × 10 (periodic in x and y, so the tiles join
 * without a seam), at rest, run `millionSteps` steps by both codes; beside
 * the speed, bytes per sphere: the grainflow process's RSS and heap + array buffers + kernel memory at the end, LAMMPS's "Per MPI
 * rank memory" line, and both codes' maximum RSS (/usr/bin/time -v when present, else the process's own figure).
 *
 * Restitution: LAMMPS is given the input that delivers e = 0.7 in this build (bed.in), so both codes run the same
 * physics; given 0.7 it would deliver 0.778 (docs of the anchors, measured with one sphere on the floor).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { latticeBed, stretchedBed, tiledBed, writeBedInputs, type BedInputs, type LatticeBed } from './lattice-bed.js';
import {
  coreNote, loopSeconds, onFewerLanes, onPath, pinnableCores, roundCore, runGrainflow, runLammps, type Timing,
} from './code-runs.js';
import { coreProbeLine } from './core-probe.js';
import { ratioText, roundOrder, roundRatios } from './paired-ratios.js';
import { withScratchDir } from './scratch-dir.js';

export interface VsLammpsOptions {
  /** lattices as [NS, NZ] */
  lattices: [number, number][];
  /** steps of the fall and of the settled bed */
  steps: [number, number];
  threads: number[];
  /** steps of the million-sphere settled bed; 0 leaves it out */
  millionSteps: number;
  /**
   * rounds of every pairing per lattice, the codes' order swapped every other round; with more than one, the
   * medians of the rounds' ratios and their range (paired-ratios.ts). The million-sphere bed runs once.
   */
  rounds: number;
}

export const DEFAULT_VS_LAMMPS: VsLammpsOptions = {
  lattices: [[25, 16], [56, 16]], steps: [10000, 10000], threads: [1, 2], millionSteps: 1000, rounds: 1,
};

const M = (particleSteps: number, seconds: number) => seconds > 0 ? (particleSteps / seconds / 1e6).toFixed(2) : '–';


const HEADER = 'spheres  code       thr  fall M/s  bed M/s  loops M/s  whole M/s  whole s  | ratio gf/LAMMPS: fall   bed  loops  whole';

function line(t: Timing, lammps: Timing | undefined): string {
  const n = t.spheres;
  const total = t.steps[0] + t.steps[1];
  const loopSum = loopSeconds(t);
  const cells = [
    String(n).padStart(7), t.code.padEnd(9), String(t.threads).padStart(3),
    M(n * t.steps[0], t.loops[0]).padStart(9), M(n * t.steps[1], t.loops[1]).padStart(8),
    M(n * total, loopSum).padStart(10), M(n * total, t.wall).padStart(10), t.wall.toFixed(1).padStart(8),
  ];
  let ratio = '';
  if (t.code === 'grainflow' && lammps !== undefined) {
    const r = (a: number, b: number) => (a > 0 && b > 0 ? (b / a).toFixed(2) : '–').padStart(5);
    ratio = `  |                 ${r(t.loops[0], lammps.loops[0])} ${r(t.loops[1], lammps.loops[1])} ${
      r(loopSum, loopSeconds(lammps)).padStart(6)} ${r(t.wall, lammps.wall).padStart(6)}`;
  }
  const lanes = onFewerLanes(t) ? `  (ran on ${t.lanes} lane: bed too small)` : '';
  return cells.join('  ') + ratio + lanes + coreNote(t);
}

/** Each code's run on one thread / rank, and its runs on more (none without a one-thread run of that code). */
function speedUpPairs(timings: Timing[]): { one: Timing; more: Timing }[] {
  const pairs: { one: Timing; more: Timing }[] = [];
  for (const code of ['grainflow', 'LAMMPS'] as const) {
    const one = timings.find((t) => t.code === code && t.threads === 1);
    if (one === undefined) continue;
    for (const more of timings.filter((x) => x.code === code && x.threads > 1)) pairs.push({ one, more });
  }
  return pairs;
}

/** "grainflow on 2 threads over 1", "LAMMPS on 2 ranks over 1" */
const speedUpLabel = (t: Timing) => `${t.code} on ${t.threads} ${t.code === 'LAMMPS' ? 'ranks' : 'threads'} over 1`;
const ranLanes = (t: Timing) => (onFewerLanes(t) ? ` (ran on ${t.lanes} lane)` : '');

/**
 * Each code's speed-up over its own run on one thread / rank (issue 26 point 2), whole process and both loops: one
 * line per code and thread count above 1.
 */
function speedUpLines(timings: Timing[]): string[] {
  return speedUpPairs(timings).map(({ one, more }) => `  ${speedUpLabel(more)}: `
    + `${(one.wall / more.wall).toFixed(2)}× whole process, ${(loopSeconds(one) / loopSeconds(more)).toFixed(2)}× in the loops`
    + ranLanes(more));
}

/**
 * Over several rounds (`rounds[k]`: round k's timings), the median of the rounds' ratios with their range: grainflow's
 * speed over LAMMPS's at each thread/rank count, and each code's speed-up over one thread/rank. A ratio is taken
 * only within a round, so the host's drift between rounds does not enter it.
 */
export function roundSummaryLines(rounds: Timing[][]): string[] {
  const lines = [`  over ${rounds.length} rounds (the codes' order swapped every other round), the median of the rounds' `
    + 'ratios (lowest–highest), whole process and loops:'];
  const pick = (round: Timing[], code: Timing['code'], threads: number) =>
    round.find((t) => t.code === code && t.threads === threads);
  /** num's speed over den's in each round, i.e. den's time over num's */
  const summary = (label: string, num: (round: Timing[]) => Timing | undefined, den: (round: Timing[]) => Timing | undefined,
    note = '') => {
    const nums = rounds.map(num), dens = rounds.map(den);
    if (nums.includes(undefined) || dens.includes(undefined)) return;
    const [n, d] = [nums as Timing[], dens as Timing[]];
    const whole = roundRatios(d.map((t) => t.wall), n.map((t) => t.wall));
    const loops = roundRatios(d.map(loopSeconds), n.map(loopSeconds));
    lines.push(`  ${label}: ${ratioText(whole)} whole process, ${ratioText(loops)} in the loops${note}`);
  };
  for (const threads of new Set(rounds[0].map((t) => t.threads))) {
    summary(`grainflow / LAMMPS on ${threads} thread${threads === 1 ? '' : 's'} / rank${threads === 1 ? '' : 's'}`,
      (round) => pick(round, 'grainflow', threads), (round) => pick(round, 'LAMMPS', threads));
  }
  for (const { one, more } of speedUpPairs(rounds[0])) {
    summary(speedUpLabel(more), (round) => pick(round, more.code, more.threads), (round) => pick(round, one.code, 1),
      ranLanes(more));
  }
  return lines;
}

const kb = (bytes: number | undefined, spheres: number) => bytes === undefined || bytes === 0 ? '–' : (bytes / spheres).toFixed(0);

/** Runs every pairing; prints as it goes. */
export async function runVsLammps(options: VsLammpsOptions = DEFAULT_VS_LAMMPS): Promise<void> {
  const withLammps = onPath('lmp');
  console.log('vs-lammps: the same spheres, Hertz + Tsuji (e = 0.7 delivered by both) + Mindlin μ = 0.5, skin 0.4 mm, '
    + `dt 1e-5 s, ${options.steps[0]} fall + ${options.steps[1]} settled-bed steps; M particle-steps/s; `
    + 'ratio = grainflow speed / LAMMPS speed at the same thread/rank count (> 1: grainflow faster)');
  if (!withLammps) {
    console.log('lmp is not on the PATH: grainflow alone. For the side-by-side figures install LAMMPS '
      + '(Debian/Ubuntu: apt-get install lammps; it brings openmpi-bin for the 2-rank runs).');
  }
  if (pinnableCores() > 0) {
    console.log('One-thread runs pinned to a core (taskset), both codes to the same core within a round and the next '
      + 'core in the next round; the lines of pinned runs name their core.');
  }
  await withScratchDir('grainflow-vs-lammps-', async (dir) => {
    let settled: { bed: LatticeBed; file: string } | undefined;
    /** the first bed's one-thread scenario, which the core probes run */
    let probed: string | undefined;
    for (const [ns, nz] of options.lattices) {
      const bed = latticeBed(ns, nz);
      const finalFile = path.join(dir, `${bed.name}-final.f64`);
      const inputs = writeBedInputs(bed, options.steps[0] + options.steps[1], [...new Set([1, ...options.threads])], dir);
      if (probed === undefined) {
        probed = inputs.scenarios.get(1)!;
        console.log(await coreProbeLine(probed, dir));
        console.log(`\n${HEADER}`);
      }
      // The first run's final state is the million-sphere bed's start (the first bed of at most 20 000 spheres).
      const keepFinal = settled === undefined && bed.count <= 20000;
      const rounds: Timing[][] = [];
      for (let round = 0; round < options.rounds; round++) {
        if (options.rounds > 1) {
          console.log(`round ${round + 1} of ${options.rounds}${round % 2 === 1 ? ', grainflow first' : ''}`);
        }
        const timings = await runRound(round, inputs, options, withLammps, dir, round === 0 && keepFinal ? finalFile : undefined);
        for (const text of speedUpLines(timings)) console.log(text);
        rounds.push(timings);
      }
      if (keepFinal) settled = { bed, file: finalFile };
      if (rounds.length > 1) for (const text of roundSummaryLines(rounds)) console.log(text);
    }
    if (options.millionSteps > 0) {
      if (settled === undefined) {
        console.log('\nmillion-sphere bed: needs a lattice of at most 20 000 spheres first (the bed it tiles)');
      } else {
        await runMillion(settled.bed, settled.file, options, withLammps, dir);
      }
    }
    if (probed !== undefined) console.log(`\n${await coreProbeLine(probed, dir)}`);
  });
}

/**
 * One round of a bed's pairings: at each thread count both codes, LAMMPS first in even rounds (0-based) and grainflow
 * first in odd ones, printed once both ran, in the order they ran. `finalFile`: where the first grainflow run writes
 * its final positions.
 */
async function runRound(round: number, inputs: BedInputs, options: VsLammpsOptions, withLammps: boolean, dir: string,
  finalFile: string | undefined): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const threads of options.threads) {
    const ran = new Map<Timing['code'], Timing>();
    const core = roundCore(round, threads);
    for (const code of roundOrder<Timing['code']>(round, ['LAMMPS', 'grainflow'])) {
      if (code === 'LAMMPS' && withLammps) ran.set(code, await runLammps(inputs.data, threads, options.steps, dir, core));
      if (code === 'grainflow') {
        const keep = threads === options.threads[0] ? finalFile : undefined;
        ran.set(code, await runGrainflow(inputs.scenarios.get(threads)!, threads, options.steps, dir, { core, finalFile: keep }));
      }
    }
    for (const [code, t] of ran) {
      timings.push(t);
      // The grainflow line carries the ratio to LAMMPS.
      console.log(line(t, code === 'grainflow' ? ran.get('LAMMPS') : undefined));
      for (const text of t.breakdown ?? []) console.log(text);
    }
  }
  return timings;
}

/** The settled bed tiled to about a million spheres, at rest, `millionSteps` steps (one loop) by both codes. */
async function runMillion(small: LatticeBed, finalFile: string, options: VsLammpsOptions, withLammps: boolean,
  dir: string): Promise<void> {
  const tiles = Math.max(1, Math.round(Math.sqrt(1e6 / small.count)));
  const settledPositions = new Float64Array(readFileSync(finalFile).buffer.slice(0));
  const bed = tiledBed(stretchedBed(small, settledPositions), tiles, tiles);
  const steps: [number, number] = [options.millionSteps, 0];
  console.log(`\nsettled bed of ${bed.count} spheres (the ${small.count}-sphere bed after ${options.steps[0] + options.steps[1]}`
    + ` steps, stretched by under 0.1 % so that no spheres overlap, tiled ${tiles} × ${tiles}), at rest, ${steps[0]} steps; bytes per sphere`);
  const { scenarios, data } = writeBedInputs(bed, steps[0], options.threads, dir);
  console.log('spheres  code       thr  M p-steps/s  whole s  max RSS B/sphere  heap+buffers B/sphere  per-rank memory B/sphere  | ratio');
  const timings: Timing[] = [];
  for (const threads of options.threads) {
    let l: Timing | undefined;
    const core = roundCore(0, threads);
    if (withLammps) {
      l = await runLammps(data, threads, [steps[0], 0], dir, core);
      timings.push(l);
      console.log(memoryLine(l, undefined));
    }
    const g = await runGrainflow(scenarios.get(threads)!, threads, steps, dir, { core });
    timings.push(g);
    console.log(memoryLine(g, l));
  }
  for (const text of speedUpLines(timings)) console.log(text);
  console.log('LAMMPS max RSS with several ranks: the sum of each rank\'s own maximum (its largest rank\'s in brackets); '
    + 'per-rank memory × ranks is its own accounting of the total');
}

function memoryLine(t: Timing, lammps: Timing | undefined): string {
  const n = t.spheres;
  const perRankTotal = t.perRank === undefined ? undefined : t.perRank * t.threads;
  const cells = [
    String(n).padStart(7), t.code.padEnd(9), String(t.threads).padStart(3), M(n * t.steps[0], t.loops[0]).padStart(11),
    t.wall.toFixed(1).padStart(7),
    (kb(t.maxRss, n) + (t.maxRssLargest === undefined ? '' : ` (${kb(t.maxRssLargest, n)})`)).padStart(16),
    kb(t.heapPlusBuffers, n).padStart(21),
    kb(perRankTotal, n).padStart(24),
  ];
  const ratio = lammps === undefined || t.loops[0] === 0 ? '' : `  | ${(lammps.loops[0] / t.loops[0]).toFixed(2)}`;
  return cells.join('  ') + ratio + coreNote(t);
}
