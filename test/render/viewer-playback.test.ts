/**
 * The viewer plays a run in simulated real time at 1× (issue 28, point 8: it played 20 stored frames a second, so
 * a ball falling for 0.4 s took 1 s at "1×"), and says how far apart the stored frames really are (point 10:
 * frames fall on whole steps, not always at the interval asked for).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FrameIndex } from '../../src/output/frames.js';
import { browserTests, fallingBallRun, withViewerPage } from '../helpers/viewer-page.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-playback-'));
const runDir = path.join(scratch, 'falling');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
// 0.02 s between frames: 50 stored frames a second of simulated time, not the 20 the old "1×" played.
beforeAll(() => fallingBallRun(runDir, 0.02));

browserTests('the viewer', () => {
  it('plays at 1× one simulated second per second of wall time', async () => {
    const { shown, elapsed } = await withViewerPage(runDir, '', [900, 500], (page) => page.evaluate(`(async () => {
      document.getElementById('play').click();
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      const text = document.getElementById('time').textContent;
      return { shown: Number(/t = ([0-9.]+) s/.exec(text)[1]), elapsed: (performance.now() - start) / 1000 };
    })()`) as Promise<{ shown: number; elapsed: number }>);
    // Play starts from t = 0; the frame shown lags the clock by at most one frame drawn and one stored interval.
    expect(elapsed).toBeLessThan(0.38); // the run is 0.4 s long: no loop yet
    expect(Math.abs(shown - elapsed)).toBeLessThan(0.08);
  });

  it('lists how far apart the stored frames are', async () => {
    const index: FrameIndex = JSON.parse(fs.readFileSync(path.join(runDir, 'frames/index.json'), 'utf8'));
    const spacing = index.frames[1].t - index.frames[0].t;
    const parameters = await withViewerPage(runDir, '', [900, 500], (page) => page.textContent('#parameters'));
    expect(parameters).toContain(`frames every (s)${+spacing.toPrecision(4)}`);
  });
});
