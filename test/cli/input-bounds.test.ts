/**
 * Input bounds on the command line (issue 12): files that are not regular files (a FIFO, /dev/zero, a directory)
 * as scenario or STL mesh, `--max-steps`, and the inputs of `impact` and `calibrate` — each refused with exit
 * status 2 and one line naming the file or option, in bounded time, never a hang, a stack trace or a number that
 * is not a physical result.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { grainflowInProcess } from '../helpers/cli-in-process.js';

const CLI = path.resolve('bin/grainflow.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-bounds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A command that hangs fails the test at this timeout instead of blocking the suite. */
const TIMEOUT_MS = 30_000;

function grainflow(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: TIMEOUT_MS });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

/** Exit 2 with one line on stderr containing each of `parts`, nothing on stdout, no stack trace. */
function expectRefused(r: ReturnType<typeof grainflow>, ...parts: string[]) {
  expect(r.signal, 'the command hung').toBeNull();
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

const fifo = path.join(scratch, 'fifo');
spawnSync('mkfifo', [fifo]);
const directory = path.join(scratch, 'a-directory');
mkdirSync(directory);

/** Files that are not regular files, and why each is refused. */
const NOT_REGULAR = [
  ['a FIFO', fifo, 'a FIFO (named pipe), not a regular file'],
  ['/dev/zero', '/dev/zero', 'a character device, not a regular file'],
  ['a directory', directory, 'a directory, not a regular file'],
];

function meshScenario(file: string): string {
  const json = JSON.parse(readFileSync('test/fixtures/bad/density-zero.json', 'utf8'));
  json.materials.steel.density = 7800;
  json.walls = [{ type: 'mesh', file, material: 'steel' }];
  const scenario = path.join(scratch, `mesh-${path.basename(file)}.json`);
  writeFileSync(scenario, JSON.stringify(json));
  return scenario;
}

describe('input files that are not regular files', () => {
  it.each(NOT_REGULAR)('refuses %s as the scenario file at once', (_what, file, why) => {
    const out = path.join(scratch, 'out-scenario');
    expectRefused(grainflow('run', file, '--out', out, '--quiet'), `(file): cannot read scenario file ${file}: it is ${why}`);
    expect(existsSync(out)).toBe(false);
  });

  it.each(NOT_REGULAR)('refuses %s as an STL mesh at once', (_what, file, why) => {
    const out = path.join(scratch, 'out-mesh');
    expectRefused(grainflow('run', meshScenario(file), '--out', out, '--quiet'), `walls[0].file: cannot read STL file ${file}: it is ${why}`);
    expect(existsSync(out)).toBe(false);
  });
});

describe('--max-steps', () => {
  it('refuses a run longer than it allows, naming both numbers', () => {
    const r = grainflow('run', 'scenarios/two-spheres.json', '--out', path.join(scratch, 'short'), '--max-steps', '10', '--quiet');
    expectRefused(r, 'time: the run needs more steps than the 10 allowed (--max-steps, maxSteps): time.duration');
  });

  // A parse error, refused before anything is read: the CLI's main in this process (the spawned case above shows
  // the process adds nothing to a refusal).
  it.each(['0', '', '1.5', 'many'])('refuses --max-steps "%s"', async (value) => {
    const r = await grainflowInProcess(['run', 'scenarios/two-spheres.json', '--out', path.join(scratch, 'x'), '--max-steps', value]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--max-steps must be a whole number >= 1 (got "${value}")`);
  });
});

describe('impact and calibrate inputs', () => {
  it.each([
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1e300'], '--speed must be a number in [1e-4, 1000] m/s'],
    [['impact', '--model', 'hertz', '--speed', '1', '--radius', '1e6'], '--radius must be a number in [1e-7, 100] m'],
    [['impact', '--model', 'hertz', '--speed', '1', '--gravity', '1e300', '--target', 'wall'], '--gravity must be a number in [0, 1000] m/s²'],
    [['impact', '--model', 'hertz', '--speed', '1', '--gravity', '9.8'], '--gravity applies to a sphere on a wall only'],
    [['impact', '--example', 'aluminium-spheres', '--model', 'hertz'], '--model cannot be combined with --example'],
    [['impact', '--example', 'bouncing-ball', '--speed', '3'], '--speed cannot be combined with --example'],
    [['impact', '--model', 'tsuji', '--restitution', '1e-9', '--speed', '1'], 'contact.normal.restitution: must be in [1.25e-6, 1] for tsuji'],
    // The least e, 1.3101e-5, printed rounded up: to nearest it read [1.31e-5, 1] and refused 1.31e-5 itself.
    [['impact', '--model', 'kuwabara-kono', '--restitution', '1.31e-5', '--speed', '1'],
      'contact.normal.restitution: must be in [1.32e-5, 1] for kuwabara-kono'],
    [['impact', '--model', 'hertz', '--speed', '1', '--material', '{"youngsModulus":1e300,"poissonsRatio":0.3,"density":1e-300}'],
      '--material.youngsModulus must be a number in [100, 1e+13] Pa (Young\'s modulus); got 1e+300'],
    [['calibrate', '--model', 'kuwabara-kono', '--restitution', '0.5', '--reference-speed', '1e300'], '--reference-speed must be in (0, 1000] m/s'],
    [['calibrate', '--model', 'zhang-sharf', '--restitution', '1e-9'], 'contact.normal.restitution: must be in [0.001, 1] for zhang-sharf'],
  ])('%j is refused', (args, message) => {
    const out = path.join(scratch, 'impact-out');
    expectRefused(grainflow(...args, '--out', out), message);
    expect(existsSync(out)).toBe(false);
  });

  // Inputs whose own impact scenario once overflowed or underflowed, refused with its internal field
  // ("time.duration: must be > 0", "particles[0].position[0]") or a run that "had not ended after 6.74e-153 s":
  // now each names the option and its range (src/run/single-impact.ts IMPACT_BOUNDS says why each).
  it.each([
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1', '--radius', '1e-300'],
      'grainflow: --radius must be a number in [1e-7, 100] m (sphere radius); got 1e-300 (see grainflow impact --help)'],
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1e-300'],
      'grainflow: --speed must be a number in [1e-4, 1000] m/s (impact speed); got 1e-300 (see grainflow impact --help)'],
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1', '--material', '{"youngsModulus":1e-300,"poissonsRatio":0.3,"density":2700}'],
      'grainflow: --material.youngsModulus must be a number in [100, 1e+13] Pa (Young\'s modulus); got 1e-300 (see grainflow impact --help)'],
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1', '--material', '{"youngsModulus":7e10,"poissonsRatio":0.3,"density":1e300}'],
      'grainflow: --material.density must be a number in [0.1, 100000] kg/m³ (density); got 1e+300 (see grainflow impact --help)'],
    [['impact', '--model', 'kelvin-voigt', '--restitution', '0.5', '--stiffness', '1e308', '--speed', '1'],
      'grainflow: --stiffness must be a number in (0, 1e+14] N/m (linear spring stiffness k); got 1e+308 (see grainflow impact --help)'],
    [['calibrate', '--model', 'tsuji', '--restitution', '0.5', '--radius', '1e-300'],
      'grainflow: --radius must be a number in [1e-7, 100] m (sphere radius); got 1e-300 (see grainflow calibrate --help)'],
    // Each input in range, the combination not: a 100 Pa gel as dense as osmium at 1000 m/s once ended in
    // "internal: touching contact (0, 1) missing after rebuild".
    [['impact', '--model', 'tsuji', '--restitution', '0.5', '--speed', '1000', '--material', '{"youngsModulus":100,"poissonsRatio":0.3,"density":1e5}'],
      'grainflow: the tsuji impact at 1000 m/s (radius 0.02 m, E = 100 Pa, density 100000 kg/m³) would overlap by up to 152 m, '
      + 'beyond the radius: the bodies would pass through each other; these inputs are outside what the engine resolves'],
  ])('%j is refused naming the option and its range', async (args, line) => {
    const out = path.join(scratch, 'bounded-out');
    const r = await grainflowInProcess([...args, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.lines).toEqual([line]);
    expect(existsSync(out)).toBe(false);
  });

  it('a refused combination is one line in its own process too', () => {
    const out = path.join(scratch, 'spring-out');
    // A 1e14 N/m spring on a 0.1 µm aerogel grain at 1e-4 m/s: an overlap of 1e-23 m the coordinates cannot hold.
    const r = grainflow('impact', '--model', 'kelvin-voigt', '--restitution', '0.5', '--stiffness', '1e14', '--speed', '1e-4',
      '--radius', '1e-7', '--material', '{"youngsModulus":1e13,"poissonsRatio":0.3,"density":0.1}', '--out', out);
    expectRefused(r, 'would overlap by up to', 'below 1e-10 of the radius, finer than its coordinates resolve');
    expect(existsSync(out)).toBe(false);
  });
});
