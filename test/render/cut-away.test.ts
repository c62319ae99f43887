/**
 * The cut-away (issue 28, point 5): a run with a silo or a hopper's cone is by default seen from the front with the
 * half nearer the camera left out, so the flow inside shows; --cut off draws everything, --cut on cuts any run.
 * Two resting spheres in a silo, one in front of the vertical plane through the centre and one behind it, checked
 * in the pixels at their projected centres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderRun, type Cut } from '../../src/render/export.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { projector, sub, unit } from '../helpers/pinhole.js';
import { browserTests } from '../helpers/viewer-page.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-cut-'));
const runDir = path.join(scratch, 'silo');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** In front of (y < 0, towards a front camera) and behind the plane x = … through the silo's axis. */
const NEAR = [0.015, -0.02, 0.05];
const FAR = [-0.015, 0.02, 0.05];

beforeAll(async () => {
  const scenario = editedScenario('scenarios/silo.json', (s) => {
    delete (s as { insert?: unknown }).insert;
    Object.assign(s, { particles: [NEAR, FAR].map((position) => ({ position, radius: 0.004, material: 'glass' })) });
    s.gravity = [0, 0, 0];
    s.time.duration = 0.001;
    s.outputs = { ...s.outputs, interval: 0.001, vtk: false };
    delete (s as { analysis?: unknown }).analysis;
  });
  await runToDirectory(createSetup(scenario, { workers: 1 }), runDir);
});

/** Whether the pixel at each sphere's projected centre shows that sphere (viridis' dark purple: green far below red and blue). */
async function drawn(name: string, cut?: Cut): Promise<{ near: boolean; far: boolean; towardsCamera: number[] }> {
  const out = path.join(scratch, name);
  await renderRun(runDir, { out, width: 320, height: 180, colorBy: 'speed', camera: 'auto', cut, maxFrames: 2 });
  const camera = JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8'));
  const project = projector(camera);
  const image = decode(fs.readFileSync(path.join(out, 'poster.png')));
  const sphereAt = (p: number[]) => {
    const [x, y] = project(p).map(Math.round);
    const [r, g, b] = [0, 1, 2].map((c) => image.data[image.channels * (y * image.width + x) + c]);
    return g < 0.5 * r && g < 0.5 * b;
  };
  return { near: sphereAt(NEAR), far: sphereAt(FAR), towardsCamera: unit(sub(camera.position, camera.target)) };
}

browserTests('the cut-away', () => {
  it('is on by default for a silo, seen from the front: the near half is left out, the far half shows', async () => {
    const { near, far, towardsCamera } = await drawn('auto');
    expect(towardsCamera[1]).toBeCloseTo(-1, 6); // camera auto = front, looking along +y
    expect(far).toBe(true);
    expect(near).toBe(false);
  });

  it('is off with --cut off: both spheres are drawn', async () => {
    expect(await drawn('off', 'off')).toMatchObject({ near: true, far: true });
  });
});
