/**
 * Calibrated laws checked in physical units by an independent integrator: adaptive Dormand–Prince 5(4) on
 * m*δ̈ + Kδ^{3/2} + cδ^m δ̇ = 0 in seconds and metres (the production code integrates the dimensionless ODE with
 * fixed-step RK4 in a regularised time). docs/physics.md §7.1 (scaling law), §7.6 (worked illustration), §7.9
 * (the Hertz row of the aluminium spheres).
 */
import { describe, expect, it } from 'vitest';
import { effectiveMass, effectiveRadius, effectiveYoungsModulus, hertzStiffness } from '../../src/forces/elastic.js';
import { restitutionFromBeta } from '../../src/forces/normal/calibration.js';
import { dampingExponentValue } from '../../src/forces/normal/law.js';
import type { NormalLawCoefficients } from '../../src/forces/normal/law.js';
import { resolveNormalLaw } from '../../src/forces/normal/registry.js';
import type { EndOfContact, Material, NormalLawSpec } from '../../src/scenario/schema.js';

interface Impact {
  /** −δ̇ at lift-off over δ̇ at touch-down */
  restitution: number;
  maxOverlap: number;
  maxForce: number;
  contactTime: number;
}

/**
 * One head-on impact, δ(0) = 0, δ̇(0) = v₀, integrated until δ returns to 0. Under "no-tension" the force is
 * clamped at 0; once it reaches 0 while unloading it stays 0 (δ^m outgrows δ^{3/2}), so δ̇ at δ = 0 is the lift-off
 * speed of that convention too.
 */
function referenceImpact(
  K: number, mStar: number, c: number, m: number, v0: number, endOfContact: EndOfContact,
): Impact {
  const force = (delta: number, rate: number): number => {
    if (delta <= 0) return 0;
    const f = K * delta ** 1.5 + c * delta ** m * rate;
    return endOfContact === 'no-tension' ? Math.max(f, 0) : f;
  };
  const rhs = (y: readonly number[]): number[] => [y[1], -force(y[0], y[1]) / mStar];

  const overlapScale = (mStar * v0 * v0 / K) ** 0.4;
  const timeScale = overlapScale / v0;
  const rtol = 1e-11;
  const atol = [1e-13 * overlapScale, 1e-13 * v0];
  let t = 0;
  let y = [0, v0];
  let k1 = rhs(y);
  let h = 1e-6 * timeScale;
  let maxOverlap = 0, maxForce = 0;
  for (let steps = 0; steps < 1_000_000; steps++) {
    const { next, error, k7 } = dormandPrinceStep(rhs, y, k1, h);
    const norm = Math.max(...error.map((e, i) =>
      Math.abs(e) / (atol[i] + rtol * Math.max(Math.abs(y[i]), Math.abs(next[i])))));
    if (norm > 1) {
      h *= Math.max(0.2, 0.9 * norm ** -0.2);
      continue;
    }
    if (next[0] <= 0 && next[1] < 0) {
      // Lift-off inside this step: cubic Hermite in time, bisection for δ = 0.
      const at = (theta: number) => hermite(y, k1, next, k7, h, theta);
      let lo = 0, hi = 1;
      for (let i = 0; i < 60; i++) {
        const mid = 0.5 * (lo + hi);
        if (at(mid)[0] > 0) lo = mid; else hi = mid;
      }
      return { restitution: -at(hi)[1] / v0, maxOverlap, maxForce, contactTime: t + hi * h };
    }
    t += h;
    y = next;
    k1 = k7;
    maxOverlap = Math.max(maxOverlap, y[0]);
    maxForce = Math.max(maxForce, force(y[0], y[1]));
    h *= Math.min(5, Math.max(0.2, 0.9 * Math.max(norm, 1e-10) ** -0.2));
  }
  throw new Error('reference impact did not end');
}

// Dormand & Prince (1980) RK5(4)7M tableau.
const A = [
  [],
  [1 / 5],
  [3 / 40, 9 / 40],
  [44 / 45, -56 / 15, 32 / 9],
  [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
  [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
  [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
];
const B5 = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0];
const B4 = [5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40];

function dormandPrinceStep(rhs: (y: readonly number[]) => number[], y: number[], k1: number[], h: number) {
  const k = [k1];
  for (let s = 1; s < 7; s++) {
    k.push(rhs(y.map((yi, i) => yi + h * A[s].reduce((sum, a, j) => sum + a * k[j][i], 0))));
  }
  const next = y.map((yi, i) => yi + h * B5.reduce((sum, b, j) => sum + b * k[j][i], 0));
  const error = y.map((_, i) => h * B5.reduce((sum, b, j) => sum + (b - B4[j]) * k[j][i], 0));
  return { next, error, k7: k[6] };
}

function hermite(y0: number[], f0: number[], y1: number[], f1: number[], h: number, theta: number): number[] {
  const t2 = theta * theta, t3 = t2 * theta;
  return y0.map((_, i) => (2 * t3 - 3 * t2 + 1) * y0[i] + h * (t3 - 2 * t2 + theta) * f0[i]
    + (3 * t2 - 2 * t3) * y1[i] + h * (t3 - t2) * f1[i]);
}

/** c = scale·K^kPower·m*^massPower·R_eff^radiusPower, as the law contract defines it. */
function damping(law: NormalLawCoefficients, K: number, mStar: number, rEff: number): number {
  return law.dampingScale * K ** law.kPower * mStar ** law.massPower * rEff ** law.radiusPower;
}

describe('the reference integrator itself', () => {
  it('reproduces the elastic Hertz impact of two aluminium spheres (§7.9, Hertz row)', () => {
    const impact = referenceImpact(5.5e9, 0.046, 0, 0.5, 0.3, 'free');
    expect(impact.restitution).toBeCloseTo(1, 8);
    expect(impact.maxOverlap).toBeCloseTo(1.5467e-5, 9);
    expect(impact.maxForce).toBeCloseTo(334.6, 1);
    expect(impact.contactTime * 1e6).toBeCloseTo(151.7, 1);
  });
});

// Two unlike glass-like and steel-like spheres: the calibration must hold for any K, m*, R_eff.
const glass: Material = { youngsModulus: 63e9, poissonsRatio: 0.22, density: 2500 };
const steel: Material = { youngsModulus: 200e9, poissonsRatio: 0.29, density: 7800 };
const radii = [3e-3, 5e-3];
const masses = [glass.density * (4 / 3) * Math.PI * radii[0] ** 3, steel.density * (4 / 3) * Math.PI * radii[1] ** 3];
const K = hertzStiffness(effectiveYoungsModulus(glass, steel), effectiveRadius(radii[0], radii[1]));
const mStar = effectiveMass(masses[0], masses[1]);
const rEff = effectiveRadius(radii[0], radii[1]);

// β ∝ v^{(4m−1)/5}: v^{1/5} for KK and Brilliantov (m = ½), v^{0.32} for Bordbar (m = 0.65) (§7.1 table).
/** The laws calibrated to e at a reference speed. */
type SpeedCalibrated = Extract<NormalLawSpec, { model: 'kuwabara-kono' | 'brilliantov' | 'bordbar' }>;
const CALIBRATED: [SpeedCalibrated, EndOfContact, number][] = [
  [{ model: 'kuwabara-kono', restitution: 0.8, referenceSpeed: 0.5 }, 'free', 1 / 5],
  [{ model: 'kuwabara-kono', restitution: 0.3, referenceSpeed: 3 }, 'no-tension', 1 / 5],
  [{ model: 'brilliantov', restitution: 0.6, referenceSpeed: 2 }, 'no-tension', 1 / 5],
  [{ model: 'brilliantov', restitution: 0.9 }, 'free', 1 / 5],
  [{ model: 'bordbar', restitution: 0.7, referenceSpeed: 1 }, 'free', 0.32],
  [{ model: 'bordbar', restitution: 0.5, referenceSpeed: 0.2 }, 'no-tension', 0.32],
];

describe('calibrated laws in physical units', () => {
  it.each(CALIBRATED)('%o under %s rebounds at the target e at v_ref and follows β ∝ v^%d',
    (spec, endOfContact, speedExponent) => {
      const law = resolveNormalLaw(spec, glass, steel, endOfContact, 'contact.normal');
      const c = damping(law, K, mStar, rEff);
      const m = dampingExponentValue(law.dampingExponent);
      const vRef = spec.referenceSpeed ?? 1;
      const betaStar = law.derived.betaStar as number;
      expect(Math.abs(referenceImpact(K, mStar, c, m, vRef, endOfContact).restitution - spec.restitution!))
        .toBeLessThan(1e-5);
      for (const factor of [0.01, 0.1, 10]) {
        const e = referenceImpact(K, mStar, c, m, factor * vRef, endOfContact).restitution;
        const expected = restitutionFromBeta(m, betaStar * factor ** speedExponent, endOfContact);
        expect(Math.abs(e - expected)).toBeLessThan(1e-5);
      }
    });
});

describe('worked illustration: aluminium spheres, K = 5.5e9, m* = 0.046, e = 0.7 at 0.3 m/s, free (§7.6)', () => {
  const alK = 5.5e9, alMass = 0.046, alRadius = 0.01;
  const anyMaterial: Material = { youngsModulus: 73.5e9, poissonsRatio: 0.33, density: 2700 };
  const calibrate = (model: 'tsuji' | SpeedCalibrated['model']) => resolveNormalLaw(
    model === 'tsuji' ? { model, restitution: 0.7 } : { model, restitution: 0.7, referenceSpeed: 0.3 },
    anyMaterial, anyMaterial, 'free', 'contact.normal');
  const speeds = [0.003, 0.03, 0.1, 0.3, 1, 3, 10];

  it('Tsuji needs α = 0.25225, C = 4.012e3 kg m^-1/4 s^-1, and rebounds at 0.700 at every speed', () => {
    const law = calibrate('tsuji');
    expect(law.derived.alpha as number).toBeCloseTo(0.25225, 5);
    expect(damping(law, alK, alMass, alRadius) / 1e3).toBeCloseTo(4.012, 3);
    for (const v of speeds) {
      expect(referenceImpact(alK, alMass, damping(law, alK, alMass, alRadius), 0.25, v, 'free').restitution)
        .toBeCloseTo(0.7, 6);
    }
  });

  it('the same Tsuji α run under no-tension rebounds at 0.718 (§7.6 brackets)', () => {
    const c = damping(calibrate('tsuji'), alK, alMass, alRadius);
    expect(referenceImpact(alK, alMass, c, 0.25, 0.003, 'no-tension').restitution).toBeCloseTo(0.718, 3);
  });

  it('Brilliantov needs A = 9.999e-6 s (χ = 8.249e4 N s m^-3/2); e(v₀) = 0.866 … 0.492', () => {
    const c = damping(calibrate('brilliantov'), alK, alMass, alRadius);
    expect(c / (1.5 * alK) / 1e-6).toBeCloseTo(9.999, 3);
    expect(c / 1e4).toBeCloseTo(8.249, 3);
    const expected = [0.866, 0.797, 0.750, 0.700, 0.637, 0.571, 0.492];
    speeds.forEach((v, i) => {
      const e = referenceImpact(alK, alMass, c, 0.5, v, 'free').restitution;
      expect(Math.abs(e - expected[i])).toBeLessThanOrEqual(1e-3);
    });
  });

  it('Kuwabara–Kono calibrated the same way has the same χ as Brilliantov (same ODE, §7.5)', () => {
    const kk = damping(calibrate('kuwabara-kono'), alK, alMass, alRadius);
    expect(kk / damping(calibrate('brilliantov'), alK, alMass, alRadius)).toBeCloseTo(1, 12);
  });

  it('Bordbar–Hyppänen needs χ = 4.985e5 N s m^-1.65; e(v₀) = 0.919 … 0.354', () => {
    const c = damping(calibrate('bordbar'), alK, alMass, alRadius);
    expect(c / 1e5).toBeCloseTo(4.985, 3);
    const expected = [0.919, 0.840, 0.776, 0.700, 0.597, 0.487, 0.354];
    speeds.forEach((v, i) => {
      const e = referenceImpact(alK, alMass, c, 0.65, v, 'free').restitution;
      expect(Math.abs(e - expected[i])).toBeLessThanOrEqual(1e-3);
    });
  });
});
