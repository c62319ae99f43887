/**
 * Where Beverloo's published constants apply (src/validation/beverloo-band.ts siloWidthShortfalls): a silo wider
 * than 2.5 D and than D + 30 d (Nedderman 1992, as quoted by Mankoc et al. 2007). The report names the conditions
 * a silo misses beside each flow-rate check.
 */
import { describe, expect, it } from 'vitest';
import { siloWidthShortfalls } from '../../src/validation/beverloo-band.js';

const d = 0.004;
const orifice = (ratio: number) => ({ orificeDiameter: ratio * d, particleDiameter: d });

describe("Beverloo's silo-width conditions", () => {
  it('are met by a silo wider than both 2.5 D and D + 30 d', () => {
    expect(siloWidthShortfalls(0.17, orifice(10))).toEqual([]);
  });

  it('name each condition a silo misses, with how far it is', () => {
    // 0.16 m is exactly D + 30 d at D/d = 10: not above it.
    expect(siloWidthShortfalls(0.16, orifice(10))).toEqual(['L = D + 30.0 d, not above D + 30 d']);
    // scenarios/silo.json's 0.08 m (20 d): wider than 2.5 D at D/d = 6, but only 14 d wider than the orifice.
    expect(siloWidthShortfalls(0.08, orifice(6))).toEqual(['L = D + 14.0 d, not above D + 30 d']);
    // At D/d = 10 (D = 0.04 m) it misses both.
    expect(siloWidthShortfalls(0.08, orifice(10))).toEqual(['L = 2.00 D, not above 2.5 D', 'L = D + 10.0 d, not above D + 30 d']);
  });
});
