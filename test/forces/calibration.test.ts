/**
 * The dimensionless impact y″ + y^{3/2} + β y^m y′ = 0 (docs/physics.md §7.1): Φ_m(β), its inverse β*(e) and
 * the Tsuji closed forms, against the verified tables of §7.4 and §7.5 and the Schwager–Pöschel series (§7.5).
 */
import { describe, expect, it } from 'vitest';
import {
  betaForRestitution, restitutionFromBeta, tsujiAlpha, tsujiRestitution,
} from '../../src/forces/normal/calibration.js';
import type { EndOfContact } from '../../src/scenario/schema.js';

/** |x − expected| within `relative`, or within half a unit of the printed last digit (tables give 5 decimals). */
function expectTableValue(x: number, expected: number, relative: number, printedDecimals: number): void {
  const tolerance = Math.max(relative * Math.abs(expected), 0.5 * 10 ** -printedDecimals);
  expect(Math.abs(x - expected), `${x} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

// §7.4: e → α, [free (δ = 0 separation), no-tension (F = 0 separation)].
const TSUJI_TABLE: [number, number, number][] = [
  [0.10, 1.3219, 2.7799], [0.20, 1.0195, 1.6351], [0.30, 0.8002, 1.1119], [0.40, 0.6261, 0.7927],
  [0.50, 0.4818, 0.5708], [0.60, 0.3589, 0.4044], [0.70, 0.2522, 0.2733], [0.80, 0.1584, 0.1663],
  [0.90, 0.0749, 0.0766], [0.95, 0.0365, 0.0369],
];

describe('Tsuji closed forms (§7.4)', () => {
  it.each(TSUJI_TABLE)('Tsuji α(%s) = %s free and %s under no-tension', (e, free, noTension) => {
    expect(Math.abs(tsujiAlpha(e, 'free') - free)).toBeLessThan(1e-4);
    expect(Math.abs(tsujiAlpha(e, 'no-tension') - noTension)).toBeLessThan(1e-4);
  });

  it('e → α → e round-trips to 1e-12 under both conventions, including ζ > 1 under no-tension', () => {
    for (const endOfContact of ['free', 'no-tension'] as const) {
      for (const e of [1e-3, 0.01, 0.05, 0.1, 0.1353, 0.2, 0.5, 0.7, 0.9, 0.99, 0.999999, 1]) {
        expect(Math.abs(tsujiRestitution(tsujiAlpha(e, endOfContact), endOfContact) - e)).toBeLessThan(1e-12);
      }
    }
  });

  it('under free, e = 0 for α ≥ √5: the overdamped overlap never returns to 0', () => {
    expect(tsujiRestitution(Math.sqrt(5), 'free')).toBe(0);
    expect(tsujiRestitution(3, 'free')).toBe(0);
    expect(tsujiRestitution(Math.sqrt(5) * (1 - 1e-9), 'free')).toBeLessThan(1e-12);
  });

  it('under no-tension the ζ > 1 continuation meets the ζ < 1 branch at e = exp(−2) for α = √5', () => {
    const critical = Math.sqrt(5);
    expect(tsujiRestitution(critical, 'no-tension')).toBeCloseTo(Math.exp(-2), 15);
    expect(tsujiRestitution(critical * (1 - 1e-7), 'no-tension')).toBeCloseTo(Math.exp(-2), 6);
    expect(tsujiRestitution(critical * (1 + 1e-7), 'no-tension')).toBeCloseTo(Math.exp(-2), 6);
    expect(tsujiRestitution(critical * 10, 'no-tension')).toBeGreaterThan(0);
  });

  it('α = 0 is elastic and e falls monotonically with α', () => {
    for (const endOfContact of ['free', 'no-tension'] as const) {
      expect(tsujiRestitution(0, endOfContact)).toBe(1);
      let previous = 1;
      for (let alpha = 0.05; alpha < 2.2; alpha += 0.05) {
        const e = tsujiRestitution(alpha, endOfContact);
        expect(e).toBeLessThan(previous);
        previous = e;
      }
    }
  });

  it('the numerical Φ_{1/4}(α) agrees with the closed forms to 1e-10 (two independent routes)', () => {
    for (const endOfContact of ['free', 'no-tension'] as const) {
      for (const alpha of [1e-3, 0.1, 0.4818, 1, 2]) {
        expect(Math.abs(restitutionFromBeta(0.25, alpha, endOfContact) - tsujiRestitution(alpha, endOfContact)))
          .toBeLessThan(1e-10);
      }
    }
  });
});

// §7.5: e(β) [m = ½ free, m = ½ no-tension, m = 0.65 free, m = 0.65 no-tension].
const PHI_TABLE: [number, number, number, number | undefined, number | undefined][] = [
  [0.01, 0.98854, 0.98855, undefined, undefined],
  [0.05, 0.94426, 0.94440, 0.94970, 0.94973],
  [0.10, 0.89215, 0.89286, 0.90264, 0.90284],
  [0.20, 0.79755, 0.80097, 0.81710, 0.81832],
  [0.30, 0.71404, 0.72209, 0.74139, 0.74476],
  [0.50, 0.57382, 0.59525, 0.61368, 0.62436],
  [1.00, 0.33116, 0.39393, 0.38936, 0.42753],
  [2.00, 0.09533, 0.21165, 0.15742, 0.24183],
];

// §7.5: β*(e) [m = ½ free, m = ½ no-tension, m = 0.65 free, m = 0.65 no-tension].
const BETA_TABLE: [number, number, number, number, number][] = [
  [0.30, 1.08739, 1.39634, 1.29065, 1.58001],
  [0.50, 0.62649, 0.69804, 0.72289, 0.78018],
  [0.70, 0.31807, 0.33091, 0.36007, 0.36828],
  [0.80, 0.19724, 0.20114, 0.22156, 0.22365],
  [0.90, 0.09225, 0.09284, 0.10291, 0.10314],
  [0.95, 0.04469, 0.04479, 0.04969, 0.04972],
  [0.99, 0.00872, 0.00872, 0.00967, 0.00967],
];

const COLUMNS: [number, EndOfContact][] = [[0.5, 'free'], [0.5, 'no-tension'], [0.65, 'free'], [0.65, 'no-tension']];

describe('Φ_m(β) and its inverse (§7.5)', () => {
  it.each(PHI_TABLE)('e(β = %s) = %s / %s (m = ½) and %s / %s (m = 0.65), free / no-tension, to 2e-5',
    (beta, ...expected) => {
      COLUMNS.forEach(([m, endOfContact], i) => {
        const e = expected[i];
        if (e !== undefined) expect(Math.abs(restitutionFromBeta(m, beta, endOfContact) - e)).toBeLessThan(2e-5);
      });
    });

  it.each(BETA_TABLE)('β*(e = %s) = %s / %s (m = ½) and %s / %s (m = 0.65), free / no-tension, to 1e-4',
    (e, ...expected) => {
      COLUMNS.forEach(([m, endOfContact], i) => {
        expectTableValue(betaForRestitution(m, e, endOfContact), expected[i], 1e-4, 5);
      });
    });

  it('β* hits the target e to 1e-9 across the range, both conventions', () => {
    for (const [m, endOfContact] of COLUMNS) {
      for (const e of [0.001, 0.05, 0.3, 0.7, 0.95, 0.9999]) {
        const beta = betaForRestitution(m, e, endOfContact);
        expect(Math.abs(restitutionFromBeta(m, beta, endOfContact) - e)).toBeLessThan(1e-9);
      }
    }
  });

  it('e = 1 needs no damping (β* = 0) and β = 0 is elastic', () => {
    expect(betaForRestitution(0.5, 1, 'free')).toBe(0);
    expect(restitutionFromBeta(0.65, 0, 'no-tension')).toBe(1);
  });

  it('no-tension ends contact earlier than free, so it always rebounds faster (§6.2)', () => {
    for (const m of [0.5, 0.65]) {
      for (const beta of [0.01, 0.3, 3]) {
        expect(restitutionFromBeta(m, beta, 'no-tension')).toBeGreaterThan(restitutionFromBeta(m, beta, 'free'));
      }
    }
  });

  it('a target below what the law can reach is a RangeError, not a wrong β', () => {
    expect(() => betaForRestitution(0.5, 1e-6, 'no-tension')).toThrow(RangeError);
  });
});

describe('Brilliantov small-damping limit (Schwager–Pöschel series, §7.5)', () => {
  it('(1 − e)/β → 1.15344 as β → 0 under free, within 0.2 % at β = 1e-4', () => {
    const beta = 1e-4;
    const ratio = (1 - restitutionFromBeta(0.5, beta, 'free')) / beta;
    expect(Math.abs(ratio / 1.15344 - 1)).toBeLessThan(2e-3);
  });

  it('1 − e = 1.15344β − 0.79826β² within 0.2 % for β = 0.01–0.05, both conventions', () => {
    for (const endOfContact of ['free', 'no-tension'] as const) {
      for (const beta of [0.01, 0.02, 0.03, 0.04, 0.05]) {
        const loss = 1 - restitutionFromBeta(0.5, beta, endOfContact);
        const series = 1.15344 * beta - 0.79826 * beta * beta;
        expect(Math.abs(loss / series - 1)).toBeLessThan(2e-3);
      }
    }
  });
});
