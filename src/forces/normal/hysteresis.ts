/**
 * The Hunt–Crossley family (docs/physics.md §4; every bare § in this file is a section of docs/physics.md):
 * F = Kδ^{3/2}(1 + Z(e)·δ̇/v₀), i.e. damping χδ^{3/2}δ̇ with χ = Z(e)·K/v₀ and v₀ the impact speed latched per
 * contact at first touch (raised if a third body later drives the contact closed faster; contact.ts, §4.2). Each
 * law of the family is only its hysteresis factor Z(e) (the table in hysteresis-laws.ts); `hysteresisLaw` turns a
 * factor into the law's definition.
 *
 * Exact restitution of the family (§4.3; Safaeifar 2020, Eqs 25–39): with h = χv₀/K = Z, the law delivers the
 * e_out that solves h(1+e_out) = ln[(1+h)/(1−e_out·h)], whatever v₀, K, m* (no external force). Laws whose Z is
 * this relation's own h(e) (Zhang–Sharf, Luo–Nahon, Khatiwada, Gonthier's exact d) deliver e exactly.
 *
 * Slow contacts (§4.2, §10.6): χ ∝ 1/v₀ grows without bound as v₀ → 0, so the kernel latches max(v₀, v_min).
 * Why a floor of 0.01 m/s by default: a contact resting under gravity has Kδ^{3/2} = m g, so its damping rate is
 * χδ^{3/2}/m* = Z g / v_min, and explicit Verlet stays stable only while dt·Z·g/v_min < 2 — with v_min = 0.01 m/s
 * and Z = 10 (e = 0.1) that is dt < 2e-4 s, looser than any DEM step. Impacts slower than v_min are damped less
 * than the law says (e closer to 1). Impacts themselves need dt below the damping time t_c/(3.67 Z)
 * (hysteresisDampingTime, §10.3).
 */
import type { z } from 'zod';
import { positive } from '../../base/schema-fields.js';
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, MAX_BETA, restitution, restitutionExample, restitutionOutOfReach } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

/** Floor (m/s) on the latched impact speed when the scenario gives none. */
const DEFAULT_MINIMUM_IMPACT_SPEED = 0.01;

const minimumImpactSpeed = positive('floor on the latched impact speed v₀ in m/s').optional()
  .describe('Floor (m/s) on the impact speed v₀ latched at first touch, so slow or resting contacts get damping '
    + `χ = Z(e)·K/max(v₀, floor) instead of an unbounded one. Default ${DEFAULT_MINIMUM_IMPACT_SPEED} m/s.`);

function familySchema<M extends string, Options extends z.ZodRawShape>(model: M, about: string, options: Options) {
  return lawSchema(model,
    `Hunt–Crossley family: F = K·δ^{3/2}·(1 + Z(e)·δ̇/v₀), v₀ the impact speed latched at first touch; ${about}.`,
    { restitution, minimumImpactSpeed, ...options });
}
type FamilySchema<M extends string, Options extends z.ZodRawShape> = ReturnType<typeof familySchema<M, Options>>;

/**
 * t_d = t_c/(3.67 Z): the inverse of the peak damping rate of an impact of the family with hysteresis factor Z.
 * The damping rate η/m* peaks below 1.14·Z·v₀/δ₀ = 3.67·Z/t_c (§10.3, from §7.2: F_max = 1.1433·Kδ₀^{3/2},
 * t_c = 3.2181·δ₀/v₀), and explicit Verlet needs dt·η/m* < 2. Low-e laws (Z of 10–20) need it.
 */
function hysteresisDampingTime(contactTime: number, Z: number): number {
  return contactTime / (3.67 * Z);
}

/** What the family's calibration reads from every spec of the family. */
interface FamilySpec {
  restitution: number;
  minimumImpactSpeed?: number;
}

/**
 * The definition of the family's law `model` with hysteresis factor Z = factor(e) = χv₀/K for a target e in
 * (0, 1]. `about` cites the law and its Z for the scenario schema; `options` are the law's parameters besides
 * restitution and minimumImpactSpeed (Gonthier's form), which `factor` reads from the spec.
 */
export function hysteresisLaw<M extends string, Options extends z.ZodRawShape = Record<never, never>>(
  model: M,
  about: string,
  factor: (e: number, spec: z.output<FamilySchema<M, Options>>) => number,
  options: Options = {} as Options,
): NormalLawDefinition<FamilySchema<M, Options>> {
  // TypeScript cannot evaluate z.output of a generic schema; every schema of the family has FamilySpec's fields.
  type Spec = z.output<FamilySchema<M, Options>>;
  return {
    model,
    schema: familySchema(model, about, options),
    ...HERTZ_SPRING,
    dampingExponent: DampingExponent.hysteresis,
    resolve(spec, _pair, _endOfContact, field) {
      const { restitution: e, minimumImpactSpeed } = spec as Spec & FamilySpec;
      const Z = factor(e, spec);
      // Z is the family's dimensionless damping β (docs/physics.md §7.1); factors like 1/e grow without bound.
      if (!(Z <= MAX_BETA)) {
        throw restitutionOutOfReach(field, model, e, leastRestitution((x) => factor(x, spec)), `Z(e) > ${MAX_BETA}`);
      }
      const floor = minimumImpactSpeed ?? DEFAULT_MINIMUM_IMPACT_SPEED;
      return {
        minimumImpactSpeed: floor,
        // c = Z·K; the kernel divides by the latched v₀.
        dampingScale: Z,
        kPower: 1,
        massPower: 0,
        radiusPower: 0,
        derived: {
          restitution: e,
          hysteresisFactorZ: Z,
          deliveredRestitution: restitutionOfFactor(Z),
          minimumImpactSpeed_m_per_s: floor,
        },
      };
    },
    dampingTime: (contactTime, coefficients) => (coefficients.dampingScale > 0
      ? hysteresisDampingTime(contactTime, coefficients.dampingScale) : Infinity),
    // Above the floor v_min, e depends on Z alone (§4.3).
    speedBehaviour: 'velocity-independent',
    examples: restitutionExample(model),
    lammps: { refusal: 'pair_style granular has no damping ∝ δ^{3/2}·δ̇/v₀ with v₀ latched per contact' },
  };
}

/**
 * The least e with factor(e) <= MAX_BETA, for a factor that falls as e grows (those that exceed it do: 1/e and
 * its kin) and is below it at e = 1: bisection in ln e, as the answer may lie many decades below 1.
 */
function leastRestitution(factor: (e: number) => number): number {
  let lo = Number.MIN_VALUE, hi = 1;
  for (let iteration = 0; iteration < 100; iteration++) {
    const mid = Math.sqrt(lo * hi);
    if (factor(mid) <= MAX_BETA) hi = mid; else lo = mid;
  }
  return hi;
}

/**
 * The exact h(e) (§4.3): the root h in (0, 1/e) of
 * f(h) = ln(1+h) − ln(1−eh) − h(1+e) (h = 0 is the trivial root; f < 0 just above it and f → +∞ as h → 1/e).
 * Newton's method kept inside a shrinking bracket, from the start 1.5(1−e)/e (§4.3).
 * Zhang & Sharf (2004), Safaeifar 2020, Eq 39.
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

/**
 * The e_out a factor Z delivers (§4.3, §4.4): the root e in [0, 1) of
 * Z(1+e) = ln[(1+Z)/(1−eZ)], by bisection.
 */
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
