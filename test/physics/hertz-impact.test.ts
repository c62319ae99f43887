/**
 * Elastic Hertz impact of two aluminium spheres (Machado 2012; Lankarani 1994; docs/physics.md §7.9, Hertz row):
 * R = 20 mm, m = 0.092 kg (m* = 0.046 kg), K = 5.5e9 N m^-3/2, v₀ = 0.3 m/s.
 * Closed form (§7.2): δ_max = (5m*v₀²/(4K))^{2/5}, F_max = Kδ_max^{3/2}, t_c = 2·(2/5)B(2/5, 1/2)·δ_max/v₀.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../helpers/collision.js';

/** Lanczos approximation of Γ(x), x > 0 (g = 7, 9 terms; relative error ~1e-15). */
function gamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let k = 1; k < 9; k++) a += c[k] / (x + k);
  return Math.sqrt(2 * Math.PI) * t ** (x + 0.5) * Math.exp(-t) * a;
}

describe('two-sphere Hertz impact (aluminium, v₀ = 0.3 m/s)', () => {
  const K = 5.5e9, meff = 0.046, v0 = 0.3;
  const deltaMax = ((5 * meff * v0 * v0) / (4 * K)) ** 0.4;
  const forceMax = K * deltaMax ** 1.5;
  const contactTime = 2 * 0.4 * ((gamma(0.4) * gamma(0.5)) / gamma(0.9)) * (deltaMax / v0);
  const run = collide({ normal: { model: 'hertz' }, endOfContact: 'no-tension', speed: v0, target: 'sphere' });

  it('closed form matches the worked example (δ_max = 1.5467e-5 m, F_max = 334.6 N, t_c = 151.7 µs)', () => {
    expect(deltaMax).toBeCloseTo(1.5467e-5, 8);
    expect(forceMax).toBeCloseTo(334.6, 1);
    expect(contactTime * 1e6).toBeCloseTo(151.7, 1);
  });

  it('δ_max, F_max and the contact time are within 0.5 % of the closed form', () => {
    expect(Math.abs(run.impact.maxOverlap / deltaMax - 1)).toBeLessThan(0.005);
    expect(Math.abs(run.impact.maxNormalForce / forceMax - 1)).toBeLessThan(0.005);
    expect(Math.abs(run.impact.duration / contactTime - 1)).toBeLessThan(0.005);
  });

  it('rebounds elastically: e = 1 within 1e-4', () => {
    expect(Math.abs(run.impact.reboundSpeed / run.impact.impactSpeed - 1)).toBeLessThan(1e-4);
    expect(run.impact.impactSpeed).toBeCloseTo(v0, 12);
  });

  it('conserves linear momentum to 1e-12 relative', () => {
    const scale = 0.092 * v0 / 2;
    for (let a = 0; a < 3; a++) {
      expect(Math.abs(run.momentumAfter[a] - run.momentumBefore[a]) / scale).toBeLessThan(1e-12);
    }
  });
});
