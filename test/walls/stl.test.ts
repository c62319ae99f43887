/**
 * STL reader: ASCII and binary (also a binary whose header starts with "solid"), and every rejection as a
 * one-line ScenarioError naming the wall's `file` field; mesh paths are relative to the scenario file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseStl } from '../../src/walls/stl.js';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { loadScenarioFile, parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { asciiStl, binaryStl, writeStl } from './stl-helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'grainflow-stl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const twoTriangles = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0];
const text = (s: string) => new TextEncoder().encode(s);

function rejection(run: () => unknown): ScenarioError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

describe('parseStl', () => {
  it('reads ASCII STL vertex by vertex', () => {
    const stl = parseStl(text(asciiStl(twoTriangles)), 'walls[0].file');
    expect(stl.format).toBe('ascii');
    expect(stl.count).toBe(2);
    expect(Array.from(stl.coords)).toEqual(twoTriangles);
  });

  it('reads binary STL by its size even when the header starts with "solid"', () => {
    const coords = [0.1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5];
    const stl = parseStl(binaryStl(coords), 'walls[0].file');
    expect(stl.format).toBe('binary');
    expect(Array.from(stl.coords)).toEqual(coords.map((v) => Math.fround(v)));
  });

  const bad: [string, Uint8Array, RegExp][] = [
    ['an empty file', new Uint8Array(0), /not an STL file/],
    ['a file of other text', text('hello world'), /not an STL file/],
    ['a truncated binary file', binaryStl(twoTriangles).subarray(0, 120), /header counts 2 triangles, which need 184 bytes \(file truncated/],
    ['a facet with two vertices', text('solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid'),
      /line 7: a facet must have 3 vertices; this one has 2/],
    ['a vertex that is not a number', text('solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 zero\n'), /line 4: expected "vertex x y z"/],
    ['no triangles', text('solid empty\nendsolid empty\n'), /holds no triangles/],
    ['a NaN in a binary file', binaryStl([NaN, 0, 0, 1, 0, 0, 0, 1, 0]), /non-finite coordinate/],
  ];
  for (const [what, bytes, message] of bad) {
    it(`rejects ${what} with a ScenarioError naming the field`, () => {
      const error = rejection(() => parseStl(bytes, 'walls[2].file'));
      expect(error.field).toBe('walls[2].file');
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('\n');
    });
  }
});

describe('mesh walls in a scenario', () => {
  const scenario = (file: string, extra: object = {}) => ({
    time: { duration: 0.01 },
    materials: { m: { youngsModulus: 1e7, poissonsRatio: 0.3, density: 1000 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 } },
    particles: [{ position: [0.5, 0.5, 0.5], radius: 0.01, material: 'm' }],
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' },
      { type: 'mesh', file, material: 'm', ...extra }],
  });

  it('resolves the STL path relative to the scenario file and applies scale then translate', () => {
    mkdirSync(path.join(dir, 'case', 'meshes'), { recursive: true });
    writeStl(path.join(dir, 'case', 'meshes', 'tri.stl'), asciiStl(twoTriangles));
    const file = path.join(dir, 'case', 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario('meshes/tri.stl', { scale: 0.001, translate: [0, 0, 1] })));
    const setup = createSetup(loadScenarioFile(file));
    // Triangle 0 of the mesh is primitive 1; its vertex b = (1, 0, 0) mm → (0.001, 0, 1) m.
    expect(Array.from(setup.walls.geometry.subarray(12 + 3, 12 + 6))).toEqual([0.001, 0, 1]);
  });

  it('names walls[1].file when the file is missing', () => {
    const error = rejection(() => parseScenario(scenario(path.join(dir, 'nope.stl'))));
    expect(error.field).toBe('walls[1].file');
    expect(error.message).toMatch(/cannot read STL file .*nope\.stl: no such file/);
  });

  it('skips degenerate triangles with a warning, and refuses a mesh of nothing else', () => {
    const degenerate = [0, 0, 0, 1, 0, 0, 2, 0, 0];
    const some = writeStl(path.join(dir, 'some.stl'), asciiStl([...twoTriangles, ...degenerate]));
    expect(createSetup(parseScenario(scenario(some))).warnings).toContain(
      'walls[1].file: skipped 1 degenerate (zero-area) triangle(s) of 3');
    const only = writeStl(path.join(dir, 'only.stl'), asciiStl(degenerate));
    expect(rejection(() => parseScenario(scenario(only))).message).toMatch(/walls\[1\]\.file: all 1 triangles are degenerate/);
  });

  it('rejects an explicit sphere that penetrates a mesh, naming the wall', () => {
    const file = writeStl(path.join(dir, 'tri2.stl'), asciiStl(twoTriangles.map((v, k) => (k % 3 === 2 ? 0.5 : v))));
    const error = rejection(() => parseScenario(scenario(file)));
    expect(error.field).toBe('particles[0].position');
    expect(error.message).toMatch(/penetrates walls\[1\]: its centre is 0 m from the wall surface/);
  });

  it('lists the fields of the wall\'s own type for an unknown field', () => {
    const input = scenario('x.stl');
    input.walls[1] = { type: 'box', min: [2, 2, 2], max: [3, 3, 3], material: 'm', opentop: true } as never;
    const error = rejection(() => parseScenario(input));
    expect(error.message).toBe('walls[1].opentop: unknown field (did you mean "openTop"?); allowed here: type, min, max, openTop, ' +
      'material, motion, removeAt');
  });

  it('reports an unknown wall type with the allowed types', () => {
    const input = scenario('x.stl');
    (input.walls[1] as { type: string }).type = 'sphere';
    const error = rejection(() => parseScenario(input));
    expect(error.field).toBe('walls[1].type');
    expect(error.message).toMatch(/"plane", "box", "cylinder", "cone", "disk", "silo", "mesh"/);
  });
});
