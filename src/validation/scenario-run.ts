/**
 * How the long validation cases run the engine: a shipped scenario file, edited for the one field a case varies
 * (orifice, seed, friction), run whole through the library's runScenario (the run a user gets) in a scratch
 * directory with frames off. The thread count comes from
 * `npm run validate -- --workers N` and does not change a result (runs are bit-identical for any thread count,
 * docs/architecture.md), only how much of a shared machine the report takes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseScenario, runScenario, type RunSummary } from '../api/index.js';
import type { Scenario } from '../scenario/schema.js';
import type { CaseContext } from './checks.js';

/** The scenario file as shipped, edited by `edit`, run in a scratch directory; `read` sees that directory before it goes. */
export async function runScenarioFile(
  file: string, edit: (s: Scenario) => void, context: CaseContext, read?: (dir: string) => void,
): Promise<RunSummary> {
  const json = readScenarioFile(file);
  json.outputs.frames = false;
  edit(json);
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
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
}
