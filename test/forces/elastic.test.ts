/**
 * Elastic contact constants against the worked cases of the reviews (docs/physics.md §1.5) and the alternative
 * notations they print (the 4/(3π) notation of K, Jian et al.'s modulus; both in §1.5).
 */
import { describe, expect, it } from 'vitest';
import {
  effectiveMass, effectiveRadius, effectiveShearModulus, effectiveYoungsModulus, hertzStiffness, shearModulus,
} from '../../src/forces/elastic.js';
import type { Material } from '../../src/scenario/schema.js';

const aluminium: Material = { youngsModulus: 73.5e9, poissonsRatio: 0.33, density: 2700 };
const steel: Material = { youngsModulus: 200e9, poissonsRatio: 0.3, density: 7850 };

describe('Hertz stiffness K = (4/3)E*√R_eff', () => {
  it('two 20 mm aluminium spheres have K = 5.50e9 N m^-3/2 (Machado 2012; Lankarani 1994, Example 2; §1.5)', () => {
    const K = hertzStiffness(effectiveYoungsModulus(aluminium, aluminium), effectiveRadius(0.02, 0.02));
    expect(K / 1e9).toBeCloseTo(5.50, 2);
  });

  it('two 8.5 mm steel ends of the slider–crank have K in 9.5–9.9e9 N m^-3/2 (Lankarani 1994, Example 3; §1.5)', () => {
    const K = hertzStiffness(effectiveYoungsModulus(steel, steel), effectiveRadius(8.5e-3, 8.5e-3));
    expect(K).toBeGreaterThan(9.5e9);
    expect(K).toBeLessThan(9.9e9);
  });

  it('equals the 4/(3π) form 4/[3π(σ₁+σ₂)]·√R_eff with σ = (1−ν²)/(πE) for unlike bodies (§8, M1)', () => {
    const sigma = (m: Material) => (1 - m.poissonsRatio ** 2) / (Math.PI * m.youngsModulus);
    const rEff = (0.004 * 0.011) / (0.004 + 0.011);
    const conventionB = (4 / (3 * Math.PI * (sigma(steel) + sigma(aluminium)))) * Math.sqrt(rEff);
    const K = hertzStiffness(effectiveYoungsModulus(steel, aluminium), effectiveRadius(0.004, 0.011));
    expect(K / conventionB).toBeCloseTo(1, 14);
  });

  it('for like spheres E* = E/(2(1−ν²)) = G/(1−ν), the modulus of Jian et al. (§1.5)', () => {
    const eStar = effectiveYoungsModulus(steel, steel);
    expect(eStar / (steel.youngsModulus / (2 * (1 - 0.3 ** 2)))).toBeCloseTo(1, 14);
    expect(eStar / (shearModulus(steel) / (1 - 0.3))).toBeCloseTo(1, 14);
  });
});

describe('Mindlin effective shear modulus', () => {
  it('for like bodies G* = E/[4(2−ν)(1+ν)], i.e. 1/G* = 2(2−ν)/G with G = E/(2(1+ν)) (§1.5)', () => {
    expect(effectiveShearModulus(steel, steel) / (200e9 / (4 * 1.7 * 1.3))).toBeCloseTo(1, 14);
  });

  it('sums the compliances (2−νᵢ)/Gᵢ of unlike bodies', () => {
    const expected = 1 / (2 * 1.7 * 1.3 / 200e9 + 2 * 1.67 * 1.33 / 73.5e9);
    expect(effectiveShearModulus(steel, aluminium) / expected).toBeCloseTo(1, 14);
  });
});

describe('effective radius and mass', () => {
  it('R_eff = R₁R₂/(R₁+R₂) and m* = m₁m₂/(m₁+m₂) for two spheres', () => {
    expect(effectiveRadius(0.02, 0.02)).toBeCloseTo(0.01, 15);
    expect(effectiveRadius(0.004, 0.011)).toBeCloseTo(0.044 / 15, 15);
    expect(effectiveMass(0.092, 0.092)).toBeCloseTo(0.046, 15);
  });

  it('a wall (infinite radius and mass) leaves the particle its own R and m (§1.6)', () => {
    expect(effectiveRadius(0.1, Infinity)).toBe(0.1);
    expect(effectiveMass(1, Infinity)).toBe(1);
  });
});
