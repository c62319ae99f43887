/**
 * How the long validation cases run the engine: a shipped scenario file, edited for the one field a case varies
 * (orifice, seed, friction), run whole through the library's runScenario (the run a user gets) in a scratch
 * directory with frames off. The thread count comes from
 * `npm run validate -- --workers N` and does not change a result (runs are bit-identical for any thread count,
 * docs/architecture.md), only how much of a shared machine the report takes.
 * Every scenario file read here, and every file a run scenario names (a sphere CSV, an STL mesh), is recorded while
 * a case runs (`recordingReads`): the case's input digest (input-digest.ts) hashes them, so no list kept by hand can
 * miss one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The API's modules, not its index: the index also carries the LAMMPS export, whose text would enter every case's
// input digest (input-digest.ts) without moving a number.
import { runScenario } from '../api/run.js';
import { parseScenario } from '../api/scenario.js';
import type { RunSummary } from '../run/run.js';
import type { Scenario } from '../scenario/schema.js';
import type { CaseContext } from './checks.js';

/** The scenario file as shipped, edited by `edit`, run in a scratch directory; `read` sees that directory before it goes. */
export async function runScenarioFile(
  file: string, edit: (s: Scenario) => void, context: CaseContext, read?: (dir: string) => void,
): Promise<RunSummary> {
  const json = readScenarioFile(file);
  json.outputs.frames = false;
  edit(json);
  for (const named of namedFiles(json)) recordRead(path.join(path.dirname(file), named));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-validate-'));
  try {
    const summary = await runScenario(parseScenario(json, path.dirname(file)), { out: path.join(dir, 'run'), workers: context.workers });
    read?.(path.join(dir, 'run'));
    return summary;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A shipped scenario file as JSON (the fields a case reads before it varies them). */
export function readScenarioFile(file: string): Scenario {
  recordRead(file);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
}

/** The files read while `recordingReads` runs its body; null outside it. */
let reads: Set<string> | null = null;

function recordRead(file: string): void {
  reads?.add(path.relative(process.cwd(), path.resolve(file)).split(path.sep).join('/'));
}

/** The values of every `file` field of a scenario: the sphere CSV and STL meshes it names, relative to its folder. */
function namedFiles(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(namedFiles);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'file' && typeof v === 'string' ? [v] : namedFiles(v)));
}

/**
 * Runs `body` (one case; cases run one after another) and gives what it returned with the files read meanwhile,
 * relative to the working directory, sorted.
 */
export async function recordingReads<T>(body: () => Promise<T> | T): Promise<{ value: T; files: string[] }> {
  if (reads !== null) throw new Error('recordingReads: a case is already being recorded');
  reads = new Set();
  try {
    const value = await body();
    return { value, files: [...reads].sort() };
  } finally {
    reads = null;
  }
}
