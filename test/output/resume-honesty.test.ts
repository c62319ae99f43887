/**
 * Resume is honest (issue 12, items 4 and 5): a run stopped at a checkpoint continues only files that are still
 * what it wrote. Each case edits a copy of one stopped run and resumes it with `grainflow run --resume`: a CSV file
 * cut short, changed inside the part the checkpoint keeps, deleted or replaced by a directory; a frame the
 * checkpoint lists deleted; a checkpoint's name taken by a directory; the STL mesh or the sphere file changed. Each is refused with
 * status 2 and one line naming the file, and the run directory is left as it was (nothing padded, nothing mixed).
 * The exact repair is made: rows written after the checkpoint are cut off, and the resumed run then ends
 * byte-identical to the run that never stopped — as does the untouched copy (the control: resume works).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunCheckpoints } from '../../src/checkpoint/run-checkpoints.js';
import { createSetup } from '../../src/run/setup.js';
import { RunInterrupted, runToDirectory } from '../../src/run/run.js';
import { parseScenario } from '../../src/scenario/load.js';
import { grainflow } from '../helpers/privileges.js';
import { asciiStl, writeStl } from '../walls/stl-helpers.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-resume-honesty-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const L = 1;
const FLOOR = [-L, -L, 0, L, -L, 0, L, L, 0, -L, -L, 0, L, L, 0, -L, L, 0];
const mesh = writeStl(path.join(scratch, 'floor.stl'), asciiStl(FLOOR, 'floor'));
const BALL = 'x,y,z,radius,material\n0,0,0.6,0.1,ball\n';
const spheres = path.join(scratch, 'ball.csv');
fs.writeFileSync(spheres, BALL);

/** A ball (from a sphere file) dropped onto an STL floor, with frames, every collision and a checkpoint every 0.05 s. */
function scenarioInput(): unknown {
  const ball = JSON.parse(fs.readFileSync('test/fixtures/checkpoint/bouncing-ball.json', 'utf8'));
  return {
    ...ball, time: { duration: 0.5 }, particles: { file: spheres },
    walls: [{ type: 'mesh', file: mesh, material: 'ball' }],
    outputs: { interval: 0.01, checkpointEvery: 0.05, impactRecords: true },
  };
}

const straight = path.join(scratch, 'straight');
const stopped = path.join(scratch, 'stopped');
let checkpointBytes: { series: number };

beforeAll(async () => {
  const setup = () => createSetup(parseScenario(scenarioInput()), { workers: 1 });
  const quiet = () => {};
  const s = setup();
  await runToDirectory(s, straight, { checkpoints: new RunCheckpoints(s, straight, false, quiet) });
  // Stopped after the bounce (the impacts table has a row), at a checkpoint written by the stop.
  const t = setup();
  let steps = 0;
  const stopAt = Math.round(0.4 / t.dt);
  await expect(runToDirectory(t, stopped, {
    checkpoints: new RunCheckpoints(t, stopped, false, quiet),
    stopRequested: () => (++steps === stopAt ? 'SIGINT' : null),
  })).rejects.toThrow(RunInterrupted);
  checkpointBytes = { series: fs.statSync(path.join(stopped, 'series.csv')).size };
});

let copies = 0;
/** A copy of the stopped run, for one case to edit. */
function copyOfStopped(): string {
  const dir = path.join(scratch, `copy-${++copies}`);
  fs.cpSync(stopped, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` with its bytes, to see that a refused resume changed nothing. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, p)] = entry.isFile() ? fs.readFileSync(p, 'base64') : '<not a file>';
  }
  return out;
}

const resultFiles = ['series.csv', 'impact-statistics.csv', 'impacts.bin', 'frames/index.json'];
function expectSameResults(dir: string): void {
  for (const name of resultFiles) {
    expect(fs.readFileSync(path.join(dir, name)).equals(fs.readFileSync(path.join(straight, name))), name).toBe(true);
  }
  const summary = (d: string) => ({ ...JSON.parse(fs.readFileSync(path.join(d, 'summary.json'), 'utf8')), performance: undefined });
  expect(summary(dir)).toEqual(summary(straight));
}

describe('resume after the run\'s files were edited', () => {
  it('the untouched copy resumes and ends as the run that never stopped (the control)', () => {
    const dir = copyOfStopped();
    expect(fs.readFileSync(path.join(dir, 'impact-statistics.csv'), 'utf8').trim().split('\n').length).toBeGreaterThan(1);
    expect(fs.statSync(path.join(dir, 'impacts.bin')).size).toBeGreaterThan(16);
    const r = grainflow(['run', '--resume', dir, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expectSameResults(dir);
  });

  it('rows written after the checkpoint are cut off (the exact repair): the result is the uninterrupted run\'s', () => {
    const dir = copyOfStopped();
    fs.appendFileSync(path.join(dir, 'series.csv'), '0.9,1,2,3\n0.91,1,2,3\n');
    const r = grainflow(['run', '--resume', dir, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expectSameResults(dir);
  });

  const refusals: [string, (dir: string) => void, (dir: string) => RegExp][] = [
    ['series.csv cut short', (dir) => fs.truncateSync(path.join(dir, 'series.csv'), Math.floor(checkpointBytes.series / 2)),
      (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/series\\.csv has \\d+ bytes, fewer than the \\d+ the checkpoint continues after`)],
    ['series.csv changed inside the part kept', (dir) => {
      const file = path.join(dir, 'series.csv');
      const text = fs.readFileSync(file, 'utf8');
      const at = text.indexOf('\n') + 3;
      fs.writeFileSync(file, text.slice(0, at) + (text[at] === '9' ? '8' : '9') + text.slice(at + 1));
    }, (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/series\\.csv differs from what the run wrote before its checkpoint`)],
    ['series.csv deleted', (dir) => fs.rmSync(path.join(dir, 'series.csv')),
      (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/series\\.csv is missing`)],
    ['impacts.bin replaced by a directory', (dir) => {
      fs.rmSync(path.join(dir, 'impacts.bin'));
      fs.mkdirSync(path.join(dir, 'impacts.bin'));
    }, (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/impacts\\.bin is a directory, not the file the run wrote`)],
    ['impact-statistics.csv changed inside the part kept', (dir) => {
      const file = path.join(dir, 'impact-statistics.csv');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('wall:0', 'wall:1'));
    }, (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/impact-statistics\\.csv differs from what the run wrote before its checkpoint`)],
    ['a listed frame deleted', (dir) => fs.rmSync(path.join(dir, 'frames', '000003.f32')),
      (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/frames/000003\\.f32 is missing \\(the checkpoint lists it among the run's frames\\)`)],
    ['the frames directory deleted', (dir) => fs.rmSync(path.join(dir, 'frames'), { recursive: true }),
      (dir) => new RegExp(`^grainflow: cannot resume: ${dir}/frames/\\S+ is missing`)],
    ['a directory under the newest checkpoint\'s name', (dir) => {
      const checkpoints = path.join(dir, 'checkpoints');
      const newest = fs.readdirSync(checkpoints).filter((n) => n.endsWith('.gfck')).sort().at(-1)!;
      const next = newest.replace(/\d{10}/, (n) => String(Number(n) + 1).padStart(10, '0'));
      fs.mkdirSync(path.join(checkpoints, next));
    }, () => /^grainflow: cannot resume: .*checkpoints\/step-\d{10}\.gfck is a directory, not a checkpoint grainflow wrote/],
  ];

  it.each(refusals)('%s: refused in one line naming the file, status 2, nothing changed', (_name, edit, message) => {
    const dir = copyOfStopped();
    edit(dir);
    const before = contents(dir);
    const r = grainflow(['run', '--resume', dir, '--quiet']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.lines, r.stderr).toHaveLength(1);
    expect(r.lines[0]).toMatch(message(dir));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(contents(dir)).toEqual(before);
  });

  it('the STL mesh changed since the stop: refused naming the wall and the file; the original back, it resumes', () => {
    const dir = copyOfStopped();
    const original = fs.readFileSync(mesh);
    try {
      writeStl(mesh, asciiStl(FLOOR.map((v, k) => (k % 3 === 2 ? -0.3 : v)), 'floor'));
      const r = grainflow(['run', '--resume', dir, '--quiet']);
      expect(r.status, r.stderr).toBe(2);
      expect(r.lines, r.stderr).toEqual([`grainflow: cannot resume: walls[0].file ${path.relative(process.cwd(), mesh)} is not `
        + 'the mesh the run started with (the SHA-256 of its triangles differs from the checkpoint\'s): put the original '
        + 'back or start the run again']);
    } finally {
      fs.writeFileSync(mesh, original);
    }
    const again = grainflow(['run', '--resume', dir, '--quiet']);
    expect(again.status, again.stderr).toBe(0);
    expectSameResults(dir);
  });

  it('the sphere file changed since the stop: refused naming particles.file and the file; the original back, it resumes', () => {
    const dir = copyOfStopped();
    try {
      // The same sphere written another way is another file: the SHA-256 is of its bytes.
      fs.writeFileSync(spheres, BALL.replace('0.6', '0.60'));
      const before = contents(dir);
      const r = grainflow(['run', '--resume', dir, '--quiet']);
      expect(r.status, r.stderr).toBe(2);
      expect(r.lines, r.stderr).toEqual([`grainflow: cannot resume: particles.file ${path.relative(process.cwd(), spheres)} is `
        + 'not the sphere file the run started with (the SHA-256 of its bytes differs from the checkpoint\'s): put the original '
        + 'back or start the run again']);
      expect(contents(dir)).toEqual(before);
      fs.rmSync(spheres);
      const gone = grainflow(['run', '--resume', dir, '--quiet']);
      expect(gone.status, gone.stderr).toBe(2);
      expect(gone.lines).toEqual([expect.stringMatching(/particles\.file: cannot read sphere file .*ball\.csv: no such file$/)]);
    } finally {
      fs.writeFileSync(spheres, BALL);
    }
    const again = grainflow(['run', '--resume', dir, '--quiet']);
    expect(again.status, again.stderr).toBe(0);
    expectSameResults(dir);
  });
});
