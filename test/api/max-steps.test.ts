/**
 * The library's `maxSteps` (issue 12): a run longer than it allows is refused before anything is written, with the
 * same one-line ScenarioError as `--max-steps`; a value that is not a whole number >= 1 names the option.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, runScenario, ScenarioError } from '../../src/api/index.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-max-steps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('runScenario maxSteps', () => {
  const scenario = loadScenario('scenarios/two-spheres.json');

  it('refuses a run of more steps than maxSteps, writing nothing', async () => {
    const out = path.join(scratch, 'short');
    await expect(runScenario(scenario, { out, maxSteps: 10 })).rejects.toThrow(/^time: the run needs more steps than the 10 allowed/);
    expect(existsSync(out)).toBe(false);
  });

  it.each([0, 1.5, -3, Number.NaN])('refuses maxSteps %s', async (maxSteps) => {
    const run = runScenario(scenario, { out: path.join(scratch, 'x'), maxSteps });
    await expect(run).rejects.toBeInstanceOf(ScenarioError);
    await expect(run).rejects.toThrow(/^maxSteps: must be a whole number >= 1/);
  });

  it('runs when maxSteps covers the run', async () => {
    const summary = await runScenario(scenario, { out: path.join(scratch, 'ok'), maxSteps: 1e6, workers: 1 });
    expect(summary.steps).toBeLessThanOrEqual(1e6);
    expect(summary.steps).toBeGreaterThan(10);
  });
});
