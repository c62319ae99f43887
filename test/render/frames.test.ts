/**
 * Frames for the viewer (src/output/frames.ts) and the wall geometry they carry (src/output/wall-surfaces.ts):
 *  - a run writes one frame per series.csv row; the last frame holds the final positions and speeds of
 *    summary.json (same values rounded to Float32), radii and materials by id;
 *  - frames at the requested times: with an interval of 27.03 time steps, frame j is stamped j·interval exactly
 *    and holds the ball where free fall has it then, z₀ − gt²/2 to Float32's rounding, although t lies between
 *    steps (the state of the nearest step is up to v·dt/2 = 11 µm off: 200 times that rounding); the last frame
 *    is stamped with the run's duration, and no frame carries an offset;
 *  - the camera framing holds every sphere of the last frame whole, the fringe of a spread included, and leaves out
 *    a stray far from the rest;
 *  - each frame's colour ranges are the 1st–99th percentiles of its speeds (from 0) and heights, recomputed here;
 *  - walls per frame, at the frame's time exactly although it lies between steps: a gate is in the frames before
 *    its removeAt and null from then on, a moving cylinder's offset is v·(t − start) and a turning drum's map the
 *    rotation by ω·t about its axis (the simulation's own definitions, src/walls/motion.ts), and the camera's final
 *    framing holds the lifted cylinder;
 *  - frames and VTK files are bit-identical on 1 and 2 worker threads;
 *  - walls: the planes of a box become its five faces exactly (areas against the box's, each triangle wound
 *    counter-clockwise seen from the domain), a lone floor a patch under the particles grown by the margin, a
 *    collector plane below a removable gate is not cut by it; a run's floor spans every sphere, a stray included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAME_FORMAT_VERSION, type FrameIndex } from '../../src/output/frames.js';
import { wallSurfaces, type Extent } from '../../src/output/wall-surfaces.js';
import { buildWallModel } from '../../src/walls/build.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-frames-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const readF32 = (file: string) => {
  const b = fs.readFileSync(file);
  return new Float32Array(b.buffer, b.byteOffset, b.length / 4);
};

describe('frames of a run', () => {
  it('are stamped with the requested output times and hold the state at each, between steps', async () => {
    const dt = 3.7e-5, interval = 0.001, g = 9.8, z0 = 1;
    const scenario = editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.time = { duration: 0.0605, dt };
      s.outputs = { ...s.outputs, interval, vtk: false };
      delete s.analysis;
    });
    const out = path.join(scratch, 'requested-times');
    await runToDirectory(createSetup(scenario, { workers: 1 }), out);
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(out, 'frames/index.json'), 'utf8'));
    const requested = Array.from({ length: 61 }, (_, j) => Number((j * interval).toPrecision(12)));
    expect(index.frames.map((f) => f.t)).toEqual([...requested, 0.0605]);
    expect(index.frames[59].t).toBe(0.059);
    index.frames.forEach((f, j) => {
      const [, , z] = readF32(path.join(out, 'frames', f.file));
      // Float32 rounds a z in [0.5, 1) by up to half its spacing 2⁻²⁴ (6e-8); the spacing is allowed.
      expect(Math.abs(z - (z0 - (g * f.t ** 2) / 2)), `frame ${j} (t = ${f.t} s)`).toBeLessThanOrEqual(2 ** -24);
    });
    expect(index.frames.filter((f) => 'offset' in f)).toEqual([]);
  });

  it('hold every output time, the final state of summary.json, radii and materials by id', async () => {
    const scenario = editedScenario('test/fixtures/render-2k.json', (s) => { s.outputs.vtk = false; });
    const setup = createSetup(scenario, { workers: 1 });
    const out = path.join(scratch, 'run');
    const summary = await runToDirectory(setup, out);
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(out, 'frames/index.json'), 'utf8'));
    const seriesTimes = fs.readFileSync(path.join(out, 'series.csv'), 'utf8').trim().split('\n').slice(1)
      .map((line) => Number(line.split(',')[0]));
    // Here the interval is 50 steps: frames and series rows fall on the same steps, the frames stamped with the
    // requested times.
    expect(index.frames.map((f) => f.t)).toEqual([0, 0.001, 0.002, 0.003, 0.004]);
    index.frames.forEach((f, k) => expect(f.t).toBeCloseTo(seriesTimes[k], 15));
    expect(index.particles).toBe(2000);

    const n = index.particles;
    const last = readF32(path.join(out, 'frames', index.frames.at(-1)!.file));
    expect(last).toHaveLength(4 * n);
    const final = summary.final.particles!;
    const expectedPositions = Float32Array.from(final.flatMap((p) => p.position));
    const expectedSpeeds = Float32Array.from(final.map((p) => Math.hypot(...p.velocity)));
    expect(last.subarray(0, 3 * n)).toEqual(expectedPositions);
    expect(last.subarray(3 * n)).toEqual(expectedSpeeds);
    // The last frame's colour ranges: 1st and 99th percentiles, linear between neighbours.
    const percentile = (values: Float32Array, q: number) => {
      const sorted = Float64Array.from(values).sort();
      const x = q * (sorted.length - 1), k = Math.floor(x);
      return sorted[k] + (x - k) * (sorted[k + 1] - sorted[k]);
    };
    const heights = Float32Array.from({ length: n }, (_, p) => last[3 * p + 2]);
    expect(index.version).toBe(FRAME_FORMAT_VERSION);
    expect(index.frames.at(-1)!.ranges.speed).toEqual([0, percentile(last.subarray(3 * n), 0.99)]);
    expect(index.frames.at(-1)!.ranges.height).toEqual([percentile(heights, 0.01), percentile(heights, 0.99)]);
    expect(index.ranges.speed[1]).toBe(Math.max(...index.frames.map((f) => f.ranges.speed[1])));

    expect(readF32(path.join(out, 'frames/radius.f32'))).toEqual(Float32Array.from(setup.particles.radius));
    const material = fs.readFileSync(path.join(out, 'frames/material.u16'));
    expect(new Uint16Array(material.buffer, material.byteOffset, n)).toEqual(setup.particles.material);
    expect(index.walls.triangles).toBe(10);
    expect(readF32(path.join(out, 'frames/walls.f32'))).toHaveLength(90);
  });

  it('place each wall where it is at each frame\'s time: a gate until removeAt, a lifted cylinder, a turning drum', async () => {
    // dt = 23 µs: the frames' times (every ms) lie between steps, where the walls of the nearest step are up to
    // 2 m/s × 11.5 µs from where they are at t.
    const omega = 3;
    const scenario = editedScenario('test/fixtures/render-walls.json', (s) => {
      s.time.dt = 2.3e-5;
      s.walls.push({
        type: 'cylinder', center: [0, 0], radius: 0.05, zMin: 0, zMax: 0.03, material: 'glass',
        motion: { rotation: { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: omega } },
      } as (typeof s.walls)[number]);
    });
    const out = path.join(scratch, 'walls');
    await runToDirectory(createSetup(scenario, { workers: 1 }), out);
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(out, 'frames/index.json'), 'utf8'));
    const [gate, cylinder] = scenario.scenario.walls as unknown as [{ removeAt: number }, { motion: { velocity: number[]; start: number } }];
    expect(index.frames).toHaveLength(11);
    for (const frame of index.frames) {
      if (frame.t < gate.removeAt) expect(frame.walls[0], `t = ${frame.t}`).toEqual([0, 0, 0]);
      else expect(frame.walls[0], `t = ${frame.t}`).toBeNull();
      const lift = cylinder.motion.velocity[2] * Math.max(0, frame.t - cylinder.motion.start);
      expect(frame.walls[1]![2], `t = ${frame.t}`).toBeCloseTo(lift, 12);
      // The drum's map [translation, R row-major]: R turns by ωt about z, about the origin (no translation).
      const c = Math.cos(omega * frame.t), s = Math.sin(omega * frame.t);
      const drum = [0, 0, 0, c, -s, 0, s, c, 0, 0, 0, 1];
      frame.walls[2]!.forEach((v, k) => expect(v, `t = ${frame.t}, entry ${k}`).toBeCloseTo(drum[k], 12));
    }
    // Both states of the gate are stored, and the camera frames the cylinder where it ends: top at 0.03 + 0.016 m.
    expect(index.frames.some((f) => f.walls[0] !== null) && index.frames.some((f) => f.walls[0] === null)).toBe(true);
    expect(index.framing.final.max[2]).toBeCloseTo(0.03 + 2 * (0.01 - 0.002), 6);
    expect(index.framing.final.min[2]).toBeLessThan(0.005); // and the spheres near the floor
  });

  it('are bit-identical on 1 and 2 worker threads, frames and VTK files, at times between steps', async () => {
    // 2 000 spheres: two lanes (one below 1 000). dt = 23 µs puts the frames' times between steps.
    const scenario = editedScenario('test/fixtures/render-2k.json', (s) => {
      s.time.dt = 2.3e-5;
      s.outputs.vtk = true;
    });
    const files = async (workers: number) => {
      const setup = createSetup(scenario, { workers });
      setup.lanes = workers; // as determinism.test.ts: two lanes even on a one-core machine, where workers are capped
      const out = path.join(scratch, `workers-${workers}`);
      expect((await runToDirectory(setup, out)).performance.lanes).toBe(workers);
      const inside = (d: string) => fs.readdirSync(path.join(out, d)).map((f) => `${d}/${f}`);
      const written = ['particles.pvd', ...inside('frames'), ...inside('vtk')];
      return new Map(written.sort().map((f) => [f, fs.readFileSync(path.join(out, f))]));
    };
    const one = await files(1), two = await files(2);
    expect([...two.keys()]).toEqual([...one.keys()]);
    expect(one.size).toBeGreaterThan(10);
    for (const [name, bytes] of one) expect(two.get(name)!.equals(bytes), name).toBe(true);
  });

  it('are not written with outputs.frames false', async () => {
    const scenario = editedScenario('scenarios/two-spheres.json', (s) => { s.outputs.frames = false; });
    const out = path.join(scratch, 'no-frames');
    await runToDirectory(createSetup(scenario), out);
    expect(fs.existsSync(path.join(out, 'frames'))).toBe(false);
  });
});

/** Sum of triangle areas and the unit normal of each triangle (right-hand rule). */
function measure(triangles: Float32Array, first: number, count: number) {
  let area = 0;
  const normals: number[][] = [];
  for (let t = first; t < first + count; t++) {
    const v = (k: number) => [0, 1, 2].map((a) => triangles[9 * t + 3 * k + a]);
    const [a, b, c] = [v(0), v(1), v(2)];
    const u = b.map((x, i) => x - a[i]), w = c.map((x, i) => x - a[i]);
    const cross = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    const len = Math.hypot(...cross);
    area += len / 2;
    normals.push(cross.map((x) => x / len));
  }
  return { area, normals };
}

describe('wallSurfaces', () => {
  const L = 0.03;
  const extent: Extent = { min: [0.001, 0.001, 0], max: [L - 0.001, L - 0.001, 0.02] };
  const r = 0.001;
  const margin = 0.1 * Math.hypot(L - 0.002, L - 0.002, 0.02) + 2 * r;

  it('cuts the planes of an open box into its floor and four side faces', () => {
    const walls = [
      { point: [0, 0, 0], normal: [0, 0, 1] },
      { point: [0, 0, 0], normal: [1, 0, 0] },
      { point: [L, 0, 0], normal: [-1, 0, 0] },
      { point: [0, 0, 0], normal: [0, 1, 0] },
      { point: [0, L, 0], normal: [0, -1, 0] },
    ] as { point: [number, number, number]; normal: [number, number, number] }[];
    const model = buildWallModel(walls.map((w) => ({ type: 'plane' as const, ...w, material: 'm' })));
    const { triangles, walls: ranges } = wallSurfaces(model, extent, r);
    const top = extent.max[2] + margin;
    walls.forEach((wall, k) => {
      const { area, normals } = measure(triangles, ranges[k].first, ranges[k].count);
      expect(area).toBeCloseTo(k === 0 ? L * L : L * top, 9);
      for (const n of normals) n.forEach((c, a) => expect(c).toBeCloseTo(wall.normal[a], 6));
    });
    // Every vertex lies inside the box.
    for (let k = 0; k < triangles.length; k += 3) {
      expect(triangles[k]).toBeGreaterThanOrEqual(-1e-7);
      expect(triangles[k]).toBeLessThanOrEqual(L + 1e-7);
      expect(triangles[k + 2]).toBeGreaterThanOrEqual(-1e-7);
    }
  });

  it('draws a cylinder from its facets, every vertex on the cylinder, next to a plane floor', () => {
    const model = buildWallModel([
      { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' },
      { type: 'cylinder', center: [0.01, 0.01], axis: [0, 0, 1], radius: 0.02, zMin: 0, zMax: 0.05, closed: false, material: 'm' },
    ]);
    const { triangles, walls } = wallSurfaces(model, extent, r);
    expect(walls[1].count).toBe(2 * 48);
    for (let t = walls[1].first; t < walls[1].first + walls[1].count; t++) {
      for (let v = 0; v < 3; v++) {
        const o = 9 * t + 3 * v;
        expect(Math.hypot(triangles[o] - 0.01, triangles[o + 1] - 0.01)).toBeCloseTo(0.02, 6);
      }
    }
  });

  it('does not cut a collector plane by a gate that is removed', () => {
    const walls = buildWallModel([
      { type: 'plane', point: [0, 0, -0.1], normal: [0, 0, 1], material: 'm' },
      { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', removeAt: 0.3 },
    ]);
    const { triangles, walls: ranges } = wallSurfaces(walls, extent, r);
    expect(measure(triangles, ranges[0].first, ranges[0].count).area).toBeCloseTo(measure(triangles, ranges[1].first, ranges[1].count).area, 9);
    expect(ranges[0].count).toBe(2);
  });

  it('draws a lone floor as a patch under the particles grown by the margin', () => {
    const floor = buildWallModel([{ type: 'plane', point: [0, 0, -0.5], normal: [0, 0, 1], material: 'm' }]);
    const { triangles, walls } = wallSurfaces(floor, extent, r);
    const { area } = measure(triangles, walls[0].first, walls[0].count);
    const side = (a: number) => extent.max[a] - extent.min[a] + 2 * margin;
    expect(area).toBeCloseTo(side(0) * side(1), 9);
  });

  it('draws a run\'s floor under every sphere, one far from the others included', async () => {
    // 100 balls on a 2.25 m square and one 10 m away: beyond the 99th percentile the camera frames.
    const scenario = editedScenario('scenarios/bouncing-ball.json', (s) => {
      const ball = { radius: 0.1, material: 'ball' };
      const balls = [...Array.from({ length: 100 }, (_, k) => [0.25 * (k % 10), 0.25 * Math.floor(k / 10), 0.1]), [10, 0, 0.1]];
      Object.assign(s, { particles: balls.map((position) => ({ ...ball, position })) });
      s.time.duration = 0.001;
      s.outputs = { ...s.outputs, interval: 0.001, vtk: false };
    });
    const out = path.join(scratch, 'stray');
    await runToDirectory(createSetup(scenario, { workers: 1 }), out);
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(out, 'frames/index.json'), 'utf8'));
    expect(index.framing.final.max[0]).toBeLessThan(5);
    const floor = readF32(path.join(out, 'frames/walls.f32'));
    const xs = floor.filter((_, k) => k % 3 === 0);
    const ys = floor.filter((_, k) => k % 3 === 1);
    // The patch is a rectangle on the xy plane: it spans every centre, radius and margin included.
    expect(Math.max(...xs)).toBeGreaterThan(10 + 0.1);
    expect(Math.min(...xs)).toBeLessThan(-0.1);
    expect(Math.max(...ys)).toBeGreaterThan(2.25 + 0.1);
    expect(Math.min(...ys)).toBeLessThan(-0.1);
  });
});
