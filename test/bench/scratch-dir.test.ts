/**
 * The benches' temporary directories (bench/scratch-dir.ts) go when the bench is done and when it is stopped early:
 * Ctrl-C, SIGTERM, or a reader that closes the pipe (`npm run bench … | head`). Before, a stopped bench skipped its
 * `finally` and left its directory in /tmp. Each case runs a small process that makes a directory, writes into it
 * and waits; the test stops it and looks for the directory.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeScratchDir, removeScratchDir, withScratchDir } from '../../bench/scratch-dir.js';

const MODULE = pathToFileURL(path.resolve('dist/bench/scratch-dir.js')).href;

/** A process that makes a scratch directory, names it on stderr, then writes lines to stdout ('pipe') or idles. */
function child(mode: 'idle' | 'pipe') {
  const source = [
    "import { writeFileSync } from 'node:fs';",
    `const { makeScratchDir } = await import(${JSON.stringify(MODULE)});`,
    "const dir = makeScratchDir('grainflow-scratch-test-');",
    "writeFileSync(dir + '/input.json', '{}');",
    "process.stderr.write(dir + '\\n');",
    mode === 'pipe' ? "setInterval(() => process.stdout.write('line\\n'), 5);" : 'setInterval(() => {}, 1000);',
  ].join('\n');
  return spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts the child, waits for its directory, stops it with `stop`; its directory and exit status. */
async function stopped(mode: 'idle' | 'pipe', stop: (c: ReturnType<typeof child>) => void) {
  const c = child(mode);
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
    const { dir, status } = await stopped('idle', (c) => c.kill('SIGINT'));
    expect(status).toBe(130);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes its directory on SIGTERM and exits 143', async () => {
    const { dir, status } = await stopped('idle', (c) => c.kill('SIGTERM'));
    expect(status).toBe(143);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes its directory when the reader of its output goes (| head), exiting as SIGPIPE would, 141', async () => {
    const { dir, status } = await stopped('pipe', (c) => c.stdout.once('data', () => c.stdout.destroy()));
    expect(status).toBe(141);
    expect(existsSync(dir)).toBe(false);
  });
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
