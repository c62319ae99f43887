/**
 * Reading a run's frames/index.json back (render, view): through the bounds of run-files.ts, then the fields the
 * exporter and the viewer rely on, so that a damaged or foreign index is one RunFileError naming the file and the
 * field — never a hang, a TypeError deep in the exporter, or a page that draws nothing.
 */
import path from 'node:path';
import { FRAME_FORMAT, FRAME_FORMAT_VERSION, FRAME_INDEX, FRAMES_DIRECTORY, type FrameIndex } from './frames.js';
import { readRunJson, RunFileError } from './run-files.js';

/** Frame files are named by their number (frames.ts): nothing else is ever asked of the viewer's server. */
const FRAME_FILE = /^\d{6,}\.f32$/;

const isFiniteNumber = (x: unknown) => typeof x === 'number' && Number.isFinite(x);

/** The frame index of the run in `runDir`. @throws RunFileError when it is missing, unreadable or malformed */
export function readFrameIndex(runDir: string): FrameIndex {
  const file = path.join(runDir, FRAMES_DIRECTORY, FRAME_INDEX);
  const json = readRunJson(file);
  const bad = (what: string) => new RunFileError(`${file} is not a grainflow frame index: ${what}`);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw bad('it is not a JSON object');
  const index = json as Partial<Record<keyof FrameIndex, unknown>>;
  if (index.format !== FRAME_FORMAT) throw bad(`"format" is not "${FRAME_FORMAT}"`);
  if (index.version !== FRAME_FORMAT_VERSION) {
    throw bad(`"version" is ${JSON.stringify(index.version)}; this grainflow reads version ${FRAME_FORMAT_VERSION}`);
  }
  const particles = index.particles;
  if (!Number.isSafeInteger(particles) || (particles as number) < 0) throw bad('"particles" is not a whole number ≥ 0');
  if (!Array.isArray(index.frames) || index.frames.length === 0) throw bad('"frames" is not a non-empty list');
  index.frames.forEach((frame: unknown, k: number) => {
    const f = (frame ?? {}) as Record<string, unknown>;
    if (!isFiniteNumber(f.t)) throw bad(`frames[${k}].t is not a finite time`);
    if (typeof f.file !== 'string' || !FRAME_FILE.test(f.file)) throw bad(`frames[${k}].file is not a frame file name`);
    if (!Number.isSafeInteger(f.count) || (f.count as number) < 0 || (f.count as number) > (particles as number)) {
      throw bad(`frames[${k}].count is not a whole number from 0 to "particles" (${particles})`);
    }
    // A number JSON cannot hold as a double (1e400) parses as Infinity, and the page would place the wall nowhere.
    if (!Array.isArray(f.walls) || !f.walls.every((w) => w === null || (Array.isArray(w) && w.every(isFiniteNumber)))) {
      throw bad(`frames[${k}].walls is not a list of wall placements (lists of finite numbers, or null for a removed wall)`);
    }
  });
  return json as FrameIndex;
}
