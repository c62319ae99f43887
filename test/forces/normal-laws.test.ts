/**
 * Resolution of each normal law's spec into kernel coefficients (docs/physics.md §2.1, §7): the damping
 * power products, the material-based constants against hand-computed values, and the ScenarioErrors for bad specs —
 * parameters a law does not take are rejected by the scenario schema, combinations of its own by the law.
 */
import { describe, expect, it } from 'vitest';
import { tsujiAlpha } from '../../src/forces/normal/calibration.js';
import { brilliantovVariants } from '../../src/forces/normal/brilliantov.js';
import { DampingExponent } from '../../src/forces/normal/law.js';
import { resolveNormalLaw } from '../../src/forces/normal/registry.js';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { parseScenario } from '../../src/scenario/load.js';
import type { EndOfContact, Material, NormalLawSpec } from '../../src/scenario/schema.js';

const rubber: Material = {
  youngsModulus: 5e6, poissonsRatio: 0.45, density: 1100, bulkViscosity: 2, shearViscosity: 1,
};
const gel: Material = { youngsModulus: 1e6, poissonsRatio: 0.4, density: 1000, bulkViscosity: 1, shearViscosity: 1 };
const glass: Material = { youngsModulus: 63e9, poissonsRatio: 0.22, density: 2500 };

const resolve = (spec: NormalLawSpec, a = glass, b = glass, endOfContact: EndOfContact = 'no-tension') =>
  resolveNormalLaw(spec, a, b, endOfContact, 'contact.normal', ['first', 'second']);

describe('hertz', () => {
  it('is undamped', () => {
    const law = resolve({ model: 'hertz' });
    expect(law.dampingExponent).toBe(DampingExponent.none);
    expect(law.dampingScale).toBe(0);
    expect(law.derived).toEqual({ restitution: 1 });
  });
});

describe('tsuji: c = α√(m*K), δ^{1/4}', () => {
  it('Tsuji α(0.7) = 0.2733 under no-tension and 0.2522 under free', () => {
    const noTension = resolve({ model: 'tsuji', restitution: 0.7 }, glass, glass, 'no-tension');
    expect(noTension.dampingScale).toBeCloseTo(0.2733, 4);
    expect(resolve({ model: 'tsuji', restitution: 0.7 }, glass, glass, 'free').dampingScale).toBeCloseTo(0.2522, 4);
    expect(noTension).toMatchObject({
      dampingExponent: DampingExponent.quarter, kPower: 0.5, massPower: 0.5, radiusPower: 0,
    });
  });

  it('a given α is used as is and its e is reported for the convention in use', () => {
    const law = resolve({ model: 'tsuji', alpha: 0.4818 }, glass, glass, 'free');
    expect(law.dampingScale).toBe(0.4818);
    expect(law.derived.restitution as number).toBeCloseTo(0.5, 4);
    expect(law.derived.alpha).toBe(0.4818);
  });

  it('α is the same for every material pair (e depends on α alone, §3.3)', () => {
    expect(resolve({ model: 'tsuji', restitution: 0.5 }, rubber, gel).dampingScale)
      .toBe(tsujiAlpha(0.5, 'no-tension'));
  });
});

describe('kuwabara-kono: δ^{1/2}', () => {
  it('χ = 2√R_eff/D′ from viscosities (Corral 2021, Eqs 5.37–5.38): ξ = 2, η = 1 against ξ = η = 1 gives (1008/411)√R_eff',
  () => {
    // D′ shares: ξ = η = 1 → 64/144 = 4/9; ξ = 2, η = 1 → (4·49 − 9)/(36·7·2) = 187/504; D′ = 411/504.
    const law = resolve({ model: 'kuwabara-kono' }, rubber, gel);
    expect(law.dampingScale).toBeCloseTo(1008 / 411, 14);
    expect(law).toMatchObject({ dampingExponent: DampingExponent.half, kPower: 0, massPower: 0, radiusPower: 0.5 });
    expect(law.derived.viscousCompliance_per_Pa_s as number).toBeCloseTo(411 / 504, 14);
  });

  it('χ is the viscous twin of K: for like bodies with ξ = η it is (3/2)·(4/3)√R·(9/8)η = 2.25η√R', () => {
    expect(resolve({ model: 'kuwabara-kono' }, gel, gel).dampingScale).toBeCloseTo(2.25, 14);
  });

  it('a given χ (N s m^-3/2) is used as is', () => {
    expect(resolve({ model: 'kuwabara-kono', chi: 1234 }))
      .toMatchObject({ dampingScale: 1234, kPower: 0, radiusPower: 0 });
  });

  it('calibrated: c = β*·v_ref^{-1/5}·K^{3/5}·m*^{2/5} (§7.5), reporting β* and v_ref', () => {
    const law = resolve({ model: 'kuwabara-kono', restitution: 0.7, referenceSpeed: 2 }, glass, glass, 'free');
    expect(law.derived.betaStar as number).toBeCloseTo(0.31807, 5);
    expect(law.dampingScale).toBeCloseTo((law.derived.betaStar as number) * 2 ** -0.2, 14);
    expect(law.kPower).toBeCloseTo(3 / 5, 14);
    expect(law.massPower).toBeCloseTo(2 / 5, 14);
    expect(law.derived.referenceSpeed_m_per_s).toBe(2);
  });

  it('the reference speed defaults to 1 m/s', () => {
    const law = resolve({ model: 'kuwabara-kono', restitution: 0.7 });
    expect(law.derived.referenceSpeed_m_per_s).toBe(1);
    expect(law.dampingScale).toBe(law.derived.betaStar);
  });
});

describe('brilliantov: c = (3/2)K·A, δ^{1/2}', () => {
  // docs/physics.md §3.4, η = ξ = 1 Pa·s, E = 1 Pa: A in s for original / zheng / generalized.
  const A_TABLE: [number, number, number, number][] = [
    [0.1, 21.12, 2.053, 2.265],
    [0.3, 1.079, 1.213, 2.253],
    [0.45, 0.105, 0.338, 2.672],
  ];
  it.each(A_TABLE)('at ν = %s, A = %s (original), %s (zheng), %s (generalized)', (nu, original, zheng, generalized) => {
    const material: Material = { youngsModulus: 1, poissonsRatio: nu, density: 1, bulkViscosity: 1, shearViscosity: 1 };
    const A = (variant: (typeof brilliantovVariants)[number]) =>
      resolve({ model: 'brilliantov', variant }, material, material).dampingScale / 1.5;
    expect(A('original')).toBeCloseTo(original, nu === 0.1 ? 2 : 3);
    expect(A('zheng')).toBeCloseTo(zheng, 3);
    expect(A('generalized')).toBeCloseTo(generalized, 3);
  });

  it('the original A vanishes at η = 3ξ although shear viscosity is present (§8, M3)', () => {
    const material: Material = { ...gel, bulkViscosity: 1, shearViscosity: 3 };
    expect(resolve({ model: 'brilliantov', variant: 'original' }, material, material).dampingScale).toBe(0);
  });

  it('uses χ = (3/2)KA with K^1 — not Zheng\'s 2AE√R/(1−ν²) prefactor (§8, M4)', () => {
    const law = resolve({ model: 'brilliantov', A: 1e-5 });
    expect(law.dampingScale).toBeCloseTo(1.5e-5, 18);
    expect(law).toMatchObject({ kPower: 1, massPower: 0, radiusPower: 0 });
    expect(law.derived).toEqual({ A_s: 1e-5 });
  });

  it('calibrated like KK (same ODE) and reports β*, not a pair-dependent A', () => {
    const law = resolve({ model: 'brilliantov', restitution: 0.7 }, glass, glass, 'free');
    const kk = resolve({ model: 'kuwabara-kono', restitution: 0.7 }, glass, glass, 'free');
    expect(law).toMatchObject({ dampingScale: kk.dampingScale, kPower: kk.kPower, massPower: kk.massPower });
    expect(law.derived).not.toHaveProperty('A_s');
  });
});

describe('bordbar: δ^{0.65}', () => {
  it('calibrated: c = β*·v_ref^{-0.32}·K^{0.66}·m*^{0.34} (§7.5)', () => {
    const law = resolve({ model: 'bordbar', restitution: 0.7, referenceSpeed: 0.3 }, glass, glass, 'free');
    expect(law.dampingExponent).toBe(DampingExponent.bordbar);
    expect(law.derived.betaStar as number).toBeCloseTo(0.36007, 5);
    expect(law.dampingScale).toBeCloseTo((law.derived.betaStar as number) * 0.3 ** -0.32, 14);
    expect(law.kPower).toBeCloseTo(0.66, 14);
    expect(law.massPower).toBeCloseTo(0.34, 14);
  });

  it('a given χ (N s m^-1.65) is used as is', () => {
    expect(resolve({ model: 'bordbar', chi: 4.985e5 }))
      .toMatchObject({ dampingScale: 4.985e5, kPower: 0, massPower: 0 });
  });
});

describe('bad specs are ScenarioErrors naming the field', () => {
  const withoutShearViscosity = (material: Material): Material => ({ ...material, shearViscosity: undefined });
  const cases: [string, NormalLawSpec, string, Material?, Material?][] = [
    ['tsuji with both α and e', { model: 'tsuji', alpha: 0.2, restitution: 0.7 }, 'contact.normal'],
    ['tsuji with neither α nor e', { model: 'tsuji' }, 'contact.normal'],
    ['kuwabara-kono with both χ and e', { model: 'kuwabara-kono', chi: 3, restitution: 0.7 }, 'contact.normal'],
    ['kuwabara-kono with a reference speed but no e',
      { model: 'kuwabara-kono', chi: 3, referenceSpeed: 1 }, 'contact.normal.referenceSpeed'],
    ['kuwabara-kono from viscosities the first material lacks',
      { model: 'kuwabara-kono' }, 'materials.first.bulkViscosity', glass, gel],
    ['kuwabara-kono from viscosities the second material lacks',
      { model: 'kuwabara-kono' }, 'materials.second.shearViscosity', gel, withoutShearViscosity(gel)],
    ['kuwabara-kono with η ≥ 9ξ (D′ ≤ 0)',
      { model: 'kuwabara-kono' }, 'materials.second.shearViscosity', gel, { ...gel, shearViscosity: 9 }],
    ['brilliantov with nothing', { model: 'brilliantov' }, 'contact.normal'],
    ['brilliantov with both A and a variant',
      { model: 'brilliantov', A: 1e-5, variant: 'generalized' }, 'contact.normal'],
    ['brilliantov variant for unlike materials',
      { model: 'brilliantov', variant: 'generalized' }, 'contact.normal.variant', gel, rubber],
    ['brilliantov variant without viscosities',
      { model: 'brilliantov', variant: 'zheng' }, 'materials.first.bulkViscosity', glass, glass],
    ['original brilliantov at ν = 0', { model: 'brilliantov', variant: 'original' }, 'materials.first.poissonsRatio',
      { ...gel, poissonsRatio: 0 }, { ...gel, poissonsRatio: 0 }],
    ['bordbar with nothing', { model: 'bordbar' }, 'contact.normal'],
    ['bordbar with both χ and e', { model: 'bordbar', chi: 1, restitution: 0.5 }, 'contact.normal'],
    ['an e the law cannot reach', { model: 'bordbar', restitution: 1e-6 }, 'contact.normal.restitution'],
  ];

  it.each(cases)('%s → %s', (_, spec, field, a = glass, b = glass) => {
    const attempt = () => resolve(spec, a, b);
    expect(attempt).toThrow(ScenarioError);
    try {
      attempt();
    } catch (error) {
      expect((error as ScenarioError).field).toBe(field);
    }
  });

  it('the message says what is allowed', () => {
    expect(() => resolve({ model: 'tsuji', alpha: 0.2, restitution: 0.7 }))
      .toThrow('tsuji needs exactly one of "alpha" (>= 0) or "restitution" (0 < e <= 1)');
    expect(() => resolve({ model: 'brilliantov', variant: 'generalized' }, gel, rubber))
      .toThrow('give "A" or "restitution" for this pair in contactPairs');
  });

  it('errors use the spec\'s own path, e.g. a contactPairs entry', () => {
    expect(() => resolveNormalLaw({ model: 'tsuji' }, glass, glass, 'free', 'contactPairs[2].normal'))
      .toThrow(expect.objectContaining({ field: 'contactPairs[2].normal' }));
  });
});

describe('a parameter the law does not take is rejected by the scenario schema, naming those it takes', () => {
  const load = (normal: Record<string, unknown>) => () => parseScenario({
    time: { duration: 0.01 },
    materials: { glass },
    contact: { normal },
    particles: [{ position: [0, 0, 0.1], radius: 0.01, material: 'glass' }],
  });
  const cases: [string, Record<string, unknown>, string][] = [
    ['hertz with a restitution', { model: 'hertz', restitution: 0.9 },
      'contact.normal.restitution: unknown field; allowed here: model'],
    ['hertz with a Tsuji α', { model: 'hertz', alpha: 0.1 }, 'contact.normal.alpha: unknown field; allowed here: model'],
    ['tsuji with a reference speed', { model: 'tsuji', restitution: 0.7, referenceSpeed: 1 },
      'contact.normal.referenceSpeed: unknown field; allowed here: model, alpha, restitution'],
    ['tsuji with χ', { model: 'tsuji', alpha: 0.2, chi: 3 },
      'contact.normal.chi: unknown field; allowed here: model, alpha, restitution'],
    ['kuwabara-kono with a Brilliantov variant', { model: 'kuwabara-kono', variant: 'zheng' },
      'contact.normal.variant: unknown field; allowed here: model, chi, restitution, referenceSpeed'],
    ['brilliantov with χ', { model: 'brilliantov', chi: 10 },
      'contact.normal.chi: unknown field; allowed here: model, A, variant, restitution, referenceSpeed'],
    ['bordbar with Brilliantov\'s A (§8, M5)', { model: 'bordbar', A: 1e-5 },
      'contact.normal.A: unknown field; allowed here: model, chi, restitution, referenceSpeed'],
  ];
  it.each(cases)('%s', (_, normal, message) => {
    expect(load(normal)).toThrow(ScenarioError);
    expect(load(normal)).toThrow(message);
  });
});
