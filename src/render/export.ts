/**
 * Headless export of a run: the viewer page (same scene as `grainflow view`) in Chromium (browser.ts), one PNG
 * screenshot per drawn frame, then MP4 (ffmpeg.ts), GIF (gifenc) or the PNG frames themselves. A poster PNG of
 * the last frame is always written (anim.mp4.png beside anim.mp4). Outputs appear whole or not at all (staged beside the target, then renamed)
 * and follow the output rule (src/output/run-directory.ts): an existing video or poster is replaced only with
 * `force` and only when it carries grainflow's mark (render-mark.ts), a frames directory only if grainflow made it.
 *
 * A long run is subsampled: at most --max-frames, or --duration seconds of video, evenly spaced over the stored
 * frames, first and last included; by default at most DEFAULT_SECONDS of video. Without --fps, a short run plays
 * slower (down to MIN_FPS) so that it lasts about TARGET_SECONDS when it can.
 */
import fs from 'node:fs';
import path from 'node:path';
import { StagedFiles } from '../output/run-directory.js';
import { writeOutputDirectory } from '../run/output-guard.js';
import { launchChromium, findChromium, type ChromiumChoice } from './browser.js';
import { encodeGif, encodeMp4, frameFile } from './encode.js';
import { markPng, RENDERED } from './render-mark.js';
import { findFfmpeg } from './ffmpeg.js';
import { checkRunDirectory, startViewerServer, ViewerInputError } from './server.js';
import { FRAMES_DIRECTORY, type FrameIndex } from '../output/frames.js';

/**
 * Colour modes and camera presets of the page (page/colors.js COLOR_MODES, page/scene.js CAMERA_PRESETS); camera
 * auto is front for a silo or hopper (the orifice and the jet in view), iso otherwise.
 */
export const COLOR_BY = ['speed', 'height', 'id', 'material'] as const;
export const CAMERA_PRESETS = ['auto', 'iso', 'front', 'side', 'top'] as const;
/** The cut-away (page/scene.js): auto is on for a run with a silo or a hopper's cone, off otherwise. */
export const CUTS = ['auto', 'on', 'off'] as const;
export type Cut = (typeof CUTS)[number];
/** run: one robust range over every frame (color-scale.ts), one colour one value throughout; frame: each frame's */
export const COLOR_SCALES = ['run', 'frame'] as const;
/** final: the last frame's spheres and walls; all: every frame; auto: final, or all for runs of few spheres */
export const FITS = ['auto', 'final', 'all'] as const;
export type ColorBy = (typeof COLOR_BY)[number];
export type ColorScale = (typeof COLOR_SCALES)[number];
export type Fit = (typeof FITS)[number];

export const DEFAULT_SECONDS = 15;
const TARGET_SECONDS = 10;
const MIN_FPS = 10;
export const MAX_FPS = 30;
/** --overlay-scale bounds: from a discreet overlay to one twice a projector's */
export const OVERLAY_SCALES = [0.25, 4] as const;

export interface RenderOptions {
  /** .mp4, .gif, or a directory for PNG frames */
  out: string;
  width: number;
  height: number;
  /** frames per second of the video; undefined: videoFps() */
  fps?: number;
  colorBy: ColorBy;
  /** default run */
  colorScale?: ColorScale;
  /** fixed colour range (SI units of the colour mode), instead of the robust one */
  range?: [number, number];
  /** a preset name or "azimuth,elevation" in degrees */
  camera: string;
  /** leave out the half of the run nearer the camera; default auto */
  cut?: Cut;
  /** default auto */
  fit?: Fit;
  /** a factor on the overlay's size (title, time, legend, scale bar), which is proportional to the image; default 1 */
  overlayScale?: number;
  /** at most this many frames; undefined: `duration` (or DEFAULT_SECONDS) of video */
  maxFrames?: number;
  /** at most this many seconds of video */
  duration?: number;
  /** the browser (default: findChromium()) and ffmpeg (default: findFfmpeg(); null: none) */
  browser?: ChromiumChoice;
  ffmpeg?: string | null;
  onProgress?: (done: number, total: number) => void;
  /** replace an existing output (a video and poster that are regular files; a frames directory grainflow made) */
  force?: boolean;
  /** one-line notices about the output (a stale lock taken over, …) */
  onNotice?: (message: string) => void;
}

export interface RenderResult {
  /** frames drawn, and frames stored in the run */
  frames: number;
  storedFrames: number;
  fps: number;
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

/** A video's poster, named after the whole video name: anim.mp4 and anim.gif side by side keep their own. */
export const posterOf = (video: string) => `${video}.png`;

export function validCamera(text: string): boolean {
  if ((CAMERA_PRESETS as readonly string[]).includes(text)) return true;
  const parts = text.split(',');
  if (parts.length !== 2 || parts.some((s) => s.trim() === '')) return false;
  const [azimuth, elevation] = parts.map(Number);
  return Number.isFinite(azimuth) && Number.isFinite(elevation) && Math.abs(elevation) <= 90;
}

/** Frames per second when none is asked for: about TARGET_SECONDS of video, between MIN_FPS and MAX_FPS. */
function videoFps(storedFrames: number): number {
  return Math.min(MAX_FPS, Math.max(MIN_FPS, Math.round(storedFrames / TARGET_SECONDS)));
}

/**
 * The files the page will read for the frames `selected`, each a regular file of the size index.json gives it —
 * checked before a browser starts, so a frame cut short or missing is one line naming it, not the page's error.
 * @throws ViewerInputError
 */
function checkFrameFiles(runDir: string, index: FrameIndex, selected: number[]): void {
  const perSphere = index.layout.reduce((sum, block) => sum + block.components, 0);
  const expected: [string, number][] = [
    [index.radius.file, 4 * index.particles],
    [index.material.file, 2 * index.particles],
    [index.walls.file, 4 * 9 * index.walls.triangles],
    ...selected.map((k): [string, number] => [index.frames[k].file, 4 * perSphere * index.frames[k].count]),
  ];
  for (const [name, bytes] of expected) {
    const file = path.join(runDir, FRAMES_DIRECTORY, name);
    let size: number | null = null;
    try {
      const stat = fs.statSync(file);
      if (stat.isFile()) size = stat.size;
    } catch {
      // missing: said below
    }
    if (size !== bytes) {
      throw damagedRunFile(file, `${size === null ? 'is missing or not a regular file' : `holds ${size} bytes`}; `
        + `frames/index.json gives it ${bytes}`);
    }
  }
}

/** A run file whose content cannot be drawn, `problem` saying what is wrong with it, as a one-line input error. */
function damagedRunFile(file: string, problem: string): ViewerInputError {
  return new ViewerInputError(`${file} ${problem}: the run's frames are damaged (run the scenario again)`);
}

/** What the page reports of a frame file holding a number it cannot draw (page/frame-values.js DamagedFrameError). */
export interface PageDamage {
  /** relative to the run directory: "frames/000003.f32" */
  file: string;
  problem: string;
}

/** The page's report of a damaged frame file as the error render fails with, naming the file by its full path. */
export function pageDamageError(runDir: string, damage: PageDamage): ViewerInputError {
  return damagedRunFile(path.join(runDir, damage.file), damage.problem);
}

/** Indices of at most `limit` stored frames, evenly spaced, first and last included. */
function selectFrames(stored: number, limit: number): number[] {
  // The first and the last are always drawn (a --duration shorter than two frames still gets both).
  const count = Math.min(stored, Math.max(2, Math.floor(limit)));
  if (count === 1) return [stored - 1];
  return Array.from({ length: count }, (_, j) => Math.round((j * (stored - 1)) / (count - 1)));
}

export async function renderRun(runDir: string, options: RenderOptions): Promise<RenderResult> {
  const kind = outputKind(options.out);
  if (kind === null) throw new Error(`unsupported --out "${options.out}"`);
  const index = checkRunDirectory(runDir);
  const stored = index.frames.length;
  const fps = options.fps ?? videoFps(stored);
  const selected = selectFrames(stored, options.maxFrames ?? fps * (options.duration ?? DEFAULT_SECONDS));
  checkFrameFiles(runDir, index, selected);
  const frames = selected.length;
  const result = { frames, storedFrames: stored, fps };
  // The output as the user named it (for the messages of the output rule), without a directory's trailing slash.
  const given = options.out.replace(/(.)\/+$/, '$1');
  // The run is the input: an output that is the run, or holds it, is refused whatever --force says.
  const claim = { force: options.force, onNotice: options.onNotice, inputs: [runDir] };
  if (kind === 'frames') {
    const out = path.resolve(given);
    return writeOutputDirectory(given, { ...claim, kind: 'frames' }, async (dir) => {
      // Named by the frame number the overlay shows (stored frame k is "frame k + 1/N"), so a file and its picture agree.
      const pngName = (k: number) => frameFile(selected[k] + 1);
      await renderFrames(runDir, options.browser ?? findChromium(), (name) => dir.file(name), selected, options, pngName);
      fs.copyFileSync(dir.file(pngName(frames - 1)), dir.file('poster.png'));
      return { ...result, output: out, poster: path.join(out, 'poster.png') };
    });
  }
  let target = given;
  let note: string | undefined;
  const ffmpeg = options.ffmpeg === undefined ? findFfmpeg() : options.ffmpeg;
  if (kind === 'mp4' && ffmpeg === null) {
    target = given.replace(/\.mp4$/i, '.gif');
    note = 'no ffmpeg found (none on the PATH, and the one npm ci installs runs on Linux x64 only; '
      + 'install it with `apt-get install ffmpeg` for MP4): wrote a GIF instead';
  }
  const poster = posterOf(target);
  const staged = new StagedFiles([target, poster], RENDERED, { ...claim, kind: 'render' });
  try {
    const work = staged.directory;
    await renderFrames(runDir, options.browser ?? findChromium(), (name) => path.join(work, name), selected, options, frameFile);
    const encoded = path.join(work, `encoded${path.extname(target)}`);
    if (target.toLowerCase().endsWith('.mp4')) encodeMp4(ffmpeg!, work, fps, encoded);
    else encodeGif(work, frames, fps, encoded);
    const posterFile = path.join(work, frameFile(frames - 1));
    markPng(posterFile);
    staged.commit([encoded, posterFile]);
    return { ...result, output: path.resolve(target), poster: path.resolve(poster), note };
  } finally {
    staged.discard();
  }
}

/** The page's query for the options (read by page/viewer.js). */
function pageQuery(options: RenderOptions): URLSearchParams {
  const query = new URLSearchParams({
    export: '1', color: options.colorBy, scale: options.colorScale ?? 'run', camera: options.camera, fit: options.fit ?? 'auto',
  });
  if (options.range) query.set('range', options.range.join(','));
  if (options.cut !== undefined) query.set('cut', options.cut);
  if (options.overlayScale !== undefined) query.set('overlay', String(options.overlayScale));
  return query;
}

/**
 * Writes the PNG of each selected stored frame (the k-th drawn named `pngName(k)`), and camera.json (the view used;
 * `frames` the stored frames drawn, counted from 0 as in frames/index.json), at `file(name)`.
 */
async function renderFrames(
  runDir: string, choice: ChromiumChoice, file: (name: string) => string, selected: number[], options: RenderOptions,
  pngName: (k: number) => string,
): Promise<void> {
  const server = await startViewerServer(runDir, 0);
  try {
    const browser = await launchChromium(choice);
    try {
      const page = await browser.newPage({ viewport: { width: options.width, height: options.height }, deviceScaleFactor: 1 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}?${pageQuery(options)}`);
      // Expressions, not functions: this package is compiled without the DOM types the page's code would need.
      const viewer = <T>(expression: string) => page.evaluate(`window.grainflow.${expression}`) as Promise<T>;
      // A frame file the page found damaged is bad input, said in one line (status 2) like a file of the wrong size.
      const damagedOr = async (error: Error): Promise<Error> => {
        // The page may be gone (a browser closed by Ctrl-C): then the error is the one said.
        const damage = await viewer<PageDamage | undefined>('damaged').catch(() => undefined);
        return damage === undefined ? error : pageDamageError(runDir, damage);
      };
      await page.waitForFunction('window.grainflow?.ready || window.grainflow?.error', null, { timeout: 120_000 });
      const problem = await viewer<string | undefined>('error') ?? errors[0]
        ?? (await viewer<boolean>('webgl2') ? undefined : 'WebGL2 is not available');
      if (problem) throw await damagedOr(new Error(`the viewer page failed in Chromium: ${problem}`));
      const camera = await viewer<object>('camera()');
      fs.writeFileSync(file('camera.json'),
        `${JSON.stringify({ width: options.width, height: options.height, ...camera, frames: selected }, null, 2)}\n`);
      // Chromium's fast PNG setting: 92 instead of 137 ms per 1280×720 frame here (page.screenshot cannot ask for it).
      const devtools = await page.context().newCDPSession(page);
      for (const [k, frame] of selected.entries()) {
        await viewer(`show(${frame})`).catch(async (error: Error) => {
          throw await damagedOr(error);
        });
        const { data } = await devtools.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
        fs.writeFileSync(file(pngName(k)), Buffer.from(data, 'base64'));
        options.onProgress?.(k + 1, selected.length);
      }
      if (errors.length > 0) throw new Error(`the viewer page failed in Chromium: ${errors[0]}`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}
