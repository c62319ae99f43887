/**
 * What the camera frames (src/output/frames.ts framedBox; issue 28, point 4: the iso view cut the fringe of a
 * spread bed at the bottom edge): every sphere of the last frame whole, the fringe beyond the 99th percentile
 * included, but not a stray far from the rest; checked on the box itself and, in Chromium, by projecting every
 * framed sphere through the camera the exporter records: each disc lies inside the image.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { framedBox, type FrameIndex } from '../../src/output/frames.js';
import { robustBox } from '../../src/output/robust-extent.js';
import { renderRun } from '../../src/render/export.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { dotp, projector, sub, unit } from '../helpers/pinhole.js';
import { browserTests } from '../helpers/viewer-page.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-framing-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const R = 0.1;
/**
 * A 4.75 m square bed of 400 balls, its fringe towards the iso camera (5 balls out to y = −2.5 m, 1.2 % of the
 * spheres: the outermost lies 2 m beyond the 1st percentile, at the bottom of the iso view) and a stray at 12 m.
 */
const BED = Array.from({ length: 400 }, (_, k) => [0.25 * (k % 20), 0.25 * Math.floor(k / 20), R]);
const FRINGE = [[1, -0.5, R], [2, -0.75, R], [3, -1, R], [4, -1.25, R], [4.75, -2.5, R]];
const STRAY = [12, 0, R];
const framed = [...BED, ...FRINGE];

describe('the framing box', () => {
  it('holds every sphere of the bed and its fringe whole, and not the stray', () => {
    const spheres = [...framed, STRAY];
    const box = framedBox(spheres.flat(), spheres.map(() => R))!;
    expect(box.min).toEqual([-R, -2.5 - R, 0]);
    expect(box.max).toEqual([4.75 + R, 4.75 + R, 2 * R]);
    // The 1st percentile alone cut the fringe's outermost ball.
    expect(robustBox(spheres.flat())!.min[1]).toBeGreaterThan(-1);
  });
});

browserTests('the picture', () => {
  it('shows every framed sphere whole in the iso view', async () => {
    const scenario = editedScenario('scenarios/bouncing-ball.json', (s) => {
      Object.assign(s, { particles: [...framed, STRAY].map((position) => ({ radius: R, material: 'ball', position })) });
      s.time.duration = 0.001;
      s.outputs = { ...s.outputs, interval: 0.001, vtk: false };
      delete (s as { analysis?: unknown }).analysis;
    });
    const runDir = path.join(scratch, 'bed');
    await runToDirectory(createSetup(scenario, { workers: 1 }), runDir);
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(runDir, 'frames/index.json'), 'utf8'));
    const out = path.join(scratch, 'png');
    const [width, height] = [640, 360];
    await renderRun(runDir, { out, width, height, maxFrames: 1, colorBy: 'speed', camera: 'iso', fit: 'final' });
    const camera = JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8'));
    const project = projector(camera);
    const forward = unit(sub(camera.target, camera.position));
    const focal = height / 2 / Math.tan((camera.fovDegrees * Math.PI) / 360);
    // Positions barely move in 0.001 s (the balls fall 5 µm): the scenario's own are the frame's to far below a pixel.
    const [low, high] = [[Infinity, Infinity], [-Infinity, -Infinity]];
    for (const centre of framed) {
      const [x, y] = project(centre);
      const r = (focal * R) / dotp(sub(centre, camera.position), forward);
      expect(x - r, `${centre}`).toBeGreaterThanOrEqual(0);
      expect(x + r, `${centre}`).toBeLessThanOrEqual(width);
      expect(y - r, `${centre}`).toBeGreaterThanOrEqual(0);
      expect(y + r, `${centre}`).toBeLessThanOrEqual(height);
      [low[0], low[1], high[0], high[1]] = [Math.min(low[0], x - r), Math.min(low[1], y - r), Math.max(high[0], x + r), Math.max(high[1], y + r)];
    }
    // and the picture is filled, not shrunk by the stray: the bed spans most of the image one way or the other
    // (a third of it, had the stray been framed).
    expect(Math.max((high[0] - low[0]) / width, (high[1] - low[1]) / height)).toBeGreaterThan(0.6);
    expect(index.framing.final.min[1]).toBe(-2.5 - R);
  });
});
