/**
 * Headless export of a run: the viewer page (same scene as `grainflow view`) in the system Chromium, one PNG
 * screenshot per stored frame, then MP4 (ffmpeg), GIF (gifenc) or the PNG frames themselves. A poster PNG of
 * the last frame is always written. Outputs appear whole or not at all (staged beside the target, then renamed)
 * and follow the output rule (src/output/run-directory.ts): an existing video or poster is replaced only with
 * `force`, a frames directory only if grainflow made it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { StagedFiles } from '../output/run-directory.js';
import { writeOutputDirectory } from '../run/output-guard.js';
import { launchChromium, findChromium } from './browser.js';
import { encodeGif, encodeMp4, frameFile, hasFfmpeg } from './encode.js';
import { startViewerServer } from './server.js';

/** Colour modes and camera presets of the page (page/colors.js COLOR_MODES, page/scene.js CAMERA_PRESETS). */
export const COLOR_BY = ['speed', 'height', 'id', 'material'] as const;
export const CAMERA_PRESETS = ['iso', 'front', 'side', 'top'] as const;
export type ColorBy = (typeof COLOR_BY)[number];

export interface RenderOptions {
  /** .mp4, .gif, or a directory for PNG frames */
  out: string;
  width: number;
  height: number;
  fps: number;
  colorBy: ColorBy;
  /** a preset name or "azimuth,elevation" in degrees */
  camera: string;
  onProgress?: (done: number, total: number) => void;
  /** replace an existing output (a video and poster that are regular files; a frames directory grainflow made) */
  force?: boolean;
  /** one-line notices about the output (a stale lock taken over, …) */
  onNotice?: (message: string) => void;
}

export interface RenderResult {
  frames: number;
  /** the file or directory written */
  output: string;
  poster: string;
  /** set when the output differs from the request (MP4 asked, no ffmpeg: GIF written) */
  note?: string;
}

type OutputKind = 'mp4' | 'gif' | 'frames';

export function outputKind(out: string): OutputKind | null {
  const ext = path.extname(out).toLowerCase();
  if (ext === '.mp4') return 'mp4';
  if (ext === '.gif') return 'gif';
  if (ext === '' || out.endsWith('/') || (fs.existsSync(out) && fs.statSync(out).isDirectory())) return 'frames';
  return null;
}

export function validCamera(text: string): boolean {
  if ((CAMERA_PRESETS as readonly string[]).includes(text)) return true;
  const parts = text.split(',');
  if (parts.length !== 2 || parts.some((s) => s.trim() === '')) return false;
  const [azimuth, elevation] = parts.map(Number);
  return Number.isFinite(azimuth) && Number.isFinite(elevation) && Math.abs(elevation) <= 90;
}

export async function renderRun(runDir: string, options: RenderOptions): Promise<RenderResult> {
  const kind = outputKind(options.out);
  if (kind === null) throw new Error(`unsupported --out "${options.out}"`);
  const executable = findChromium();
  // The output as the user named it (for the messages of the output rule), without a directory's trailing slash.
  const given = options.out.replace(/(.)\/+$/, '$1');
  const out = path.resolve(given);
  const claim = { force: options.force, onNotice: options.onNotice };
  if (kind === 'frames') {
    return writeOutputDirectory(given, { ...claim, kind: 'frames' }, async (dir) => {
      const frames = await renderFrames(runDir, executable, (name) => dir.file(name), options);
      fs.copyFileSync(dir.file(frameFile(frames - 1)), dir.file('poster.png'));
      return { frames, output: out, poster: path.join(out, 'poster.png') };
    });
  }
  let target = given;
  let note: string | undefined;
  if (kind === 'mp4' && !hasFfmpeg()) {
    target = given.replace(/\.mp4$/i, '.gif');
    note = `ffmpeg not found (install it with \`apt-get install ffmpeg\` for MP4): wrote a GIF instead`;
  }
  const poster = target.replace(/\.(mp4|gif)$/i, '.png');
  const staged = new StagedFiles([target, poster], { ...claim, kind: 'render' });
  try {
    const work = staged.directory;
    const frames = await renderFrames(runDir, executable, (name) => path.join(work, name), options);
    const encoded = path.join(work, `encoded${path.extname(target)}`);
    if (target.toLowerCase().endsWith('.mp4')) encodeMp4(work, options.fps, encoded);
    else encodeGif(work, frames, options.fps, encoded);
    staged.commit([encoded, path.join(work, frameFile(frames - 1))]);
    return { frames, output: path.resolve(target), poster: path.resolve(poster), note };
  } finally {
    staged.discard();
  }
}

/** Writes frame-NNNNNN.png for every stored frame, and camera.json (the view used), at `file(name)`. */
async function renderFrames(
  runDir: string, executable: string, file: (name: string) => string, options: RenderOptions,
): Promise<number> {
  const server = await startViewerServer(runDir, 0);
  const browser = await launchChromium(executable);
  try {
    const page = await browser.newPage({ viewport: { width: options.width, height: options.height }, deviceScaleFactor: 1 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const query = new URLSearchParams({ export: '1', color: options.colorBy, camera: options.camera });
    await page.goto(`${server.url}?${query}`);
    // Expressions, not functions: this package is compiled without the DOM types the page's code would need.
    const viewer = <T>(expression: string) => page.evaluate(`window.grainflow.${expression}`) as Promise<T>;
    await page.waitForFunction('window.grainflow?.ready || window.grainflow?.error', null, { timeout: 120_000 });
    const problem = await viewer<string | undefined>('error') ?? errors[0]
      ?? (await viewer<boolean>('webgl2') ? undefined : 'WebGL2 is not available');
    if (problem) throw new Error(`the viewer page failed in Chromium: ${problem}`);
    const camera = await viewer<object>('camera()');
    fs.writeFileSync(file('camera.json'),
      `${JSON.stringify({ width: options.width, height: options.height, ...camera }, null, 2)}\n`);
    const frames = await viewer<number>('frames');
    // Chromium's fast PNG setting: 92 instead of 137 ms per 1280×720 frame here (page.screenshot cannot ask for it).
    const devtools = await page.context().newCDPSession(page);
    for (let k = 0; k < frames; k++) {
      await viewer(`show(${k})`);
      const { data } = await devtools.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
      fs.writeFileSync(file(frameFile(k)), Buffer.from(data, 'base64'));
      options.onProgress?.(k + 1, frames);
    }
    if (errors.length > 0) throw new Error(`the viewer page failed in Chromium: ${errors[0]}`);
    return frames;
  } finally {
    await browser.close();
    await server.close();
  }
}
