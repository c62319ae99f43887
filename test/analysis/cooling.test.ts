import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { fitCooling, granularTemperature } from '../../src/analysis/cooling.js';
import { parseScenario } from '../../src/scenario/load.js';

/** Samples of T0/(1 + t/τ)^p at n times in [0, tEnd], each times exp(noise·N(0,1)). */
function decayCurve(p: number, tau: number, tEnd: number, n: number, noise: number, seed: string) {
  const random = seedrandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const t = Array.from({ length: n }, (_, k) => (tEnd * k) / (n - 1));
  const T = t.map((x) => 3e-4 * (1 + x / tau) ** -p * Math.exp(noise * normal()));
  return { t, T };
}

describe('granular temperature', () => {
  it('is (1/3N) Σ m|v − v̄|² with the mass-weighted mean velocity, independent of a common drift', () => {
    const mass = Float64Array.from([1, 3]);
    // Momentum-free fluctuation (3, 0, 0) and (−1, 0, 0), then a drift (5, −2, 7) on both.
    const vel = Float64Array.from([3 + 5, -2, 7, -1 + 5, -2, 7]);
    expect(granularTemperature(mass, vel, 2)).toBeCloseTo((1 * 9 + 3 * 1) / 6, 12);
  });
});

describe('cooling fit T0/(1 + t/τ)^p', () => {
  it('recovers Haff exponent 2 and τ from a noisy Haff curve (3 % noise, 200 samples to t = 30τ)', () => {
    const { t, T } = decayCurve(2, 0.05, 1.5, 200, 0.03, 'haff');
    const fit = fitCooling(t, T);
    expect(fit.exponent).toBeGreaterThan(1.95);
    expect(fit.exponent).toBeLessThan(2.05);
    expect(Math.abs(fit.tau / 0.05 - 1)).toBeLessThan(0.1);
    // The stated standard error is realistic: the deviation is within 4σ, and σ is not absurdly large.
    expect(Math.abs(fit.exponent - 2)).toBeLessThan(4 * fit.exponentStdError);
    expect(fit.exponentStdError).toBeLessThan(0.05);
    expect(fit.rmsLogResidual).toBeCloseTo(0.03, 2);
  });

  it('recovers 5/3 from a noisy viscoelastic (Brilliantov) curve', () => {
    const { t, T } = decayCurve(5 / 3, 0.2, 4, 150, 0.02, 'brilliantov');
    const fit = fitCooling(t, T);
    expect(Math.abs(fit.exponent - 5 / 3)).toBeLessThan(0.05);
    expect(Math.abs(fit.exponent - 5 / 3)).toBeLessThan(4 * fit.exponentStdError);
  });

  it('is exact on a noise-free curve and uses only the samples inside the window', () => {
    const { t, T } = decayCurve(2, 0.1, 3, 300, 0, 'exact');
    // Spoil the samples outside [0.5, 2.5] s: the window must ignore them.
    const spoilt = T.map((v, k) => (t[k] < 0.5 || t[k] > 2.5 ? 10 * v : v));
    const fit = fitCooling(t, spoilt, 0.5, 2.5);
    expect(fit.exponent).toBeCloseTo(2, 6);
    expect(fit.tau).toBeCloseTo(0.1, 6);
    expect(fit.from).toBeGreaterThanOrEqual(0.5);
    expect(fit.to).toBeLessThanOrEqual(2.5);
  });

  // The defect caught: spheres that never collide keep T constant, whose fit p = 0 left τ free and the error NaN,
  // printed as "p = 0.000 ± NaN".
  it('refuses a temperature that does not fall, naming it', () => {
    const t = [0, 1, 2, 3, 4, 5];
    expect(() => fitCooling(t, t.map(() => 2.5e-3))).toThrow(
      'cooling fit: the temperature does not fall in [0, 5] s (from 0.00250 to 0.00250 J): no cooling to fit');
  });

  it('refuses a window with fewer than 4 samples', () => {
    expect(() => fitCooling([0, 1, 2, 3], [1, 0.5, 0.3, 0.2], 1.5)).toThrow(/needs >= 4/);
  });
});

describe('the analysis block of a scenario', () => {
  const scenario = (analysis: object) => ({
    time: { duration: 0.1 },
    materials: { m: { youngsModulus: 1e7, poissonsRatio: 0.3, density: 1000 } },
    contact: { normal: { model: 'hertz' } },
    particles: [{ position: [0, 0, 0], radius: 0.001, material: 'm' }],
    analysis,
  });

  it('accepts a fit window inside the run and refuses one that is empty or starts after the run', () => {
    expect(parseScenario(scenario({ type: 'cooling', fitFrom: 0.01, fitTo: 0.05 })).scenario.analysis).toMatchObject({ fitTo: 0.05 });
    for (const window of [{ fitFrom: 0.05, fitTo: 0.01 }, { fitFrom: 0.2 }]) {
      expect(() => parseScenario(scenario({ type: 'cooling', ...window }))).toThrow(/^analysis\.fitFrom: must be < analysis\.fitTo/);
    }
    expect(() => parseScenario(scenario({ type: 'temperature' }))).toThrow(/^analysis\.type: must be \{"type": "angle-of-repose" \| "discharge" \| "bounces" \| "cooling"/);
  });
});
