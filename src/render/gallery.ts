/**
 * The gallery of the README (`npm run gallery`): one still per shipped scenario, so a reader sees what a scenario
 * gives before running it. Each scenario is run, as it is shipped, up to the moment its still shows (STILL_TIMES;
 * the end of the run otherwise) and that moment is drawn by the same exporter as `grainflow render` (export.ts:
 * default camera and cut-away, speed colours on the still's own scale) at STILL_SIZE, then stored as a 256-colour
 * PNG to keep the repository small. The run is the scenario unchanged up to that time (same seed, time step and
 * walls; runs are deterministic): only its end, its output cadence (two frames, no VTK, no impacts) and its
 * analysis (meaningless on a cut-short run) differ.
 *
 * The gallery directory is an output like any other (docs/outputs.md, "Safety of your files"): written whole,
 * marked as grainflow's (kind `gallery`), and replaced only while it holds nothing but what the gallery wrote —
 * a file added by hand keeps it from being replaced, and the refusal names it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode, encode } from 'fast-png';
import gifenc from 'gifenc';
import { createSetup } from '../run/setup.js';
import { runToDirectory } from '../run/run.js';
import { writeOutputDirectory } from '../run/output-guard.js';
import { parseScenario } from '../scenario/load.js';
import { toRgba } from './encode.js';
import { renderRun } from './export.js';

/** The marker kind of a gallery directory. */
export const GALLERY_KIND = 'gallery';
export const STILL_SIZE = { width: 640, height: 360 } as const;

/**
 * The simulated time (s) each still shows where the end of the run would show less: what happens after an
 * event (a gate opened, a cylinder lifted, a drum set turning) or a ball in flight rather than at rest.
 */
export const STILL_TIMES: Readonly<Record<string, number>> = {
  // mid-fall, 0.13 s before the first bounce (H₀ − R = 0.9 m: 0.43 s)
  'bouncing-ball': 0.3,
  // the cylinder lifted at 0.4 s, the heap spreading out of it
  'cylinder-lift': 0.7,
  // the drum turning since 0.35 s, its bed inclined
  drum: 0.9,
  // gate opened at 0.4 s: the jet under the orifice
  hopper: 0.55,
  // gate opened at 0.3 s: the jet under the orifice
  silo: 0.45,
};

export interface GalleryOptions {
  /** scenario files (one still each, named after the file: silo.json → silo.png) */
  scenarios: string[];
  /** the gallery directory */
  out: string;
  /** threads per run (default: the scenario's `workers`) */
  workers?: number;
  /** one line per still as it is made */
  onStill?: (name: string, seconds: number) => void;
}

export interface Still {
  /** file name in the gallery directory */
  file: string;
  /** simulated time shown (s) */
  time: number;
  bytes: number;
}

/** Runs every scenario to its still's time, draws it and writes the gallery directory whole. */
export async function writeGallery(options: GalleryOptions): Promise<Still[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-gallery-'));
  try {
    return await writeOutputDirectory(options.out, { kind: GALLERY_KIND, force: true }, async (dir) => {
      const stills: Still[] = [];
      for (const file of options.scenarios) {
        const started = performance.now();
        const name = path.basename(file, '.json');
        const { runDir, time } = await runToStill(file, path.join(scratch, name), options.workers);
        const frames = path.join(scratch, `${name}-frames`);
        // The still's own colour scale, said so in its legend: a run-wide one pools the t = 0 frame, which the still
        // does not show, and drew the cooled granular gases at 0.4 s all dark on their initial spread (0–3.21 m/s).
        await renderRun(runDir, {
          out: frames, ...STILL_SIZE, maxFrames: 1, colorBy: 'speed', colorScale: 'frame', camera: 'auto', cut: 'auto', fit: 'auto',
        });
        const png = smallPng(fs.readFileSync(path.join(frames, 'poster.png')));
        const still = `${name}.png`;
        fs.writeFileSync(dir.file(still), png);
        stills.push({ file: still, time, bytes: png.byteLength });
        options.onStill?.(name, (performance.now() - started) / 1000);
      }
      return stills;
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs `file` up to its still's time into `runDir`, with a frame at that time. */
async function runToStill(file: string, runDir: string, workers?: number): Promise<{ runDir: string; time: number }> {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string; time: { duration: number }; outputs?: object; analysis?: unknown;
  };
  const time = Math.min(STILL_TIMES[path.basename(file, '.json')] ?? Infinity, json.time.duration);
  json.time.duration = time;
  json.outputs = { ...json.outputs, interval: time, frames: true, vtk: false, impacts: false, impactRecords: false, contactTrace: false };
  delete json.analysis;
  await runToDirectory(createSetup(parseScenario(json, path.dirname(file)), { workers }), runDir);
  return { runDir, time };
}

/**
 * A screenshot as an indexed PNG of at most 256 colours (gifenc's quantiser, as the GIF export uses), deflated
 * at the highest level: a third or less of the size of Chromium's RGB PNG, with no difference visible at this size.
 */
export function smallPng(screenshot: Uint8Array): Uint8Array {
  const image = decode(screenshot);
  const rgba = toRgba(image.data, image.channels, image.width * image.height);
  const palette = gifenc.quantize(rgba, 256);
  const index = gifenc.applyPalette(rgba, palette);
  return encode({ width: image.width, height: image.height, data: index, depth: 8, channels: 1, palette }, { zlib: { level: 9 } });
}
