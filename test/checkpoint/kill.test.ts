/**
 * Crash safety of the command line (issue #7): a run killed with SIGKILL at three different points leaves only
 * complete checkpoint files, and `grainflow run --resume` ends byte-identical to the run that was never killed
 * (summary.json apart from wall-clock fields, series.csv and impact-statistics.csv with no duplicated or missing rows, the
 * final checkpoint). SIGTERM stops after the current step with status 143, a message and a checkpoint.
 * The compiled CLI runs as a child process; `npm test` builds first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = path.resolve('bin/grainflow.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-kill-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The frictional settle with a checkpoint every 50 steps, so kills land between checkpoints at many points. */
const scenarioFile = path.join(scratch, 'settle.json');
const settle = JSON.parse(readFileSync('test/fixtures/checkpoint/frictional-settle.json', 'utf8'));
writeFileSync(scenarioFile, JSON.stringify({ ...settle, workers: 1, outputs: { ...settle.outputs, checkpointEvery: 0.001 } }));
const STEPS = 2000;

function grainflow(...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
}

const checkpointSteps = (dir: string) => {
  const cp = path.join(dir, 'checkpoints');
  return existsSync(cp) ? readdirSync(cp).flatMap((n) => /^step-(\d+)\.gfck$/.exec(n)?.[1] ?? []).map(Number) : [];
};

/** Starts a run and sends `signal` once a checkpoint of step >= afterStep exists; resolves with the exit. */
async function runAndSignal(out: string, afterStep: number, signal: NodeJS.Signals) {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'run', scenarioFile, '--out', out, '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, sig) => resolve({ code, signal: sig }));
  });
  let done = false;
  void exited.then(() => { done = true; });
  while (!done && !checkpointSteps(out).some((s) => s >= afterStep)) await new Promise((r) => setTimeout(r, 10));
  if (!done) child.kill(signal);
  return { ...(await exited), stderr: () => stderr };
}

const read = (dir: string, name: string) => readFileSync(path.join(dir, name));
const deterministic = (dir: string) => JSON.stringify({ ...JSON.parse(read(dir, 'summary.json').toString()), performance: undefined });
const last = `step-${String(STEPS).padStart(10, '0')}.gfck`;

function expectSameAsReference(out: string, reference: string) {
  expect(deterministic(out)).toBe(deterministic(reference));
  for (const file of ['impact-statistics.csv', 'series.csv']) expect(read(out, file).equals(read(reference, file)), file).toBe(true);
  expect(read(path.join(out, 'checkpoints'), last).equals(read(path.join(reference, 'checkpoints'), last))).toBe(true);
}

describe('a checkpointed CLI run killed or stopped part-way', () => {
  const reference = path.join(scratch, 'reference');
  beforeAll(() => {
    const r = grainflow('run', scenarioFile, '--out', reference, '--quiet');
    expect(r.status, r.stderr).toBe(0);
  });

  it.each([150, 800, 1450])('SIGKILL after the checkpoint of step %i: resume ends byte-identical', async (afterStep) => {
    const out = path.join(scratch, `killed-${afterStep}`);
    const killed = await runAndSignal(out, afterStep, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(path.join(out, 'summary.json'))).toBe(false);
    const steps = checkpointSteps(out);
    expect(Math.max(...steps)).toBeGreaterThanOrEqual(afterStep);
    expect(Math.max(...steps)).toBeLessThan(STEPS);

    const r = grainflow('run', '--resume', out, '--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/resuming from .*step-\d+\.gfck/);
    expectSameAsReference(out, reference);
  });

  it('SIGTERM finishes the step, writes a checkpoint, exits 143 with a message; resume ends byte-identical', async () => {
    const out = path.join(scratch, 'terminated');
    const stopped = await runAndSignal(out, 500, 'SIGTERM');
    expect(stopped.code).toBe(143);
    expect(stopped.stderr()).toMatch(/interrupted: SIGTERM at step (\d+) of 2000 .*checkpoint .*step-\d+\.gfck written/);
    const step = Number(/at step (\d+)/.exec(stopped.stderr())![1]);
    expect(checkpointSteps(out)).toContain(step);
    const r = grainflow('run', '--resume', out, '--quiet');
    expect(r.status, r.stderr).toBe(0);
    expectSameAsReference(out, reference);
  });
});
