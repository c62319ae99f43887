/**
 * Run-directory safety on the command line (issue #7): an existing --out is refused unless --force; --resume
 * refuses directories it cannot continue — without checkpoints, finished, or with checkpoints an older grainflow
 * wrote (issue 11) — each with status 2 and one line saying why; an oversized scenario file is refused before it
 * is parsed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/checkpoint/format.js';
import { withFormatVersion } from './format-version.js';

const CLI = path.resolve('bin/grainflow.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-options-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function grainflow(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--quiet'], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr, lines: r.stderr.trimEnd().split('\n') };
}

describe('--out and --force', () => {
  const out = path.join(scratch, 'two-spheres');
  it('refuses to overwrite an existing run without --force and replaces it with --force', () => {
    expect(grainflow('run', 'scenarios/two-spheres.json', '--out', out).status).toBe(0);
    const before = readFileSync(path.join(out, 'summary.json'), 'utf8');
    const refused = grainflow('run', 'scenarios/two-spheres.json', '--out', out);
    expect(refused.status).toBe(2);
    expect(refused.lines).toEqual([`grainflow: --out ${out} already exists (an earlier run?); pass --force to replace it`]);
    expect(readFileSync(path.join(out, 'summary.json'), 'utf8')).toBe(before);
    expect(grainflow('run', 'scenarios/two-spheres.json', '--out', out, '--force').status).toBe(0);
  });

  it('--force replaces only directories grainflow made (docs/outputs.md, "Safety of your files")', () => {
    const notARun = path.join(scratch, 'sources');
    mkdirSync(notARun);
    writeFileSync(path.join(notARun, 'notes.txt'), 'keep me');
    const r = grainflow('run', 'scenarios/two-spheres.json', '--out', notARun, '--force');
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: --out ${notARun} is not empty and grainflow did not make it (it has no .grainflow-output); `
      + 'grainflow never replaces it: choose a new directory']);
    expect(readFileSync(path.join(notARun, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});

describe('--resume', () => {
  // The defect caught: a directory that does not exist was called "not a resumable run (no checkpoints/scenario.json …)".
  it('refuses a directory that does not exist, saying so', () => {
    const missing = path.join(scratch, 'no-such-run');
    const r = grainflow('run', '--resume', missing);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: cannot resume: ${missing} does not exist`]);
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses a run without checkpoints', () => {
    const out = path.join(scratch, 'plain');
    expect(grainflow('run', 'scenarios/two-spheres.json', '--out', out).status).toBe(0);
    const r = grainflow('run', '--resume', out);
    expect(r.status).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^grainflow: cannot resume: .* is not a resumable run \(no checkpoints\/scenario\.json; only runs with outputs\.checkpointEvery/);
  });

  /** A finished run with checkpoints at `out`: a copy of one made once (its files name no absolute path). */
  let template: string | undefined;
  const checkpointedRun = (out: string) => {
    if (template === undefined) {
      const scenario = JSON.parse(readFileSync('scenarios/two-spheres.json', 'utf8'));
      const file = path.join(scratch, 'checkpointed.json');
      writeFileSync(file, JSON.stringify({ ...scenario, outputs: { ...scenario.outputs, contactTrace: false, checkpointEvery: 0.0005 } }));
      template = path.join(scratch, 'checkpointed');
      expect(grainflow('run', file, '--out', template).status).toBe(0);
    }
    cpSync(template, out, { recursive: true });
  };

  it('refuses a finished run', () => {
    const out = path.join(scratch, 'finished');
    checkpointedRun(out);
    const r = grainflow('run', '--resume', out);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: cannot resume: ${out} has finished (it has summary.json); nothing to resume`]);
  });

  it('refuses checkpoints written by an older grainflow (format 1), naming the newest and what to do', () => {
    const out = path.join(scratch, 'older');
    checkpointedRun(out);
    // An unfinished run whose checkpoints an older grainflow wrote.
    rmSync(path.join(out, 'summary.json'));
    const directory = path.join(out, 'checkpoints');
    const files = readdirSync(directory).filter((f) => f.endsWith('.gfck')).sort();
    for (const f of files) writeFileSync(path.join(directory, f), withFormatVersion(readFileSync(path.join(directory, f)), 1));
    const r = grainflow('run', '--resume', out);
    expect(r.status).toBe(2);
    const newest = path.relative(process.cwd(), path.join(directory, files[files.length - 1]));
    expect(r.lines).toEqual([`grainflow: cannot resume: checkpoint ${newest} was written by an older grainflow `
      + '(checkpoint format 1); resume it with that version or start the run again']);
    expect(readdirSync(directory).filter((f) => f.endsWith('.gfck')).sort()).toEqual(files);
  });

  it('refuses a checkpoint with a part of another version, naming the part', () => {
    const out = path.join(scratch, 'older-part');
    checkpointedRun(out);
    rmSync(path.join(out, 'summary.json'));
    const directory = path.join(out, 'checkpoints');
    const newest = path.join(directory, readdirSync(directory).filter((f) => f.endsWith('.gfck')).sort().pop()!);
    const cp = decodeCheckpoint(readFileSync(newest));
    const current = cp.parts.pairContacts;
    cp.parts.pairContacts = 2;
    writeFileSync(newest, encodeCheckpoint(cp));
    const r = grainflow('run', '--resume', out);
    expect(r.status).toBe(2);
    // One line: the notice naming the checkpoint comes only once the state has been restored.
    expect(r.lines).toEqual([
      `grainflow: cannot resume: checkpoint ${path.relative(process.cwd(), newest)} was written by an older `
      + `grainflow (pairContacts state version 2; this grainflow reads version ${current}); resume it with that version or start the run again`]);
  });

  it('takes no scenario file or --out', () => {
    const r = grainflow('run', 'scenarios/two-spheres.json', '--resume', scratch);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--resume <dir> takes no <scenario.json>, --out or --force');
  });
});

describe('scenario file size limit', () => {
  it('refuses a file above the limit before reading it, naming its size and the limit', () => {
    const error = (() => {
      try {
        loadScenarioFile('scenarios/two-spheres.json', 100);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ScenarioError);
    const size = readFileSync('scenarios/two-spheres.json').length;
    expect((error as ScenarioError).message)
      .toBe(`(file): scenario file scenarios/two-spheres.json is ${size} bytes; the limit is 100 bytes (use insert blocks instead of listing millions of spheres)`);
  });
});
