/**
 * A sphere with a NaN or infinite position or radius, or a wall triangle with such a vertex (a frame file edited by
 * hand), fails the render in one line naming the frame file and the sphere or triangle, status 2 (ViewerInputError),
 * instead of being drawn nowhere with status 0. The values are checked where the page reads them to draw
 * (page/frame-values.js, called by page/run-data.js for each frame it loads and for the radius and walls files), so
 * no frame is read twice; the page reports the damage to the exporter,
 * which words it with the file's full path (export.ts pageDamageError). Checked here without a browser.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDamageError } from '../../src/render/export.js';
import { checkFinite, DamagedFrameError, firstNonFinite } from '../../src/render/page/frame-values.js';
import { loadRun } from '../../src/render/page/run-data.js';
import { ViewerInputError } from '../../src/render/server.js';

/** Positions xyz of `n` spheres on a line, all finite (0, 0.25, 0.5, …). */
const positions = (n: number) => Float32Array.from({ length: 3 * n }, (_, i) => i * 0.25);

describe('firstNonFinite', () => {
  it('is -1 for finite values, however large', () => {
    expect(firstNonFinite(Float32Array.of(0, -3.4e38, 3.4e38, 1e-45), 1)).toBe(-1);
    expect(firstNonFinite(new Float32Array(0), 3)).toBe(-1);
  });

  it.each([
    ['NaN', NaN], ['+Infinity', Infinity], ['-Infinity', -Infinity],
  ])('finds the first sphere with a %s in any component', (_, bad) => {
    for (const component of [0, 1, 2]) {
      const values = positions(5);
      values[3 * 3 + component] = bad;
      values[3 * 4] = NaN; // a later sphere is not the first
      expect(firstNonFinite(values, 3)).toBe(3);
    }
  });
});

describe('checkFinite', () => {
  it('accepts a frame whose every position is finite', () => {
    expect(() => checkFinite('frames/000001.f32', positions(4), 3, 'sphere', 'position')).not.toThrow();
  });

  it('names the file, the sphere and its numbers for a NaN position', () => {
    const values = positions(4);
    values[3 * 2] = NaN;
    let thrown: unknown;
    try {
      checkFinite('frames/000003.f32', values, 3, 'sphere', 'position');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DamagedFrameError);
    const damage = thrown as DamagedFrameError;
    expect(damage.file).toBe('frames/000003.f32');
    expect(damage.problem).toBe(`gives sphere 2 (counted from 0) the position NaN, 1.75, 2, not a finite number`);
    expect(damage.message).toBe(`frames/000003.f32 ${damage.problem}`);
  });

  it('shows a number to Float32\'s precision', () => {
    expect(() => checkFinite('frames/000001.f32', Float32Array.of(0.0200985, 0.1, Infinity), 3, 'sphere', 'position'))
      .toThrow('frames/000001.f32 gives sphere 0 (counted from 0) the position 0.0200985, 0.1, Infinity, not a finite number');
  });

  it('names the sphere of an infinite radius', () => {
    expect(() => checkFinite('frames/radius.f32', Float32Array.of(0.01, 0.01, -Infinity), 1, 'sphere', 'radius'))
      .toThrow(new DamagedFrameError('frames/radius.f32', 'gives sphere 2 (counted from 0) the radius -Infinity, not a finite number'));
  });
});

describe('loadRun', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Loads a run of two spheres and two wall triangles served from memory, `triangles` its walls.f32. */
  function load(triangles: Float32Array) {
    const files: Record<string, string | Float32Array | Uint16Array> = {
      '/run/frames/index.json': JSON.stringify({
        version: 2, particles: 2, layout: [{ components: 3 }, { components: 1 }], frames: [],
        radius: { file: 'radius.f32' }, material: { file: 'material.u16' }, walls: { file: 'walls.f32', triangles: 2 },
      }),
      '/run/frames/radius.f32': Float32Array.of(0.01, 0.01),
      '/run/frames/material.u16': Uint16Array.of(0, 0),
      '/run/frames/walls.f32': triangles,
    };
    vi.stubGlobal('fetch', async (url: string) => (url in files ? new Response(files[url]) : new Response(null, { status: 404 })));
    return loadRun('/run');
  }

  /** Two triangles of a floor, vertices xyz. */
  const floor = () => Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0);

  it('reads a run whose wall vertices are finite', async () => {
    expect((await load(floor())).walls).toEqual(floor());
  });

  it('names walls.f32 and the triangle of a NaN vertex', async () => {
    const triangles = floor();
    triangles[9 + 4] = NaN;
    await expect(load(triangles)).rejects.toThrow(new DamagedFrameError('frames/walls.f32',
      'gives triangle 1 (counted from 0) the vertices 1, 0, 0, 1, NaN, 0, 0, 1, 0, not a finite number'));
  });
});

describe('the exporter\'s error for damage the page reports', () => {
  it('is one line of bad input naming the frame file by its full path', () => {
    const error = pageDamageError('/runs/pile', { file: 'frames/000003.f32', problem: 'gives sphere 2 (counted from 0) the position NaN, 0, 0.5, not a finite number' });
    expect(error).toBeInstanceOf(ViewerInputError);
    expect(error.message).toBe(`${path.join('/runs/pile', 'frames/000003.f32')} gives sphere 2 (counted from 0) the position NaN, 0, 0.5, `
      + 'not a finite number: the run\'s frames are damaged (run the scenario again)');
  });
});
