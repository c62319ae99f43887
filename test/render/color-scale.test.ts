/**
 * The colour scale of a render (issue 28): one robust range for the whole video by default, so one colour means one
 * value in every frame and a lone falling ball changes colour as it speeds up; per frame only with
 * --color-scale frame, and then the legend says so. Checked on a falling ball: the scale from the pooled speeds,
 * and in the pixels of the exported frames, the colour at the ball's projected centre.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameIndex } from '../../src/output/frames.js';
import { runColorScale } from '../../src/render/color-scale.js';
import { renderRun } from '../../src/render/export.js';
import { projector } from '../helpers/pinhole.js';
import { browserTests, fallingBallRun, withViewerPage } from '../helpers/viewer-page.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-color-scale-'));
const runDir = path.join(scratch, 'falling');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
// Frame k at t = 0.05 k s moves at g t.
beforeAll(() => fallingBallRun(runDir));

const readIndex = (): FrameIndex => JSON.parse(fs.readFileSync(path.join(runDir, 'frames/index.json'), 'utf8'));
/** Position xyz then speed of the ball in frame k. */
const ballAt = (index: FrameIndex, k: number) =>
  new Float32Array(Uint8Array.from(fs.readFileSync(path.join(runDir, 'frames', index.frames[k].file))).buffer);

describe('the run colour scale', () => {
  it('is the robust range of every frame pooled: a lone ball is ranked against its own speeds', () => {
    const index = readIndex();
    const speeds = index.frames.map((_, k) => ballAt(index, k)[3]);
    const fastest = Math.max(...speeds);
    expect(fastest).toBeGreaterThan(3.5);
    const scale = runColorScale(runDir, index);
    // The 99th percentile of 9 values lies between the two fastest.
    expect(scale.speed[0]).toBe(0);
    expect(scale.speed[1]).toBeGreaterThan([...speeds].sort((a, b) => a - b).at(-2)!);
    expect(scale.speed[1]).toBeLessThanOrEqual(fastest);
    // Heights: from near the floor to near the start, not one frame's single value.
    expect(scale.height[1] - scale.height[0]).toBeGreaterThan(0.5);
  });
});

browserTests('colours in the rendered frames', () => {
  /** rgb at the ball's projected centre in each frame of an export with this scale */
  async function centreColours(out: string, colorScale: 'run' | 'frame' | undefined): Promise<number[][]> {
    const index = readIndex();
    await renderRun(runDir, { out, width: 320, height: 180, colorBy: 'speed', camera: 'front', colorScale });
    const project = projector(JSON.parse(fs.readFileSync(path.join(out, 'camera.json'), 'utf8')));
    return index.frames.map((_, k) => {
      const p = ballAt(index, k);
      const [x, y] = project([p[0], p[1], p[2]]).map(Math.round);
      const image = decode(fs.readFileSync(path.join(out, `frame-${String(k + 1).padStart(6, '0')}.png`)));
      const at = image.channels * (y * image.width + x);
      return [0, 1, 2].map((c) => image.data[at + c]);
    });
  }
  /** Frames in which no overlay (title, time, legend, scale bar) covers the ball's centre in this view. */
  const CLEAR_FRAMES = [1, 4, 5];
  const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]));

  it('by default, one scale for the video: the ball is dark while slow and bright when fast', async () => {
    const colours = await centreColours(path.join(scratch, 'run-scale'), undefined);
    // Frame 1 (0.49 m/s) and frame 5 (2.45 m/s) of a scale to 3.9 m/s: far apart on viridis, the slow one darker.
    expect(distance(colours[1], colours[5])).toBeGreaterThan(80);
    const brightness = (c: number[]) => c[0] + c[1] + c[2];
    expect(brightness(colours[1])).toBeLessThan(brightness(colours[4]));
    expect(brightness(colours[4])).toBeLessThan(brightness(colours[5]));
  });

  it('per frame only on request: then every moving frame has the top colour and the legend says so', async () => {
    const colours = await centreColours(path.join(scratch, 'frame-scale'), 'frame');
    for (const k of CLEAR_FRAMES) expect(distance(colours[k], colours[1])).toBeLessThan(25);
    const legend = (query: string) => withViewerPage(runDir, query, [640, 360], (page) => page.textContent('#legend'));
    expect(await legend('export=1&scale=frame')).toContain("scale: this frame's range");
    expect(await legend('export=1')).not.toContain('this frame');
  });
});
