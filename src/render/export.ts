/**
 * Headless export of a run: the viewer page (same scene as `grainflow view`) in the system Chromium, one PNG
 * screenshot per stored frame, then MP4 (ffmpeg), GIF (gifenc) or the PNG frames themselves. A poster PNG of
 * the last frame is always written. Outputs appear whole or not at all (staged beside the target, then renamed).
 */
import fs from 'node:fs';
import path from 'node:path';
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
  const out = path.resolve(options.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(out), `.${path.basename(out)}.partial-`));
  try {
    const frames = await renderFrames(runDir, executable, staging, options);
    const last = path.join(staging, frameFile(frames - 1));
    if (kind === 'frames') {
      fs.copyFileSync(last, path.join(staging, 'poster.png'));
      replace(staging, out);
      return { frames, output: out, poster: path.join(out, 'poster.png') };
    }
    let target = out;
    let note: string | undefined;
    if (kind === 'mp4' && !hasFfmpeg()) {
      target = out.replace(/\.mp4$/i, '.gif');
      note = `ffmpeg not found (install it with \`apt-get install ffmpeg\` for MP4): wrote a GIF instead`;
    }
    const encoded = path.join(staging, `encoded${path.extname(target)}`);
    if (target.toLowerCase().endsWith('.mp4')) encodeMp4(staging, options.fps, encoded);
    else encodeGif(staging, frames, options.fps, encoded);
    const poster = target.replace(/\.(mp4|gif)$/i, '.png');
    fs.renameSync(encoded, target);
    fs.renameSync(last, poster);
    return { frames, output: target, poster, note };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Writes frame-NNNNNN.png for every stored frame, and camera.json (the view used), into dir. */
async function renderFrames(runDir: string, executable: string, dir: string, options: RenderOptions): Promise<number> {
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
    fs.writeFileSync(path.join(dir, 'camera.json'),
      `${JSON.stringify({ width: options.width, height: options.height, ...camera }, null, 2)}\n`);
    const frames = await viewer<number>('frames');
    // Chromium's fast PNG setting: 92 instead of 137 ms per 1280×720 frame here (page.screenshot cannot ask for it).
    const devtools = await page.context().newCDPSession(page);
    for (let k = 0; k < frames; k++) {
      await viewer(`show(${k})`);
      const { data } = await devtools.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
      fs.writeFileSync(path.join(dir, frameFile(k)), Buffer.from(data, 'base64'));
      options.onProgress?.(k + 1, frames);
    }
    if (errors.length > 0) throw new Error(`the viewer page failed in Chromium: ${errors[0]}`);
    return frames;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Moves the finished directory into place, replacing an earlier one. */
function replace(staging: string, target: string): void {
  const previous = `${staging}.old`;
  if (fs.existsSync(target)) fs.renameSync(target, previous);
  fs.renameSync(staging, target);
  fs.rmSync(previous, { recursive: true, force: true });
}
