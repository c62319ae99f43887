/**
 * Property (issue #7): random mutations of valid scenarios never crash grainflow. Each mutated scenario is either
 * rejected with one ScenarioError — a single line starting with the field path — or it runs (the run driver,
 * cut to a few steps) and either finishes with finite state or is stopped by the watchdog with its diagnosis. Mutations replace a value anywhere in the tree with an awkward one (zero, negative,
 * huge, tiny, non-finite, wrong type, empty container), delete a key, or add an unknown key.
 * Extreme inputs (issue 12) — magnitudes of 1e±300 and the float limits, subnormals, arrays of 10⁵ elements,
 * strings of 10⁵ characters, objects of 10⁵ keys, nesting 10⁵ deep — put anywhere, are handled the same way, each
 * case (validation and set-up) within a bounded time: no limit may be found by exhausting the process.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory, UnstableRunError } from '../../src/run/run.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-property-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const VALID = ['scenarios/two-spheres.json', 'scenarios/bouncing-ball.json', 'test/fixtures/settle-2k.json']
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Json);
/** Runs bigger than this are only validated and set up, not run (the property is about input handling). */
const RUN_AT_MOST_PARTICLES = 5000;
/** Steps each accepted scenario runs. */
const STEPS = 3;

/** Every path to a value in the tree, root excluded. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, k) => k) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...paths((value as Record<string | number, Json>)[key], [...prefix, key])]);
}

const awkward = fc.oneof(
  fc.constantFrom<unknown>(0, -0, -1, 1, 0.5, 1e-300, 1e300, -1e300, Number.NaN, Infinity, -Infinity, 3.5, 1e9,
    '', 'auto', '1', null, true, [], {}, [0, 0, 0], [1, 2], { type: 'box' }),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const mutation = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'replace', 'delete', 'add'),
  at: fc.nat(),
  value: awkward,
  key: fc.constantFrom('extra', 'radious', 'dt', 'count', 'maxOverlap', '__proto__', 'constructor'),
});

function mutate(scenario: Json, m: { kind: string; at: number; value: unknown; key: string }): unknown {
  const copy = structuredClone(scenario) as Record<string | number, unknown>;
  const all = paths(scenario);
  const path = all[m.at % all.length];
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (m.kind === 'replace') parent[last] = m.value;
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      Object.defineProperty(target, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    } else parent[last] = m.value;
  }
  return copy;
}

const deep = (depth: number): Json => {
  let value: Json = 1;
  for (let k = 0; k < depth; k++) value = [value];
  return value;
};
const EXTREME: unknown[] = [
  1e300, -1e300, 1e-300, -1e-300, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE,
  2.2250738585072014e-308 / 3, 1e308 * 10, Number.MAX_SAFE_INTEGER + 2, 1e21,
  Array.from({ length: 100_000 }, () => 0.001),
  Array.from({ length: 100_000 }, () => ({})),
  'x'.repeat(100_000),
  Object.fromEntries(Array.from({ length: 100_000 }, (_, k) => [`k${k}`, k])),
  { ['y'.repeat(100_000)]: 1 },
  deep(100_000),
];

/**
 * Validation and set-up of `input`: one ScenarioError naming a field, or a setup. Not timed (a loaded machine must
 * not fail it): a case that hangs or takes minutes fails the test by its timeout.
 */
function setUpOrRefuse(input: unknown): ReturnType<typeof createSetup> | undefined {
  try {
    return createSetup(parseScenario(input));
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    const { message, field } = error as ScenarioError;
    expect(message.startsWith(`${field}: `)).toBe(true);
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(2000);
    return undefined;
  }
}

describe('scenario validation of extreme values', () => {
  it('rejects with one short line naming a field, or sets up, each case in bounded time', () => {
    fc.assert(fc.property(fc.nat({ max: VALID.length - 1 }), fc.nat(), fc.nat({ max: EXTREME.length - 1 }), (which, at, k) => {
      const setup = setUpOrRefuse(mutate(VALID[which], { kind: 'replace', at, value: EXTREME[k], key: '' }));
      if (setup !== undefined) expect(Number.isFinite(setup.dt) && setup.dt > 0).toBe(true);
    }), { numRuns: 200, seed: 12 });
  });

  it('refuses every extreme value as the particle list, a sphere, a radius, a material and the name', () => {
    for (const [k, value] of EXTREME.entries()) {
      for (const at of [['particles'], ['particles', 0], ['particles', 0, 'radius'], ['materials', 'aluminium'], ['name']]) {
        const input = structuredClone(VALID[0]) as Record<string, unknown>;
        let parent = input;
        for (const key of at.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
        parent[at[at.length - 1]] = value;
        expect(setUpOrRefuse(input), `${at.join('.')} = EXTREME[${k}]`).toBeUndefined();
      }
    }
  });
});

describe('scenario validation under random mutations', () => {
  it('rejects with one line naming a field, or sets up and runs with finite state', () => {
    let sample = 0;
    return fc.assert(fc.asyncProperty(fc.nat({ max: VALID.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (which, ms) => {
      const input = ms.reduce<unknown>((s, m) => mutate(s as Json, m), VALID[which]);
      let setup;
      try {
        setup = createSetup(parseScenario(input));
      } catch (error) {
        expect(error).toBeInstanceOf(ScenarioError);
        const { message, field } = error as ScenarioError;
        expect(message.startsWith(`${field}: `)).toBe(true);
        expect(message).not.toContain('\n');
        return;
      }
      if (setup.particles.n > RUN_AT_MOST_PARTICLES) return;
      setup.steps = Math.min(setup.steps, STEPS);
      try {
        const summary = await runToDirectory(setup, path.join(scratch, `run-${sample++}`));
        expect(summary.final.particles!.every((p) => [...p.position, ...p.velocity].every(Number.isFinite))).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(UnstableRunError);
        expect((error as Error).message).toMatch(/^(watchdog: at step \d+|the simulation became unstable)/);
      }
    }), { numRuns: 300, seed: 7 });
  });
});
