/**
 * The scenario format as JSON Schema, for editors (`"$schema": "../schema/scenario.schema.json"` in a scenario
 * gives completion and range hints). Generated from the zod schema, never edited by hand:
 *   npm run build && node dist/src/scenario/json-schema.js      → writes schema/scenario.schema.json
 * A test checks that the committed file matches what this module generates.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { packageRoot } from '../base/package-root.js';
import { scenarioSchema } from './schema.js';

/** Where the generated file lives, relative to the package root. */
export const SCENARIO_JSON_SCHEMA_PATH = 'schema/scenario.schema.json';

/** The JSON Schema text, as committed: describes the input (fields with defaults are optional). */
export function renderScenarioJsonSchema(): string {
  const { $schema, ...body } = z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' });
  const document = { $schema, title: 'grainflow scenario', ...body };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes the schema atomically (temporary file, then rename), so a reader never sees a half-written file. */
export function writeScenarioJsonSchema(path: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(temporary, renderScenarioJsonSchema());
  renameSync(temporary, path);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = join(packageRoot(), SCENARIO_JSON_SCHEMA_PATH);
  writeScenarioJsonSchema(target);
  console.log(`wrote ${target}`);
}
