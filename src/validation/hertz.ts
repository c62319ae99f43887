/**
 * Hertz's closed forms for the elastic normal impact of two spheres or a sphere and a plane (docs/physics.md §1.5,
 * §7.2), written out here from the materials so that the report's references share no code with the engine:
 *   E* from 1/E* = (1−ν₁²)/E₁ + (1−ν₂²)/E₂, R_eff and m* harmonic (a plane: R₂ = m₂ = ∞), K = (4/3)E*√R_eff,
 *   δ_max = (15 m* v²/(16 E*√R_eff))^{2/5} = (5 m* v²/(4K))^{2/5},  F_max = K δ_max^{3/2},
 *   t_c = 2 ∫₀^δmax dδ/√(v² − (4K/5m*)δ^{5/2}) = (2/5)·2·B(2/5, 1/2)·δ_max/v ≈ 2.94 δ_max/v;
 * and Mindlin's no-slip tangential stiffness of the same contact.
 */
import type { Material } from '../scenario/schema.js';

export interface HertzImpact {
  /** N m^-3/2 */
  stiffness: number;
  effectiveRadius: number;
  effectiveMass: number;
  /** m */
  maxOverlap: number;
  /** N */
  maxForce: number;
  /** s */
  duration: number;
}

/**
 * The elastic impact of sphere 1 (material a, radius r1) on body 2 (material b, radius r2 and mass m2; Infinity
 * for a plane) at normal approach speed v (m/s).
 */
export function hertzContact(a: Material, r1: number, b: Material, r2: number, m2: number, v: number): HertzImpact {
  const m1 = (4 / 3) * Math.PI * r1 ** 3 * a.density;
  const modulus = 1 / ((1 - a.poissonsRatio ** 2) / a.youngsModulus + (1 - b.poissonsRatio ** 2) / b.youngsModulus);
  const reff = 1 / (1 / r1 + 1 / r2);
  const meff = 1 / (1 / m1 + 1 / m2);
  const K = (4 / 3) * modulus * Math.sqrt(reff);
  const maxOverlap = ((5 * meff * v * v) / (4 * K)) ** 0.4;
  const beta = (gamma(0.4) * gamma(0.5)) / gamma(0.9);
  return {
    stiffness: K, effectiveRadius: reff, effectiveMass: meff, maxOverlap,
    maxForce: K * maxOverlap ** 1.5,
    duration: 2 * 0.4 * beta * (maxOverlap / v),
  };
}

/**
 * 8G*√R_eff of the Mindlin no-slip stiffness k_t = 8G*√(R_eff δ) (docs/physics.md §9.2), with
 * 1/G* = (2−ν₁)/G₁ + (2−ν₂)/G₂ and G = E/(2(1+ν)).
 */
export function mindlinCoefficient(a: Material, b: Material, effectiveRadius: number): number {
  const shear = (m: Material) => m.youngsModulus / (2 * (1 + m.poissonsRatio));
  const modulus = 1 / ((2 - a.poissonsRatio) / shear(a) + (2 - b.poissonsRatio) / shear(b));
  return 8 * modulus * Math.sqrt(effectiveRadius);
}

/** Γ(x) for x > 0: Lanczos approximation (g = 7, 9 terms; relative error about 1e-15). */
export function gamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const y = x - 1;
  let sum = c[0];
  const t = y + 7.5;
  for (let k = 1; k < 9; k++) sum += c[k] / (y + k);
  return Math.sqrt(2 * Math.PI) * t ** (y + 0.5) * Math.exp(-t) * sum;
}
