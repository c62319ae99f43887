/**
 * Numbers in messages (src/base/short-number.ts): a range's lower bound is printed rounded up and its upper bound
 * rounded down, so that the printed range lies inside the true one and the printed bound itself is accepted.
 */
import { describe, expect, it } from 'vitest';
import { shortLowerBound, shortUpperBound } from '../../src/base/short-number.js';

describe('shortLowerBound', () => {
  it.each([
    // Kuwabara–Kono's least e under "no-tension": to nearest it printed 1.31e-5, which it refused.
    [1.3101288255304778e-5, '1.32e-5'],
    // Bordbar's: 3.68e-5 to nearest.
    [3.6848701034766746e-5, '3.69e-5'],
    // √ε, Lankarani–Nikravesh's least e: 1.49e-8 to nearest.
    [Math.sqrt(Number.EPSILON), '1.5e-8'],
    // Rounding to nearest already lands above: kept.
    [1.2499606493035507e-6, '1.25e-6'],
    // Exact at three digits: kept.
    [0.001, '0.001'],
    // Rounding up carries into the next decade.
    [9.991e-5, '1e-4'],
  ])('%s → %s', (x, printed) => {
    expect(shortLowerBound(x)).toBe(printed);
    expect(Number(printed)).toBeGreaterThanOrEqual(x);
  });
});

describe('shortUpperBound', () => {
  it.each([
    // A 0.05 m drum's fastest rotation (the speed of light over its radius, 5.9958e9 rad/s): to nearest it printed
    // ±6e+9, which it refused.
    [299792458 / 0.05, '5.99e+9'],
    // Rounding to nearest already lands below: kept.
    [1.4919e9, '1.49e+9'],
    // Exact at three digits: kept.
    [1.5e9, '1.5e+9'],
    // The nearest is the next decade's 1.00e10; one down in x's own third digit is 9.99e9, not 9.9e9.
    [9.996e9, '9.99e+9'],
    [0.012346, '0.0123'],
  ])('%s → %s', (x, printed) => {
    expect(shortUpperBound(x)).toBe(printed);
    expect(Number(printed)).toBeLessThanOrEqual(x);
  });
});
