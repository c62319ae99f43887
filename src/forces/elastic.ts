/**
 * Elastic constants of a contact between two bodies: the effective moduli E* (Hertz) and G* (Mindlin), the Hertz
 * stiffness K and the effective radius and mass. SI units: Pa, m, kg; K in N m^-3/2.
 *
 * A flat wall is a body of infinite radius and infinite mass: pass `Infinity` and the effective value is the
 * particle's own (docs/physics.md §1.6: R_eff = R, m* = m for a wall).
 */
import type { Material } from './material-spec.js';

/** E*: 1/E* = (1−ν₁²)/E₁ + (1−ν₂²)/E₂ (docs/physics.md §1.5; Corral 2021, Eq 5.28). */
export function effectiveYoungsModulus(a: Material, b: Material): number {
  return 1 / (planeStrainCompliance(a) + planeStrainCompliance(b));
}

/** G = E / (2(1+ν)), the isotropic shear modulus (Pa). */
export function shearModulus(material: Material): number {
  return material.youngsModulus / (2 * (1 + material.poissonsRatio));
}

/** G* for the Mindlin tangential stiffness k_t = 8G*a: 1/G* = (2−ν₁)/G₁ + (2−ν₂)/G₂ (docs/physics.md §1.5, §9.2). */
export function effectiveShearModulus(a: Material, b: Material): number {
  return 1 / ((2 - a.poissonsRatio) / shearModulus(a) + (2 - b.poissonsRatio) / shearModulus(b));
}

/** Hertz stiffness K = (4/3)E*√R_eff in F = Kδ^{3/2} (docs/physics.md §1.5). */
export function hertzStiffness(effectiveModulus: number, effectiveRadius: number): number {
  return (4 / 3) * effectiveModulus * Math.sqrt(effectiveRadius);
}

/** R_eff = R₁R₂/(R₁+R₂), written as a harmonic sum so that a wall (R₂ = ∞) gives R₁ (docs/physics.md §1.4). */
export function effectiveRadius(r1: number, r2: number): number {
  return 1 / (1 / r1 + 1 / r2);
}

/** m* = m₁m₂/(m₁+m₂); a wall (m₂ = ∞) gives m₁ (docs/physics.md §1.4, §1.6). */
export function effectiveMass(m1: number, m2: number): number {
  return 1 / (1 / m1 + 1 / m2);
}

/** σ = (1−ν²)/E, one body's share of 1/E*. */
function planeStrainCompliance(material: Material): number {
  return (1 - material.poissonsRatio ** 2) / material.youngsModulus;
}
