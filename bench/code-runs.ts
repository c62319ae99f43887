/**
 * Runs of either code as processes of their own, timed from exec to exit, as the benches that compare grainflow with
 * LAMMPS need them (vs-lammps.ts, defaults-on.ts, split-ceiling.ts; ab.ts times its two builds the same way):
 * grainflow through bench/vs-lammps-run.ts, LAMMPS through bench/lammps/bed.in, one at a time or several copies of
 * the same one-thread run at once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GrainflowReport } from './vs-lammps-run.js';
import { laneLines } from './lane-report.js';
import { amdahlReport } from './cases.js';
import { exitIfStopped, stopWithBench } from './stop.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const runner = path.join(here, 'vs-lammps-run.js');
/** the deck lives beside the sources (bench/lammps), not in dist/ */
const deck = path.resolve(here, '../../bench/lammps/bed.in');

/** One timed run of either code. */
export interface Timing {
  code: 'grainflow' | 'LAMMPS';
  threads: number;
  /** grainflow: the lanes it used (setup.ts runs small beds on one) */
  lanes?: number;
  /** the core a one-thread run was pinned to (pinnedTo), when it was */
  core?: number;
  spheres: number;
  /** seconds: whole process, and the two loops (the second is 0 for a one-loop run) */
  wall: number;
  loops: [number, number];
  steps: [number, number];
  /**
   * bytes: largest RSS of the process (several LAMMPS ranks: the sum of each rank's largest, an upper bound of what
   * they held at once; maxRssLargest is the largest rank's); grainflow's heap + array buffers + kernel memory at the
   * end; LAMMPS's per-rank memory (max)
   */
  maxRss: number;
  maxRssLargest?: number;
  heapPlusBuffers?: number;
  perRank?: number;
  /**
   * grainflow: on one lane the serial fraction of its steps with Amdahl's projection (cases.ts amdahlReport), on
   * several its barrier rounds per phase (bench/lane-report.ts)
   */
  breakdown?: string[];
}

/** Seconds of both loops of a run. */
export const loopSeconds = (t: Timing) => t.loops[0] + t.loops[1];

/** grainflow ran a small bed on fewer lanes than threads were asked for (setup.ts) */
export const onFewerLanes = (t: Timing) => t.lanes !== undefined && t.lanes !== t.threads;

const hasTimeV = existsSync('/usr/bin/time');

export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The cores a one-thread run can be pinned to: every core when the machine has more than one and taskset
 * (util-linux) is on the PATH, else none (0). Why the benches pin: this machine's two virtual cores are not equal —
 * for minutes at a time one runs the vs-lammps bed 30–45 % slower than the other, both codes alike, and which one
 * is slower changes (docs/benchmarks.md, "Two unequal cores") — so a one-thread run left to the scheduler moves a
 * ratio between two codes or two builds by that much.
 */
let pinnable: number | undefined;
export const pinnableCores = (): number => {
  pinnable ??= os.availableParallelism() > 1 && onPath('taskset') ? os.availableParallelism() : 0;
  return pinnable;
};

/**
 * The core of round `round`'s runs on `threads` threads or ranks: a one-thread run of every code and build of a
 * round on the same core, the next core in the next round (so that the rounds' medians see every core). Undefined
 * when runs cannot be pinned, and for several threads: grainflow's lanes are left to the scheduler, LAMMPS's ranks
 * are bound by mpirun (onRanks).
 */
export function roundCore(round: number, threads: number): number | undefined {
  const cores = pinnableCores();
  return cores === 0 || threads > 1 ? undefined : round % cores;
}

/** `argv` run on `core` alone (taskset -c); `argv` itself for no core. */
export const pinnedTo = (core: number | undefined, argv: string[]): string[] =>
  core === undefined ? argv : ['taskset', '-c', String(core), ...argv];

/** The note a printed run carries of where it ran: `  (core k)` when it was pinned, else nothing. */
export const coreNote = ({ core }: { core?: number }): string => (core === undefined ? '' : `  (core ${core})`);

/** `command` under /usr/bin/time -v when the machine has it: its maximum RSS is then printed on stderr. */
const withTimeV = (command: string[]) => (hasTimeV ? ['/usr/bin/time', '-v', ...command] : command);

/** The maximum RSS (kB) of each /usr/bin/time -v report in `text`. */
export const maxRssReports = (text: string) =>
  [...text.matchAll(/Maximum resident set size \(kbytes\): (\d+)/g)].map((m) => Number(m[1]));

/**
 * `command` on `ranks` MPI ranks, each under its own /usr/bin/time -v (wrapped around mpirun it would report only the
 * largest rank) appending its report to the file `reports`, which must not exist yet. On stderr the reports came
 * through mpirun's forwarding, which can interleave the ranks' lines when they end together: in a run on 2026-12-05
 * one report was lost and the "sum" was one rank's. A report (about 1.5 kB) is appended in one write, so the file
 * holds each whole.
 */
export const onRanks = (ranks: number, command: string[], reports: string) => [
  'mpirun', '--allow-run-as-root', '--bind-to', 'core', '-np', String(ranks),
  ...(hasTimeV ? ['/usr/bin/time', '-v', '-a', '-o', reports] : []), ...command,
];

/**
 * The maximum RSS (kB) of each rank from the file onRanks's ranks appended their reports to: none without
 * /usr/bin/time, else one per rank or an error naming the file.
 */
export function rankMaxRssKb(reports: string, ranks: number): number[] {
  if (!hasTimeV) return [];
  const kb = maxRssReports(existsSync(reports) ? readFileSync(reports, 'utf8') : '');
  if (kb.length !== ranks) throw new Error(`${reports}: expected ${ranks} /usr/bin/time reports, one per rank, found ${kb.length}`);
  return kb;
}

/**
 * A process that ran to its end: its seconds from exec to exit, its stdout, and the maximum RSS (kB) of each process
 * /usr/bin/time -v timed.
 */
export interface Finished {
  seconds: number;
  stdout: string;
  maxRssKb: number[];
}

/**
 * A finished process's record; the bench's end if a signal stopped it (stop.ts exitIfStopped), else an error naming
 * the command, its status and the end of its stderr.
 */
function finished(
  argv: string[], status: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, seconds: number,
): Finished {
  exitIfStopped(status, signal);
  if (status !== 0) throw new Error(`${argv.join(' ')} failed (${status}):\n${stderr.slice(-2000)}`);
  return { seconds, stdout, maxRssKb: maxRssReports(stderr) };
}

/**
 * Runs a command, whole process timed, and reads from its stderr the maximum RSS (kB) of every process that ran
 * under /usr/bin/time -v (withTimeV).
 */
export async function timed(argv: string[], cwd: string): Promise<Finished> {
  return (await timedTogether([argv], cwd))[0];
}

/**
 * Several commands started at once, each timed from its own exec to its own exit, as `timed` does one. All are
 * waited for, also when one fails, so that none runs on after the caller has removed its directory and moved on.
 * Each is a process group of its own, which a stopped bench stops whole (stop.ts).
 */
export async function timedTogether(argvs: string[][], cwd: string): Promise<Finished[]> {
  const settled = await Promise.allSettled(argvs.map((argv) => new Promise<Finished>((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(argv[0], argv.slice(1), { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    stopWithBench(child);
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => { stdout += text; });
    child.stderr.setEncoding('utf8').on('data', (text: string) => { stderr += text; });
    child.on('error', reject);
    child.on('close', (status, signal) => {
      try {
        resolve(finished(argv, status, signal, stdout, stderr, (performance.now() - t0) / 1000));
      } catch (error) {
        reject(error);
      }
    });
  })));
  return settled.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });
}

/** Where a run is pinned (pinnedTo) and, for grainflow, the file that receives its final positions (vs-lammps-run.ts). */
export interface RunPlace {
  core?: number;
  finalFile?: string;
}

const grainflowCommand = (scenario: string, threads: number, steps: [number, number], place: RunPlace) =>
  pinnedTo(place.core, withTimeV([
    process.execPath, runner, scenario, String(threads), String(steps[0]), String(steps[1]),
    ...(place.finalFile === undefined ? [] : [place.finalFile]),
  ]));

function grainflowTiming(r: Finished, threads: number, steps: [number, number], core: number | undefined): Timing {
  const lines = r.stdout.trim().split('\n');
  const report = JSON.parse(lines[lines.length - 1]) as GrainflowReport;
  return {
    breakdown: report.lanes === 1 ? [amdahlReport(report.phaseMs)]
      : laneLines(report.lanes, report.lanePhases, report.loopSeconds[0] + report.loopSeconds[1]),
    code: 'grainflow', threads, lanes: report.lanes, core, spheres: report.spheres, wall: r.seconds, loops: report.loopSeconds, steps,
    maxRss: r.maxRssKb.length === 0 ? report.maxRss : 1024 * r.maxRssKb[0], heapPlusBuffers: report.heapPlusBuffers,
  };
}

export async function runGrainflow(scenario: string, threads: number, steps: [number, number], dir: string,
  place: RunPlace = {}): Promise<Timing> {
  return grainflowTiming(await timed(grainflowCommand(scenario, threads, steps, place), dir), threads, steps, place.core);
}

/**
 * `log`: where LAMMPS writes its log, read back for the loops' times and the memory it reports; on several ranks
 * their /usr/bin/time reports go to timeReports(log) (onRanks).
 */
function lammpsCommand(data: string, ranks: number, steps: [number, number], log: string, core: number | undefined): string[] {
  const lmp = ['lmp', '-in', deck, '-log', log, '-screen', 'none', '-var', 'data', data,
    '-var', 'S1', String(steps[0]), '-var', 'S2', String(steps[1])];
  return ranks === 1 ? pinnedTo(core, withTimeV(lmp)) : onRanks(ranks, lmp, timeReports(log));
}

const timeReports = (log: string) => `${log}.time`;

function lammpsTiming(r: Finished, log: string, steps: [number, number], core: number | undefined): Timing {
  const text = readFileSync(log, 'utf8');
  const loops = [...text.matchAll(/^Loop time of ([\d.eE+-]+) on (\d+) procs for (\d+) steps with (\d+) atoms/gm)];
  if (loops.length !== 2) throw new Error(`${log}: expected two "Loop time" lines, found ${loops.length}`);
  const memory = /Per MPI rank memory allocation \(min\/avg\/max\) = [\d.]+ \| [\d.]+ \| ([\d.]+) Mbytes/.exec(text);
  const ranks = Number(loops[0][2]);
  const maxRssKb = ranks === 1 ? r.maxRssKb : rankMaxRssKb(timeReports(log), ranks);
  return {
    code: 'LAMMPS', threads: ranks, core, spheres: Number(loops[0][4]), wall: r.seconds,
    loops: [Number(loops[0][1]), Number(loops[1][1])], steps,
    maxRss: 1024 * maxRssKb.reduce((sum, kb) => sum + kb, 0),
    maxRssLargest: maxRssKb.length > 1 ? 1024 * Math.max(...maxRssKb) : undefined,
    perRank: memory === null ? undefined : Number(memory[1]) * 1024 * 1024,
  };
}

const lammpsLog = (data: string, ranks: number, dir: string, copy = '') =>
  path.join(dir, `log-${path.basename(data)}-${ranks}${copy}.lammps`);

/** `core`: the core a one-rank run is pinned to (roundCore); several ranks are bound by mpirun (onRanks). */
export async function runLammps(data: string, ranks: number, steps: [number, number], dir: string,
  core?: number): Promise<Timing> {
  const log = lammpsLog(data, ranks, dir);
  // A round of --rounds runs the same log name in the same directory again: its rank reports must not add to these.
  rmSync(timeReports(log), { force: true });
  return lammpsTiming(await timed(lammpsCommand(data, ranks, steps, log, core), dir), log, steps, core);
}

/**
 * `copies` runs of the same input on one thread / rank each, started at once (grainflow: `input` is a scenario;
 * LAMMPS: a data file), each timed from its own exec to its own exit; copy k pinned to core k when runs can be pinned
 * and there are cores enough (so that no two share a core), else left to the scheduler.
 */
export async function runCopiesTogether(code: Timing['code'], input: string, copies: number, steps: [number, number],
  dir: string): Promise<Timing[]> {
  const cores = Array.from({ length: copies }, (_, k) => (copies <= pinnableCores() ? k : undefined));
  if (code === 'grainflow') {
    const runs = await timedTogether(cores.map((core) => grainflowCommand(input, 1, steps, { core })), dir);
    return runs.map((r, k) => grainflowTiming(r, 1, steps, cores[k]));
  }
  const logs = cores.map((_, k) => lammpsLog(input, 1, dir, `-copy${k + 1}`));
  const runs = await timedTogether(logs.map((log, k) => lammpsCommand(input, 1, steps, log, cores[k])), dir);
  return runs.map((r, k) => lammpsTiming(r, logs[k], steps, cores[k]));
}
