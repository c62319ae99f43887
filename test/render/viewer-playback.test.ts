/**
 * The viewer plays a run in simulated real time at 1× (issue 28, point 8: it played 20 stored frames a second, so
 * a ball falling for 0.4 s took 1 s at "1×"), and says how far apart the stored frames are (point 10: frames once
 * fell on whole steps, not at the interval asked for; now they hold the state at their times); its step buttons
 * show their arrows in the Chromium npm ships, whose one font has no ◀ ▶ (point 7).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledChromiumVersion } from '../../src/render/bundled-chromium.js';
import type { FrameIndex } from '../../src/output/frames.js';
import { browserTests, fallingBallRun, withViewerPage } from '../helpers/viewer-page.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-playback-'));
const runDir = path.join(scratch, 'falling');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
// 0.02 s between frames: 50 stored frames a second of simulated time, not the 20 the old "1×" played.
beforeAll(() => fallingBallRun(runDir, 0.02));

browserTests('the viewer', () => {
  it('plays in simulated time: at 0.25× one simulated second every four seconds', async () => {
    const { shown, elapsed } = await withViewerPage(runDir, '', [640, 360], (page) => page.evaluate(`(async () => {
      document.getElementById('speed').value = '0.25';
      document.getElementById('play').click();
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const text = document.getElementById('time').textContent;
      return { shown: Number(/t = ([0-9.]+) s/.exec(text)[1]), elapsed: (performance.now() - start) / 1000 };
    })()`) as Promise<{ shown: number; elapsed: number }>);
    // Play starts from t = 0 and the page measures its own elapsed time, so a loaded machine that wakes the timer
    // late moves both sides alike; the run is 0.4 s long and stops there (no loop). The frame shown is never ahead of
    // the simulated clock and lags it by the frames being fetched and drawn plus one stored interval (0.02 s).
    // (The old "1×" of 20 stored frames a second, 5 at 0.25×, showed 0.12 s here, 0.18 s behind.)
    const expected = Math.min(0.25 * elapsed, 0.4);
    expect(shown).toBeLessThanOrEqual(expected + 0.02);
    expect(shown).toBeGreaterThan(expected - 0.1);
  });

  it('lists how far apart the stored frames are', async () => {
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(runDir, 'frames/index.json'), 'utf8'));
    const spacing = index.frames[1].t - index.frames[0].t;
    const parameters = await withViewerPage(runDir, '', [900, 500], (page) => page.textContent('#parameters'));
    expect(parameters).toContain(`frames every (s)${+spacing.toPrecision(4)}`);
  });
});

describe.runIf(bundledChromiumVersion() !== null)('the viewer in the Chromium npm ships', () => {
  it('draws the step buttons\' arrows: ◀ heavier on its right (the base), ▶ on its left', async () => {
    const shots = await withViewerPage(runDir, '', [900, 500], (page) => Promise.all(['#previous', '#next'].map(
      async (selector) => decode(await page.locator(`${selector} svg`).screenshot()),
    )), { origin: 'bundled', version: bundledChromiumVersion()! });
    const [left, right] = shots.map((image) => {
      // Ink (dark pixels) in the left and right halves of the icon.
      const ink = [0, 0];
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const k = image.channels * (y * image.width + x);
          if (image.data[k] + image.data[k + 1] + image.data[k + 2] < 300) ink[x < image.width / 2 ? 0 : 1]++;
        }
      }
      return ink;
    });
    expect(left[1]).toBeGreaterThan(1.5 * left[0]);
    expect(right[0]).toBeGreaterThan(1.5 * right[1]);
  });
});
