/**
 * A Scenario from loadScenario or parseScenario is a value a script reuses (issue 25, item 6): run twice, run
 * after a run that was stopped, and run twice at once into two directories from one process, it gives the same
 * run every time — the first run must not use up what the Scenario holds (its explicit spheres at t = 0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, parseScenario, RunInterrupted, runScenario } from '../../src/api/index.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-reuse-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const out = (name: string) => path.join(scratch, name);
const series = (name: string) => fs.readFileSync(path.join(out(name), 'series.csv'), 'utf8');

describe('a loaded Scenario is reusable', () => {
  const scenario = loadScenario('scenarios/two-spheres.json');

  it('runs twice in turn, with the same results', async () => {
    const first = await runScenario(scenario, { out: out('first') });
    const second = await runScenario(scenario, { out: out('second') });
    expect(second.steps).toBe(first.steps);
    expect(series('second')).toBe(series('first'));
  });

  it('runs again after a run that was stopped', async () => {
    // Long enough (seconds) that the first progress report, after about 200 ms, comes before its end.
    const json = JSON.parse(fs.readFileSync('scenarios/two-spheres.json', 'utf8'));
    const long = parseScenario({ ...json, time: { duration: 2 }, outputs: { ...json.outputs, interval: 0.01, contactTrace: false } });
    const stopAtFirstReport = async (name: string) => {
      const controller = new AbortController();
      return runScenario(long, { out: out(name), signal: controller.signal, onProgress: () => controller.abort('test') })
        .catch((e: unknown) => e);
    };
    expect(await stopAtFirstReport('stopped')).toBeInstanceOf(RunInterrupted);
    expect(await stopAtFirstReport('stopped-again')).toBeInstanceOf(RunInterrupted);
    await runScenario(scenario, { out: out('after-stop') });
    expect(series('after-stop')).toBe(series('first'));
  });

  it('runs twice at once into two directories', async () => {
    await Promise.all([runScenario(scenario, { out: out('a') }), runScenario(scenario, { out: out('b') })]);
    expect(series('a')).toBe(series('first'));
    expect(series('b')).toBe(series('first'));
  });
});
