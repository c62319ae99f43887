/**
 *   grainflow render <runDir> [--out anim.mp4|anim.gif|frames/] [--width W] [--height H] [--fps F]
 *                             [--color-by speed|height|id|material] [--camera iso|front|side|top|AZ,EL] [--quiet]
 *                             [--force]
 * Bad options or run directory, or an --out the output rule refuses: status 2, one line naming the option and the
 * allowed range. No browser, or a render that fails: status 1 with the remedy. Nothing is left half-written.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BrowserMissingError, findChromium } from '../render/browser.js';
import { CAMERA_PRESETS, COLOR_BY, outputKind, renderRun, validCamera, type ColorBy, type RenderOptions } from '../render/export.js';
import { checkRunDirectory, ViewerInputError } from '../render/server.js';
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK } from './exit-status.js';
import { describeFailure } from './failures.js';
import { createProgressReporter } from './progress.js';

export const RENDER_USAGE = `usage: grainflow render <runDir> [--out anim.mp4|anim.gif|frames/] [--width W] [--height H] [--fps F]
                        [--color-by ${COLOR_BY.join('|')}] [--camera ${CAMERA_PRESETS.join('|')}|AZ,EL] [--quiet] [--force]

  render      draw every stored frame of a run in headless Chromium and write a video or PNG frames
  --out       .mp4 (ffmpeg; a GIF if ffmpeg is missing), .gif, or a directory for PNG frames (default <runDir>/anim.mp4);
              a poster PNG of the last frame is written beside it (in it, for a directory)
  --width     image width in pixels, 16–4096 (1280); --height likewise (720)
  --fps       frames per second of the video, 1–120 (30)
  --color-by  colour of the spheres (speed)
  --camera    view direction: a preset or "azimuth,elevation" in degrees, elevation in [-90, 90] (iso)
  --quiet     no progress bar and no result line
  --force     replace an existing --out (a video and poster that are files; a frames directory grainflow made)
  Set CHROME_PATH to use a browser other than the system Chromium.`;

class RenderUsageError extends Error {}

export async function renderCommand(argv: string[]): Promise<number> {
  let runDir: string, options: RenderOptions, quiet: boolean;
  try {
    ({ runDir, options, quiet } = parseRenderArgs(argv));
    checkRunDirectory(runDir);
  } catch (err) {
    if (!(err instanceof RenderUsageError || err instanceof ViewerInputError)) throw err;
    process.stderr.write(`grainflow: ${err.message}\n${RENDER_USAGE}\n`);
    return EXIT_BAD_INPUT;
  }
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
  const started = performance.now();
  try {
    const result = await renderRun(runDir, {
      ...options,
      onNotice: (message) => process.stderr.write(`grainflow: ${message}\n`),
      onProgress: progress && ((done, total) =>
        progress.report({ step: done, steps: total, particleSteps: done, elapsedSeconds: (performance.now() - started) / 1000 })),
    });
    if (result.note) process.stderr.write(`grainflow: ${result.note}\n`);
    if (!quiet) process.stdout.write(`rendered ${result.frames} frames → ${result.output} (poster ${result.poster})\n`);
    return EXIT_OK;
  } catch (err) {
    // An --out refused by the output rule is bad input (2); a file-system failure names its path (1).
    const failure = describeFailure(err);
    process.stderr.write(`grainflow: ${failure?.message ?? `render failed: ${(err as Error).message}`}\n`);
    return failure?.status ?? EXIT_FAILED;
  }
}

function defaults(runDir: string): RenderOptions {
  return { out: path.join(runDir, 'anim.mp4'), width: 1280, height: 720, fps: 30, colorBy: 'speed', camera: 'iso' };
}

const RENDER_OPTIONS = {
  out: { type: 'string' }, width: { type: 'string' }, height: { type: 'string' }, fps: { type: 'string' },
  'color-by': { type: 'string' }, camera: { type: 'string' }, quiet: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
} as const;

function parseRenderArgs(argv: string[]): { runDir: string; options: RenderOptions; quiet: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: RENDER_OPTIONS });
  } catch (err) {
    throw new RenderUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
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
  options.fps = wholeNumber('--fps', values.fps, options.fps, 1, 120);
  const colorBy = values['color-by'];
  if (colorBy !== undefined) {
    if (!(COLOR_BY as readonly string[]).includes(colorBy)) {
      throw new RenderUsageError(`--color-by must be one of ${COLOR_BY.join(', ')} (got "${colorBy}")`);
    }
    options.colorBy = colorBy as ColorBy;
  }
  if (values.camera !== undefined) {
    if (!validCamera(values.camera)) {
      throw new RenderUsageError(`--camera must be one of ${CAMERA_PRESETS.join(', ')} or "azimuth,elevation" in degrees `
        + `with elevation in [-90, 90] (got "${values.camera}")`);
    }
    options.camera = values.camera;
  }
  options.force = values.force;
  return { runDir, options, quiet: values.quiet };
}

function wholeNumber(option: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RenderUsageError(`${option} must be a whole number in ${min}–${max} (got "${text}")`);
  }
  return n;
}
