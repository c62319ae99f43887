/**
 * Property (issue 25, item 9): the frame index reader (src/output/frame-index.ts), which render and view rely on,
 * returns an index only when every frame it lists has a finite time, a frame file name inside frames/, a sphere
 * count within the run's and its walls' placements in finite numbers (or null); anything else — a real index with any value replaced, deleted or added, or random bytes
 * — is one RunFileError naming the file, on one line: never another error for render to trip over later.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { readFrameIndex } from '../../src/output/frame-index.js';
import { RunFileError } from '../../src/output/run-files.js';
import { runToDirectory } from '../../src/run/run.js';
import { loadScenarioFile } from '../../src/scenario/load.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-index-property-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const runDir = path.join(scratch, 'run');
const indexFile = path.join(runDir, 'frames', 'index.json');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
let valid: Json;

beforeAll(async () => {
  await runToDirectory(createSetup(loadScenarioFile('scenarios/two-spheres.json')), runDir);
  valid = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as Json;
});

/** Every path to a value in the tree, root excluded. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, k) => k) : Object.keys(value);
  return keys.flatMap((key) => [[...prefix, key], ...paths((value as Record<string | number, Json>)[key], [...prefix, key])]);
}

/** What the reader promises of an index it returns. */
function expectSound(index: ReturnType<typeof readFrameIndex>): void {
  expect(index.frames.length).toBeGreaterThan(0);
  for (const frame of index.frames) {
    expect(Number.isFinite(frame.t)).toBe(true);
    expect(frame.file).toMatch(/^\d{6,}\.f32$/);
    expect(Number.isSafeInteger(frame.count) && frame.count >= 0 && frame.count <= index.particles).toBe(true);
    for (const placement of frame.walls) expect(placement === null || placement.every(Number.isFinite)).toBe(true);
  }
}

function readOrRefuse(text: string | Uint8Array): void {
  fs.writeFileSync(indexFile, text);
  try {
    expectSound(readFrameIndex(runDir));
  } catch (error) {
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as Error).message).toContain(indexFile);
    expect((error as Error).message).not.toContain('\n');
  }
}

const awkward = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, '', '../summary.json', '000000.f32',
    'x/000001.f32', null, true, [], {}, [0, 0, 0]),
  fc.double(), fc.integer(), fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }),
);

describe('the frame index reader', () => {
  it('reads the index a run wrote', () => {
    fs.writeFileSync(indexFile, JSON.stringify(valid));
    const index = readFrameIndex(runDir);
    expectSound(index);
    expect(index.frames.length).toBe((valid as { frames: unknown[] }).frames.length);
  });

  it('returns only sound indexes from a real one with a value replaced, deleted or added', () => {
    fc.assert(fc.property(fc.nat(), fc.constantFrom('replace', 'delete', 'add'), awkward, (at, kind, value) => {
      const copy = structuredClone(valid) as Record<string | number, unknown>;
      const all = paths(valid);
      const target = all[at % all.length];
      let parent = copy;
      for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = target[target.length - 1];
      if (kind === 'replace') parent[last] = value;
      else if (kind === 'delete') delete parent[last];
      else parent.extra = value;
      readOrRefuse(JSON.stringify(copy));
    }), { numRuns: 400 });
  });

  it('refuses a wall placement that is not finite numbers: 1e400 parses as Infinity', () => {
    const withWalls = (placements: string) => JSON.stringify({ ...(valid as object),
      frames: (valid as { frames: object[] }).frames.map((f, k) => ({ ...f, walls: k === 0 ? ['PLACEMENTS'] : [null] })),
    }).replace('"PLACEMENTS"', placements);
    fs.writeFileSync(indexFile, withWalls('[0, 0, 0.5]'));
    expect(readFrameIndex(runDir).frames[0].walls).toEqual([[0, 0, 0.5]]);
    for (const placements of ['[0, 0, 1e400]', '[0, 0, "0.5"]', '{"0": 0}', '5']) {
      fs.writeFileSync(indexFile, withWalls(placements));
      expect(() => readFrameIndex(runDir), placements).toThrow(new RunFileError(`${indexFile} is not a grainflow frame index: `
        + 'frames[0].walls is not a list of wall placements (lists of finite numbers, or null for a removed wall)'));
    }
  });

  it('refuses random bytes and JSON values with one RunFileError', () => {
    fc.assert(fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.jsonValue().map((v) => JSON.stringify(v) ?? '')),
      (input) => readOrRefuse(input)), { numRuns: 300 });
  });
});
