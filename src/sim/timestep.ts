/**
 * Time-step rules (contact-models.md §10):
 *  - Rayleigh time T_R = π R_min √(ρ/G) / (0.1631ν + 0.8766); dense packings need dt ≤ 0.1–0.2 T_R.
 *  - Hertz contact time t_c = 3.2181 (m* / K)^{2/5} v^{-1/5} (§5.0), or π√(m* / k) for a linear spring (Kelvin–Voigt, §3.2);
 *    each collision needs ≥ 30–50 steps.
 * "auto" takes min(AUTO_RAYLEIGH_FRACTION·T_R, t_c / AUTO_STEPS_PER_CONTACT); a user dt above
 * WARN_RAYLEIGH_FRACTION·T_R or t_c / WARN_STEPS_PER_CONTACT gets a warning naming the limit.
 */
import type { Material } from '../scenario/schema.js';

export const AUTO_RAYLEIGH_FRACTION = 0.15;
export const AUTO_STEPS_PER_CONTACT = 50;
export const WARN_RAYLEIGH_FRACTION = 0.2;
export const WARN_STEPS_PER_CONTACT = 30;

export function rayleighTime(radius: number, m: Material): number {
  const shearModulus = m.youngsModulus / (2 * (1 + m.poissonsRatio));
  return (Math.PI * radius * Math.sqrt(m.density / shearModulus)) / (0.1631 * m.poissonsRatio + 0.8766);
}

/** Undamped linear-spring contact duration π/√(k/m*) (s), independent of impact speed (Kelvin–Voigt, §3.2). */
export function linearContactTime(meff: number, k: number): number {
  return Math.PI * Math.sqrt(meff / k);
}

/** Elastic Hertz contact duration for effective mass m*, stiffness K and impact speed v (§5.0). */
export function hertzContactTime(meff: number, K: number, speed: number): number {
  return 3.2181 * Math.pow(meff / K, 0.4) * Math.pow(speed, -0.2);
}

export interface TimeStepLimits {
  /** smallest Rayleigh time over the materials in use, each at its smallest particle (s) */
  rayleighTime: number;
  /** shortest Hertz contact time over the contact classes in use at the characteristic speed (s) */
  contactTime: number;
  /** characteristic impact speed used for the contact time (m/s) */
  impactSpeed: number;
}

export function autoTimeStep(l: TimeStepLimits): number {
  return Math.min(AUTO_RAYLEIGH_FRACTION * l.rayleighTime, l.contactTime / AUTO_STEPS_PER_CONTACT);
}

/** Warnings for a user-given dt that breaks a rule; empty when it is safe. */
export function timeStepWarnings(dt: number, l: TimeStepLimits): string[] {
  const warnings: string[] = [];
  const rayleighLimit = WARN_RAYLEIGH_FRACTION * l.rayleighTime;
  if (dt > rayleighLimit) {
    warnings.push(`time.dt = ${dt} s exceeds ${WARN_RAYLEIGH_FRACTION}·T_R = ${rayleighLimit.toPrecision(3)} s `
      + `(Rayleigh time T_R = ${l.rayleighTime.toPrecision(3)} s of the smallest particle); dense packings may be unstable`);
  }
  const contactLimit = l.contactTime / WARN_STEPS_PER_CONTACT;
  if (dt > contactLimit) {
    warnings.push(`time.dt = ${dt} s exceeds t_c/${WARN_STEPS_PER_CONTACT} = ${contactLimit.toPrecision(3)} s `
      + `(contact time t_c = ${l.contactTime.toPrecision(3)} s at ${l.impactSpeed.toPrecision(3)} m/s); `
      + 'collisions are under-resolved and restitution will be off');
  }
  return warnings;
}
