/**
 * Nothing stray after any signal sequence, crash or abort (issue 12, item 7):
 *  - GNU `timeout` signals the run and then its whole process group, so the run gets SIGTERM twice at once: that is
 *    one request — the run stops after its step (with a checkpoint when it has them, which resumes), status 143
 *    under --preserve-status, and leaves no staging directory, no lock and (without checkpoints) no --out;
 *  - a second, different signal ends the run at once (process.exit): the exit handlers still remove the staging
 *    directory and the lock;
 *  - a run that runs out of memory during its set-up (V8 aborts, no handler runs) leaves nothing: the lock and
 *    staging directory are made with the first file, after the set-up;
 *  - watchStopSignals itself: a repeat within DUPLICATE_MS is ignored, a later one exits with 128 + its number.
 * (A run killed by SIGKILL leaves its staging and lock for the next run to remove: output-lock.test.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_MS, watchStopSignals } from '../../src/cli/stop-signals.js';
import { CLI } from '../helpers/privileges.js';
import { until } from '../helpers/until.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-signals-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The pile for 2 s of simulated time: minutes of work, so that it is always running when signalled. */
function longPile(checkpoints: boolean): string {
  const scenario = JSON.parse(fs.readFileSync('scenarios/pile.json', 'utf8'));
  const file = path.join(scratch, `long-${checkpoints}.json`);
  fs.writeFileSync(file, JSON.stringify({
    ...scenario, workers: 1, time: { ...scenario.time, duration: 2 },
    outputs: { ...scenario.outputs, ...(checkpoints ? { checkpointEvery: 0.01 } : {}) },
  }));
  return file;
}

/** What the run left beside and in `out`: its directory, staging directories, lock files. */
function leftovers(out: string): string[] {
  const name = path.basename(out);
  return fs.readdirSync(path.dirname(out)).filter((n) => n === name || n.startsWith(`.${name}.`)).sort();
}

/**
 * `timeout [options] 600 node CLI run …`, sent SIGTERM once `ready(stderr)` holds: GNU timeout passes a signal it
 * receives on as it sends its own when the time is up, to the run and then to its process group. Signalling on
 * an event instead of after a fixed time keeps the test independent of how fast a loaded machine starts the run.
 */
async function stoppedUnderTimeout(options: string[], args: string[], ready: (stderr: string) => boolean) {
  const child = spawn('timeout', [...options, '-s', 'TERM', '600', process.execPath, CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(() => ready(stderr), `${args.join(' ')} to be running`);
  child.kill('SIGTERM');
  return { status: await exited, stderr };
}

/** Whether the run writing `out` has made its first file there: its set-up is over, its signal handlers are on. */
const started = (out: string) => () => leftovers(out).length > 0;

describe('GNU timeout: SIGTERM to the run and to its process group', () => {
  it('without checkpoints: one stop request, status 143, nothing left', async () => {
    const out = path.join(scratch, 'timed-out');
    const r = await stoppedUnderTimeout(['--preserve-status'], ['run', longPile(false), '--out', out, '--quiet'], started(out));
    expect(r.status, r.stderr).toBe(143);
    const lines = r.stderr.trimEnd().split('\n').filter((l) => !l.includes('warning:'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('grainflow: SIGTERM: finishing the current step, then stopping');
    expect(lines[1]).toMatch(/^grainflow: interrupted: SIGTERM at step \d+ of \d+ .*; no checkpoint .*nothing written$/);
    expect(leftovers(out)).toEqual([]);
  });

  it('with checkpoints: the checkpoint of the stop is written and the run resumes', async () => {
    const out = path.join(scratch, 'timed-out-checkpointed');
    const r = await stoppedUnderTimeout([], ['run', longPile(true), '--out', out, '--quiet'], started(out));
    expect(r.status, r.stderr).toBe(143);
    const step = /interrupted: SIGTERM at step (\d+) .*checkpoint .*step-(\d+)\.gfck written/.exec(r.stderr);
    expect(step, r.stderr).not.toBeNull();
    expect(Number(step![2])).toBe(Number(step![1]));
    expect(leftovers(out)).toEqual([path.basename(out)]);
    // Resumed for a moment (stopped again the same way): it starts from that checkpoint.
    const resumed = await stoppedUnderTimeout([], ['run', '--resume', out, '--quiet'], (stderr) => stderr.includes('resuming from'));
    expect(resumed.stderr).toContain(`resuming from ${out}/checkpoints/step-${step![2]}.gfck`);
    expect(leftovers(out)).toEqual([path.basename(out)]);
  });
});

describe('a second, different signal ends the run at once', () => {
  it('SIGINT then SIGTERM: status 130 or 143 (by the order they arrive), no staging directory and no lock left', async () => {
    const out = path.join(scratch, 'twice');
    const child = spawn(process.execPath, [CLI, 'run', longPile(false), '--out', out, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Signalled once it writes (its staging directory exists), so that there is something to clean up.
    await until(() => leftovers(out).some((n) => n.includes('.partial-')), 'the run\'s staging directory');
    child.kill('SIGINT');
    child.kill('SIGTERM');
    expect([130, 143]).toContain(await exited);
    expect(stderr.match(/finishing the current step/g)).toHaveLength(1);
    expect(stderr).not.toContain('interrupted:');
    expect(leftovers(out)).toEqual([]);
  });
});

describe('an abort during set-up', () => {
  it('out of memory while the scenario is read: status 134, nothing left', () => {
    // 300 000 listed spheres are 21 MB of JSON: parsed, they need several times the 40 MB heap given. (Inserted
    // spheres no longer do: insertion writes them into typed arrays, outside the JavaScript heap.)
    const scenario = JSON.parse(fs.readFileSync('scenarios/pile.json', 'utf8'));
    const file = path.join(scratch, 'huge.json');
    const material = scenario.insert[0].material;
    const particles = Array.from({ length: 300_000 }, (_, k) => ({
      position: [(k % 100) * 0.01, (Math.floor(k / 100) % 100) * 0.01, 0.01 + Math.floor(k / 10_000) * 0.01], radius: 0.004, material,
    }));
    fs.writeFileSync(file, JSON.stringify({ ...scenario, walls: [scenario.walls[0]], insert: [], particles }));
    const out = path.join(scratch, 'huge');
    const r = spawnSync(process.execPath, ['--max-old-space-size=40', CLI, 'run', file, '--out', out, '--quiet'], { encoding: 'utf8' });
    expect(r.status === 134 || r.signal === 'SIGABRT', `status ${r.status}, signal ${r.signal}`).toBe(true);
    expect(r.stderr).toMatch(/heap out of memory/);
    expect(leftovers(out)).toEqual([]);
  });
});

describe('watchStopSignals', () => {
  it('ignores the duplicate of the first signal, exits on a later one with 128 + its number', () => {
    // The clock is faked: what counts as a duplicate must not depend on how fast this machine runs the test.
    vi.useFakeTimers({ toFake: ['performance'] });
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const stops: string[] = [];
    const signals = watchStopSignals((s) => stops.push(s));
    try {
      process.emit('SIGTERM', 'SIGTERM');
      vi.advanceTimersByTime(DUPLICATE_MS - 1);
      process.emit('SIGTERM', 'SIGTERM');
      expect(stops).toEqual(['SIGTERM']);
      expect(signals.requested()).toBe('SIGTERM');
      expect(exit).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      process.emit('SIGTERM', 'SIGTERM');
      expect(exit).toHaveBeenCalledWith(143);
      process.emit('SIGINT', 'SIGINT');
      expect(exit).toHaveBeenLastCalledWith(130);
    } finally {
      signals.dispose();
      exit.mockRestore();
      vi.useRealTimers();
    }
  });
});
