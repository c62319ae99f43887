/**
 * Time-step rules (docs/physics.md §10):
 *  - Rayleigh time T_R = π R_min √(ρ/G) / (0.1631ν + 0.8766); dense packings need dt ≤ 0.1–0.2 T_R (§10.1).
 *  - contact time t_c of each contact class, from its normal law's definition (src/forces/normal: Hertz
 *    3.2181 (m* / K)^{2/5} v^{-1/5}, or π√(m* / k) for a linear spring); each collision needs ≥ 30–50 steps
 *    (§10.2).
 *  - damping time t_d of the laws that have one (the Hunt–Crossley family: t_c/(3.67 Z), src/forces/normal/
 *    hysteresis.ts), the inverse of the peak damping rate; explicit Verlet needs dt < 2 t_d. Low-e laws (Z of
 *    10–20) need it (§10.3).
 * "auto" takes min(AUTO_RAYLEIGH_FRACTION·T_R, t_c / AUTO_STEPS_PER_CONTACT, t_d); a user dt above
 * WARN_RAYLEIGH_FRACTION·T_R, t_c / WARN_STEPS_PER_CONTACT or 2·t_d gets a warning naming the limit (§10.5).
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

export interface TimeStepLimits {
  /** smallest Rayleigh time over the materials in use, each at its smallest particle (s) */
  rayleighTime: number;
  /** shortest contact time over the contact classes in use at the characteristic speed (s) */
  contactTime: number;
  /** characteristic impact speed used for the contact time (m/s) */
  impactSpeed: number;
  /** shortest damping time t_d over the classes in use (s); Infinity without a law that has one */
  dampingTime: number;
  /** what set each limit (the material, radii, contact class and where the impact speed came from), for messages */
  causes: { rayleighTime: string; contactTime: string; dampingTime: string };
}

export function autoTimeStep(l: TimeStepLimits): number {
  return Math.min(AUTO_RAYLEIGH_FRACTION * l.rayleighTime, l.contactTime / AUTO_STEPS_PER_CONTACT, l.dampingTime);
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
  if (dt > 2 * l.dampingTime) {
    warnings.push(`time.dt = ${dt} s exceeds 2·t_d = ${(2 * l.dampingTime).toPrecision(3)} s, the explicit stability `
      + `limit of the Hunt–Crossley-family damping (t_d = t_c/(3.67·Z) = ${l.dampingTime.toPrecision(3)} s); `
      + 'the run may blow up');
  }
  return warnings;
}
