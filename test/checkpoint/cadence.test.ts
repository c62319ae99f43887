/**
 * When checkpoints are written: every round(checkpointEvery / dt) steps of simulated time, or whenever
 * `wallSeconds` of wall-clock time have passed; the newest KEPT files are kept.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunCheckpoints } from '../../src/checkpoint/run-checkpoints.js';
import { KEPT } from '../../src/checkpoint/store.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-cadence-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function checkpointSteps(every: number | { wallSeconds: number }, name: string) {
  const setup = createSetup(editedScenario('scenarios/two-spheres.json', (s) => {
    s.outputs.checkpointEvery = every;
    s.outputs.contactTrace = false;
  }));
  const out = path.join(scratch, name);
  await runToDirectory(setup, out, { checkpoints: new RunCheckpoints(setup, out, false, () => {}) });
  const steps = readdirSync(path.join(out, 'checkpoints')).flatMap((f) => /^step-(\d+)\.gfck$/.exec(f)?.[1] ?? []).map(Number);
  return { steps: steps.sort((a, b) => a - b), setup };
}

describe('checkpoint cadence', () => {
  it('simulated time: every round(every / dt) steps, the newest three kept', async () => {
    const { steps, setup } = await checkpointSteps(0.0002, 'simulated');
    const every = Math.round(0.0002 / setup.dt);
    const last = Math.floor(setup.steps / every) * every;
    expect(KEPT).toBe(3);
    expect(steps).toEqual([last - 2 * every, last - every, last]);
  });

  it('wall-clock time: a nanosecond interval checkpoints after every step', async () => {
    const { steps, setup } = await checkpointSteps({ wallSeconds: 1e-9 }, 'wall');
    expect(steps).toEqual([setup.steps - 2, setup.steps - 1, setup.steps]);
  });
});
