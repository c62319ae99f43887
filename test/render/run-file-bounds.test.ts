/**
 * Every file render, view and the library's readRun read back from a run goes through the bounds of scenario
 * files (issue 25, item 4): a FIFO in place of frames/index.json, summary.json or series.csv is refused at once
 * instead of waiting forever for a writer, one linked to /dev/zero instead of growing without bound, and a
 * malformed frame index is one line naming the field, not a TypeError.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRun, RunDirectoryError } from '../../src/api/index.js';
import { CLI } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-run-files-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let run: string;
beforeAll(() => {
  run = path.join(scratch, 'run');
  const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/two-spheres.json', '--out', run, '--quiet'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
});

/** A copy of the run with `name` replaced by what `plant` makes there. */
function runWith(name: string, plant: (file: string) => void): string {
  const copy = fs.mkdtempSync(path.join(scratch, 'copy-'));
  fs.cpSync(run, copy, { recursive: true });
  fs.rmSync(path.join(copy, name));
  plant(path.join(copy, name));
  return copy;
}
const fifo = (file: string) => expect(spawnSync('mkfifo', [file]).status).toBe(0);
const zero = (file: string) => fs.symlinkSync('/dev/zero', file);

function render(dir: string) {
  return spawnSync(process.execPath, [CLI, 'render', dir, '--out', path.join(scratch, `${path.basename(dir)}.gif`), '--quiet'],
    { encoding: 'utf8', timeout: 20_000 });
}

describe('render refuses a frame index it cannot trust, at once', () => {
  it.each([
    ['a FIFO', fifo, /it is a FIFO \(named pipe\), not a regular file$/],
    ['/dev/zero', zero, /it is a character device, not a regular file$/],
    ['an empty frame list', (file: string) => fs.writeFileSync(file, JSON.stringify({ format: 'grainflow-frames', version: 2, particles: 4, frames: [] })),
      /is not a grainflow frame index: "frames" is not a non-empty list$/],
    ['a frame file outside frames/', (file: string) => {
      const index = JSON.parse(fs.readFileSync(path.join(run, 'frames/index.json'), 'utf8'));
      index.frames[0].file = '../summary.json';
      fs.writeFileSync(file, JSON.stringify(index));
    }, /frames\[0\]\.file is not a frame file name$/],
  ])('frames/index.json as %s: status 2, one line naming the file', (_, plant, message) => {
    const dir = runWith('frames/index.json', plant);
    const r = render(dir);
    expect(r.signal, 'render hung').toBeNull();
    expect(r.status, r.stderr).toBe(2);
    const first = r.stderr.split('\n')[0];
    expect(first).toContain(path.join(dir, 'frames/index.json'));
    expect(first).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

// The defect caught: a frame file cut short or missing reached the page, whose error came back as a browser stack
// trace with status 1.
describe('render refuses a frame file of the wrong size, before a browser starts', () => {
  it.each([
    ['a frame cut short', 'frames/000001.f32', (file: string) => fs.writeFileSync(file, Buffer.alloc(30)), 'holds 30 bytes'],
    ['a frame missing', 'frames/000001.f32', () => {}, 'is missing or not a regular file'],
    ['an empty radius file', 'frames/radius.f32', (file: string) => fs.writeFileSync(file, ''), 'holds 0 bytes'],
  ])('%s (%s): status 2, one line naming it', (_, name, plant, what) => {
    const dir = runWith(name, plant);
    const r = spawnSync(process.execPath, [CLI, 'render', dir, '--out', path.join(scratch, `${path.basename(dir)}.gif`),
      '--quiet', '--max-frames', '1000'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^grainflow: ${path.join(dir, name)} ${what}; frames/index\\.json gives it \\d+: `
      + 'the run\'s frames are damaged \\(run the scenario again\\)\n$'));
  });
});

describe('readRun refuses a run file it cannot trust with RunDirectoryError', () => {
  it.each([
    ['summary.json', fifo, /it is a FIFO/], ['summary.json', zero, /character device/],
    ['series.csv', fifo, /it is a FIFO/], ['series.csv', zero, /character device/], ['scenario.json', zero, /character device/],
  ])('%s planted: refused at once', (name, plant, message) => {
    const dir = runWith(name, plant);
    // Not timed: a read that waited for a writer or read /dev/zero to the end would never return at all.
    const error = (() => { try { readRun(dir); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(RunDirectoryError);
    expect((error as Error).message).toContain(path.join(dir, name));
    expect((error as Error).message).toMatch(message);
  });

  // The defect caught: a series.csv cut mid-row came back with a last row missing columns; one cut in its header as
  // no rows at all.
  it.each([
    ['cut in its last row', (text: string) => text.slice(0, text.length - 5), 'does not end with a line break: the file was cut'],
    ['cut in its header', (text: string) => text.slice(0, 5), 'does not end with a line break: the file was cut'],
    ['with a short row', (text: string) => text.replace(/\n([^\n]*),[^,\n]*\n/, '\n$1\n'), /line 2: \d+ cells where the header has \d+ columns$/],
  ])('series.csv %s: refused, naming the file', (_, cut, message) => {
    const text = fs.readFileSync(path.join(run, 'series.csv'), 'utf8');
    const dir = runWith('series.csv', (file) => fs.writeFileSync(file, cut(text)));
    const error = (() => { try { readRun(dir); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(RunDirectoryError);
    expect((error as Error).message).toContain(path.join(dir, 'series.csv'));
    expect((error as Error).message).toMatch(message);
  });

  it('reads an intact run as before', () => {
    const results = readRun(run);
    expect(results.series.length).toBeGreaterThan(10);
    expect(results.summary).toHaveProperty('steps');
  });
});
