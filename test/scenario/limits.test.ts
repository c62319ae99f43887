/**
 * The format's limits (docs/scenario-format.md "Limits", issue 12) on both sides: the value at a limit is accepted, one past it is
 * refused with one line naming the field — so a limit that never trips, or trips early, fails here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFile } from '../../src/base/regular-file.js';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { checkJsonBounds, MAX_JSON_DEPTH, MAX_NAME_LENGTH, MAX_STRING_LENGTH } from '../../src/scenario/json-bounds.js';
import { MAX_DISCRETE_VALUES, MAX_MATERIALS, MAX_SECTORS, type Scenario } from '../../src/scenario/schema.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-limits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The field a refusal names, or undefined when `action` is accepted. */
function refusedField(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).not.toContain('\n');
    return (error as ScenarioError).field;
  }
}

const minimal = (edit: (json: Scenario) => void) => () => editedScenario('test/fixtures/bad/density-zero.json', (json) => {
  json.materials.steel.density = 7800;
  edit(json);
});

describe('JSON shape', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1;
    for (let k = 0; k < depth; k++) value = [value];
    return value;
  };
  it(`nests at most ${MAX_JSON_DEPTH} levels`, () => {
    expect(refusedField(() => checkJsonBounds(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(refusedField(() => checkJsonBounds(nested(MAX_JSON_DEPTH + 1)))).toBe(`${'[0]'.repeat(MAX_JSON_DEPTH)}`);
  });

  it(`takes names of at most ${MAX_NAME_LENGTH} and strings of at most ${MAX_STRING_LENGTH} characters`, () => {
    expect(refusedField(() => checkJsonBounds({ ['k'.repeat(MAX_NAME_LENGTH)]: 1 }))).toBeUndefined();
    expect(refusedField(() => checkJsonBounds({ ['k'.repeat(MAX_NAME_LENGTH + 1)]: 1 }))).toMatch(/^\["kkkk/);
    expect(refusedField(() => checkJsonBounds({ name: 's'.repeat(MAX_STRING_LENGTH) }))).toBeUndefined();
    expect(refusedField(() => checkJsonBounds({ name: 's'.repeat(MAX_STRING_LENGTH + 1) }))).toBe('name');
  });
});

describe('scenario sizes', () => {
  const materials = (n: number) => minimal((json) => {
    for (let k = 1; k < n; k++) json.materials[`m${k}`] = { ...json.materials.steel };
  });
  it(`holds at most ${MAX_MATERIALS} materials`, () => {
    expect(refusedField(materials(MAX_MATERIALS))).toBeUndefined();
    expect(refusedField(materials(MAX_MATERIALS + 1))).toBe('materials');
  });

  const values = (n: number) => minimal((json) => {
    json.particles = [];
    json.insert = [{
      region: { type: 'box', min: [-0.1, -0.1, 0], max: [0.1, 0.1, 0.2] }, count: 10, material: 'steel',
      radius: { distribution: 'discrete', values: Array.from({ length: n }, () => 0.001) },
    } as Scenario['insert'][number]];
  });
  it(`takes at most ${MAX_DISCRETE_VALUES} discrete radii`, () => {
    expect(refusedField(values(MAX_DISCRETE_VALUES))).toBeUndefined();
    expect(refusedField(values(MAX_DISCRETE_VALUES + 1))).toBe('insert[0].radius.values');
  });

  const sectors = (n: number) => minimal((json) => {
    (json.particles as ParticleSpec[]).push({ ...(json.particles as ParticleSpec[])[0], position: [0.05, 0, 0.1] });
    json.analysis = { type: 'angle-of-repose', floorZ: 0, sectors: n };
  });
  it(`fits at most ${MAX_SECTORS} sectors`, () => {
    expect(refusedField(sectors(MAX_SECTORS))).toBeUndefined();
    expect(refusedField(sectors(MAX_SECTORS + 1))).toBe('analysis.sectors');
  });
});

describe('reading an input file', () => {
  it('reads at most maxBytes, counted while reading', () => {
    const file = path.join(scratch, 'ten-bytes');
    writeFileSync(file, '0123456789');
    expect(readRegularFile(file, 10).toString()).toBe('0123456789');
    expect(() => readRegularFile(file, 9)).toThrow('is 10 bytes; the limit is 9 bytes');
    // A /proc file is a regular file whose stat size is 0: only the count while reading can refuse it.
    expect(readRegularFile('/proc/self/status', 1e6).length).toBeGreaterThan(100);
    expect(() => readRegularFile('/proc/self/status', 100)).toThrow('holds more than 100 bytes; the limit is 100 bytes');
    // /dev/zero reports size 0 and never ends: refused as a device before a byte is read.
    expect(() => readRegularFile('/dev/zero', 1e9)).toThrow(/a character device, not a regular file/);
  });
});
