/**
 * The layering of src/ (docs/architecture.md §1): imports run one way, from the CLI down to the particles,
 * and no files import each other in a circle. A new upward import or cycle fails here with the offending line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, layerViolations, LAYERS } from '../helpers/import-graph.js';

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

  it('the checks see an upward import, a sibling import and a cycle', () => {
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
  });
});
