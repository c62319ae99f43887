/**
 * Checkpoint and resume are invisible in the results (issue #7): a run stopped after half its steps (as by
 * SIGINT: finish the step, write a checkpoint) and resumed from that checkpoint ends byte-identical to the run
 * that never stopped — the checkpoints written after the stop (every particle array, the contact lists with tangential and
 * rolling history, impact records, counters), summary.json, series.csv, impact-statistics.csv and energy.svg — with 1 and
 * 2 worker lanes. The settle has friction, rolling resistance and hundreds of collisions, so lost history or a
 * rebuilt contact list would show.
 *
 * The pour (spheres placed during the run from the run's random stream, straddling the stop) checks the RNG state
 * and the growing particle count; the bouncing ball checks that an analysis (here: bounces, in summary.json) continues across the stop.
 *
 * The rotating drum with a paddle checks the walls' angle (a function of the time) and the angle at the last
 * neighbour build (the paddle's rotation triggers rebuilds).
 *
 * RESUME_CASES is a table so that scenarios exercising other saved state (pouring with its RNG, moving walls,
 * periodic images) can be added as rows.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunCheckpoints } from '../../src/checkpoint/run-checkpoints.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { RunInterrupted, runToDirectory, type RunSummary } from '../../src/run/run.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-resume-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ResumeCase {
  /** a scenario with outputs.checkpointEvery */
  scenario: string;
  workers: number;
  /** workers of the resumed part (default: workers); results do not depend on the worker count */
  resumeWorkers?: number;
  /** the run is stopped after this step and resumed */
  stopAfter: number;
  /** collisions that must complete before and after the stop, and contacts at the end, for the case to mean something */
  minImpactsEachSide: number;
  minFinalContacts: number;
}

const settle = { scenario: 'test/fixtures/checkpoint/frictional-settle.json', stopAfter: 1000, minImpactsEachSide: 10, minFinalContacts: 100 };
export const RESUME_CASES: Record<string, ResumeCase> = {
  'frictional settle, 1 worker': { ...settle, workers: 1 },
  'frictional settle, 2 workers': { ...settle, workers: 2 },
  'frictional settle, 1 worker, resumed with 2': { ...settle, workers: 1, resumeWorkers: 2 },
  'frictional pour (random stream, growing particle count), 2 workers': {
    scenario: 'test/fixtures/checkpoint/frictional-pour.json', workers: 2, stopAfter: 600, minImpactsEachSide: 10, minFinalContacts: 100,
  },
  'rotating drum and paddle (the angle and its value at the last build), 1 worker': {
    scenario: 'test/fixtures/checkpoint/rotating-drum.json', workers: 1, stopAfter: 1500, minImpactsEachSide: 10, minFinalContacts: 100,
  },
  'bouncing ball with its analysis': {
    scenario: 'test/fixtures/checkpoint/bouncing-ball.json', workers: 1, stopAfter: 65_000, minImpactsEachSide: 2, minFinalContacts: 0,
  },
};

function setupOf(c: ResumeCase, workers = c.workers) {
  return createSetup(loadScenarioFile(c.scenario), { workers });
}

const quiet = () => {};

/**
 * The uninterrupted run, made once per scenario and worker count: cases that differ only in the workers of the
 * resumed part compare against the same run (the tests only read it).
 */
const straightRuns = new Map<string, Promise<{ out: string; summary: RunSummary }>>();
function straight(c: ResumeCase, out: string): Promise<{ out: string; summary: RunSummary }> {
  const key = `${c.scenario} ${c.workers}`;
  if (!straightRuns.has(key)) {
    const setup = setupOf(c);
    straightRuns.set(key, runToDirectory(setup, out, { checkpoints: new RunCheckpoints(setup, out, false, quiet) })
      .then((summary) => ({ out, summary })));
  }
  return straightRuns.get(key)!;
}

/** The run stopped after c.stopAfter steps, then resumed in a fresh set-up (as a new process would). */
async function stoppedAndResumed(c: ResumeCase, out: string): Promise<RunSummary> {
  const setup = setupOf(c);
  let steps = 0;
  const first = runToDirectory(setup, out, {
    checkpoints: new RunCheckpoints(setup, out, false, quiet),
    stopRequested: () => (++steps === c.stopAfter ? 'SIGINT' : null),
  });
  await expect(first).rejects.toThrow(RunInterrupted);
  const again = setupOf(c, c.resumeWorkers);
  return runToDirectory(again, out, { checkpoints: new RunCheckpoints(again, out, true, quiet) });
}

const read = (dir: string, name: string) => readFileSync(path.join(dir, name));
const deterministic = (dir: string) => JSON.stringify({ ...JSON.parse(read(dir, 'summary.json').toString()), performance: undefined });

describe.each(Object.entries(RESUME_CASES))('%s: stop, checkpoint, resume', (name, c) => {
  it(`ends byte-identical to the run that never stopped`, async () => {
    const { out: a, summary: reference } = await straight(c, path.join(scratch, `${name}-straight`));
    const b = path.join(scratch, `${name}-resumed`);
    const resumed = await stoppedAndResumed(c, b);
    // The case exercises what it claims: collisions before and after the stop, contacts with history at the end.
    expect(reference.performance.lanes).toBe(c.workers);
    expect(resumed.performance.lanes).toBe(c.resumeWorkers ?? c.workers);
    expect(reference.final.contacts).toBeGreaterThanOrEqual(c.minFinalContacts);
    // impact-statistics.csv: t_start, t_end, source, collisions, … per output interval.
    const intervals = read(a, 'impact-statistics.csv').toString().trimEnd().split('\n').slice(1).map((l) => l.split(',').map(Number));
    const stopTime = c.stopAfter * reference.dt;
    const collisions = (rows: number[][]) => rows.reduce((n, r) => n + r[3], 0);
    expect(collisions(intervals.filter((r) => r[1] <= stopTime))).toBeGreaterThanOrEqual(c.minImpactsEachSide);
    expect(collisions(intervals.filter((r) => r[0] >= stopTime))).toBeGreaterThanOrEqual(c.minImpactsEachSide);

    // Checkpoints written after the stop hold the complete state; each must match its twin byte for byte.
    const after = readdirSync(path.join(a, 'checkpoints')).filter((f) => Number(/^step-(\d+)\.gfck$/.exec(f)?.[1]) > c.stopAfter);
    expect(after.length).toBeGreaterThan(0);
    for (const f of after) expect(read(path.join(b, 'checkpoints'), f).equals(read(path.join(a, 'checkpoints'), f)), f).toBe(true);
    expect(deterministic(b)).toBe(deterministic(a));
    for (const file of ['impact-statistics.csv', 'series.csv', 'energy.svg', 'frames/index.json']) {
      expect(read(b, file).equals(read(a, file)), file).toBe(true);
    }
    // scenario.json records the worker count the run was (last) started with.
    const resolved = (dir: string) => JSON.stringify({ ...JSON.parse(read(dir, 'scenario.json').toString()), workers: undefined });
    expect(resolved(b)).toBe(resolved(a));
    expect(readdirSync(b).sort()).toEqual(readdirSync(a).sort());
  });
});
