/**
 * An output abandoned before it appears leaves no directory it made (`--out newdir/a.mp4` made newdir for its lock
 * and staging directory): the claim's directories are removed again while empty, whether the writer fails,
 * discards, or the process exits (a second SIGINT/SIGTERM); a directory that existed before, or that holds anything
 * by then, is kept. The defect caught: an interrupted or failed render or export left newdir/ behind, empty.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResumableRunDirectory, RunDirectory, StagedFiles, type OwnFile } from '../../src/output/run-directory.js';
import { CLI } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-made-dirs-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const ANY_FILE: OwnFile = { test: () => true, what: 'a test file' };
/** A fresh folder of the scratch directory, empty: the only place a test's output goes. */
const folder = (name: string) => fs.mkdtempSync(path.join(scratch, `${name}-`));

describe('an abandoned output removes the directories it made', () => {
  it('a staged file in a new directory: discarded, the directory is gone', () => {
    const base = folder('staged');
    const staged = new StagedFiles([path.join(base, 'newdir', 'x.csv')], ANY_FILE, { kind: 'export' });
    expect(fs.existsSync(path.join(base, 'newdir'))).toBe(true);
    staged.discard();
    expect(fs.readdirSync(base)).toEqual([]);
  });

  it('a run directory two levels down: the first file written, then discarded, leaves neither level', () => {
    const base = folder('run');
    const dir = new RunDirectory(path.join(base, 'a', 'b', 'run'));
    dir.writeFile('summary.json', '{}\n');
    dir.discard();
    expect(fs.readdirSync(base)).toEqual([]);
  });

  it('a fresh resumable run that failed before its first checkpoint leaves no directory above it', () => {
    const base = folder('resumable');
    const dir = new ResumableRunDirectory(path.join(base, 'newdir', 'run'), 'fresh');
    dir.discardUnresumable();
    expect(fs.readdirSync(base)).toEqual([]);
  });

  it('only the directories it made: an existing one above them is kept', () => {
    const base = folder('partly');
    fs.mkdirSync(path.join(base, 'existing'));
    new StagedFiles([path.join(base, 'existing', 'new', 'x.csv')], ANY_FILE).discard();
    expect(fs.readdirSync(base)).toEqual(['existing']);
    expect(fs.readdirSync(path.join(base, 'existing'))).toEqual([]);
  });

  it('a process ended by process.exit (a second signal) runs the same clean-up', () => {
    const base = folder('exit');
    const module = path.resolve('dist/src/output/run-directory.js');
    const script = `const { StagedFiles } = await import(${JSON.stringify(module)});
new StagedFiles([${JSON.stringify(path.join(base, 'newdir', 'x.csv'))}], { test: () => true, what: 'a test file' });
process.exit(130);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(130);
    expect(fs.readdirSync(base)).toEqual([]);
  });
});

describe('a directory the output did not make, or that is no longer empty, is kept', () => {
  it('a pre-existing empty directory stays when the output in it is abandoned', () => {
    const base = folder('pre-existing');
    const existing = path.join(base, 'empty');
    fs.mkdirSync(existing);
    new StagedFiles([path.join(existing, 'x.csv')], ANY_FILE).discard();
    new RunDirectory(path.join(existing, 'run')).discard();
    const run = new RunDirectory(path.join(existing, 'run'));
    run.writeFile('summary.json', '{}\n');
    run.discard();
    expect(fs.readdirSync(base)).toEqual(['empty']);
    expect(fs.readdirSync(existing)).toEqual([]);
  });

  it('a directory it made that the user put a file in meanwhile stays, with the file', () => {
    const base = folder('user-file');
    const staged = new StagedFiles([path.join(base, 'newdir', 'x.csv')], ANY_FILE);
    fs.writeFileSync(path.join(base, 'newdir', 'notes.txt'), 'mine\n');
    staged.discard();
    expect(fs.readdirSync(path.join(base, 'newdir'))).toEqual(['notes.txt']);
  });

  it('a finished output keeps the directory it made', () => {
    const base = folder('finished');
    const target = path.join(base, 'newdir', 'x.csv');
    const staged = new StagedFiles([target], ANY_FILE);
    const file = path.join(staged.directory, 'x.csv');
    fs.writeFileSync(file, 'a,b\n');
    staged.commit([file]);
    staged.discard();
    expect(fs.readFileSync(target, 'utf8')).toBe('a,b\n');
  });
});

describe('grainflow render that fails after claiming its output', () => {
  let run: string;
  beforeAll(() => {
    run = path.join(scratch, 'two-spheres');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/two-spheres.json', '--out', run, '--quiet'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });

  it('no browser (CHROME_PATH names nothing): status 1, one line, and no newdir/ left', () => {
    const base = folder('render');
    const missing = path.join(scratch, 'no-such-chromium');
    const r = spawnSync(process.execPath, [CLI, 'render', run, '--out', path.join(base, 'newdir', 'a.gif'), '--quiet'],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: missing }, timeout: 20_000 });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toBe(`grainflow: render failed: CHROME_PATH="${missing}" does not exist; point it at a Chromium or Chrome `
      + 'executable, or unset it to use the system Chromium (`apt-get install chromium` on Debian) or, on Linux x64, the one '
      + 'npm ci installs\n');
    expect(fs.readdirSync(base)).toEqual([]);
  });
});
