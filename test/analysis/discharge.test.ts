import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { beverloo, beverlooFit, massFlowRate } from '../../src/analysis/discharge.js';
import { bulkDensity } from '../../src/analysis/bulk-density.js';

describe('massFlowRate', () => {
  it('recovers W from a noisy discharge with start-up and emptying, within 1 %', () => {
    // Gate opens at 0.1 s, flow accelerates over 20 ms, runs at 0.8 kg/s, the silo holds 0.5 kg.
    const random = seedrandom('flow');
    const t: number[] = [];
    const mass: number[] = [];
    for (let k = 0; k <= 1200; k++) {
      const time = k * 1e-3;
      const s = Math.max(0, time - 0.1);
      const ideal = 0.8 * (s < 0.02 ? (s * s) / 0.04 : s - 0.01);
      t.push(time);
      mass.push(Math.min(0.5, ideal) + (random() - 0.5) * 2e-4);
    }
    const flow = massFlowRate({ t, mass });
    expect(Math.abs(flow.massFlowRate / 0.8 - 1)).toBeLessThan(0.01);
    expect(flow.massFlowRateError).toBeLessThan(0.002);
    expect(flow.window[0]).toBeGreaterThan(0.12);
    expect(flow.window[1]).toBeLessThan(0.1 + 0.01 + 0.5 / 0.8);
  });

  it('asks for a longer run when the steady window has too few samples', () => {
    expect(() => massFlowRate({ t: [0, 1, 2], mass: [0, 0, 1] })).toThrow(/run longer/);
  });
});

describe('beverloo', () => {
  it('returns the C that reproduces W = C ρ_b √g (D − 1.5 d)^{5/2}', () => {
    const inputs = { bulkDensity: 1500, gravity: 9.81, orificeDiameter: 0.02, particleDiameter: 0.002 };
    const w = 0.58 * 1500 * Math.sqrt(9.81) * (0.02 - 0.003) ** 2.5;
    const result = beverloo({ ...inputs, massFlowRate: w });
    expect(result.fittedC).toBeCloseTo(0.58, 12);
    expect(result.k).toBe(1.5);
  });

  it('refuses an orifice no wider than k particle diameters', () => {
    expect(() => beverloo({ massFlowRate: 1, bulkDensity: 1500, gravity: 9.81, orificeDiameter: 0.003, particleDiameter: 0.002 }))
      .toThrow(/not larger than 1.5 particle diameters/);
  });
});

describe('beverlooFit', () => {
  it('recovers k and C from discharges that follow Beverloo exactly, and C at k = 1.5 rises with D when k > 1.5', () => {
    const d = 0.004, rho = 1540, g = 9.81, k = 1.9, C = 0.61;
    const runs = [6, 8, 10].map((ratio) => ({
      massFlowRate: C * rho * Math.sqrt(g) * (ratio * d - k * d) ** 2.5, orificeDiameter: ratio * d, particleDiameter: d,
      bulkDensity: rho,
    }));
    const fitted = beverlooFit(runs, g);
    expect(fitted.k).toBeCloseTo(k, 10);
    expect(fitted.C).toBeCloseTo(C, 10);
    const atFixedK = runs.map((r) => beverloo({ ...r, gravity: g }).fittedC);
    // C_1.5 = C ((D − k d)/(D − 1.5 d))^{5/2}: 0.486 at D/d = 6.
    expect(atFixedK[0]).toBeCloseTo(C * ((6 - k) / 4.5) ** 2.5, 10);
    expect(atFixedK[0]).toBeLessThan(atFixedK[1]);
    expect(atFixedK[1]).toBeLessThan(atFixedK[2]);
    expect(() => beverlooFit(runs.slice(0, 1), g)).toThrow(/at least 2 orifices/);
  });
});

describe('bulkDensity', () => {
  it('of a simple cubic lattice is ρ_s·π/6', () => {
    const position: number[] = [];
    const mass: number[] = [];
    const d = 1e-3, rho = 2500, m = rho * (Math.PI / 6) * d ** 3;
    for (let i = -30; i <= 30; i++) for (let j = -30; j <= 30; j++) for (let k = 0; k < 40; k++) {
      position.push(i * d, j * d, (k + 0.5) * d);
      mass.push(m);
    }
    const result = bulkDensity({ position, mass, count: mass.length }, { center: [0, 0], radius: 0.02, zMin: 0.005, zMax: 0.035 });
    // Counting centres in a cylinder of 20 spacings radius: the boundary error is O(spacing/radius) ≈ 3 %.
    expect(Math.abs(result.density / (rho * Math.PI / 6) - 1)).toBeLessThan(0.03);
  });
});
