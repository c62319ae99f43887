/**
 * The Hunt–Crossley family (contact-models.md §3.4, §6): F = Kδ^{3/2}(1 + Z(e)·δ̇/v₀), i.e. damping χδ^{3/2}δ̇
 * with χ = Z(e)·K/v₀ and v₀ the impact speed latched per contact at first touch (raised if a third body later
 * drives the contact closed faster; contact.ts). Each law of the family is only
 * its hysteresis factor Z(e) (one file per law); this module turns a factor into the kernel's coefficients.
 *
 * Exact restitution of the family (§6.1; seed 001 Eqs 25–39): with h = χv₀/K = Z, the law delivers the e_out that
 * solves h(1+e_out) = ln[(1+h)/(1−e_out·h)], whatever v₀, K, m* (no external force). Laws whose Z is this
 * relation's own h(e) (Zhang–Sharf, Luo–Nahon, Khatiwada, Gonthier's exact d) deliver e exactly.
 *
 * Slow contacts (§9.2): χ ∝ 1/v₀ grows without bound as v₀ → 0, so the kernel latches max(v₀, v_min). Why a floor
 * of 0.01 m/s by default: a contact resting under gravity has Kδ^{3/2} = m g, so its damping rate is
 * χδ^{3/2}/m* = Z g / v_min, and explicit Verlet stays stable only while dt·Z·g/v_min < 2 — with v_min = 0.01 m/s
 * and Z = 10 (e = 0.1) that is dt < 2e-4 s, looser than any DEM step. Impacts slower than v_min are damped less
 * than the law says (e closer to 1). Impacts themselves need dt below the damping time t_c/(3.67 Z) (timestep.ts).
 */
import type { NormalLawSpec } from '../contact-spec.js';
import { DampingExponent, DEFAULT_MINIMUM_IMPACT_SPEED, ElasticLaw, selectParameter } from './law.js';
import type { NormalLawCoefficients, NormalLawParameter, NormalModelName } from './law.js';

export interface HysteresisLaw {
  model: NormalModelName;
  /** Z(e) = χv₀/K for a target e in (0, 1] */
  factor: (e: number, spec: NormalLawSpec) => number;
  /** parameters the law accepts besides restitution and minimumImpactSpeed */
  options?: readonly NormalLawParameter[];
}

export function hysteresisLaw(law: HysteresisLaw, spec: NormalLawSpec, field: string): NormalLawCoefficients {
  const options = law.options ?? [];
  const usage = `${law.model} needs "restitution" (0 < e <= 1), with optional "minimumImpactSpeed" (m/s, > 0, `
    + `default ${DEFAULT_MINIMUM_IMPACT_SPEED})${options.map((o) => ` and "${o}"`).join('')}`;
  selectParameter(spec, field, { restitution: ['minimumImpactSpeed', ...options] }, true, usage);
  const e = spec.restitution!;
  const Z = law.factor(e, spec);
  const minimumImpactSpeed = spec.minimumImpactSpeed ?? DEFAULT_MINIMUM_IMPACT_SPEED;
  return {
    model: law.model,
    elastic: ElasticLaw.hertz,
    linearStiffness: 0,
    plasticSet: 0,
    minimumImpactSpeed,
    dampingExponent: DampingExponent.hysteresis,
    // c = Z·K; the kernel divides by the latched v₀.
    dampingScale: Z,
    kPower: 1,
    massPower: 0,
    radiusPower: 0,
    derived: {
      restitution: e,
      hysteresisFactorZ: Z,
      deliveredRestitution: restitutionOfFactor(Z),
      minimumImpactSpeed_m_per_s: minimumImpactSpeed,
    },
  };
}

/**
 * The exact h(e) of §6.1: the root h in (0, 1/e) of f(h) = ln(1+h) − ln(1−eh) − h(1+e) (h = 0 is the trivial root;
 * f < 0 just above it and f → +∞ as h → 1/e). Newton's method kept inside a shrinking bracket, from the start
 * 1.5(1−e)/e of §9.3. Zhang & Sharf (2004), seed 001 Eq 39.
 */
export function exactHysteresisFactor(e: number): number {
  if (!(e > 0 && e <= 1)) throw new RangeError(`restitution must be in (0, 1], got ${e}`);
  if (e === 1) return 0;
  const f = (h: number) => Math.log1p(h) - Math.log1p(-e * h) - h * (1 + e);
  const df = (h: number) => 1 / (1 + h) + e / (1 - e * h) - (1 + e);
  let lo = 0, hi = 1 / e;
  let h = Math.min(1.5 * (1 - e) / e, 0.5 * (lo + hi));
  for (let iteration = 0; iteration < 200; iteration++) {
    const value = f(h);
    if (value < 0) lo = h; else hi = h;
    let next = h - value / df(h);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - h) <= 1e-15 * h) return next;
    h = next;
  }
  return h;
}

/** The e_out a factor Z delivers (§6.2): the root e in [0, 1) of Z(1+e) = ln[(1+Z)/(1−eZ)], by bisection. */
export function restitutionOfFactor(Z: number): number {
  if (Z === 0) return 1;
  const g = (e: number) => Math.log1p(Z) - Math.log1p(-e * Z) - Z * (1 + e);
  // g(0) = ln(1+Z) − Z < 0; g grows without bound as e → min(1, 1/Z).
  let lo = 0, hi = Math.min(1, 1 / Z);
  if (g(hi) < 0) return 1;
  for (let iteration = 0; iteration < 100; iteration++) {
    const mid = 0.5 * (lo + hi);
    if (g(mid) < 0) lo = mid; else hi = mid;
  }
  return 0.5 * (lo + hi);
}
