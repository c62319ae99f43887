/**
 * A scenario file changed before it is parsed: a checked scenario is frozen (its walls and contact laws are built
 * from it), so tests that vary a field edit the JSON and check it anew, as a user editing the file would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckedScenario } from '../../src/scenario/checks.js';
import { parseScenario } from '../../src/scenario/load.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** `edit` receives the file's JSON typed as the parsed scenario (the fields it changes are given in the file). */
export function editedScenario(file: string, edit: (json: Scenario) => void): CheckedScenario {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  edit(json);
  return parseScenario(json, path.dirname(file));
}
