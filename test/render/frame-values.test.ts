/**
 * A sphere with a NaN or infinite position or radius (a frame file edited by hand) fails the render in one line
 * naming the frame file and the sphere, status 2 (ViewerInputError), instead of being drawn nowhere with status 0.
 * The values are checked where the page reads them to draw (page/frame-values.js, called by page/run-data.js for each
 * frame it loads and for the radius file), so no frame is read twice; the page reports the damage to the exporter,
 * which words it with the file's full path (export.ts pageDamageError). Checked here without a browser.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageDamageError } from '../../src/render/export.js';
import { checkFinite, DamagedFrameError, firstNonFiniteSphere } from '../../src/render/page/frame-values.js';
import { ViewerInputError } from '../../src/render/server.js';

/** Positions xyz of `n` spheres on a line, all finite (0, 0.25, 0.5, …). */
const positions = (n: number) => Float32Array.from({ length: 3 * n }, (_, i) => i * 0.25);

describe('firstNonFiniteSphere', () => {
  it('is -1 for finite values, however large', () => {
    expect(firstNonFiniteSphere(Float32Array.of(0, -3.4e38, 3.4e38, 1e-45), 1)).toBe(-1);
    expect(firstNonFiniteSphere(new Float32Array(0), 3)).toBe(-1);
  });

  it.each([
    ['NaN', NaN], ['+Infinity', Infinity], ['-Infinity', -Infinity],
  ])('finds the first sphere with a %s in any component', (_, bad) => {
    for (const component of [0, 1, 2]) {
      const values = positions(5);
      values[3 * 3 + component] = bad;
      values[3 * 4] = NaN; // a later sphere is not the first
      expect(firstNonFiniteSphere(values, 3)).toBe(3);
    }
  });
});

describe('checkFinite', () => {
  it('accepts a frame whose every position is finite', () => {
    expect(() => checkFinite('frames/000001.f32', positions(4), 3, 'position')).not.toThrow();
  });

  it('names the file, the sphere and its numbers for a NaN position', () => {
    const values = positions(4);
    values[3 * 2] = NaN;
    let thrown: unknown;
    try {
      checkFinite('frames/000003.f32', values, 3, 'position');
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
    expect(() => checkFinite('frames/000001.f32', Float32Array.of(0.0200985, 0.1, Infinity), 3, 'position'))
      .toThrow('frames/000001.f32 gives sphere 0 (counted from 0) the position 0.0200985, 0.1, Infinity, not a finite number');
  });

  it('names the sphere of an infinite radius', () => {
    expect(() => checkFinite('frames/radius.f32', Float32Array.of(0.01, 0.01, -Infinity), 1, 'radius'))
      .toThrow(new DamagedFrameError('frames/radius.f32', 'gives sphere 2 (counted from 0) the radius -Infinity, not a finite number'));
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
