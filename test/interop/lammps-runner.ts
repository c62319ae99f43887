/**
 * Running exported decks in LAMMPS for the interop tests: export a checked scenario into a scratch directory, run
 * `lmp` there (one rank, or several through mpirun), import the results; and the same scenario through grainflow.
 * The tests that need LAMMPS are `lammpsTests` blocks, in the long tier (GRAINFLOW_LONG_TESTS=1,
 * ../helpers/tiers.ts): skipped when `lmp` or `mpirun` is missing, except in CI's full run, where they run and fail
 * (.ci/run installs the Debian packages lammps and openmpi-bin; see ../helpers/system-programs.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { DECK_FILES, readDeckManifest } from '../../src/interop/deck-manifest.js';
import { DUMP_COLUMNS } from '../../src/interop/lammps-deck.js';
import { dumpFrames } from '../../src/interop/lammps-dump.js';
import { exportLammpsDeck } from '../../src/interop/lammps-export.js';
import { importLammpsRun, type ImportedSummary } from '../../src/interop/lammps-import.js';
import { runToDirectory, type RunSummary } from '../../src/run/run.js';
import type { CheckedScenario } from '../../src/scenario/checks.js';
import { onPath, systemProgramsRequired } from '../helpers/system-programs.js';
import { LONG_TESTS } from '../helpers/tiers.js';

const lammpsInstalled = onPath('lmp') && onPath('mpirun');
const lammpsRequired = lammpsInstalled || systemProgramsRequired;
export const lammpsTests = describe.runIf(LONG_TESTS && lammpsRequired);

/**
 * The path of a scratch directory for the calling test file, made before its first test and removed after its last
 * (the hooks registered here are the file's). Made in a hook, not at once: vitest runs no hook of a file whose tests
 * are all skipped, as the LAMMPS files' are in the fast tier, and a directory made at import was left behind there.
 * A file that writes into it while its tests are collected (drum-export's deck) has made it by then.
 */
export function scratchDirectory(name: string): string {
  const dir = path.join(os.tmpdir(), `grainflow-${name}-${randomBytes(6).toString('hex')}`);
  beforeAll(() => fs.mkdirSync(dir, { recursive: true }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs the deck in `deck` with LAMMPS on `ranks` MPI ranks; throws with LAMMPS's last lines when it fails. */
export function runLammps(deck: string, ranks = 1): void {
  const lmp = ['lmp', '-in', 'in.grainflow', '-screen', 'none'];
  const root = process.getuid?.() === 0 ? ['--allow-run-as-root'] : [];
  const [command, ...args] = ranks === 1 ? lmp : ['mpirun', ...root, '--bind-to', 'core', '-np', String(ranks), ...lmp];
  try {
    execFileSync(command, args, { cwd: deck, stdio: 'pipe', maxBuffer: 1 << 26 });
  } catch (error) {
    const log = path.join(deck, 'log.lammps');
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
    throw new Error(`LAMMPS failed in ${deck}: ${(error as Error).message}\n${tail}`);
  }
}

/**
 * The ranks' share of the atoms over the deck's run, from its log.lammps: the largest max/mean atoms per rank of
 * the thermo column f_balance[3] (the imbalance just before each rebalancing, at every thermo output) and of the
 * "Nlocal: ave max min" lines at the end of every `run`, over the rows with at least `least` atoms per rank on
 * average (a handful of atoms cannot split evenly); 1 when every rank holds the same.
 */
export function rankImbalance(deck: string, least = 50): number {
  const log = fs.readFileSync(path.join(deck, 'log.lammps'), 'utf8');
  const ranks = Number(/^Loop time of \S+ on (\d+) procs/m.exec(log)?.[1] ?? 1);
  let worst = 1;
  for (const m of log.matchAll(/^Nlocal:\s+(\S+) ave\s+(\S+) max/gm)) {
    const [ave, max] = [Number(m[1]), Number(m[2])];
    if (ave >= least) worst = Math.max(worst, max / ave);
  }
  for (const row of thermoRows(deck, log)) {
    if (row['f_balance[3]'] === undefined) throw new Error(`${deck}/log.lammps: the thermo output has no f_balance[3] column`);
    if (row.Atoms / ranks >= least) worst = Math.max(worst, row['f_balance[3]']);
  }
  return worst;
}

/** Every thermo row of every `run` in a deck's log.lammps, by column name, in the order printed. */
export function thermoRows(deck: string, log = fs.readFileSync(path.join(deck, 'log.lammps'), 'utf8')): Record<string, number>[] {
  const thermo = [...log.matchAll(/^\s*Step\s.*$/gm)];
  if (thermo.length === 0) throw new Error(`${deck}/log.lammps has no thermo output`);
  const rows: Record<string, number>[] = [];
  for (const header of thermo) {
    const names = header[0].trim().split(/\s+/);
    for (const line of log.slice(header.index! + header[0].length + 1).split('\n')) {
      const row = line.trim().split(/\s+/).map(Number);
      if (row.length !== names.length || row.some(Number.isNaN)) break;
      rows.push(Object.fromEntries(names.map((name, k) => [name, row[k]])));
    }
  }
  return rows;
}

export interface LammpsOutcome {
  deck: string;
  run: string;
  summary: ImportedSummary;
}

/**
 * Exports `checked` into `<scratch>/<name>-deck` (LAMMPS at the resolved step / `substeps`), runs it on `ranks`
 * ranks and imports it into `<scratch>/<name>-lammps`.
 */
export async function throughLammps(
  checked: CheckedScenario, scratch: string, name: string, ranks = 1, substeps = 1,
): Promise<LammpsOutcome> {
  const deck = path.join(scratch, `${name}-deck`);
  const run = path.join(scratch, `${name}-lammps`);
  exportLammpsDeck(checked, { out: deck, substeps });
  runLammps(deck, ranks);
  return { deck, run, summary: await importLammpsRun(deck, { out: run }) };
}

/** Runs `checked` through grainflow into `<scratch>/<name>-grainflow`. */
export async function throughGrainflow(checked: CheckedScenario, scratch: string, name: string): Promise<{ run: string; summary: RunSummary }> {
  const run = path.join(scratch, `${name}-grainflow`);
  return { run, summary: await runToDirectory(createSetup(checked, { workers: 1 }), run) };
}

/** The rows of a CSV file of a run directory, by column name. */
export function readCsvColumns(file: string): Record<string, number[]> {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const names = header.split(',');
  const columns: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const line of lines) line.split(',').forEach((cell, k) => columns[names[k]].push(Number(cell)));
  return columns;
}

/**
 * The first dumped time (s, LAMMPS's step × its dt) at which a sphere's centre lies below `z` in the deck's
 * dump.grainflow, read frame by frame; null when none ever does.
 */
export function firstTimeBelow(deck: string, z: number): number | null {
  const { dt } = readDeckManifest(deck);
  const column = DUMP_COLUMNS.indexOf('z');
  for (const frame of dumpFrames(path.join(deck, DECK_FILES.dump), DUMP_COLUMNS)) {
    for (let row = 0; row < frame.atoms; row++) {
      if (frame.values[row * DUMP_COLUMNS.length + column] < z) return frame.step * dt;
    }
  }
  return null;
}

/**
 * How long (in frames, fractional) an overlap series dumped once a step stays positive: from its first to its last
 * zero crossing, each interpolated linearly between the frames around it. The contact must begin after the first
 * frame and end before the last.
 */
export function contactFrames(overlaps: readonly number[]): number {
  const first = overlaps.findIndex((d) => d > 0);
  const last = overlaps.length - 1 - [...overlaps].reverse().findIndex((d) => d > 0);
  expect(first, 'in contact after the first frame').toBeGreaterThan(0);
  expect(last, 'and apart before the last').toBeLessThan(overlaps.length - 1);
  const crossing = (k: number) => k + overlaps[k] / (overlaps[k] - overlaps[k + 1]);
  return crossing(last) - crossing(first - 1);
}
