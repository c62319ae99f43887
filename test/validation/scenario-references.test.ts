/**
 * The references the long scenario cases check against, without running a scenario: the mean over seeds and its
 * standard error, Beverloo's band over the published C and k (and that a wrong discharge falls outside it), Zhou et
 * al.'s glass-bead angle as quoted, and the rise check of the friction sweeps (that a flat or falling curve fails).
 */
import { describe, expect, it } from 'vitest';
import { beverlooBand, beverlooSlopeBand, type Orifice } from '../../src/validation/beverloo-band.js';
import { atLeast } from '../../src/validation/checks.js';
import { smallestRise, stiffnessTolerance, zhouGlassBeadAngle } from '../../src/validation/heap-repose.js';
import { seedMean } from '../../src/validation/seed-statistics.js';

const g = 9.81;
const d = 0.004, rho = 1540;
const orifice = (ratio: number): Orifice => ({ orificeDiameter: ratio * d, particleDiameter: d, bulkDensity: rho });
const beverloo = (o: Orifice, C: number, k: number) => C * o.bulkDensity * Math.sqrt(g) * (o.orificeDiameter - k * o.particleDiameter) ** 2.5;

describe('mean over seeds', () => {
  it('is the mean with the sample standard deviation over √n', () => {
    const m = seedMean([20.5, 23.3, 21.9]);
    expect(m.mean).toBeCloseTo(21.9, 12);
    expect(m.standardError).toBeCloseTo(1.4 / Math.sqrt(3), 12);
  });
  it('refuses a single seed, which has no standard error', () => {
    expect(() => seedMean([21])).toThrow('at least 2 seeds');
  });
});

describe("Beverloo's band over the published constants", () => {
  it('holds the law at every C in 0.55–0.65 and k in 1.3–1.6, at its corners exactly', () => {
    for (const ratio of [6, 8, 10]) {
      const band = beverlooBand(orifice(ratio), g);
      expect(band.low).toBeCloseTo(beverloo(orifice(ratio), 0.55, 1.6), 12);
      expect(band.high).toBeCloseTo(beverloo(orifice(ratio), 0.65, 1.3), 12);
      const middle = beverloo(orifice(ratio), 0.6, 1.45);
      expect(middle).toBeGreaterThan(band.low);
      expect(middle).toBeLessThan(band.high);
    }
  });
  it('leaves out a discharge 15 % below the slowest constants or 15 % above the fastest', () => {
    const band = beverlooBand(orifice(8), g);
    expect(0.85 * beverloo(orifice(8), 0.55, 1.6)).toBeLessThan(band.low);
    expect(1.15 * beverloo(orifice(8), 0.65, 1.3)).toBeGreaterThan(band.high);
  });
  it('gives the log–log slope 5/2 only at k = 1.5: a D^2 scaling falls outside, a Beverloo law with k = 1.45 inside', () => {
    const orifices = [6, 8, 10].map(orifice);
    const band = beverlooSlopeBand(orifices);
    expect(band.low).toBeLessThan(2.5);
    expect(band.high).toBeGreaterThan(2.5);
    // The slope of W ∝ (D − 1.45 d)^{5/2} against D − 1.5 d between the smallest and largest orifice.
    const inside = 2.5 * Math.log((10 - 1.45) / (6 - 1.45)) / Math.log((10 - 1.5) / (6 - 1.5));
    expect(inside).toBeGreaterThan(band.low);
    expect(inside).toBeLessThan(band.high);
    // Torricelli-like W ∝ D^2: slope 2 ln(10/6)/ln(8.5/4.5).
    const torricelli = 2 * Math.log(10 / 6) / Math.log(8.5 / 4.5);
    expect(torricelli < band.low || torricelli > band.high).toBe(true);
  });
});

describe("Zhou et al.'s glass-bead angle without side walls", () => {
  it('is 18.4° for 10 mm beads, as the quoting source states, and about 23.6° for the 3 mm beads of heap.json', () => {
    expect(zhouGlassBeadAngle(10)).toBeCloseTo(18.4, 1);
    expect(zhouGlassBeadAngle(3)).toBeCloseTo(23.6, 1);
  });
  it('refuses a diameter that is not positive', () => {
    expect(() => zhouGlassBeadAngle(0)).toThrow('bead diameter must be > 0 mm');
  });
});

describe('the rise check of a friction sweep', () => {
  const rises = (angles: number[]) => atLeast('rise', 'rise of 0°', 0, smallestRise(angles), 'why');
  it('passes a curve that rises at every step', () => {
    expect(smallestRise([18, 22, 26])).toBeCloseTo(4, 12);
    expect(rises([18, 22, 26]).pass).toBe(true);
  });
  it('fails a curve that falls anywhere, as a flat curve with scatter does in 5 draws of 6', () => {
    expect(rises([18, 22, 21.9]).pass).toBe(false);
    expect(rises([22, 18, 26]).pass).toBe(false);
  });
});

describe("the stiffer heap's tolerance", () => {
  it('is two standard errors of one heap against the mean of the seeds: 2√(σ² + σ²/n) from the seeds\' scatter σ', () => {
    // Seeds 20°, 22°, 24°: σ = 2°, so one heap against their mean has the standard error √(4 + 4/3)°.
    expect(stiffnessTolerance([20, 22, 24])).toBeCloseTo(2 * Math.sqrt(4 + 4 / 3), 12);
    // It depends on the seeds' scatter only, in proportion: the same seeds shifted give the same, twice the spread twice.
    expect(stiffnessTolerance([21, 23, 25])).toBeCloseTo(stiffnessTolerance([20, 22, 24]), 12);
    expect(stiffnessTolerance([40, 44, 48])).toBeCloseTo(2 * stiffnessTolerance([20, 22, 24]), 12);
  });
});
