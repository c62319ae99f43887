/**
 * The layering of src/ (docs/architecture.md §1): imports run one way, from the CLI down to the particles,
 * and no files import each other in a circle; the CLI reaches the engine only through the library (§5). A new
 * upward import, cycle, CLI import past src/api or engine import of the machine's description (node:os, node:v8)
 * fails here with the offending line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  builtinImports, bypassViolations, importCycles, importGraph, layerViolations, LAYERS, machineViolations,
} from '../helpers/import-graph.js';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const edges = importGraph(srcDir);

describe('layers of src/', () => {
  it('every folder of src/ is in exactly one layer', () => {
    const folders = fs.readdirSync(srcDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const listed = LAYERS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(folders.filter((f) => !listed.includes(f))).toEqual([]);
    expect(fs.readdirSync(srcDir).filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('imports only run to lower layers', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(layerViolations(edges)).toEqual([]);
  });

  it('has no import cycles between files, type imports included', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('the CLI imports only src/api, src/render and the helpers of src/base and src/plot', () => {
    expect(edges.filter((e) => e.from.startsWith(`cli${path.sep}`) && e.to.startsWith(`api${path.sep}`)).length).toBeGreaterThan(10);
    expect(bypassViolations(edges)).toEqual([]);
  });

  it('the engine imports nothing that describes the machine (cores, memory): the run chooses threads and budgets', () => {
    const builtins = builtinImports(srcDir);
    expect(builtins.filter((e) => e.to === 'node:os' && e.from.startsWith(`run${path.sep}`)).length).toBeGreaterThan(0);
    expect(machineViolations(builtins)).toEqual([]);
    expect(machineViolations([{ from: path.join('engine', 'setup.ts'), to: 'node:os' }, { from: path.join('run', 'setup.ts'), to: 'node:os' }]))
      .toEqual([`${path.join('engine', 'setup.ts')} imports node:os: src/engine leaves the machine (cores, memory) to src/run`]);
  });

  it('the checks see an upward import, a sibling import, a cycle and a CLI import past the library', () => {
    const upward = [{ from: 'forces/contact.ts', to: 'engine/simulation.ts' }];
    expect(layerViolations(upward)).toEqual([
      'forces/contact.ts imports engine/simulation.ts: src/forces may not import the higher layer src/engine',
    ]);
    expect(layerViolations([{ from: 'walls/build.ts', to: 'forces/contact.ts' }])).toHaveLength(1);
    const cycle = [
      { from: 'a/x.ts', to: 'a/y.ts' }, { from: 'a/y.ts', to: 'a/z.ts' }, { from: 'a/z.ts', to: 'a/x.ts' },
      { from: 'a/z.ts', to: 'a/w.ts' },
    ];
    expect(importCycles(cycle)).toEqual([['a/x.ts', 'a/y.ts', 'a/z.ts']]);
    const past = [
      { from: 'cli/run.ts', to: 'run/run.ts' }, { from: 'cli/run.ts', to: 'api/index.ts' }, { from: 'api/run.ts', to: 'run/run.ts' },
    ];
    expect(bypassViolations(past)).toEqual([
      'cli/run.ts imports run/run.ts: src/cli goes through src/api, src/render, src/plot, src/base only',
    ]);
  });
});
