/**
 * File-system failures end as one line naming the path and the cause, status 1, never a stack trace, and leave
 * nothing half-written (issue 12, items 5 and 7): an --out under /proc or /sys, a read-only mount, a directory the
 * user may not write (mode 0555, as the user nobody: the tests run as root, which ignores the mode), a full disk
 * (a 64–128 KiB tmpfs in a private mount namespace) with and without checkpoints, and a write that stops short
 * (`writeSync` returning fewer bytes, or none).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { decodeCheckpoint } from '../../src/checkpoint/format.js';
import {
  OutputWriteError, writeFileAtomically, writeFully, writeWholeFile,
} from '../../src/output/file-writes.js';
import { grainflow, grainflowAsNobody, grainflowOnTmpfs, NOBODY, type CliResult } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-io-'));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const TWO_SPHERES = path.resolve('scenarios/two-spheres.json');

/** The two-sphere collision with a checkpoint every tenth of its duration. */
function checkpointedScenario(): string {
  const scenario = JSON.parse(fs.readFileSync(TWO_SPHERES, 'utf8'));
  const file = path.join(scratch, 'checkpointed.json');
  fs.writeFileSync(file, JSON.stringify({
    ...scenario, outputs: { ...scenario.outputs, contactTrace: false, checkpointEvery: scenario.time.duration / 10 },
  }));
  return file;
}

const WRITERS: Record<string, (out: string) => string[]> = {
  run: (out) => ['run', TWO_SPHERES, '--out', out, '--quiet'],
  calibrate: (out) => ['calibrate', '--model', 'hertz', '--out', out],
  impact: (out) => ['impact', '--model', 'hertz', '--speed', '1', '--out', out],
};

/** A shell command printing what is in `dir` (the tmpfs is gone once the namespace ends), read back by leftIn. */
function listing(dir: string): string {
  return `echo "left:$(ls -A "${dir}" | tr '\\n' ' ')"`;
}

function leftIn(r: CliResult): string[] {
  const line = /^left:(.*)$/m.exec(r.stdout);
  expect(line, r.stdout).not.toBeNull();
  return line![1].trim().split(' ').filter((n) => n !== '');
}

function expectOneLineFailure(r: CliResult, pattern: RegExp): void {
  expect(r.status, r.stderr).toBe(1);
  expect(r.lines, r.stderr).toHaveLength(1);
  expect(r.lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('an --out grainflow cannot create', () => {
  it.each(Object.keys(WRITERS))('%s --out under /proc and /sys: one line, status 1', (command) => {
    expectOneLineFailure(grainflow(WRITERS[command]('/proc/grainflow-x')),
      /^grainflow: cannot create the directory \/proc\/grainflow-x: no such file or directory \(ENOENT\)$/);
    expectOneLineFailure(grainflow(WRITERS[command]('/sys/kernel/grainflow-x')),
      /^grainflow: cannot create the directory \/sys\/kernel\/grainflow-x: permission denied \(EACCES\)$/);
  });

  it.each(Object.keys(WRITERS))('%s --out on a read-only mount: one line, status 1, nothing written', (command) => {
    const dir = path.join(scratch, `ro-${command}`);
    fs.mkdirSync(dir);
    const r = grainflowOnTmpfs(dir, 'size=64k', WRITERS[command](path.join(dir, 'out')),
      { prepare: `mount -o remount,ro "${dir}"`, after: listing(dir) });
    expect(r.status, r.stderr).toBe(1);
    expect(r.lines, r.stderr).toEqual([`grainflow: cannot create the directory ${dir}/out: read-only file system (EROFS)`]);
    expect(leftIn(r)).toEqual([]);
  });

  it.each(Object.keys(WRITERS))('%s --out in a directory of mode 0555, as a user who may not write it: one line', (command) => {
    const dir = path.join(scratch, `mode-0555-${command}`);
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o555);
    const r = grainflowAsNobody(WRITERS[command](path.join(dir, 'out')), scratch);
    expectOneLineFailure(r, new RegExp(`^grainflow: cannot create the directory ${dir}/out: permission denied \\(EACCES\\)$`));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('the control: as nobody, a run into a writable directory (0777) inside the 0555 one succeeds', () => {
    // So the refusals above come from the mode, not from running as nobody.
    const dir = path.join(scratch, 'mode-0555-parent');
    fs.mkdirSync(path.join(dir, 'open'), { recursive: true });
    fs.chmodSync(path.join(dir, 'open'), 0o777);
    fs.chmodSync(dir, 0o555);
    const r = grainflowAsNobody(WRITERS.run(path.join(dir, 'open', 'out')), scratch);
    expect(r.status, r.stderr).toBe(0);
    expect(fs.statSync(path.join(dir, 'open', 'out', 'summary.json')).uid).toBe(NOBODY);
    expect(fs.readdirSync(path.join(dir, 'open'))).toEqual(['out']);
  });
});

describe('a full disk', () => {
  it('a run without checkpoints: one line naming the file and ENOSPC, status 1, no staging directory left', () => {
    const dir = path.join(scratch, 'full');
    fs.mkdirSync(dir);
    const r = grainflowOnTmpfs(dir, 'size=64k', WRITERS.run(path.join(dir, 'out')), { after: listing(dir) });
    expectOneLineFailure(r, new RegExp(`^grainflow: cannot write ${dir}/\\.out\\.partial-\\d+/\\S+: no space left on the device \\(ENOSPC\\)$`));
    expect(leftIn(r)).toEqual([]);
  });

  it('a run with checkpoints: one line, status 1; only whole checkpoints are left, no temporary file', () => {
    const dir = path.join(scratch, 'full-checkpointed');
    fs.mkdirSync(dir);
    const out = path.join(dir, 'out');
    const copy = path.join(scratch, 'full-checkpointed-copy');
    const r = grainflowOnTmpfs(dir, 'size=128k', ['run', checkpointedScenario(), '--out', out, '--quiet'], {
      after: `${listing(dir)}; cp -a "${out}" "${copy}"`,
    });
    expectOneLineFailure(r, new RegExp(`^grainflow: cannot write ${out}/\\S+: no space left on the device \\(ENOSPC\\)$`));
    expect(leftIn(r)).toEqual(['out']);
    const names = fs.readdirSync(path.join(copy, 'checkpoints')).sort();
    const steps = names.filter((n) => n !== 'scenario.json');
    expect(names).toContain('scenario.json');
    expect(steps.length).toBeGreaterThan(0);
    for (const name of steps) {
      expect(name).toMatch(/^step-\d{10}\.gfck$/);
      // Whole: the CRC holds (decodeCheckpoint throws on a file cut short).
      expect(decodeCheckpoint(fs.readFileSync(path.join(copy, 'checkpoints', name))).step).toBe(Number(name.slice(5, 15)));
    }
  });
});

describe('short writes', () => {
  const file = path.join(scratch, 'short.bin');

  it('writeFully continues after a partial write and reports one that makes no progress, naming the file', () => {
    const fd = fs.openSync(file, 'w');
    const real = fs.writeSync;
    let calls = 0;
    // Half of what is asked, then nothing: as a disk that fills up.
    const spy = vi.spyOn(fs, 'writeSync').mockImplementation(((f: number, b: Uint8Array, off: number, len: number) => {
      calls++;
      return calls === 1 ? real(f, b, off, Math.ceil(len / 2)) : 0;
    }) as typeof fs.writeSync);
    try {
      const error = (() => {
        try {
          writeFully(fd, 'abcdefgh', file);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(OutputWriteError);
      expect((error as Error).message).toBe(`cannot write ${file}: the write stopped short (the disk is probably full)`);
      expect(calls).toBe(2);
    } finally {
      spy.mockRestore();
      fs.closeSync(fd);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('abcd');
    // A write returning fewer bytes is continued where it stopped: the file is whole.
    const fd2 = fs.openSync(file, 'w');
    const halves = vi.spyOn(fs, 'writeSync').mockImplementation(((f: number, b: Uint8Array, off: number, len: number) =>
      real(f, b, off, Math.min(len, 3))) as typeof fs.writeSync);
    try {
      expect(writeFully(fd2, 'abcdefgh', file)).toBe(8);
    } finally {
      halves.mockRestore();
      fs.closeSync(fd2);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('abcdefgh');
  });

  it('a short write is never renamed into place: the earlier file stays whole, no temporary file is left', () => {
    const target = path.join(scratch, 'atomic.txt');
    writeWholeFile(target, 'the good version\n');
    const spy = vi.spyOn(fs, 'writeSync').mockReturnValue(0);
    try {
      expect(() => writeFileAtomically(target, 'a newer version that does not fit\n', true)).toThrow(OutputWriteError);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(target, 'utf8')).toBe('the good version\n');
    expect(fs.readdirSync(scratch).filter((n) => n.startsWith('atomic.txt'))).toEqual(['atomic.txt']);
  });
});
