/**
 * Rendering in the Chromium and ffmpeg found as a user's run finds them (the system ones, else those shipped on npm
 * for Linux x64: CI's full run has Debian `chromium` and `ffmpeg`, its bare-machine run only npm's; under CI=true a
 * missing browser or ffmpeg fails these tests instead of skipping them), and in those shipped on npm, named:
 *  - export of a 2 000-sphere run to PNG frames: one distinct image per stored frame; in the last image, with the
 *    particles projected by our own pinhole model from the camera the exporter records, the pixel at every
 *    centre differs from the background and pixels clear of every projected sphere are background (the run
 *    has its walls removed for this, so that only spheres can cover the background);
 *  - walls in the pixels: a gate is drawn in the frames before its removeAt and not after; a cylinder lifted
 *    during the run is drawn at its lifted height at the end and not there at the start;
 *  - MP4 (ffmpeg; its size and frame count read back with that ffmpeg) and GIF (gifenc) outputs, one after the
 *    other into one directory without --force, each with its own poster; --max-frames subsamples, first and last included;
 *  - the same MP4 with the npm-shipped Chromium and ffmpeg, named explicitly (not the system ones), and
 *    findChromium choosing the npm one when no system browser is found;
 *  - the viewer page end to end: it opens on the last frame; Home, the arrow keys and the step buttons move one
 *    frame; after Play the canvas changes and the time label advances, and playback loops; the slider has time
 *    ticks; the summary, the parameters and the legend are shown, and the legend follows the colour mode; the
 *    orbit does not go below the horizontal through the centre;
 *  - `grainflow run --render` writes anim.mp4 and its poster (the two spheres: the hand-over is what is tested);
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
import { bundledChromiumVersion } from '../../src/render/bundled-chromium.js';
import { renderRun } from '../../src/render/export.js';
import { bundledFfmpeg, findFfmpeg } from '../../src/render/ffmpeg.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { startViewerServer } from '../../src/render/server.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { dotp, projector, sub, unit, type V } from '../helpers/pinhole.js';

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
/** The ffmpeg a render finds; the tests that write MP4 need it (on Linux x64 npm ships one). */
const foundFfmpeg = findFfmpeg();
const mp4Test = it.runIf(foundFfmpeg !== null || process.env.CI === 'true');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-browser-'));
const runDir = path.join(scratch, 'run');
const wallFreeRunDir = path.join(scratch, 'run-without-walls');
const wallsRunDir = path.join(scratch, 'run-with-moving-walls');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  for (const [dir, keepWalls] of [[runDir, true], [wallFreeRunDir, false]] as const) {
    const scenario = editedScenario('test/fixtures/render-2k.json', (s) => {
      s.outputs.vtk = false;
      if (!keepWalls) s.walls = [];
    });
    await runToDirectory(createSetup(scenario, { workers: 1 }), dir);
  }
  await runToDirectory(createSetup(loadScenarioFile('test/fixtures/render-walls.json'), { workers: 1 }), wallsRunDir);
});

const readIndex = (dir = runDir): FrameIndex => JSON.parse(fs.readFileSync(path.join(dir, 'frames/index.json'), 'utf8'));

/** A video's picture size and the number of frames `ffmpeg` decodes from it (its framemd5 listing: one line a frame). */
function decodedVideo(ffmpeg: string, file: string): { dimensions: string | undefined; frames: number } {
  const r = spawnSync(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  return {
    dimensions: /^#dimensions 0: (\d+x\d+)$/m.exec(r.stdout)?.[1],
    frames: lines.filter((line) => !line.startsWith('#')).length,
  };
}

browserTests('export in headless Chromium', () => {
  it('renders one distinct PNG per stored frame with spheres at their projected centres', async () => {
    const index = readIndex(wallFreeRunDir);
    const out = path.join(scratch, 'png');
    const width = 640, height = 360;
    const result = await renderRun(wallFreeRunDir, { out, width, height, fps: 10, colorBy: 'speed', camera: 'iso', fit: 'all' });
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

  it('draws a gate until its removal and a lifted cylinder at its lifted height', async () => {
    const out = path.join(scratch, 'walls-png');
    const width = 480, height = 270;
    await renderRun(wallsRunDir, { out, width, height, colorBy: 'speed', camera: 'iso' });
    const index = readIndex(wallsRunDir);
    const camera = JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8'));
    expect(camera.frames).toEqual(index.frames.map((_, k) => k)); // 11 frames: all drawn
    const project = projector(camera);
    const pixel = (k: number, p: V) => {
      const image = decode(fs.readFileSync(path.join(out, `frame-${String(k + 1).padStart(6, '0')}.png`)));
      const [x, y] = project(p).map(Math.round);
      expect(x >= 0 && x < width && y >= 0 && y < height, `(${x}, ${y}) in the image`).toBe(true);
      const at = image.channels * (y * width + x);
      return BACKGROUND.every((c, i) => Math.abs(image.data[at + i] - c) <= 2) ? 'background' : 'drawn';
    };
    // The gate: the corner of its patch nearest the camera, pulled a fifth of the way to the patch's centre
    // (clear of the cylinder and the spheres, with nothing behind it once the gate is gone).
    const walls = fs.readFileSync(path.join(wallsRunDir, 'frames/walls.f32'));
    const triangles = new Float32Array(walls.buffer, walls.byteOffset, walls.length / 4);
    const gate = index.walls.surfaces[0];
    const corners: V[] = [];
    for (let v = 3 * gate.first; v < 3 * (gate.first + gate.count); v++) corners.push(Array.from(triangles.subarray(3 * v, 3 * v + 3)));
    const towards = unit(sub(camera.position, camera.target));
    const near = corners.reduce((a, b) => (dotp(b, towards) > dotp(a, towards) ? b : a));
    const middle = [0, 1, 2].map((a) => corners.reduce((sum, c) => sum + c[a], 0) / corners.length);
    const onGate = near.map((c, a) => c + 0.2 * (middle[a] - c));
    const removed = 0.004;
    index.frames.forEach((frame, k) => {
      expect(pixel(k, onGate), `gate at t = ${frame.t}`).toBe(frame.t < removed ? 'drawn' : 'background');
    });
    // The cylinder (r = 0.02 m, top at 0.03 m at rest, lifted 0.016 m by the end): a point of its far side (the
    // side whose inner face looks at the camera) at z = 0.04, above where its top was at the start.
    const away = unit([-towards[0], -towards[1], 0]);
    const lifted = [0.02 * away[0], 0.02 * away[1], 0.04];
    expect(pixel(0, lifted)).toBe('background');
    expect(pixel(index.frames.length - 1, lifted)).toBe('drawn');
  });

  mp4Test('writes MP4 with ffmpeg and GIF with gifenc, each with a poster PNG', () => {
    for (const name of ['anim.mp4', 'anim.gif']) {
      const out = path.join(scratch, name);
      // One after the other into the same directory, without --force (docs/cli.md): each has its own poster.
      const r = spawnSync(process.execPath, [CLI, 'render', runDir, '--out', out, '--width', '160', '--height', '90',
        '--quiet'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(fs.existsSync(`${out}.png`)).toBe(true);
      const head = fs.readFileSync(out).subarray(0, 12);
      if (name.endsWith('.gif')) expect(head.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      else expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    // ffmpeg reads the MP4 with grainflow's mark at its end (src/render/render-mark.ts).
    expect(decodedVideo(foundFfmpeg!, path.join(scratch, 'anim.mp4'))).toEqual({ dimensions: '160x90', frames: readIndex().frames.length });
    // --force replaces a video and poster render wrote; a file of the user's, under the video's name or the poster's
    // (which the user never named), it never replaces.
    const render = (out: string) => spawnSync(process.execPath, [CLI, 'render', runDir, '--out', out, '--width', '160',
      '--height', '90', '--quiet', '--force'], { encoding: 'utf8' });
    const again = render(path.join(scratch, 'anim.gif'));
    expect(again.status, again.stderr).toBe(0);
    fs.writeFileSync(path.join(scratch, 'mine.gif'), 'the user\'s own file');
    fs.writeFileSync(path.join(scratch, 'theirs.gif.png'), 'the user\'s own file');
    for (const [out, refused] of [['mine.gif', 'mine.gif'], ['theirs.gif', 'theirs.gif.png']]) {
      const r = render(path.join(scratch, out));
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(`grainflow: --out ${path.join(scratch, refused)} is a file grainflow did not write (not a video `
        + 'or poster grainflow rendered); --force replaces only a video or poster grainflow rendered: choose another --out\n');
      expect(fs.readFileSync(path.join(scratch, refused), 'utf8')).toBe('the user\'s own file');
    }
    expect(fs.existsSync(path.join(scratch, 'theirs.gif'))).toBe(false);
  });

  it('subsamples to --max-frames, first and last included', () => {
    const out = path.join(scratch, 'three');
    const r = spawnSync(process.execPath, [CLI, 'render', wallsRunDir, '--out', out, '--width', '160', '--height', '90',
      '--max-frames', '3'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('rendered 3 of 11 stored frames');
    expect(JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8')).frames).toEqual([0, 5, 10]);
    // Each PNG is named by the frame number its overlay shows ("frame 6/11" for stored frame 5).
    expect(fs.readdirSync(out).filter((f) => f.startsWith('frame-')).sort())
      .toEqual(['frame-000001.png', 'frame-000006.png', 'frame-000011.png']);
    // A --duration shorter than two frames still draws the first and the last (it drew the last alone).
    const brief = spawnSync(process.execPath, [CLI, 'render', wallsRunDir, '--out', path.join(scratch, 'brief'), '--width',
      '160', '--height', '90', '--duration', '1e-300'], { encoding: 'utf8' });
    expect(brief.status, brief.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(scratch, 'brief', 'camera.json'), 'utf8')).frames).toEqual([0, 10]);
  });
});

const bundledTests = describe.runIf(bundledChromiumVersion() !== null || (process.env.CI === 'true' && os.platform() === 'linux' && os.arch() === 'x64'));

bundledTests('rendering with the Chromium and ffmpeg shipped on npm', () => {
  it('is the choice when no system browser is found', () => {
    expect(findChromium({}, [])).toEqual({ origin: 'bundled', version: bundledChromiumVersion() });
  });

  it('renders an MP4 with them, named explicitly rather than found', async () => {
    const ffmpeg = bundledFfmpeg();
    expect(ffmpeg).not.toBeNull();
    expect(ffmpeg).toContain('node_modules');
    const out = path.join(scratch, 'bundled.mp4');
    const result = await renderRun(wallsRunDir, {
      out, width: 320, height: 180, fps: 10, colorBy: 'height', camera: 'front',
      browser: { origin: 'bundled', version: bundledChromiumVersion()! }, ffmpeg,
    });
    expect(result.output).toBe(out);
    expect(result.frames).toBe(11);
    const probe = spawnSync(ffmpeg!, ['-v', 'error', '-i', out, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(probe.status, probe.stderr).toBe(0);
    expect(fs.readFileSync(out).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // The poster shows the run: neither blank nor one flat colour.
    const poster = decode(fs.readFileSync(result.poster));
    const colours = new Set<number>();
    for (let k = 0; k < poster.data.length; k += poster.channels) colours.add((poster.data[k] << 16) | (poster.data[k + 1] << 8) | poster.data[k + 2]);
    expect(colours.size).toBeGreaterThan(50);
  });
});

browserTests('viewer page end to end', () => {
  it('opens on the last frame, steps, plays and loops, with time ticks, the run and its legend beside', async () => {
    const server = await startViewerServer(runDir, 0);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await page.waitForFunction('window.grainflow?.ready === true', null, { timeout: 60_000 });
      const frames = readIndex().frames.length;
      const seconds = (label: string) => Number(/t = ([\d.e+-]+) s/.exec(label)![1]);
      const frameOf = (label: string) => Number(/frame (\d+)\//.exec(label)![1]);
      const label = async () => (await page.textContent('#time'))!;
      // An expression: this project is type-checked without the DOM library.
      const atFrame = (k: number) => page.waitForFunction(
        `/frame ${k}\\//.test(document.querySelector('#time').textContent)`, null, { timeout: 20_000 });
      expect(frameOf(await label())).toBe(frames);
      expect(seconds(await label())).toBeCloseTo(readIndex().frames.at(-1)!.t, 9);
      // Home, the arrow keys and the step buttons.
      await page.keyboard.press('Home');
      await atFrame(1);
      expect(seconds(await label())).toBe(0);
      await page.keyboard.press('ArrowRight');
      await atFrame(2);
      await page.click('#next');
      await atFrame(3);
      await page.click('#previous');
      await atFrame(2);
      await page.keyboard.press('ArrowLeft');
      await atFrame(1);
      // Time ticks on the slider: evenly spaced frames, the last labelled with its unit.
      const ticks = await page.locator('#tick-labels span').allTextContents();
      expect(ticks.length).toBe(Math.min(5, frames));
      expect(ticks.at(-1)).toMatch(/ (m|µ)?s$/);
      expect(await page.locator('#ticks option').count()).toBe(ticks.length);

      // 1× is real time and the run lasts 4 ms: at 0.01× each of its frames (1 ms apart) shows for 0.1 s.
      await page.selectOption('#speed', '0.01');
      const label0 = await label();
      await page.click('#play');
      // The first label other than `text`, with the canvas, read in the one turn of the page in which the wait sees
      // it (the page draws a frame and labels it in one turn too), so label and picture are of the same frame.
      const sampleAfter = async (text: string) => await (await page.waitForFunction(`(() => {
        const shown = document.querySelector('#time').textContent;
        return shown !== ${JSON.stringify(text)} && [shown, document.querySelector('#view').toDataURL('image/png')];
      })()`, null, { timeout: 20_000 })).jsonValue() as [string, string];
      const [label1, canvas1] = await sampleAfter(label0);
      const [label2, canvas2] = await sampleAfter(label1);
      expect(seconds(label1), `${label0} -> ${label1}`).toBeGreaterThan(0);
      // Later in time, or (on a loaded machine that skipped ahead) back at the first frame after the last.
      if (frameOf(label2) > frameOf(label1)) expect(seconds(label2)).toBeGreaterThan(seconds(label1));
      else expect(frameOf(label2)).toBe(1);
      expect(canvas2 === canvas1, "the canvas changed").toBe(false);
      // It loops: after the last frame, the first again, still playing.
      await atFrame(frames);
      await atFrame(1);
      expect(await page.textContent('#play')).toBe('Pause');
      await page.click('#play');

      // Beside the view: the result line, the run's summary numbers, its parameters and the legend, which follows
      // the colour mode.
      expect(await page.textContent('#headline')).toBe('this scenario has no analysis');
      expect(await page.textContent('#summary')).toMatch(/particles\s*2000/);
      expect(await page.textContent('#parameters')).toMatch(/contact law\s*tsuji/);
      expect(await page.textContent('#legend')).toMatch(/speed \((m|mm)\/s\)/);
      expect(await page.textContent('#scale-label')).toMatch(/^\d+ (m|mm|µm)$/);
      await page.selectOption('#color-by', 'material');
      await page.waitForFunction(`document.querySelector('#legend').textContent.includes('glass')`, null, { timeout: 20_000 });

      // Orbiting as far down as a drag goes keeps the camera above the horizontal through the centre.
      const box = (await page.locator('#view').boundingBox())!;
      for (const dy of [-400, 400]) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + dy, { steps: 10 });
        await page.mouse.up();
        const camera = await page.evaluate('window.grainflow.camera()') as { position: number[]; target: number[] };
        expect(camera.position[2]).toBeGreaterThanOrEqual(camera.target[2] - 1e-9);
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

browserTests('grainflow run --render', () => {
  mp4Test('renders anim.mp4 and its poster into the run directory', () => {
    // What is tested is the hand-over from run to render; the two spheres with 4 stored frames are enough for it
    // (the 2 000-sphere run of the export tests would add a simulation and 1280×720 frames of 2 000 spheres).
    const twoSpheres = JSON.parse(fs.readFileSync('scenarios/two-spheres.json', 'utf8'));
    const scenario = path.join(scratch, 'two-spheres-4-frames.json');
    fs.writeFileSync(scenario, JSON.stringify({ ...twoSpheres, outputs: { ...twoSpheres.outputs, interval: twoSpheres.time.duration / 3 } }));
    const out = path.join(scratch, 'run-and-render');
    const r = spawnSync(process.execPath, [CLI, 'run', scenario, '--out', out, '--workers', '1',
      '--quiet', '--render'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, 'anim.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'anim.mp4.png'))).toBe(true);
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
