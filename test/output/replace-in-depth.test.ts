/**
 * The output rule in full depth (issue 25, items 1 and 2): every command that writes replaces only what the same
 * command made; a file the user added anywhere inside an output, subfolders included, keeps it from being
 * replaced and is named in the one-line refusal; a run directory is never replaced by render, calibrate or impact
 * output; render never writes over the run it reads, and no such refusal advises --force.
 * Most refusals call the CLI's main in this process (helpers/cli-in-process.ts); one of each command's is spawned
 * end to end (render over another run, calibrate/impact over a run, run --force over a render with a file added),
 * and every run, render and replacement that writes is a process of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grainflowInProcess } from '../helpers/cli-in-process.js';
import { grainflow, type CliResult } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-depth-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const TWO_SPHERES = path.resolve('scenarios/two-spheres.json');
const scenario = JSON.parse(fs.readFileSync(TWO_SPHERES, 'utf8'));

/** Every file under `dir` with its bytes, to compare a directory before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, name);
    out[name] = fs.lstatSync(p).isFile() ? fs.readFileSync(p, 'latin1') : '<dir>';
  }
  return out;
}

function expectRefusal(r: CliResult, pattern: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.lines, r.stderr).toHaveLength(1);
  expect(r.lines[0]).toMatch(pattern);
  expect(r.lines[0]).not.toMatch(/pass --force/);
}

/**
 * A run of the two spheres with a few frames (and checkpoints if asked), at `name`: a copy of one such run made
 * once per file (the marker lists paths relative to the run, so a copy is the same run to grainflow; each test gets
 * an untouched one without a Node.js start and a simulation of its own).
 */
const templates = new Map<boolean, string>();
function makeRun(name: string, checkpoints = false): string {
  if (!templates.has(checkpoints)) {
    const file = path.join(scratch, `template-${checkpoints}.json`);
    const outputs = { ...scenario.outputs, contactTrace: false, interval: scenario.time.duration / 3 };
    fs.writeFileSync(file, JSON.stringify({ ...scenario, outputs: checkpoints ? { ...outputs, checkpointEvery: 0.0005 } : outputs }));
    const template = path.join(scratch, `template-${checkpoints}`);
    const r = grainflow(['run', file, '--out', template, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    templates.set(checkpoints, template);
  }
  const out = path.join(scratch, name);
  fs.cpSync(templates.get(checkpoints)!, out, { recursive: true });
  return out;
}

const RENDER = ['--width', '16', '--height', '16', '--quiet'];

describe('render never writes over its input', () => {
  let run: string;
  beforeAll(() => { run = makeRun('rendered'); });

  it.each([[[]], [['--force']]])('render runs/x --out runs/x %s: refused, the run intact', async (force) => {
    const before = snapshot(run);
    expectRefusal(await grainflowInProcess(['render', run, '--out', run, ...RENDER, ...force]),
      new RegExp(`^grainflow: --out ${run} is ${run}, which this command reads; grainflow never writes its output over its input`));
    expect(snapshot(run)).toEqual(before);
  });

  it('nor over a directory holding the run, nor over another finished run', async () => {
    const other = makeRun('other-run');
    const before = snapshot(other);
    expectRefusal(grainflow(['render', run, '--out', other, ...RENDER, '--force']),
      new RegExp(`^grainflow: --out ${other} is a run directory \\(grainflow run made it\\); --force replaces only an output of the same command`));
    expect(snapshot(other)).toEqual(before);
    const parent = path.join(scratch, 'parent');
    fs.mkdirSync(parent);
    const inner = path.join(parent, 'run');
    fs.renameSync(other, inner);
    expectRefusal(await grainflowInProcess(['render', inner, '--out', parent, ...RENDER, '--force']), /holds .*run, which this command reads/);
    expect(snapshot(inner)).toEqual(before);
  });
});

describe('calibrate and impact never replace a run', () => {
  it.each([
    ['calibrate', ['calibrate', '--model', 'hertz']],
    ['impact', ['impact', '--model', 'hertz', '--speed', '1']],
  ])('%s --out <resumable run> --force: refused, checkpoints kept', async (_, args) => {
    const run = makeRun(`resumable-${args[0]}`, true);
    const before = snapshot(run);
    expect(Object.keys(before).some((name) => name.startsWith('checkpoints/step-'))).toBe(true);
    expectRefusal(await grainflowInProcess([...args, '--out', run, '--force']), /is a run directory \(grainflow run made it\)/);
    expect(snapshot(run)).toEqual(before);
  });

  it.each([
    ['calibrate', ['calibrate', '--model', 'hertz']],
    ['impact', ['impact', '--model', 'hertz', '--speed', '1']],
  ])('%s --out <run> without --force: refused without advising --force, which would be refused too', (_, args) => {
    const run = makeRun(`advice-${args[0]}`, false);
    const result = grainflow([...args, '--out', run]);
    expectRefusal(result, /is a run directory \(grainflow run made it\)/);
    expect(result.stderr).not.toMatch(/pass --force/);
  });
});

describe('a file the user added anywhere in an output keeps it', () => {
  it.each([
    // A folder the user made is named rather than the file in it.
    ['frames/notes.txt', false, 'frames/notes.txt'], ['checkpoints/keep/mine.bin', true, 'checkpoints/keep'],
    ['frames/000000.f32.mine', false, 'frames/000000.f32.mine'],
  ])('run --force with %s added: refused naming it, nothing deleted; replaced once it is gone', async (added, checkpoints, named) => {
    const run = makeRun(`with-${added.replace(/\W/g, '_')}`, checkpoints);
    fs.mkdirSync(path.join(run, path.dirname(added)), { recursive: true });
    fs.writeFileSync(path.join(run, added), 'mine\n');
    const before = snapshot(run);
    expectRefusal(await grainflowInProcess(['run', TWO_SPHERES, '--out', run, '--force', '--quiet']),
      new RegExp(`holds "${named.replace(/[.]/g, '\\.')}", which grainflow did not write there`));
    expect(snapshot(run)).toEqual(before);
    fs.rmSync(path.join(run, added));
    if (added.includes('keep')) fs.rmdirSync(path.join(run, 'checkpoints/keep'));
    const replaced = grainflow(['run', TWO_SPHERES, '--out', run, '--force', '--quiet']);
    expect(replaced.status, replaced.stderr).toBe(0);
  });

  it('a rendered frames directory: a file added in it blocks render --force; a run holding a render is replaced whole', async () => {
    const run = makeRun('holding-render');
    const frames = path.join(run, 'png');
    const first = grainflow(['render', run, '--out', `${frames}/`, ...RENDER]);
    expect(first.status, first.stderr).toBe(0);
    fs.writeFileSync(path.join(frames, 'mine.txt'), 'mine\n');
    expectRefusal(await grainflowInProcess(['render', run, '--out', frames, ...RENDER, '--force']), /holds "mine\.txt", which grainflow did not write/);
    expectRefusal(grainflow(['run', TWO_SPHERES, '--out', run, '--force', '--quiet']), /holds "png\/mine\.txt", which grainflow did not write/);
    fs.rmSync(path.join(frames, 'mine.txt'));
    const again = grainflow(['render', run, '--out', frames, ...RENDER, '--force']);
    expect(again.status, again.stderr).toBe(0);
    const replaced = grainflow(['run', TWO_SPHERES, '--out', run, '--force', '--quiet']);
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(fs.existsSync(frames)).toBe(false);
  });
});
