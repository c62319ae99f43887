/**
 * The elastic parts laws share, each with what the time step and the energy bookkeeping need from it: the
 * kernel's elastic id, the undamped contact time and the stored energy ∫F_el dδ. A law spreads one of these into
 * its definition, so no law repeats the Hertz formulas.
 */
import { ElasticLaw, type NormalLawDefinition } from './law.js';

type SpringPart = Pick<NormalLawDefinition, 'elastic' | 'contactTime' | 'storedEnergy'>;

/**
 * Elastic Hertz contact duration t_c = 3.2181 (m* / K)^{2/5} v^{-1/5} (s) for effective mass m*, stiffness K and
 * impact speed v (docs/physics.md §7.2, §10.2).
 */
export function hertzContactTime(meff: number, K: number, speed: number): number {
  return 3.2181 * Math.pow(meff / K, 0.4) * Math.pow(speed, -0.2);
}

/** Largest overlap δ_max = (5m*v²/(4K))^{2/5} (m) of an elastic Hertz impact at speed v (docs/physics.md §7.2). */
export function hertzOverlap(meff: number, K: number, speed: number): number {
  return Math.pow((5 * meff * speed * speed) / (4 * K), 0.4);
}

/** Undamped linear-spring contact duration π/√(k/m*) (s), independent of impact speed (docs/physics.md §10.2). */
export function linearContactTime(meff: number, k: number): number {
  return Math.PI * Math.sqrt(meff / k);
}

/** F_el = Kδ^{3/2} with the pair's K = (4/3)E*√R_eff (docs/physics.md §1.5): energy (2/5)Kδ^{5/2}. */
export const HERTZ_SPRING = {
  elastic: ElasticLaw.hertz,
  contactTime: hertzContactTime,
  storedEnergy: (K, delta) => 0.4 * K * delta * delta * Math.sqrt(delta),
} as const satisfies SpringPart;

/** F_el = kδ with the law's own k (N/m) (docs/physics.md §5.1): energy ½kδ². */
export const LINEAR_SPRING = {
  elastic: ElasticLaw.linear,
  contactTime: linearContactTime,
  storedEnergy: (k, delta) => 0.5 * k * delta * delta,
} as const satisfies SpringPart;
