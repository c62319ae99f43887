/**
 *   grainflow render <runDir> [--out anim.mp4|anim.gif|frames/] [--width W] [--height H] [--fps F]
 *                             [--max-frames N | --duration S] [--color-by speed|height|id|material]
 *                             [--color-scale run|frame] [--range MIN,MAX] [--camera auto|iso|front|side|top|AZ,EL]
 *                             [--cut auto|on|off] [--fit auto|final|all] [--overlay-scale X] [--quiet] [--force]
 * Bad options or run directory, or an --out the output rule refuses: status 2, one line naming the option and the
 * allowed range (and where the options are listed: `grainflow render --help`). No browser, or a render that fails:
 * status 1 with the remedy. Nothing is left half-written. --colour-by and --colour-scale are accepted for --color-by
 * and --color-scale.
 */
import path from 'node:path';
import { BrowserMissingError, findChromium } from '../render/browser.js';
import {
  CAMERA_PRESETS, COLOR_BY, COLOR_SCALES, CUTS, DEFAULT_SECONDS, FITS, MAX_FPS, OVERLAY_SCALES, outputKind, renderRun, validCamera,
  type RenderOptions,
} from '../render/export.js';
import { ViewerInputError } from '../render/server.js';
import { ArgumentError, parseCommandLine, usageErrorLine } from './arguments.js';
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK } from './exit-status.js';
import { describeFailure } from './failures.js';
import { createProgressReporter } from './progress.js';
import { decimal } from './option-number.js';
import { signalExitStatus, watchStopSignals } from './stop-signals.js';

export const RENDER_USAGE = `usage: grainflow render <runDir> [--out anim.mp4|anim.gif|frames/] [--width W] [--height H] [--fps F]
                        [--max-frames N | --duration S] [--color-by ${COLOR_BY.join('|')}]
                        [--color-scale ${COLOR_SCALES.join('|')}] [--range MIN,MAX] [--camera ${CAMERA_PRESETS.join('|')}|AZ,EL]
                        [--cut ${CUTS.join('|')}] [--fit ${FITS.join('|')}] [--overlay-scale X] [--quiet] [--force]

  render         draw a run's stored frames in headless Chromium and write a video or PNG frames
  --out          .mp4 (ffmpeg; a GIF if there is none), .gif, or a directory for PNG frames (default <runDir>/anim.mp4);
                 a poster PNG of the last frame is written beside it (in it, for a directory)
  --width        image width in pixels, 16–4096 (1280); --height likewise (720)
  --fps          frames per second of the video, 1–120 (default: stored frames / 10 s, within 10–${MAX_FPS})
  --max-frames   draw at most N frames, 2–100000, evenly spaced over the run, first and last included
  --duration     or at most S seconds of video, > 0 (default ${DEFAULT_SECONDS})
  --color-by     colour of the spheres (speed); --colour-by and --colour-scale are accepted too
  --color-scale  run: one range for the whole video, 1st–99th percentile of every frame's values (speed from 0);
                 frame: each frame's own range, said in the legend (run)
  --range        a fixed colour range instead, in m/s (speed) or m (height), MIN < MAX
  --camera       view direction: a preset or "azimuth,elevation" in degrees, elevation in [-90, 90]; auto is front
                 for a silo or hopper, iso otherwise (auto)
  --cut          leave out the half nearer the camera, to show the flow inside; auto: on for a silo or hopper (auto)
  --fit          what the camera frames: final (the last frame's spheres but far strays, and the walls then),
                 all (every frame's and every wall placement), auto (final; all for runs of under 50 spheres) (auto)
  --overlay-scale  size of the title, time, legend and scale bar, ${OVERLAY_SCALES.join('–')}: 1 is proportional to the
                 image (22 px titles at 1280×720, 66 px at 3840×2160) (1)
  --quiet        no progress bar and no result line
  --force        replace an existing --out (a video and poster that are files; a frames directory grainflow made)
  The browser: CHROME_PATH, else the system Chromium, else (Linux x64) the one npm ci installs.`;

class RenderUsageError extends Error {}

export async function renderCommand(argv: string[]): Promise<number> {
  let runDir: string, options: RenderOptions, quiet: boolean;
  try {
    ({ runDir, options, quiet } = parseRenderArgs(argv));
  } catch (err) {
    if (!(err instanceof RenderUsageError || err instanceof ArgumentError)) throw err;
    process.stderr.write(usageErrorLine('render', err.message));
    return EXIT_BAD_INPUT;
  }
  // A run directory without usable frames is refused by renderRun before a browser starts (renderReporting says it).
  return renderReporting(runDir, options, quiet);
}

/** `grainflow run --render`: the default export of a finished run, or how to view it without a browser. */
export async function renderAfterRun(runDir: string, quiet: boolean): Promise<number> {
  try {
    findChromium();
  } catch (err) {
    if (!(err instanceof BrowserMissingError)) throw err;
    process.stderr.write(`grainflow: not rendered: ${err.message}; meanwhile view the run with \`grainflow view ${runDir}\`\n`);
    return EXIT_OK;
  }
  return renderReporting(runDir, defaults(runDir), quiet);
}

async function renderReporting(runDir: string, options: RenderOptions, quiet: boolean): Promise<number> {
  const progress = quiet ? undefined
    : createProgressReporter(process.stderr, { step: 'frame', rate: 'frames/s' });
  // The rate and ETA are those of the frames: timed from the first one drawn, so the browser's start-up (a second
  // or two, once) is not taken for the cost of every frame. Frame 1 only starts the clock.
  let firstDrawn = 0;
  const onProgress = (done: number, total: number) => {
    const now = performance.now();
    if (done === 1) firstDrawn = now;
    else progress!.report({ step: done, steps: total, particleSteps: done, elapsedSeconds: ((now - firstDrawn) / 1000) * done / (done - 1) });
  };
  // Ctrl-C reaches the browser too (Playwright closes it), so the render fails at its next frame: said as what it
  // is, with the shell's status for the signal; a second signal exits at once (stop-signals.ts).
  const signals = watchStopSignals(() => {});
  try {
    const result = await renderRun(runDir, {
      ...options,
      onNotice: (message) => process.stderr.write(`grainflow: ${message}\n`),
      onProgress: progress && onProgress,
    });
    if (result.note) process.stderr.write(`grainflow: ${result.note}\n`);
    if (!quiet) {
      const of = result.frames < result.storedFrames ? ` of ${result.storedFrames} stored` : '';
      process.stdout.write(`rendered ${result.frames}${of} frames at ${result.fps} fps (${(result.frames / result.fps).toFixed(1)} s) `
        + `→ ${result.output} (poster ${result.poster})\n`);
    }
    return EXIT_OK;
  } catch (err) {
    const signal = signals.requested();
    if (signal !== null) {
      process.stderr.write(`grainflow: ${signal}: render stopped; nothing written\n`);
      return signalExitStatus(signal);
    }
    // A run whose frames are damaged, or an --out refused by the output rule, is bad input (2); a file-system
    // failure names its path (1).
    if (err instanceof ViewerInputError) {
      process.stderr.write(`grainflow: ${err.message}
`);
      return EXIT_BAD_INPUT;
    }
    const failure = describeFailure(err);
    process.stderr.write(`grainflow: ${failure?.message ?? `render failed: ${(err as Error).message}`}\n`);
    return failure?.status ?? EXIT_FAILED;
  } finally {
    signals.dispose();
  }
}

function defaults(runDir: string): RenderOptions {
  return {
    out: path.join(runDir, 'anim.mp4'), width: 1280, height: 720, colorBy: 'speed', colorScale: 'run', camera: 'auto', cut: 'auto', fit: 'auto',
  };
}

const RENDER_OPTIONS = {
  out: { type: 'string' }, width: { type: 'string' }, height: { type: 'string' }, fps: { type: 'string' },
  'max-frames': { type: 'string' }, duration: { type: 'string' }, 'color-by': { type: 'string' },
  'color-scale': { type: 'string' }, range: { type: 'string' }, camera: { type: 'string' }, fit: { type: 'string' },
  'overlay-scale': { type: 'string' }, cut: { type: 'string' },
  quiet: { type: 'boolean', default: false }, force: { type: 'boolean', default: false },
} as const;
const RENDER_ALIASES = { 'colour-by': 'color-by', 'colour-scale': 'color-scale' };

function parseRenderArgs(argv: string[]): { runDir: string; options: RenderOptions; quiet: boolean } {
  const { values, positionals } = parseCommandLine({ args: argv, allowPositionals: true, options: RENDER_OPTIONS }, RENDER_ALIASES);
  const [runDir, ...extra] = positionals;
  if (!runDir) throw new RenderUsageError('missing <runDir>');
  if (extra.length > 0) throw new RenderUsageError(`unexpected argument "${extra[0]}"`);
  const options = defaults(runDir);
  if (values.out !== undefined) {
    if (outputKind(values.out) === null) {
      throw new RenderUsageError(`--out must end in .mp4 or .gif, or name a directory for PNG frames (got "${values.out}")`);
    }
    options.out = values.out;
  }
  options.width = wholeNumber('--width', values.width, options.width, 16, 4096);
  options.height = wholeNumber('--height', values.height, options.height, 16, 4096);
  if (values.fps !== undefined) options.fps = wholeNumber('--fps', values.fps, 0, 1, 120);
  if (values['max-frames'] !== undefined && values.duration !== undefined) {
    throw new RenderUsageError('give --max-frames or --duration, not both');
  }
  if (values['max-frames'] !== undefined) options.maxFrames = wholeNumber('--max-frames', values['max-frames'], 0, 2, 100_000);
  if (values.duration !== undefined) {
    const seconds = decimal(values.duration);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new RenderUsageError(`--duration must be a number of seconds > 0 (got "${values.duration}")`);
    }
    options.duration = seconds;
  }
  options.colorBy = oneOf('--color-by', values['color-by'], COLOR_BY) ?? options.colorBy;
  options.colorScale = oneOf('--color-scale', values['color-scale'], COLOR_SCALES) ?? options.colorScale;
  options.fit = oneOf('--fit', values.fit, FITS) ?? options.fit;
  options.cut = oneOf('--cut', values.cut, CUTS) ?? options.cut;
  if (values.range !== undefined) {
    const bounds = values.range.split(',').map((v) => decimal(v.trim()));
    if (bounds.length !== 2 || !bounds.every(Number.isFinite) || !(bounds[0] < bounds[1])) {
      throw new RenderUsageError(`--range must be MIN,MAX with MIN < MAX, in m/s or m (got "${values.range}")`);
    }
    if (options.colorBy !== 'speed' && options.colorBy !== 'height') {
      throw new RenderUsageError(`--range applies to --color-by speed or height (got --color-by ${options.colorBy})`);
    }
    options.range = bounds as [number, number];
  }
  if (values.camera !== undefined) {
    if (!validCamera(values.camera)) {
      throw new RenderUsageError(`--camera must be one of ${CAMERA_PRESETS.join(', ')} or "azimuth,elevation" in degrees `
        + `with elevation in [-90, 90] (got "${values.camera}")`);
    }
    options.camera = values.camera;
  }
  if (values['overlay-scale'] !== undefined) {
    const factor = decimal(values['overlay-scale']);
    const [low, high] = OVERLAY_SCALES;
    if (!(factor >= low && factor <= high)) {
      throw new RenderUsageError(`--overlay-scale must be a number in ${low}–${high} (got "${values['overlay-scale']}")`);
    }
    options.overlayScale = factor;
  }
  options.force = values.force;
  return { runDir, options, quiet: values.quiet };
}

function oneOf<T extends string>(option: string, text: string | undefined, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new RenderUsageError(`${option} must be one of ${allowed.join(', ')} (got "${text}")`);
  return text as T;
}

function wholeNumber(option: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = decimal(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RenderUsageError(`${option} must be a whole number in ${min}–${max} (got "${text}")`);
  }
  return n;
}
