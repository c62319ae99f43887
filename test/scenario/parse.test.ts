import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { loadScenarioFile, parseScenario } from '../../src/scenario/load.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

/** The smallest valid scenario: one steel sphere, Tsuji e = 0.8. */
const minimal = (): Record<string, any> => ({
  time: { duration: 0.01 },
  materials: { steel: { youngsModulus: 2e11, poissonsRatio: 0.3, density: 7800 } },
  contact: { normal: { model: 'tsuji', restitution: 0.8 } },
  particles: [{ position: [0, 0, 0.1], radius: 0.01, material: 'steel' }],
});

function rejection(json: unknown): ScenarioError {
  try {
    parseScenario(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return error as ScenarioError;
  }
  throw new Error('scenario was accepted');
}

const edited = (edit: (s: Record<string, any>) => void) => {
  const scenario = minimal();
  edit(scenario);
  return scenario;
};

describe('parseScenario', () => {
  it('fills the documented defaults', () => {
    const { scenario } = parseScenario(minimal());
    expect(scenario.seed).toBe(1);
    expect(scenario.gravity).toEqual([0, 0, -9.81]);
    expect(scenario.time.dt).toBe('auto');
    expect(scenario.contact.endOfContact).toBe('no-tension');
    expect((scenario.particles as ParticleSpec[])[0].velocity).toEqual([0, 0, 0]);
    expect((scenario.particles as ParticleSpec[])[0].angularVelocity).toEqual([0, 0, 0]);
    expect(scenario.walls).toEqual([]);
    expect(scenario.workers).toBe('auto');
    expect(scenario.outputs).toEqual({ impacts: true, impactRecords: false, frames: true, vtk: false, contactTrace: false });
  });

  // One case per kind of zod failure: each must name the field, the allowed range with its unit, and the value.
  it.each([
    ['missing field', (s: any) => delete s.time.duration, 'time.duration', 'missing; must be a number > 0 (simulated time in s)'],
    ['wrong type', (s: any) => (s.particles[0].radius = '0.01 m'), 'particles[0].radius', 'must be a number > 0 (sphere radius in m); got "0.01 m"'],
    ['"NaN" as a string', (s: any) => (s.particles[0].radius = 'NaN'), 'particles[0].radius', 'got "NaN"'],
    ['null', (s: any) => (s.particles[0].radius = null), 'particles[0].radius', 'got null'],
    ['±Infinity (1e999 in JSON)', (s: any) => (s.particles[0].radius = Infinity), 'particles[0].radius', 'must be a number > 0'],
    ['out of range', (s: any) => (s.materials.steel.poissonsRatio = 0.5), 'materials.steel.poissonsRatio', "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless); got 0.5"],
    ['wrong enum', (s: any) => (s.contact.normal.model = 'hooke'), 'contact.normal.model', 'must be one of "hertz", "kuwabara-kono", "tsuji", "brilliantov", "bordbar"'],
    ['vector too short', (s: any) => (s.particles[0].position = [0, 0]), 'particles[0].position', 'must be an array of 3 numbers [x, y, z] (centre position in m); got [0,0]'],
    ['vector element', (s: any) => (s.particles[0].position = [0, 0, 'up']), 'particles[0].position[2]', 'must be a number within ±1000000 m (centre position in m); got "up"'],
    ['union: number out of range', (s: any) => (s.time.dt = -1e-6), 'time.dt', 'must be "auto" or a number > 0 (time step in s); got -0.000001'],
    ['union: wrong type', (s: any) => (s.time.dt = 'fast'), 'time.dt', 'must be "auto" or a number > 0 (time step in s); got "fast"'],
    ['whole number', (s: any) => (s.workers = 1.5), 'workers', 'must be "auto" or a whole number >= 1 (worker threads); got 1.5'],
    ['boolean', (s: any) => (s.outputs = { impacts: 'yes' }), 'outputs.impacts', 'must be true or false'],
    ['object expected', (s: any) => (s.time = 5), 'time', 'must be an object (time settings {duration, dt}); got 5'],
  ])('%s: names %s', (_kind, edit, field, message) => {
    const error = rejection(edited(edit));
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });

  it('reports a typo in a key as the unknown key, with a suggestion and the allowed names', () => {
    const error = rejection(edited((s) => {
      s.partciles = s.particles;
      delete s.particles;
    }));
    expect(error.field).toBe('partciles');
    expect(error.message).toContain('unknown field (did you mean "particles"?)');
    expect(error.message).toContain('allowed here: $schema, name, description, seed');
  });

  it('prefers the misspelt key over the required field it leaves missing', () => {
    const error = rejection(edited((s) => {
      s.materials.steel = { youngModulus: 2e11, poissonsRatio: 0.3, density: 7800 };
    }));
    expect(error.field).toBe('materials.steel.youngModulus');
    expect(error.message).toContain('did you mean "youngsModulus"?');
  });

  it('descends into the radius distribution the user meant', () => {
    const insert = (radius: unknown) => edited((s) => {
      s.insert = [{ region: { type: 'box', min: [0, 0, 0], max: [1, 1, 1] }, count: 1, radius, material: 'steel' }];
    });
    expect(rejection(insert({ distribution: 'uniform', min: -1, max: 2 })).field).toBe('insert[0].radius.min');
    expect(rejection(insert({ distribution: 'uniform', min: 0.1 })).message)
      .toBe('insert[0].radius.max: missing; must be a number > 0 (largest radius in m)');
    expect(rejection(insert({ distribution: 'gauss', mean: 1 })).message)
      .toBe('insert[0].radius.distribution: must be "uniform", "normal", "lognormal" or "discrete" (radius distribution); got "gauss"');
    expect(rejection(insert('big')).field).toBe('insert[0].radius');
  });

  it('quotes material names that are not identifiers in the field path', () => {
    const error = rejection(edited((s) => {
      s.materials['stainless steel'] = { youngsModulus: 2e11, poissonsRatio: 0.3, density: -1 };
    }));
    expect(error.field).toBe('materials["stainless steel"].density');
  });

  it('rejects a top level that is not an object', () => {
    expect(rejection([]).field).toBe('(scenario)');
    expect(rejection(null).message).toContain('must be an object (scenario)');
  });

  it('keeps every message on one line', () => {
    const error = rejection(edited((s) => (s.particles[0].material = 'line1\nline2')));
    expect(error.message).not.toContain('\n');
  });
});

describe('loadScenarioFile', () => {
  const directory = mkdtempSync(join(tmpdir(), 'grainflow-scenario-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(directory, name);
    writeFileSync(path, text);
    return path;
  };
  const fileError = (path: string): ScenarioError => {
    try {
      loadScenarioFile(path);
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as ScenarioError).field).toBe('(file)');
      return error as ScenarioError;
    }
    throw new Error('file was accepted');
  };

  it('loads the example scenarios', () => {
    expect(loadScenarioFile('scenarios/two-spheres.json').scenario.particles).toHaveLength(4);
    expect(loadScenarioFile('scenarios/bouncing-ball.json').scenario.walls).toHaveLength(1);
  });

  it('accepts a byte-order mark', () => {
    expect(loadScenarioFile(file('bom.json', `\uFEFF${JSON.stringify(minimal())}`)).scenario.time.duration).toBe(0.01);
  });

  it('reports a missing file', () => {
    expect(fileError(join(directory, 'absent.json')).message).toContain('no such file');
  });

  it('reports a trailing comma in an array with its line and column', () => {
    const path = file('comma.json', '{\n  "particles": [\n    {"radius": 1},\n  ]\n}\n');
    expect(fileError(path).message).toBe(`(file): ${path} is not valid JSON: line 4, column 3: `
      + 'expected a value (number, string, true, false, null, object or array), found "]" (JSON allows no trailing comma)');
  });

  it.each([
    ['{"a": 1,\n}', 'line 2, column 1: expected a double-quoted property name', 'no trailing comma'],
    ['{"a": NaN}', 'line 1, column 7', 'JSON has no NaN or Infinity'],
    ['{"a": 1 // note\n}', 'line 1, column 9', 'JSON allows no comments'],
    ["{'a': 1}", 'line 1, column 2', 'JSON strings use double quotes'],
    ['{"a": 1', 'line 1, column 8', 'found end of file'],
    ['{"a": 1} {}', 'line 1, column 10: expected end of file', ''],
    ['', 'line 1, column 1', 'found end of file'],
  ])('locates the syntax error in %j', (text, where, hint) => {
    const message = fileError(file('bad.json', text)).message;
    expect(message).toContain(where);
    expect(message).toContain(hint);
  });
});
