import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/base/package-root.js';
import { SCENARIO_JSON_SCHEMA_PATH, renderScenarioJsonSchema } from '../../src/scenario/json-schema.js';

describe('schema/scenario.schema.json', () => {
  const committed = readFileSync(join(packageRoot(), SCENARIO_JSON_SCHEMA_PATH), 'utf8');

  it('is what the zod schema generates (regenerate: npm run build && node dist/src/scenario/json-schema.js)', () => {
    expect(committed).toBe(renderScenarioJsonSchema());
  });

  it('describes the input: fields with defaults are optional and ranges are kept', () => {
    const schema = JSON.parse(committed);
    expect(schema.title).toBe('grainflow scenario');
    expect(schema.required).toEqual(['time', 'materials', 'contact']);
    const material = schema.properties.materials.additionalProperties;
    expect(material.properties.poissonsRatio).toMatchObject({ exclusiveMinimum: -1, exclusiveMaximum: 0.5 });
    expect(material.properties.youngsModulus.description).toContain('(Pa)');
  });
});
