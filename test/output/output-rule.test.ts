/**
 * No command deletes or overwrites what it did not make (issue 12, items 1 and 5): every command that writes
 * (run, calibrate, impact, render) refuses `--out .`, `..`, `/` and the home directory, with or without --force,
 * in a folder holding the user's own scenario.json and sources, and leaves it byte for byte as it was; --force
 * replaces only a directory holding grainflow's marker and nothing the marker does not list (in full depth:
 * test/output/replace-in-depth.test.ts); a file, /dev/null, a FIFO or a symbolic link as --out is refused with one
 * line; an existing output of calibrate/impact needs --force; every output directory grainflow makes holds the
 * marker, listing what is in it. Exit status 2 for every refusal,
 * one line on stderr naming the path, never a stack trace.
 * The many refusals of --out call the CLI's main in this process (helpers/cli-in-process.ts); one case of each kind
 * is also spawned end to end, and every run, calibration, impact and render that writes is a process of its own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputExistsError, parseScenario, runScenario } from '../../src/api/index.js';
import { grainflowInProcess } from '../helpers/cli-in-process.js';
import { CLI, grainflow } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-rule-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const MARKER = '.grainflow-output';
const TWO_SPHERES = path.resolve('scenarios/two-spheres.json');

/** Every file under `dir` with its content (directories as "<dir>"), to compare a folder before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      const key = path.relative(dir, p);
      if (entry.isDirectory()) {
        out[key] = '<dir>';
        walk(p);
      } else out[key] = entry.isFile() ? fs.readFileSync(p, 'latin1') : '<special>';
    }
  };
  walk(dir);
  return out;
}

/** A folder of the user's own: a scenario.json (as a run directory would have) and source files. */
function userFolder(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(TWO_SPHERES, path.join(dir, 'scenario.json'));
  fs.writeFileSync(path.join(dir, 'src', 'main.ts'), 'export const answer = 42;\n');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'my notes\n');
  return dir;
}

/** The marker of `dir`: its first line (a JSON object), and the paths listed on the lines after it. */
function markerOf(dir: string): { header: Record<string, unknown>; paths: string[] } {
  const [header, ...lines] = fs.readFileSync(path.join(dir, MARKER), 'utf8').trimEnd().split('\n');
  return { header: JSON.parse(header), paths: lines.map((line) => JSON.parse(line) as string).sort() };
}

/** Every file and folder under `dir` but the marker, '/'-separated. */
function everything(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((n) => n !== MARKER).map((n) => n.split(path.sep).join('/')).sort();
}

function expectOneLineRefusal(r: { status: number | null; lines: string[]; stderr: string }, pattern: RegExp) {
  expect(r.status, r.stderr).toBe(2);
  expect(r.lines, r.stderr).toHaveLength(1);
  expect(r.lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/** A finished run with a few frames, for render. */
let finishedRun: string;
beforeAll(() => {
  finishedRun = path.join(scratch, 'finished');
  const scenario = JSON.parse(fs.readFileSync(TWO_SPHERES, 'utf8'));
  const file = path.join(scratch, 'few-frames.json');
  fs.writeFileSync(file, JSON.stringify({ ...scenario, outputs: { ...scenario.outputs, interval: scenario.time.duration / 3 } }));
  const r = grainflow(['run', file, '--out', finishedRun, '--quiet']);
  expect(r.status, r.stderr).toBe(0);
});

describe('--out . in a folder of the user\'s own, for every command that writes', () => {
  const commands: Record<string, (out: string) => string[]> = {
    run: (out) => ['run', 'scenario.json', '--out', out, '--quiet'],
    calibrate: (out) => ['calibrate', '--model', 'hertz', '--out', out],
    impact: (out) => ['impact', '--model', 'hertz', '--speed', '1', '--out', out],
    render: (out) => ['render', finishedRun, '--out', out, '--width', '16', '--height', '16', '--quiet'],
  };
  const cases = Object.keys(commands).flatMap((command) => [
    [command, '.', 'the working directory'], [command, '..', 'an ancestor of the working directory'],
    [command, '/', 'the root directory'],
  ]);

  it.each(cases)('%s --out %s: refused with and without --force, nothing touched', async (command, out, what) => {
    const dir = userFolder(`user-${command}-${out.replace(/\W/g, '_')}`);
    const before = snapshot(dir);
    for (const force of [[], ['--force']]) {
      const endToEnd = command === 'run' && out === '.' && force.length > 0;
      const r = endToEnd ? grainflow([...commands[command](out), ...force], dir)
        : await grainflowInProcess([...commands[command](out), ...force], dir);
      expectOneLineRefusal(r, new RegExp(`^grainflow: --out ${out.replace('.', '\\.')} is ${what}; grainflow never writes `));
    }
    expect(snapshot(dir)).toEqual(before);
    expect(fs.readdirSync(path.dirname(dir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('the home directory is refused even with --force', () => {
    const home = userFolder('home');
    const before = snapshot(home);
    const r = spawnSync(process.execPath, [CLI, 'run', TWO_SPHERES, '--out', home, '--force', '--quiet'],
      { encoding: 'utf8', env: { ...process.env, HOME: home } });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`grainflow: --out ${home} is your home directory; grainflow never writes its output there, `
      + 'whatever it holds: name a new directory\n');
    expect(snapshot(home)).toEqual(before);
  });
});

describe('--force replaces only a directory grainflow made, holding only what grainflow wrote', () => {
  it('a folder with the user\'s scenario.json and sources is never replaced', () => {
    const dir = userFolder('sources');
    const before = snapshot(dir);
    const r = grainflow(['run', TWO_SPHERES, '--out', dir, '--force', '--quiet']);
    expectOneLineRefusal(r, /is not empty and grainflow did not make it \(it has no \.grainflow-output\); grainflow never replaces it/);
    expect(snapshot(dir)).toEqual(before);
  });

  // The defect caught: a folder whose .grainflow-output is empty, or not grainflow's, was said to have none.
  it.each([
    ['empty', '', 'its .grainflow-output is empty'],
    ['someone else\'s', 'my own notes\n', 'its .grainflow-output is not one grainflow wrote'],
  ])('a folder whose marker is %s is refused, saying what the marker is', async (_, content, what) => {
    const dir = userFolder(`marker-${content.length}`);
    fs.writeFileSync(path.join(dir, MARKER), content);
    const before = snapshot(dir);
    const r = await grainflowInProcess(['run', TWO_SPHERES, '--out', dir, '--force', '--quiet']);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: --out ${dir} is not empty and grainflow did not make it (${what}); grainflow never `
      + 'replaces it: choose a new directory']);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a run the user added a file to is kept until the file is moved out; then --force replaces it', () => {
    const out = path.join(scratch, 'run-with-notes');
    expect(grainflow(['run', TWO_SPHERES, '--out', out, '--quiet']).status).toBe(0);
    fs.writeFileSync(path.join(out, 'notes.md'), 'observations\n');
    const before = snapshot(out);
    expectOneLineRefusal(grainflow(['run', TWO_SPHERES, '--out', out, '--force', '--quiet']),
      /^grainflow: --out .* holds "notes\.md", which grainflow did not write there; move it out or choose another --out/);
    expect(snapshot(out)).toEqual(before);
    fs.rmSync(path.join(out, 'notes.md'));
    expectOneLineRefusal(grainflow(['run', TWO_SPHERES, '--out', out, '--quiet']), /already exists \(an earlier run\?\); pass --force/);
    const replaced = grainflow(['run', TWO_SPHERES, '--out', out, '--force', '--quiet']);
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(replaced.stderr).toBe('');
  });

  it('an empty directory is used as it is, without --force', () => {
    const out = path.join(scratch, 'empty');
    fs.mkdirSync(out);
    expect(grainflow(['run', TWO_SPHERES, '--out', out, '--quiet']).status).toBe(0);
    expect(fs.existsSync(path.join(out, 'summary.json'))).toBe(true);
  });
});

describe('an --out that is not a directory', () => {
  const fifo = path.join(scratch, 'fifo');
  const file = path.join(scratch, 'results.txt');
  const link = path.join(scratch, 'link-to-run');
  beforeAll(() => {
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    fs.writeFileSync(file, 'keep me\n');
    fs.symlinkSync(finishedRun, link);
  });

  it.each([
    [file, 'a file'], ['/dev/null', 'a character device'], [fifo, 'a FIFO'], [link, 'a symbolic link'],
  ])('%s (%s) is refused by every command, with and without --force, and left as it was', async (out, what) => {
    const runBefore = snapshot(finishedRun);
    for (const args of [['run', TWO_SPHERES, '--out', out, '--quiet'], ['calibrate', '--model', 'hertz', '--out', out],
      ['impact', '--model', 'hertz', '--speed', '1', '--out', out]]) {
      for (const force of [[], ['--force']]) {
        // `run … --force` end to end, the rest in this process.
        const endToEnd = args[0] === 'run' && force.length > 0;
        expectOneLineRefusal(endToEnd ? grainflow([...args, ...force]) : await grainflowInProcess([...args, ...force]),
          new RegExp(`^grainflow: --out ${out.replace(/[.]/g, '\\.')} is ${what}, not a directory; --force replaces only directories grainflow made$`));
      }
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me\n');
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(snapshot(finishedRun)).toEqual(runBefore);
  });
});

describe('calibrate and impact keep an existing output unless --force', () => {
  it.each([
    ['calibrate', ['calibrate', '--model', 'hertz'], ['restitution-vs-speed.svg', 'table.csv']],
    ['impact', ['impact', '--model', 'hertz', '--speed', '1'], ['force-overlap.svg', 'impacts.csv']],
  ])('%s: refused without --force, replaced with it; the output holds the marker', (name, args, files) => {
    const out = path.join(scratch, `${name}-out`);
    expect(grainflow([...args, '--out', out]).status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual([MARKER, ...files].sort());
    const table = fs.readFileSync(path.join(out, files[1]));
    expectOneLineRefusal(grainflow([...args, '--out', out]), new RegExp(`^grainflow: --out ${out} already exists .*; pass --force to replace it$`));
    expect(fs.readFileSync(path.join(out, files[1])).equals(table)).toBe(true);
    const forced = grainflow([...args, '--out', out, '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(markerOf(out)).toEqual({ header: expect.objectContaining({ kind: name }), paths: files });
  });
});

describe('the marker in every output directory grainflow makes', () => {
  it('lists everything in a run, in full depth (staged and checkpointed runs alike)', () => {
    // Directories are listed where a writer asks for them (frames/); every file is.
    const files = (dir: string) => everything(dir).filter((n) => fs.lstatSync(path.join(dir, n)).isFile());
    expect(markerOf(finishedRun).header).toMatchObject({ grainflow: 'output directory', kind: 'run' });
    expect(markerOf(finishedRun).paths).toEqual(expect.arrayContaining(files(finishedRun)));
    expect(files(finishedRun)).toContain('frames/index.json');
    const scenario = JSON.parse(fs.readFileSync(TWO_SPHERES, 'utf8'));
    const file = path.join(scratch, 'checkpointed.json');
    fs.writeFileSync(file, JSON.stringify({ ...scenario, outputs: { ...scenario.outputs, contactTrace: false, checkpointEvery: 0.0005 } }));
    const out = path.join(scratch, 'checkpointed');
    expect(grainflow(['run', file, '--out', out, '--quiet']).status).toBe(0);
    expect(markerOf(out).paths).toEqual(expect.arrayContaining(files(out)));
    expect(files(out).filter((n) => n.startsWith('checkpoints/step-')).length).toBeGreaterThan(0);
  });

  it('render: a frames directory gets its own; a video and poster written into a run are added to the run\'s', () => {
    const frames = path.join(scratch, 'png');
    const r = grainflow(['render', finishedRun, '--out', `${frames}/`, '--width', '16', '--height', '16', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(markerOf(frames)).toEqual({ header: expect.objectContaining({ kind: 'frames' }), paths: everything(frames) });
    const video = grainflow(['render', finishedRun, '--out', path.join(finishedRun, 'anim.gif'), '--width', '16', '--height', '16', '--quiet']);
    expect(video.status, video.stderr).toBe(0);
    expect(markerOf(finishedRun).paths).toEqual(expect.arrayContaining(['anim.gif', 'anim.gif.png']));
    // Rendered again: the video exists, so --force; the run itself stays replaceable.
    expectOneLineRefusal(grainflow(['render', finishedRun, '--out', path.join(finishedRun, 'anim.gif'), '--width', '16', '--height', '16', '--quiet']),
      /anim\.gif already exists; pass --force to replace it$/);
    const copy = path.join(scratch, 'finished-copy');
    fs.cpSync(finishedRun, copy, { recursive: true });
    const replaced = grainflow(['run', TWO_SPHERES, '--out', copy, '--force', '--quiet']);
    expect(replaced.status, replaced.stderr).toBe(0);
  });
});

describe('the library goes through the same rule', () => {
  it('runScenario refuses out "." with OutputExistsError, even with force', async () => {
    const scenario = parseScenario(JSON.parse(fs.readFileSync(TWO_SPHERES, 'utf8')));
    const error = await runScenario(scenario, { out: '.', force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputExistsError);
    expect((error as OutputExistsError).reason).toBe('protected');
    expect((error as Error).message).toBe('out . is the working directory; grainflow never writes its output there, '
      + 'whatever it holds: name a new directory');
  });
});
