/**
 * The million-sphere example, scenarios/lammps/settle-1m.json (project issue 27, point 3), as a user takes it to
 * LAMMPS and back: exported, run STEPS steps on 2 MPI ranks (a frame every FRAME_STEPS), imported, and its last
 * frame rendered to PNG. Long tier only (lammpsTests). What it holds the round trip to:
 *  - every one of the 10⁶ spheres comes back, none below the floor nor outside the periodic box;
 *  - the bed falls freely: the seeded block starts at rest with no sphere touching another, so in STEPS steps only
 *    the spheres within ½gt² (28 µm) of the floor meet anything, and velocity Verlet integrates a constant g
 *    exactly — the centre of mass must fall ½gt² (to 1 %, never more) and the kinetic energy be ½M(gt)² (the same);
 *  - the two ranks hold atom counts within 25 % of their mean (log.lammps);
 *  - the import's peak memory is bounded by frames, not by the dump: at most four frames of 12 doubles a sphere
 *    above the export's, which resolves the same set-up and reads no dump (the frame being read, the one before it
 *    not yet collected, and the garbage collector's slack: measured 90–200 MB over 3–7 frames, so four frames
 *    leave about 180 MB for the collector's timing); the dump's seven frames are larger than that, so an import that
 *    read it whole would fail;
 *  - the render draws the bed: every 1 000th sphere's projected centre lies on a drawn pixel.
 * Measured on 2 cores shared with other work: docs/lammps.md, "A million spheres".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import { beforeAll, expect, it } from 'vitest';
import type { FrameIndex } from '../../src/output/frames.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { projector } from '../helpers/pinhole.js';
import { lammpsTests, rankImbalance, readCsvColumns, runLammps, scratchDirectory } from './lammps-runner.js';

const EXAMPLE = 'scenarios/lammps/settle-1m.json';
const STEPS = 300, FRAME_STEPS = 50;
const CLI = path.resolve('bin/grainflow.js');
const API = path.resolve('dist/src/api/index.js');
/** Whole minutes of work on a loaded 2-core machine (docs/lammps.md gives the times measured). */
const TIMEOUT = 1_800_000;
/** The render's background (src/render/page), as test/render/browser.test.ts reads it. */
const BACKGROUND = [0xee, 0xf0, 0xf3];

const scratch = scratchDirectory('lammps-settle-1m');
const deck = path.join(scratch, 'deck'), run = path.join(scratch, 'run'), png = path.join(scratch, 'png');

/**
 * Runs `body` (a module's text, given `grainflow`, the public API, and `args`) in a child Node process and returns
 * its peak resident memory in bytes (process.resourceUsage, so no /usr/bin/time is needed).
 */
function peakBytes(body: string, ...args: string[]): number {
  const script = `const grainflow = await import(${JSON.stringify(API)}); const args = process.argv.slice(1);\n${body}\n`
    + 'process.stdout.write(String(process.resourceUsage().maxRSS * 1024));';
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], { encoding: 'utf8' });
  expect(r.stderr.split('\n').filter((l) => l !== '' && !l.includes('warning'))).toEqual([]);
  expect(r.status).toBe(0);
  return Number(r.stdout);
}

/** The example shortened to STEPS steps of its own dt, a frame every FRAME_STEPS, written to the scratch directory. */
function shortened(): { file: string; dt: number; density: number } {
  const json = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as Scenario & Record<string, unknown>;
  const dt = json.time.dt as number;
  expect(typeof dt, `${EXAMPLE} gives its time step`).toBe('number');
  json.time = { ...json.time, duration: STEPS * dt };
  json.outputs = { ...json.outputs, interval: FRAME_STEPS * dt };
  delete json.$schema;
  const file = path.join(scratch, 'settle-1m-short.json');
  fs.writeFileSync(file, JSON.stringify(json));
  return { file, dt, density: Object.values(json.materials)[0].density };
}

/** The imported run's frames/index.json. */
const frameIndex = () => JSON.parse(fs.readFileSync(path.join(run, 'frames/index.json'), 'utf8')) as FrameIndex;

/** The positions (xyz by id, m) of a stored frame of the imported run; its speeds follow them in the file. */
function framePositions(index: FrameIndex, k: number): Float32Array {
  const bytes = fs.readFileSync(path.join(run, 'frames', index.frames.at(k)!.file));
  const n = index.particles;
  expect(bytes.length, `frame ${k}: 3 coordinates and a speed per sphere`).toBe(16 * n);
  return new Float32Array(bytes.buffer, bytes.byteOffset, 3 * n);
}

/** The spheres' radii by id (m). */
function radii(index: FrameIndex): Float32Array {
  const bytes = fs.readFileSync(path.join(run, 'frames', index.radius.file));
  return new Float32Array(bytes.buffer, bytes.byteOffset, index.particles);
}

/** The centre of mass's height of equal spheres (m), summed in doubles. */
function meanHeight(position: Float32Array): number {
  let sum = 0;
  for (let k = 2; k < position.length; k += 3) sum += position[k];
  return sum / (position.length / 3);
}

lammpsTests('LAMMPS: the million-sphere example, 2 ranks, exported, run, imported and rendered', () => {
  const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as Scenario;
  const spheres = example.insert![0].count!;
  const box = example.periodic!;
  let exportPeak = 0, importPeak = 0, dt = 0, density = 0;

  beforeAll(() => {
    const short = shortened();
    ({ dt, density } = short);
    exportPeak = peakBytes('grainflow.exportLammps(grainflow.loadScenario(args[0]), { out: args[1] });', short.file, deck);
    runLammps(deck, 2);
    importPeak = peakBytes('await grainflow.importLammpsRun(args[0], { out: args[1] });', deck, run);
  }, TIMEOUT);

  it('brings back every sphere, above the floor and inside the periodic box', () => {
    const index = frameIndex();
    expect(index.particles).toBe(spheres);
    expect(index.frames.map((f) => f.count)).toEqual(Array(STEPS / FRAME_STEPS + 1).fill(spheres));
    const radius = radii(index);
    const position = framePositions(index, -1);
    let lowest = Infinity, outside = 0;
    for (let p = 0; p < spheres; p++) {
      const [x, y, z] = [position[3 * p], position[3 * p + 1], position[3 * p + 2]];
      lowest = Math.min(lowest, (z - radius[p]) / radius[p]);
      if (x < box.min[0] || x > box.max[0] || y < box.min[1] || y > box.max[1] || z > box.max[2]) outside++;
    }
    expect(outside, 'spheres outside the periodic box or above the block').toBe(0);
    // A sphere reaching the floor at gt = 2.4 cm/s compresses it by well under 1 % of its radius.
    expect(lowest, 'deepest floor overlap / radius').toBeGreaterThan(-0.01);
  });

  it('falls freely: the centre of mass by ½gt² and the kinetic energy ½M(gt)², to 1 % and never more', () => {
    const index = frameIndex();
    const t = STEPS * dt, g = -example.gravity[2];
    expect(index.frames.at(-1)!.t - index.frames[0].t).toBeCloseTo(t, 12);
    const fall = meanHeight(framePositions(index, 0)) - meanHeight(framePositions(index, -1));
    const freeFall = 0.5 * g * t * t;
    // Float32 positions round by at most 4 nm at 0.12 m: 1e-3 of ½gt² (28 µm) is far above that.
    expect(fall / freeFall).toBeLessThan(1 + 1e-3);
    expect(fall / freeFall).toBeGreaterThan(0.99);
    const radius = radii(index);
    const mass = radius.reduce((m, r) => m + (4 / 3) * Math.PI * r ** 3 * density, 0);
    const kinetic = readCsvColumns(path.join(run, 'series.csv')).kinetic_energy.at(-1)!;
    const freeKinetic = 0.5 * mass * (g * t) ** 2;
    expect(kinetic / freeKinetic).toBeLessThan(1 + 1e-3);
    expect(kinetic / freeKinetic).toBeGreaterThan(0.99);
  });

  it('keeps the two ranks\' atom counts within 25 % of their mean', () => {
    expect(rankImbalance(deck), 'max/mean atoms per rank').toBeLessThan(1.25);
  });

  it('imports within four frames of memory above the export', () => {
    const frameBytes = 12 * 8 * spheres;
    const dumpBytes = fs.statSync(path.join(deck, 'dump.grainflow')).size;
    expect(dumpBytes, 'the dump is larger than the bound, so reading it whole would fail').toBeGreaterThan(4 * frameBytes);
    expect(importPeak - exportPeak, `import ${importPeak} B against export ${exportPeak} B`).toBeLessThan(4 * frameBytes);
  });

  it('renders the last frame: every 1 000th sphere\'s centre on a drawn pixel', () => {
    const width = 640, height = 360;
    const r = spawnSync(process.execPath, [CLI, 'render', run, '--out', `${png}/`, '--max-frames', '2',
      '--width', String(width), '--height', String(height), '--quiet'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const index = frameIndex();
    const last = fs.readdirSync(png).filter((f) => /^frame-\d{6}\.png$/.test(f)).sort().at(-1)!;
    const image = decode(fs.readFileSync(path.join(png, last)));
    expect([image.width, image.height]).toEqual([width, height]);
    const project = projector(JSON.parse(fs.readFileSync(path.join(png, 'camera.json'), 'utf8')));
    const position = framePositions(index, -1);
    let blank = 0;
    for (let p = 0; p < spheres; p += 1000) {
      const [x, y] = project([position[3 * p], position[3 * p + 1], position[3 * p + 2]]).map(Math.round);
      expect(x >= 0 && x < width && y >= 0 && y < height, `sphere ${p} at (${x}, ${y})`).toBe(true);
      const at = image.channels * (y * width + x);
      if (BACKGROUND.every((c, i) => Math.abs(image.data[at + i] - c) <= 2)) blank++;
    }
    expect(blank, 'sampled spheres on background pixels').toBe(0);
  }, TIMEOUT);
});
