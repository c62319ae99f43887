/**
 * Turns a folder of PNG frames (frame-000000.png, …) into a video: MP4 with ffmpeg (the system one or the one
 * shipped on npm, ffmpeg.ts; H.264, yuv420p, so every player takes it), GIF with gifenc (pure JavaScript, one
 * 256-colour palette per frame); either carries grainflow's mark at its end (render-mark.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import gifenc from 'gifenc';
import { markedGif, markMp4 } from './render-mark.js';

export const FRAME_PATTERN = 'frame-%06d.png';

export const frameFile = (k: number) => `frame-${String(k).padStart(6, '0')}.png`;

export function encodeMp4(ffmpeg: string, framesDir: string, fps: number, out: string): void {
  const r = spawnSync(ffmpeg, [
    '-y', '-loglevel', 'error', '-framerate', String(fps), '-i', path.join(framesDir, FRAME_PATTERN),
    // H.264 in yuv420p needs even dimensions.
    '-vf', 'pad=ceil(iw/2)*2:ceil(ih/2)*2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
    '-f', 'mp4', out,
  ], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${(r.stderr || r.error?.message || '').trim()}`);
  markMp4(out);
}

export function encodeGif(framesDir: string, frames: number, fps: number, out: string): void {
  const gif = gifenc.GIFEncoder();
  const delay = Math.round(1000 / fps);
  for (let k = 0; k < frames; k++) {
    const image = decode(fs.readFileSync(path.join(framesDir, frameFile(k))));
    const rgba = toRgba(image.data, image.channels, image.width * image.height);
    const palette = gifenc.quantize(rgba, 256);
    gif.writeFrame(gifenc.applyPalette(rgba, palette), image.width, image.height, { palette, delay });
  }
  gif.finish();
  fs.writeFileSync(out, markedGif(gif.bytes()));
}

/** A decoded PNG's pixels as RGBA, opaque (what gifenc's quantiser takes). */
export function toRgba(data: ArrayLike<number>, channels: number, pixels: number): Uint8Array {
  if (channels === 4 && data instanceof Uint8Array) return data;
  const rgba = new Uint8Array(4 * pixels);
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < 3; c++) rgba[4 * p + c] = data[channels * p + Math.min(c, channels - 1)];
    rgba[4 * p + 3] = 255;
  }
  return rgba;
}
