/**
 * A bench stopped before its end leaves nothing behind (bench/stop.ts): its temporary directories (bench/scratch-dir.ts)
 * go and the runs it started stop, on Ctrl-C, SIGTERM, or a reader that closes the pipe (`npm run bench … | head`).
 * Before, a stopped bench skipped its `finally` and left its directory in /tmp, and a bench sent SIGTERM (`kill PID`)
 * waited for its run to end, which then ran on. Each case runs a small process that makes a directory, writes into it
 * and waits, or waits for a run; the test stops it and looks for the directory and the run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeScratchDir, removeScratchDir, withScratchDir } from '../../bench/scratch-dir.js';
import { until } from '../helpers/until.js';

const SCRATCH_MODULE = pathToFileURL(path.resolve('dist/bench/scratch-dir.js')).href;
const RUNS_MODULE = pathToFileURL(path.resolve('dist/bench/code-runs.js')).href;
const here = mkdtempSync(path.join(os.tmpdir(), 'grainflow-stop-test-'));
afterAll(() => rmSync(here, { recursive: true, force: true }));

/**
 * A run that writes its process id to `pidFile` and then waits ten minutes, started through `sh`, which waits for it
 * as /usr/bin/time does for the codes the benches time: stopping `sh` alone would leave the run going.
 */
function longRun(pidFile: string): string[] {
  const script = path.join(here, 'long-run.mjs');
  writeFileSync(script, `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], String(process.pid));\n`
    + 'setTimeout(() => {}, 600_000);\n');
  return ['sh', '-c', '"$0" "$1" "$2"; echo ended', process.execPath, script, pidFile];
}

/**
 * A process that makes a scratch directory, names it on stderr, then writes lines to stdout ('pipe'), idles, or
 * waits for `run` (code-runs.ts timed).
 */
function child(mode: 'idle' | 'pipe' | 'run', run: string[] = []) {
  const wait = {
    idle: 'setInterval(() => {}, 1000);',
    pipe: "setInterval(() => process.stdout.write('line\\n'), 5);",
    run: `const { timed } = await import(${JSON.stringify(RUNS_MODULE)}); await timed(${JSON.stringify(run)}, dir);`,
  }[mode];
  const source = [
    "import { writeFileSync } from 'node:fs';",
    `const { makeScratchDir } = await import(${JSON.stringify(SCRATCH_MODULE)});`,
    "const dir = makeScratchDir('grainflow-scratch-test-');",
    "writeFileSync(dir + '/input.json', '{}');",
    "process.stderr.write(dir + '\\n');",
    wait,
  ].join('\n');
  return spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Whether process `pid` still runs (a zombie, ended but not yet reaped by its new parent, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Waits for the child's directory, stops the child with `stop`; its directory and exit status. */
async function stopped(c: ReturnType<typeof child>, stop: (c: ReturnType<typeof child>) => void) {
  const dir = await new Promise<string>((resolve, reject) => {
    let text = '';
    c.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    c.on('exit', () => reject(new Error(`the child ended before naming its directory: ${text}`)));
  });
  expect(existsSync(path.join(dir, 'input.json'))).toBe(true);
  const ended = new Promise<number | null>((resolve) => c.on('exit', (code) => resolve(code)));
  // A child that ignored the stop would hang the test: it is killed after 10 s and the status is then null.
  const guard = setTimeout(() => c.kill('SIGKILL'), 10_000);
  stop(c);
  const status = await ended;
  clearTimeout(guard);
  return { dir, status };
}

describe('a bench stopped before its end', () => {
  it('removes its directory on SIGINT (Ctrl-C) and exits 130', async () => {
    const { dir, status } = await stopped(child('idle'), (c) => c.kill('SIGINT'));
    expect(status).toBe(130);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes its directory on SIGTERM and exits 143', async () => {
    const { dir, status } = await stopped(child('idle'), (c) => c.kill('SIGTERM'));
    expect(status).toBe(143);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes its directory when the reader of its output goes (| head), exiting as SIGPIPE would, 141', async () => {
    const { dir, status } = await stopped(child('pipe'), (c) => c.stdout.once('data', () => c.stdout.destroy()));
    expect(status).toBe(141);
    expect(existsSync(dir)).toBe(false);
  });

  it.each([['SIGTERM', 143], ['SIGINT', 130]] as const)(
    'stops the run it waits for on %s (kill PID; Ctrl-C reaches only the bench), exits %i, its directory gone',
    async (signal, expected) => {
      const pidFile = path.join(here, `run-${signal}.pid`);
      const c = child('run', longRun(pidFile));
      await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the run to start');
      const run = Number(readFileSync(pidFile, 'utf8'));
      try {
        expect(running(run)).toBe(true);
        // A bench that waited for its run (10 minutes) is killed by stopped's guard: status null.
        const { dir, status } = await stopped(c, (bench) => bench.kill(signal));
        expect(status).toBe(expected);
        expect(existsSync(dir)).toBe(false);
        await until(() => !running(run), 'the run to stop');
      } finally {
        if (running(run)) process.kill(run, 'SIGKILL');
      }
    },
  );
});

describe('a bench that ends', () => {
  it('removes the directory when the body returns and when it throws', async () => {
    let kept = '';
    await withScratchDir('grainflow-scratch-test-', (dir) => { kept = dir; writeFileSync(path.join(dir, 'a'), 'a'); });
    expect(existsSync(kept)).toBe(false);
    await expect(withScratchDir('grainflow-scratch-test-', (dir) => { kept = dir; throw new Error('run failed'); }))
      .rejects.toThrow('run failed');
    expect(existsSync(kept)).toBe(false);
  });

  it('removes only directories it made', () => {
    const dir = makeScratchDir('grainflow-scratch-test-');
    removeScratchDir(dir);
    expect(() => removeScratchDir(dir)).toThrow(/not a bench's scratch directory/);
    expect(() => removeScratchDir(path.resolve('.'))).toThrow(/not a bench's scratch directory/);
    expect(existsSync(path.resolve('package.json'))).toBe(true);
  });
});
