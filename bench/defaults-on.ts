/**
 * What the outputs a user gets without asking cost (issue 26; `npm run bench -- --only defaults-on`): the fall of
 * the vs-lammps benchmark (bench/lattice-bed.ts, by default 25 × 25 × 16 = 10 000 spheres dropped onto the floor,
 * 10 000 steps) run as `grainflow run` runs it, twice per thread count — with every output off that can be
 * (series.csv stays) and with the defaults (impact-statistics.csv, frames at duration/100, series.csv) — each as a
 * process of its own (bench/defaults-on-run.ts), and LAMMPS on the same spheres (bench/lammps/bed.in, the fall alone).
 * Printed per run: the throughput columns of the other cases (bench/cases.ts: M particle-steps/s of the run and
 * its phase split), the whole process's wall and CPU seconds, the size of what it wrote, the grainflow/LAMMPS ratio
 * of particle-steps/s at the same thread/rank count; at the end, the cost of the defaults over the run with outputs
 * off, the median of the rounds' ratios. A one-thread run of both codes is pinned to a core, the next core in the
 * next round (code-runs.ts roundCore).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bedScenario, lammpsData, latticeBed, writeSphereFile, type LatticeBed } from './lattice-bed.js';
import { formatResult, RESULT_HEADER } from './cases.js';
import { coreNote, onPath, pinnedTo, roundCore, runLammps, timed, type Timing } from './code-runs.js';
import { ratioText, roundOrder, roundRatios } from './paired-ratios.js';
import type { DefaultsOnReport } from './defaults-on-run.js';
import { withScratchDir } from './scratch-dir.js';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'defaults-on-run.js');

export interface DefaultsOnOptions {
  /** the lattice as [NS, NZ] */
  lattice: [number, number];
  steps: number;
  threads: number[];
  /**
   * rounds of every run, the two grainflow runs' order swapped every other round; the costs are the medians of the
   * rounds' ratios (paired-ratios.ts): this host's speed drifts by more within minutes than the cost being measured
   */
  rounds: number;
}

export const DEFAULT_DEFAULTS_ON: DefaultsOnOptions = { lattice: [25, 16], steps: 10000, threads: [1, 2], rounds: 3 };

/** The two ways the fall is run: outputs off as far as they go, and the scenario's defaults (no `outputs`). */
const VARIANTS = [
  { name: 'outputs-off', outputs: { impacts: false, frames: false } },
  { name: 'defaults-on', outputs: undefined },
] as const;

type Variant = (typeof VARIANTS)[number];

/** One thread count's runs in one round: each grainflow run's seconds, and LAMMPS's loop (without lmp, none). */
export interface DefaultsRuns {
  threads: number;
  outputsOffSeconds: number;
  defaultsSeconds: number;
  lammpsLoopSeconds?: number;
}

const MB = (bytes: number) => (bytes / 1e6).toFixed(1);
const percent = (ratio: number) => (100 * (ratio - 1)).toFixed(1);

/**
 * Per thread count over the rounds (`rounds[k]`: round k's runs): what the defaults cost over the run with outputs
 * off, and grainflow with the defaults against LAMMPS's loop — each the median of the rounds' ratios, with their range
 * when there are several rounds.
 */
export function defaultsSummaryLines(rounds: DefaultsRuns[][]): string[] {
  const lines: string[] = [];
  for (const { threads } of rounds[0]) {
    const runs = rounds.map((round) => round.find((r) => r.threads === threads)!);
    const cost = roundRatios(runs.map((r) => r.defaultsSeconds), runs.map((r) => r.outputsOffSeconds));
    let text = `  ${threads} thread${threads > 1 ? 's' : ''}: the defaults cost ${percent(cost.median)} %`;
    if (rounds.length > 1) {
      text += ` (${percent(cost.lowest)} to ${percent(cost.highest)} %), the median of ${rounds.length} rounds' ratios,`;
    }
    text += ' of the run with outputs off (run seconds)';
    if (runs[0].lammpsLoopSeconds !== undefined) {
      const speed = roundRatios(runs.map((r) => r.lammpsLoopSeconds!), runs.map((r) => r.defaultsSeconds));
      text += `; with the defaults against LAMMPS's loop ${rounds.length > 1 ? ratioText(speed) : `${speed.median.toFixed(2)}×`}`;
    }
    lines.push(text);
  }
  return lines;
}

export async function runDefaultsOn(options: DefaultsOnOptions = DEFAULT_DEFAULTS_ON): Promise<void> {
  const withLammps = onPath('lmp');
  const bed = latticeBed(...options.lattice);
  console.log(`defaults-on: ${bed.count} spheres falling onto the floor (the vs-lammps fall), ${options.steps} steps, `
    + `${options.rounds} round${options.rounds === 1 ? '' : 's'}; grainflow with outputs off (series.csv only) and with `
    + 'the default outputs, each a whole process, their order swapped every other round'
    + (withLammps ? '; LAMMPS on the same spheres' : '; lmp is not on the PATH: grainflow alone'));
  await withScratchDir('grainflow-defaults-on-', async (dir) => {
    writeSphereFile(bed, path.join(dir, 'spheres.csv'));
    const data = path.join(dir, 'bed.data');
    writeFileSync(data, lammpsData(bed));
    const rounds: DefaultsRuns[][] = [];
    for (let round = 0; round < options.rounds; round++) {
      console.log(`\nround ${round + 1} of ${options.rounds}\n${RESULT_HEADER}  whole s   CPU s  written MB  | gf/LAMMPS`);
      const runs: DefaultsRuns[] = [];
      for (const threads of options.threads) {
        const core = roundCore(round, threads);
        let lammps: Timing | undefined;
        if (withLammps) {
          lammps = await runLammps(data, threads, [options.steps, 0], dir, core);
          const rate = (bed.count * options.steps) / lammps.loops[0];
          console.log(`LAMMPS ${threads} rank${threads > 1 ? 's' : ''}: ${(rate / 1e6).toFixed(3)} M p-steps/s in its `
            + `loop, whole process ${lammps.wall.toFixed(1)} s${coreNote({ core })}`);
        }
        const seconds = new Map<Variant['name'], number>();
        for (const variant of roundOrder<Variant>(round, VARIANTS)) {
          seconds.set(variant.name, await runGrainflow(variant, bed, options.steps, threads, core, dir, lammps));
        }
        runs.push({ threads, outputsOffSeconds: seconds.get('outputs-off')!, defaultsSeconds: seconds.get('defaults-on')!,
          lammpsLoopSeconds: lammps?.loops[0] });
      }
      rounds.push(runs);
    }
    console.log('');
    for (const text of defaultsSummaryLines(rounds)) console.log(text);
    console.log('gf/LAMMPS: particle-steps/s of the grainflow run (its whole run loop with outputs) over LAMMPS\'s loop '
      + '(> 1: grainflow faster); % columns: share of the run\'s wall time');
  });
}

/**
 * One grainflow run of the fall with a variant's outputs, as `grainflow run` runs it (defaults-on-run.ts); prints its
 * row and the files it wrote, removes its run directory, and returns its run seconds.
 */
async function runGrainflow(
  variant: Variant, bed: LatticeBed, steps: number, threads: number, core: number | undefined, dir: string,
  lammps: Timing | undefined,
): Promise<number> {
  const scenario = { ...(bedScenario(bed, steps, threads, 'spheres.csv') as object), outputs: variant.outputs };
  const file = path.join(dir, `${variant.name}-${threads}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const out = path.join(dir, `${variant.name}-${threads}`);
  const r = await timed(pinnedTo(core, [process.execPath, runner, file, String(threads), out]), dir);
  rmSync(out, { recursive: true, force: true });
  const report = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as DefaultsOnReport;
  const p = report.summary.performance;
  const written = Object.values(report.bytes).reduce((a, b) => a + b, 0);
  const ratio = lammps === undefined ? '–' : (lammps.loops[0] / p.wallSeconds).toFixed(2);
  console.log(`${formatResult({ name: variant.name, broadphase: 'grid', summary: report.summary, setupSeconds: report.setupSeconds }, undefined)}`
    + `  ${r.seconds.toFixed(1).padStart(7)}  ${report.cpuSeconds.toFixed(1).padStart(6)}  ${MB(written).padStart(10)}  | ${ratio.padStart(9)}`
    + coreNote({ core }));
  const files = Object.entries(report.bytes).filter(([, b]) => b > 100_000).map(([name, b]) => `${name} ${MB(b)} MB`);
  if (files.length > 0) console.log(`  ${files.join(', ')}`);
  return p.wallSeconds;
}
