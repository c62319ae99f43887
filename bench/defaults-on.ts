/**
 * What the outputs a user gets without asking cost (issue 26; `npm run bench -- --only defaults-on`): the fall of
 * the vs-lammps benchmark (bench/lattice-bed.ts, by default 25 × 25 × 16 = 10 000 spheres dropped onto the floor,
 * 10 000 steps) run as `grainflow run` runs it, twice per thread count — with every output off that can be
 * (series.csv stays) and with the defaults (impact-statistics.csv, frames at duration/100, series.csv) — each as a
 * process of its own (bench/defaults-on-run.ts), and LAMMPS on the same spheres (bench/lammps/bed.in, the fall alone).
 * Printed per run: the throughput columns of the other cases (bench/cases.ts: M particle-steps/s of the run and
 * its phase split), the whole process's wall and CPU seconds, the size of what it wrote, the grainflow/LAMMPS ratio
 * of particle-steps/s at the same thread/rank count, and the cost of the defaults over the run with outputs off.
 * The one-thread runs of both codes are pinned to the first core (code-runs.ts roundCore).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bedScenario, lammpsData, latticeBed, writeSphereFile } from './lattice-bed.js';
import { formatResult, RESULT_HEADER } from './cases.js';
import { onPath, pinnedTo, roundCore, runLammps, timed, type Timing } from './code-runs.js';
import type { DefaultsOnReport } from './defaults-on-run.js';
import { withScratchDir } from './scratch-dir.js';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'defaults-on-run.js');

export interface DefaultsOnOptions {
  /** the lattice as [NS, NZ] */
  lattice: [number, number];
  steps: number;
  threads: number[];
}

export const DEFAULT_DEFAULTS_ON: DefaultsOnOptions = { lattice: [25, 16], steps: 10000, threads: [1, 2] };

/** The two ways the fall is run: outputs off as far as they go, and the scenario's defaults (no `outputs`). */
const VARIANTS = [
  { name: 'outputs-off', outputs: { impacts: false, frames: false } },
  { name: 'defaults-on', outputs: undefined },
] as const;

const MB = (bytes: number) => (bytes / 1e6).toFixed(1);

export async function runDefaultsOn(options: DefaultsOnOptions = DEFAULT_DEFAULTS_ON): Promise<void> {
  const withLammps = onPath('lmp');
  const bed = latticeBed(...options.lattice);
  console.log(`defaults-on: ${bed.count} spheres falling onto the floor (the vs-lammps fall), ${options.steps} steps; `
    + 'grainflow with outputs off (series.csv only) and with the default outputs, each a whole process'
    + (withLammps ? '; LAMMPS on the same spheres' : '; lmp is not on the PATH: grainflow alone'));
  await withScratchDir('grainflow-defaults-on-', async (dir) => {
    writeSphereFile(bed, path.join(dir, 'spheres.csv'));
    const data = path.join(dir, 'bed.data');
    writeFileSync(data, lammpsData(bed));
    console.log(`\n${RESULT_HEADER}  whole s   CPU s  written MB  | gf/LAMMPS`);
    for (const threads of options.threads) {
      let lammps: Timing | undefined;
      const core = roundCore(0, threads);
      if (withLammps) {
        lammps = await runLammps(data, threads, [options.steps, 0], dir, core);
        const rate = (bed.count * options.steps) / lammps.loops[0];
        console.log(`LAMMPS ${threads} rank${threads > 1 ? 's' : ''}: ${(rate / 1e6).toFixed(3)} M p-steps/s in its loop, `
          + `whole process ${lammps.wall.toFixed(1)} s`);
      }
      const runSeconds: number[] = [];
      for (const variant of VARIANTS) {
        const scenario = { ...(bedScenario(bed, options.steps, threads, 'spheres.csv') as object), outputs: variant.outputs };
        const file = path.join(dir, `${variant.name}-${threads}.json`);
        writeFileSync(file, JSON.stringify(scenario));
        const out = path.join(dir, `${variant.name}-${threads}`);
        const r = await timed(pinnedTo(core, [process.execPath, runner, file, String(threads), out]), dir);
        const report = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as DefaultsOnReport;
        const p = report.summary.performance;
        runSeconds.push(p.wallSeconds);
        const written = Object.values(report.bytes).reduce((a, b) => a + b, 0);
        const ratio = lammps === undefined ? '–' : (lammps.loops[0] / p.wallSeconds).toFixed(2);
        console.log(`${formatResult({ name: variant.name, broadphase: 'grid', summary: report.summary, setupSeconds: report.setupSeconds }, undefined)}`
          + `  ${r.seconds.toFixed(1).padStart(7)}  ${report.cpuSeconds.toFixed(1).padStart(6)}  ${MB(written).padStart(10)}  | ${ratio.padStart(9)}`);
        const files = Object.entries(report.bytes).filter(([, b]) => b > 100_000).map(([name, b]) => `${name} ${MB(b)} MB`);
        if (files.length > 0) console.log(`  ${files.join(', ')}`);
      }
      console.log(`  ${threads} thread${threads > 1 ? 's' : ''}: the defaults cost ${(100 * (runSeconds[1] / runSeconds[0] - 1)).toFixed(1)} % `
        + 'of the run with outputs off (run seconds)');
    }
    console.log('gf/LAMMPS: particle-steps/s of the grainflow run (its whole run loop with outputs) over LAMMPS\'s loop '
      + '(> 1: grainflow faster); % columns: share of the run\'s wall time');
  });
}
