/**
 * The overlay of the viewer and the exporter (title, time, legend, scale bar) is proportional to the view: it
 * covers the same share of a 640×360 frame as of a 3840×2160 one, its text at 1280×720 is large enough for a
 * projector, and --overlay-scale multiplies it (issue 28, point 3). Measured in the page, in headless Chromium.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserTests, fallingBallRun, withViewerPage } from '../helpers/viewer-page.js';

const CLI = path.resolve('bin/grainflow.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-overlay-'));
const runDir = path.join(scratch, 'falling');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
beforeAll(() => fallingBallRun(runDir));

const OVERLAY = ['#title', '#time', '#legend', '#scale-bar'];

/** Each overlay element's box as fractions of the view: [left, top, width, height]. */
function overlayShares(query: string, size: [number, number]): Promise<number[][]> {
  return withViewerPage(runDir, query, size, (page) => Promise.all(OVERLAY.map(async (selector) => {
    const box = (await page.locator(selector).boundingBox())!;
    return [box.x / size[0], box.y / size[1], box.width / size[0], box.height / size[1]];
  })));
}

browserTests('the overlay', () => {
  it('covers the same share of the frame at every size, and reads on a projector at 1280×720', async () => {
    const reference = await overlayShares('export=1', [1280, 720]);
    for (const size of [[640, 360], [3840, 2160]] as [number, number][]) {
      const shares = await overlayShares('export=1', size);
      shares.forEach((box, e) => box.forEach((share, i) => {
        // Text metrics round to whole pixels: within 1.5 % of the frame, or 8 % of the element.
        expect(Math.abs(share - reference[e][i]), `${OVERLAY[e]} at ${size.join('×')}`)
          .toBeLessThan(Math.max(0.015, 0.08 * reference[e][i]));
      }));
    }
    // The time label: at least 20 px tall at 1280×720 (it was 14 px, unreadable from the back of a room).
    expect(reference[1][3] * 720).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('is scaled by --overlay-scale', async () => {
    const [normal, doubled] = await Promise.all([overlayShares('export=1', [1280, 720]), overlayShares('export=1&overlay=2', [1280, 720])]);
    expect(doubled[2][2] / normal[2][2]).toBeCloseTo(2, 1);
    expect(doubled[1][3] / normal[1][3]).toBeGreaterThan(1.8);
  }, 120_000);
});

it('refuses an --overlay-scale out of range in one line', () => {
  const r = spawnSync(process.execPath, [CLI, 'render', runDir, '--overlay-scale', '9'], { encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual(['grainflow: --overlay-scale must be a number in 0.25–4 (got "9") (options: grainflow render --help)']);
});
