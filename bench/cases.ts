/**
 * Throughput cases of `npm run bench`: a scenario file run end to end — createSetup (timed apart), then
 * runToDirectory into a temporary directory, so writing series.csv is part of the measured run — for a given
 * broad phase and worker count. One result line per run, in fixed-width columns under `RESULT_HEADER`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenario } from '../src/scenario/load.js';
import type { Scenario } from '../src/scenario/schema.js';
import { createSetup } from '../src/run/setup.js';
import { runToDirectory, type RunSummary } from '../src/run/run.js';
import type { PhaseTimes } from '../src/engine/simulation.js';
import { laneLines } from './lane-report.js';
import { withScratchDir } from './scratch-dir.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type BroadphaseName = 'grid' | 'rtree';

export interface BenchCase {
  name: string;
  /** scenario file, relative to the project root */
  scenario: string;
  description: string;
}

export const CASES: readonly BenchCase[] = [
  {
    name: 'settle-10k',
    scenario: 'scenarios/bench/settle-10k.json',
    description: 'issue #3: 10 000 glass spheres d = 2 mm poured into a 40 × 40 mm box, 20 000 steps of 1e-5 s',
  },
  {
    name: 'settle-50k',
    scenario: 'scenarios/bench/settle-50k.json',
    description: 'the same with 50 000 spheres in a 90 × 90 mm box (same fill height 120 mm)',
  },
  {
    name: 'poly-10k',
    scenario: 'scenarios/bench/poly-10k.json',
    description: '10 000 spheres, radius uniform in 0.4–2 mm (1:5), 60 × 60 mm box, 20 000 steps',
  },
];

export interface CaseResult {
  name: string;
  broadphase: BroadphaseName;
  summary: RunSummary;
  setupSeconds: number;
}

/** Sets up and runs one case; `steps` overrides the scenario's duration (its dt is kept). */
export async function runCase(
  c: BenchCase, broadphase: BroadphaseName, workers: number, steps?: number,
): Promise<CaseResult> {
  const file = path.join(root, c.scenario);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  if (typeof json.time.dt !== 'number') throw new Error(`${c.scenario}: a benchmark needs a fixed time.dt`);
  if (steps !== undefined) json.time.duration = steps * json.time.dt;
  json.broadphase = broadphase;
  json.workers = workers;
  const t0 = performance.now();
  const setup = createSetup(parseScenario(json, path.dirname(file)));
  const setupSeconds = (performance.now() - t0) / 1000;
  return withScratchDir('grainflow-bench-', async (out) => {
    const summary = await runToDirectory(setup, path.join(out, 'run'));
    return { name: c.name, broadphase, summary, setupSeconds };
  });
}

/**
 * What a run computed, wall-clock figures left out: equal for every broad phase and worker count, since both
 * broad phases give the same sorted pair list and the lanes never change results.
 */
export function fingerprint(s: RunSummary): string {
  const f = s.final;
  return [s.steps, s.neighbourRebuilds, f.contacts, f.kineticEnergy, f.rotationalEnergy, f.potentialEnergy,
    f.elasticEnergy].join(' ');
}

const COLUMNS: [title: string, width: number][] = [
  ['case', -11], ['broad', -5], ['lanes', 5], ['spheres', 7], ['steps', 6], ['set-up s', 8], ['run s', 7],
  ['M p-steps/s', 11], ['speed-up', 8], ['broad %', 7], ['search %', 8], ['forces %', 8], ['integr %', 8], ['output %', 8],
  ['other %', 7], ['rebuilds', 8], ['contacts', 8],
];

const row = (cells: string[]) => cells.map((text, k) => {
  const w = COLUMNS[k][1];
  return w < 0 ? text.padEnd(-w) : text.padStart(w);
}).join('  ').trimEnd();

export const RESULT_HEADER = row(COLUMNS.map(([title]) => title));

/** One line per run; `speedUp` is particle-steps/s over the 1-worker run of the same case and broad phase. */
export function formatResult(r: CaseResult, speedUp: number | undefined): string {
  const s = r.summary;
  const p = s.performance;
  const share = (seconds: number) => ((100 * seconds) / p.wallSeconds).toFixed(1);
  const ph = p.phaseSeconds;
  const other = p.wallSeconds - stepsTime(ph);
  return row([
    r.name, r.broadphase, String(p.lanes), String(s.particles), String(s.steps), r.setupSeconds.toFixed(2),
    p.wallSeconds.toFixed(1), (p.particleStepsPerSecond / 1e6).toFixed(3),
    speedUp === undefined ? '–' : `${speedUp.toFixed(2)}×`,
    share(ph.broadphase), share(ph.pairSearch + ph.wallSearch), share(ph.forces), share(ph.integration), share(ph.output), share(other),
    String(s.neighbourRebuilds), String(s.final.contacts),
  ]);
}

/** Thread counts the Amdahl projection is printed for (issue #26: workstations have 8–64 cores). */
const PROJECTED_THREADS = [2, 4, 8, 16];

/** The time of the steps themselves: rebuilds, forces, integration and outputs (phase times, any unit). */
function stepsTime(ph: PhaseTimes): number {
  return ph.broadphase + ph.forces + ph.integration + ph.output;
}

/**
 * The serial fraction per phase of a 1-lane run's steps (its phase times, any unit) and Amdahl's speed-up S(N) = 1 / (s + (1 − s)/N) from it:
 * what runs on the main thread alone at any lane count — the parts of the neighbour rebuild other than its two
 * searches (wrapping and re-numbering, ghosts and binning, the lists' carried contacts, join and row index, the lane
 * ranges after it, the pourer's placements) and the outputs — against what the lanes share (the passes, the pair search
 * and the wall-candidate search). Start-up ("other": the first neighbour build, the threads, the run driver) is left
 * out: it does not grow with the run. An upper bound: it counts no barrier wait, no imbalance between lanes and no
 * memory bandwidth shared by the cores.
 */
export function amdahlReport(ph: PhaseTimes): string {
  const steps = stepsTime(ph);
  const searches = ph.pairSearch + ph.wallSearch;
  const serial = ph.broadphase - searches + ph.output;
  const s = serial / steps;
  const percent = (seconds: number) => `${((100 * seconds) / steps).toFixed(1)} %`;
  const projected = PROJECTED_THREADS.map((n) => `${n}: ${(1 / (s + (1 - s) / n)).toFixed(2)}×`);
  const rebuildParts = ph.renumber + ph.pairList + ph.wallList + ph.laneRanges;
  const serialParts = [
    `re-numbering ${percent(ph.renumber)}`, `ghosts + binning ${percent(ph.binning)}`,
    `pair list ${percent(ph.pairList - ph.binning - ph.pairSearch)}`, `wall list ${percent(ph.wallList - ph.wallSearch)}`,
    `lane ranges ${percent(ph.laneRanges)}`, `rest of the rebuilds ${percent(ph.broadphase - rebuildParts)}`,
    `output ${percent(ph.output)}`,
  ];
  return `  of the steps: serial ${percent(serial)} (${serialParts.join(', ')}), on every lane ${percent(steps - serial)} `
    + `(forces ${percent(ph.forces)}, integration ${percent(ph.integration)}, pair search ${percent(ph.pairSearch)}, `
    + `wall search ${percent(ph.wallSearch)}) → Amdahl: ${projected.join(', ')}`;
}

/** Under each run on several lanes: the barrier rounds of its steps (bench/lane-report.ts). */
export function laneReport(r: CaseResult): string[] {
  const { lanes, phaseSeconds: ph, lanePhases } = r.summary.performance;
  return laneLines(lanes, lanePhases, stepsTime(ph));
}
