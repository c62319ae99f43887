/**
 * The marker file, `.grainflow-output`, that every output directory grainflow makes holds, and what it proves
 * (docs/outputs.md, "Safety of your files"). Its first line is a JSON object naming the command that made the directory
 * (`kind`: run, calibrate, impact, frames, export, import); every line after it is the path, relative to the
 * directory and JSON-quoted, of a file or directory the writer made there, in full depth ("frames/000003.f32"),
 * appended before the file is written — so a writer killed at any moment leaves a list that holds at least what it
 * made. Appending keeps the cost of a file O(1): a run writing ten thousand frames does not rewrite a growing list.
 *
 * An output may be replaced only while everything in it, at every depth, is listed (foreignPath): a file the user
 * added to `frames/` or `checkpoints/` keeps the run from being replaced, and the refusal names it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from './file-writes.js';
import { LOCK_SUFFIX } from './output-lock.js';
import type { MarkerAbsence } from './output-refusal.js';

export const OUTPUT_MARKER = '.grainflow-output';
const MARKER_SIGNATURE = 'output directory';
const MARKER_NOTE = 'grainflow made this directory; each line after this one names a file or folder it wrote here. '
  + 'grainflow --force replaces the directory only for the same command ("kind") and only while it holds nothing '
  + 'else, at any depth: anything you add keeps it from being replaced.';
/** A marker is a few lines per file written; one larger than this was not written by grainflow (or is not worth trusting). */
const MAX_MARKER_BYTES = 256 << 20;

export interface Marker {
  /** the command that made the output */
  kind: string;
  /** every path the writer made, relative, '/'-separated */
  paths: Set<string>;
}

/** Writes a new marker for an output of `kind` in `dir`, listing `paths`. */
export function writeMarker(dir: string, kind: string, paths: Iterable<string> = []): void {
  const header = JSON.stringify({ grainflow: MARKER_SIGNATURE, kind, note: MARKER_NOTE });
  writeFileAtomically(path.join(dir, OUTPUT_MARKER), [header, ...[...paths].map((p) => JSON.stringify(p))].join('\n') + '\n');
}

/** Lists `name` (relative to `dir`, any separator) in the marker of `dir`, before the writer makes it. */
export function recordPath(dir: string, name: string): void {
  fs.appendFileSync(path.join(dir, OUTPUT_MARKER), `${JSON.stringify(relativeName(name))}\n`);
}

/** "frames/000001.f32" for "./frames//000001.f32" or "frames\\000001.f32". */
export function relativeName(name: string): string {
  return name.split(/[/\\]+/).filter((part) => part !== '' && part !== '.').join('/');
}

/** The marker of `dir`, or null when it has none (or one grainflow did not write). */
export function readMarker(dir: string): Marker | null {
  const file = path.join(dir, OUTPUT_MARKER);
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_MARKER_BYTES) return null;
    const [header, ...lines] = fs.readFileSync(file, 'utf8').split('\n');
    const parsed = JSON.parse(header) as Record<string, unknown>;
    if (parsed.grainflow !== MARKER_SIGNATURE || typeof parsed.kind !== 'string') return null;
    const paths = new Set<string>();
    for (const line of lines) {
      // A line cut short by a kill is not a path grainflow finished listing: what it named is not trusted.
      if (line === '') continue;
      try {
        const name = JSON.parse(line) as unknown;
        if (typeof name === 'string') paths.add(relativeName(name));
      } catch { /* a torn last line */ }
    }
    return { kind: parsed.kind, paths };
  } catch {
    return null;
  }
}

/**
 * Why `dir` has no marker readMarker accepts: no file of that name ('missing'), an empty one ('empty': a marker is
 * never empty, so it is not grainflow's either, but the user should be told what they see), or anything else
 * grainflow did not write ('foreign') — so that a refusal says what is there rather than "no marker".
 */
export function markerAbsence(dir: string): MarkerAbsence {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(path.join(dir, OUTPUT_MARKER));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  return stat.isFile() && stat.size === 0 ? 'empty' : 'foreign';
}

/**
 * The first thing inside the output `dir` its writer did not make, as a path relative to `dir`, or null when
 * everything is listed in its marker. Directories are walked when they lead to a listed path; a listed directory
 * holding a marker of its own (a frames output rendered into a run) is judged by that marker; symbolic links are
 * never followed. What a writer leaves for a moment is grainflow's too: a file being renamed into place, and the
 * lock and staging directory of an output being written inside.
 */
export function foreignPath(dir: string, marker: Marker): string | null {
  const leading = new Set<string>();
  for (const p of marker.paths) {
    const parts = p.split('/');
    for (let k = 1; k < parts.length; k++) leading.add(parts.slice(0, k).join('/'));
  }
  const walk = (relative: string): string | null => {
    const entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (name === OUTPUT_MARKER || isPassing(name, marker.paths)) continue;
      const listed = marker.paths.has(name);
      if (!listed && !leading.has(name)) return name;
      if (!entry.isDirectory()) continue;
      const inner = listed && !leading.has(name) ? readMarker(path.join(dir, name)) : null;
      const found = inner === null ? walk(name) : prefixed(name, foreignPath(path.join(dir, name), inner));
      if (found !== null) return found;
    }
    return null;
  };
  return walk('');
}

function prefixed(prefix: string, found: string | null): string | null {
  return found === null ? null : `${prefix}/${found}`;
}

/** What a writer leaves for a moment: `<listed>.<pid>.tmp`, `.<name>.partial-<pid>[.old]`, `.<name>.lock`. */
function isPassing(name: string, listed: ReadonlySet<string>): boolean {
  const temporary = /^(.+)\.\d+\.tmp$/.exec(name);
  if (temporary && (temporary[1] === OUTPUT_MARKER || listed.has(temporary[1]))) return true;
  const base = name.slice(name.lastIndexOf('/') + 1);
  return new RegExp(`^\\..+(\\.partial-\\d+(\\.old)?|${LOCK_SUFFIX.replace(/[.]/g, '\\.')})$`).test(base);
}
