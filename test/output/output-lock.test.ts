/**
 * One writer per output (issue 12, item 1): writes into a directory are serialised by a lock file beside it,
 * created with O_EXCL and holding the writer's pid. Two `--force` runs into one directory — with and without
 * checkpoints — never interleave: the second is refused with one line naming the first one's pid, and the
 * directory holds the first run's files only; once the first has finished, the second replaces it whole. A lock
 * or staging directory left by a process that no longer runs (SIGKILL) is taken over / removed with a notice;
 * a lock held by a live process, this one included, or by another host is respected; resume is locked alike.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_SUFFIX, OutputLock } from '../../src/output/output-lock.js';
import { OutputExistsError } from '../../src/output/output-refusal.js';
import { OUTPUT_MARKER, RunDirectory } from '../../src/output/run-directory.js';
import { CLI, grainflow } from '../helpers/privileges.js';
import { until } from '../helpers/until.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-lock-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The pile on one thread: 0.1 s of simulated time take a few seconds; `duration` 2 s, minutes. */
function pile(seed: number, checkpoints: boolean, duration = 0.1): string {
  const scenario = JSON.parse(fs.readFileSync('scenarios/pile.json', 'utf8'));
  const file = path.join(scratch, `pile-${seed}-${checkpoints}-${duration}.json`);
  fs.writeFileSync(file, JSON.stringify({
    ...scenario, seed, workers: 1, time: { ...scenario.time, duration },
    outputs: { ...scenario.outputs, ...(checkpoints ? { checkpointEvery: 0.02 } : {}) },
  }));
  return file;
}

/** A pid no process has now: that of a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const lockOf = (out: string) => path.join(path.dirname(out), `.${path.basename(out)}${LOCK_SUFFIX}`);

function start(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr }))) };
}

describe.each([false, true])('two --force runs into one directory (checkpoints: %s)', (checkpoints) => {
  it('the second is refused naming the first one\'s pid; the directory holds the first run only', async () => {
    const out = path.join(scratch, `together-${checkpoints}`);
    // The first runs for minutes, so that it is surely still writing when the second tries; then it is stopped.
    const first = start(['run', pile(1, checkpoints, 2), '--out', out, '--force', '--quiet']);
    await until(() => fs.existsSync(lockOf(out)), 'the first run\'s lock');
    const second = grainflow(['run', pile(2, checkpoints), '--out', out, '--force', '--quiet']);
    expect(second.status, second.stderr).toBe(2);
    expect(second.lines.filter((l) => !l.includes('warning:'))).toEqual([`grainflow: --out ${out} is being written by process `
      + `${first.child.pid} (lock file ${lockOf(out)}); wait for it to finish or choose another --out`]);
    expect(first.child.exitCode).toBeNull();
    first.child.kill('SIGTERM');
    const firstEnd = await first.done;
    expect(firstEnd.code, firstEnd.stderr).toBe(143);
    const seed = (file: string) => JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')).seed;
    // Stopped: without checkpoints nothing is left; with them, the first run's files only (seed 1).
    if (checkpoints) {
      expect([seed('scenario.json'), seed('checkpoints/scenario.json')]).toEqual([1, 1]);
      expect(fs.existsSync(path.join(out, 'summary.json'))).toBe(false);
    } else expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(lockOf(out))).toBe(false);

    // The first has finished: now the second replaces the directory whole.
    const again = grainflow(['run', pile(2, checkpoints), '--out', out, '--force', '--quiet']);
    expect(again.status, again.stderr).toBe(0);
    expect([seed('summary.json'), seed('scenario.json')]).toEqual([2, 2]);
    if (checkpoints) {
      expect(JSON.parse(fs.readFileSync(path.join(out, 'checkpoints', 'scenario.json'), 'utf8')).seed).toBe(2);
    }
  });
});

describe('locks and staging left by processes that no longer run', () => {
  it('a run killed with SIGKILL leaves its lock and staging; the next run removes both, saying so', async () => {
    const out = path.join(scratch, 'killed');
    const killed = start(['run', pile(3, false), '--out', out, '--quiet']);
    const staging = () => fs.readdirSync(scratch).filter((n) => n.startsWith('.killed.partial-'));
    // Killed once the staging directory holds its marker: a directory without it is not recognisably grainflow's and
    // is rightly left alone (the next test), so killing between the mkdir and the marker would test nothing here.
    await until(() => staging().some((n) => fs.existsSync(path.join(scratch, n, OUTPUT_MARKER))), 'the staging directory and its marker');
    killed.child.kill('SIGKILL');
    await killed.done;
    const pid = killed.child.pid!;
    expect(staging()).toEqual([`.killed.partial-${pid}`]);
    expect(fs.readFileSync(lockOf(out), 'utf8')).toBe(`${pid} ${os.hostname()}\n`);

    const r = grainflow(['run', 'scenarios/two-spheres.json', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.lines).toEqual([
      `grainflow: took over the lock ${lockOf(out)} of process ${pid}, which is no longer running`,
      `grainflow: removed ${path.join(scratch, `.killed.partial-${pid}`)}, left by process ${pid}, which is no longer running`,
    ]);
    expect(staging()).toEqual([]);
    expect(fs.existsSync(lockOf(out))).toBe(false);
  });

  it('a staging-like directory without grainflow\'s marker, or of a running process, is left alone', () => {
    const out = path.join(scratch, 'neighbours');
    const foreign = path.join(scratch, `.neighbours.partial-${deadPid()}`);
    const running = path.join(scratch, `.neighbours.partial-${process.ppid}`);
    for (const dir of [foreign, running]) fs.mkdirSync(dir);
    fs.writeFileSync(path.join(foreign, 'mine.txt'), 'not grainflow\'s');
    fs.writeFileSync(path.join(running, '.grainflow-output'), JSON.stringify({ grainflow: 'output directory', kind: 'run', entries: [] }));
    const r = grainflow(['run', 'scenarios/two-spheres.json', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(fs.readFileSync(path.join(foreign, 'mine.txt'), 'utf8')).toBe('not grainflow\'s');
    expect(fs.existsSync(running)).toBe(true);
  });

  it('a lock naming this process, which it does not hold, was left by an earlier process with the same pid', () => {
    const out = path.join(scratch, 'same-pid');
    fs.writeFileSync(lockOf(out), `${process.pid} ${os.hostname()}\n`);
    const notices: string[] = [];
    const lock = OutputLock.acquire(out, (m) => notices.push(m));
    expect(notices).toEqual([`took over the lock ${lockOf(out)} of process ${process.pid}, which is no longer running`]);
    // Held now: a second writer in this very process is refused.
    expect(() => OutputLock.acquire(out)).toThrow(OutputExistsError);
    lock.release();
    expect(fs.existsSync(lockOf(out))).toBe(false);
  });

  it('a lock of a live process or of another host is respected', () => {
    const out = path.join(scratch, 'respected');
    for (const content of [`${process.ppid} ${os.hostname()}\n`, `${deadPid()} another-host.example\n`]) {
      fs.writeFileSync(lockOf(out), content);
      const error = (() => {
        try {
          new RunDirectory(out).file('x');
        } catch (e) {
          return e as OutputExistsError;
        }
        throw new Error('not refused');
      })();
      expect(error.refusal.reason).toBe('busy');
      expect(fs.readFileSync(lockOf(out), 'utf8')).toBe(content);
    }
    fs.rmSync(lockOf(out));
  });
});

describe('resume is locked too', () => {
  it('a run being written cannot be resumed by a second process', async () => {
    const out = path.join(scratch, 'resumed-twice');
    // The first runs for minutes, so that it is surely still writing when the resume tries; then it is stopped.
    const first = start(['run', pile(4, true, 2), '--out', out, '--quiet']);
    await until(() => fs.existsSync(path.join(out, 'checkpoints', 'scenario.json')), 'the first run\'s directory');
    const r = grainflow(['run', '--resume', out, '--quiet']);
    expect(r.status).toBe(2);
    expect(r.lines.filter((l) => !l.includes('warning:'))).toEqual([
      `grainflow: --resume ${out} is being written by process ${first.child.pid} (lock file ${lockOf(out)}); `
      + 'wait for it to finish or choose another --resume']);
    expect(first.child.exitCode).toBeNull();
    first.child.kill('SIGTERM');
    expect((await first.done).code).toBe(143);
  });
});
