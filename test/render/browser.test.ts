/**
 * Rendering in the system Chromium (CI installs Debian `chromium` and `ffmpeg`; under CI=true a missing browser
 * fails these tests instead of skipping them):
 *  - export of a 2 000-sphere run to PNG frames: one distinct image per stored frame; in the last image, with the
 *    particles projected by our own pinhole model from the camera the exporter records, the pixel at every
 *    centre differs from the background and pixels clear of every projected sphere are background (the run
 *    has its walls removed for this, so that only spheres can cover the background);
 *  - MP4 (ffmpeg) and GIF (gifenc) outputs with their poster;
 *  - the viewer page end to end: after Play the canvas changes and the time label advances; the summary and
 *    the legend are shown, and the legend follows the colour mode;
 *  - `grainflow run --render` writes anim.mp4 and its poster;
 *  - a missing browser gives one line naming `apt-get install chromium` and CHROME_PATH; `run --render` then
 *    still succeeds and points to `grainflow view`.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameIndex } from '../../src/output/frames.js';
import { findChromium, launchChromium } from '../../src/render/browser.js';
import { renderRun } from '../../src/render/export.js';
import { startViewerServer } from '../../src/render/server.js';
import { createSetup } from '../../src/engine/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const CLI = path.resolve('bin/grainflow.js');
/** The page's background, #eef0f3 (src/render/page/scene.js). */
const BACKGROUND = [0xee, 0xf0, 0xf3];
const chromiumInstalled = (() => {
  try {
    return Boolean(findChromium());
  } catch {
    return false;
  }
})();
const browserTests = describe.runIf(chromiumInstalled || process.env.CI === 'true');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-browser-'));
const runDir = path.join(scratch, 'run');
const wallFreeRunDir = path.join(scratch, 'run-without-walls');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  for (const [dir, keepWalls] of [[runDir, true], [wallFreeRunDir, false]] as const) {
    const scenario = editedScenario('test/fixtures/render-2k.json', (s) => {
      s.outputs.vtk = false;
      if (!keepWalls) s.walls = [];
    });
    await runToDirectory(createSetup(scenario, { workers: 1 }), dir);
  }
});

const readIndex = (dir = runDir): FrameIndex => JSON.parse(fs.readFileSync(path.join(dir, 'frames/index.json'), 'utf8'));

type V = number[];
const sub = (a: V, b: V) => a.map((x, i) => x - b[i]);
const dotp = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const crossp = (a: V, b: V) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V) => a.map((x) => x / Math.hypot(...a));

/** Pixel of a world point through a pinhole camera looking from `position` at `target` (y axis down). */
function projector(camera: { position: V; target: V; up: V; fovDegrees: number; width: number; height: number }) {
  const forward = unit(sub(camera.target, camera.position));
  const right = unit(crossp(forward, camera.up));
  const up = crossp(right, forward);
  const focal = camera.height / 2 / Math.tan((camera.fovDegrees * Math.PI) / 360);
  return (p: V) => {
    const d = sub(p, camera.position);
    const depth = dotp(d, forward);
    return [camera.width / 2 + (focal * dotp(d, right)) / depth, camera.height / 2 - (focal * dotp(d, up)) / depth];
  };
}

browserTests('export in headless Chromium', () => {
  it('renders one distinct PNG per stored frame with spheres at their projected centres', async () => {
    const index = readIndex(wallFreeRunDir);
    const out = path.join(scratch, 'png');
    const width = 640, height = 360;
    const result = await renderRun(wallFreeRunDir, { out, width, height, fps: 10, colorBy: 'speed', camera: 'iso' });
    const frames = fs.readdirSync(out).filter((f) => /^frame-\d{6}\.png$/.test(f)).sort();
    expect(result.frames).toBe(index.frames.length);
    expect(frames).toHaveLength(index.frames.length);
    const hashes = new Set(frames.map((f) => createHash('sha256').update(fs.readFileSync(path.join(out, f))).digest('hex')));
    expect(hashes.size).toBe(index.frames.length);
    expect(fs.readFileSync(path.join(out, 'poster.png'))).toEqual(fs.readFileSync(path.join(out, frames.at(-1)!)));

    const image = decode(fs.readFileSync(path.join(out, frames.at(-1)!)));
    expect([image.width, image.height]).toEqual([width, height]);
    const isBackground = (x: number, y: number) => {
      const k = image.channels * (y * width + x);
      return BACKGROUND.every((c, i) => Math.abs(image.data[k + i] - c) <= 2);
    };
    const camera = JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8'));
    const project = projector(camera);
    const data = fs.readFileSync(path.join(wallFreeRunDir, 'frames', index.frames.at(-1)!.file));
    const position = new Float32Array(data.buffer, data.byteOffset, 3 * index.particles);
    const radiusBytes = fs.readFileSync(path.join(wallFreeRunDir, 'frames/radius.f32'));
    const radius = new Float32Array(radiusBytes.buffer, radiusBytes.byteOffset, index.particles);
    const focal = height / 2 / Math.tan((camera.fovDegrees * Math.PI) / 360);
    // Pixels within 1.5 projected radii (+2 px) of some centre may be sphere; every other pixel of the
    // spheres' bounding rectangle must be background.
    const near = new Uint8Array(width * height);
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    let hits = 0;
    for (let p = 0; p < index.particles; p++) {
      const centre = [position[3 * p], position[3 * p + 1], position[3 * p + 2]];
      const [x, y] = project(centre).map(Math.round);
      expect(x >= 0 && x < width && y >= 0 && y < height, `particle ${p} at (${x}, ${y})`).toBe(true);
      if (!isBackground(x, y)) hits++;
      const reach = (1.5 * focal * radius[p]) / Math.hypot(...sub(centre, camera.position)) + 2;
      for (let v = Math.max(0, Math.floor(y - reach)); v <= Math.min(height - 1, y + reach); v++) {
        for (let u = Math.max(0, Math.floor(x - reach)); u <= Math.min(width - 1, x + reach); u++) near[v * width + u] = 1;
      }
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
    expect(hits).toBe(index.particles);
    let clear = 0, clearBackground = 0, covered = 0;
    for (let v = y0; v <= y1; v++) {
      for (let u = x0; u <= x1; u++) {
        if (near[v * width + u]) {
          covered++;
        } else {
          clear++;
          if (isBackground(u, v)) clearBackground++;
        }
      }
    }
    expect(covered).toBeGreaterThan(0.05 * width * height); // not a blank image
    expect(clear).toBeGreaterThan(1000);
    expect(clearBackground).toBe(clear);
  });

  it('writes MP4 with ffmpeg and GIF with gifenc, each with a poster PNG', () => {
    for (const name of ['anim.mp4', 'anim.gif']) {
      const out = path.join(scratch, name);
      // Both share the poster anim.png: the second replaces it, which takes --force (README, "Safety of your files").
      const r = spawnSync(process.execPath, [CLI, 'render', runDir, '--out', out, '--width', '160', '--height', '90',
        '--quiet', ...(name === 'anim.gif' ? ['--force'] : [])], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(fs.existsSync(out.replace(/\.\w+$/, '.png'))).toBe(true);
      const head = fs.readFileSync(out).subarray(0, 12);
      if (name.endsWith('.gif')) expect(head.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      else expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    const probe = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries',
      'stream=nb_read_frames,width,height', '-of', 'csv=p=0', path.join(scratch, 'anim.mp4')], { encoding: 'utf8' });
    expect(probe.stdout.trim()).toBe(`160,90,${readIndex().frames.length}`);
  });
});

browserTests('viewer page end to end', () => {
  it('plays: the canvas changes and the time label advances', async () => {
    const server = await startViewerServer(runDir, 0);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await page.waitForFunction('window.grainflow?.ready === true', null, { timeout: 60_000 });
      await page.selectOption('#speed', '0.25'); // 5 frames/s: several distinct moments to sample
      const seconds = (label: string) => Number(/t = ([\d.e+-]+) s/.exec(label)![1]);
      const label0 = await page.textContent('#time');
      expect(seconds(label0!)).toBe(0);
      await page.click('#play');
      // An expression: this project is type-checked without the DOM library.
      const labelChangedFrom = (label: string) => `document.querySelector('#time').textContent !== ${JSON.stringify(label)}`;
      await page.waitForFunction(labelChangedFrom(label0!), null, { timeout: 20_000 });
      const label1 = (await page.textContent('#time'))!;
      const canvas1 = await page.locator('#view').screenshot();
      await page.waitForFunction(labelChangedFrom(label1), null, { timeout: 20_000 });
      const label2 = (await page.textContent('#time'))!;
      const canvas2 = await page.locator('#view').screenshot();
      expect(seconds(label2)).toBeGreaterThan(seconds(label1));
      expect(seconds(label1)).toBeGreaterThan(0);
      expect(canvas2.equals(canvas1)).toBe(false);
      // Beside the view: the run's summary numbers and the legend, which follows the colour mode.
      expect(await page.textContent('#summary')).toMatch(/particles\s*2000/);
      expect(await page.textContent('#legend')).toContain('speed (m/s)');
      await page.selectOption('#color-by', 'material');
      await page.waitForFunction(`document.querySelector('#legend').textContent.includes('glass')`, null, { timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

browserTests('grainflow run --render', () => {
  it('renders anim.mp4 and its poster into the run directory', () => {
    const out = path.join(scratch, 'run-and-render');
    const r = spawnSync(process.execPath, [CLI, 'run', 'test/fixtures/render-2k.json', '--out', out, '--workers', '1',
      '--quiet', '--render'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'anim.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'anim.png'))).toBe(true);
  });
});

describe('grainflow render without a browser', () => {
  it('says to install chromium or set CHROME_PATH, in one line with status 1', () => {
    const r = spawnSync(process.execPath, [CLI, 'render', runDir, '--out', path.join(scratch, 'x.mp4')],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: path.join(scratch, 'no-such-browser') } });
    expect(r.status).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apt-get install chromium');
    expect(lines[0]).toContain('CHROME_PATH');
    expect(fs.existsSync(path.join(scratch, 'x.mp4'))).toBe(false);
  });

  it('lets `run --render` succeed and suggests grainflow view', () => {
    const out = path.join(scratch, 'run-no-browser');
    const r = spawnSync(process.execPath, [CLI, 'run', 'scenarios/two-spheres.json', '--out', out, '--quiet', '--render'],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: path.join(scratch, 'no-such-browser') } });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('apt-get install chromium');
    expect(r.stderr).toContain(`grainflow view ${out}`);
    expect(fs.existsSync(path.join(out, 'frames/index.json'))).toBe(true);
  });
});
