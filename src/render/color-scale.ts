/**
 * The colour scale of a whole run: one robust range for speed and for height, between the ROBUST_TAIL quantiles
 * of the values pooled over every stored frame (speed from 0). One colour then means one value in every frame of a
 * video (issue 28: a per-frame scale made a settling bed at 14 mm/s and a jet at 1.2 m/s the same yellow), and a
 * lone sphere is not always the top colour: its speed is ranked against its own speeds at other times.
 *
 * The viewer's server computes it once per run and serves it (/color-scale.json) to the page, so the viewer and the
 * exporter colour alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FRAMES_DIRECTORY, type FrameIndex, type ValueRanges } from '../output/frames.js';
import { quantile, ROBUST_TAIL } from '../output/robust-extent.js';

/** At most this many values of each quantity are pooled: every k-th sphere of each frame beyond it (32 MB each). */
const MAX_SAMPLES = 4_000_000;

/** Bytes per sphere in a frame file: position xyz then speed, Float32 (frames.ts). */
const BYTES_PER_SPHERE = 16;

export function runColorScale(runDir: string, index: FrameIndex): ValueRanges {
  const total = index.frames.reduce((sum, f) => sum + f.count, 0);
  const stride = Math.max(1, Math.ceil(total / MAX_SAMPLES));
  const speeds: number[] = [];
  const heights: number[] = [];
  for (const frame of index.frames) {
    const n = frame.count;
    if (n === 0) continue;
    const bytes = fs.readFileSync(path.join(runDir, FRAMES_DIRECTORY, frame.file));
    // A frame file cut short is left out here; the page reports it when it draws that frame.
    if (bytes.length !== BYTES_PER_SPHERE * n) continue;
    // Copied: a small file's Buffer may start at an offset Float32Array cannot view.
    const data = new Float32Array(Uint8Array.from(bytes).buffer);
    for (let p = 0; p < n; p += stride) {
      heights.push(data[3 * p + 2]);
      speeds.push(data[3 * n + p]);
    }
  }
  if (speeds.length === 0) return { speed: [0, 0], height: [0, 0] };
  const sortedSpeeds = Float64Array.from(speeds).sort();
  const sortedHeights = Float64Array.from(heights).sort();
  return {
    speed: [0, quantile(sortedSpeeds, 1 - ROBUST_TAIL)],
    height: [quantile(sortedHeights, ROBUST_TAIL), quantile(sortedHeights, 1 - ROBUST_TAIL)],
  };
}
