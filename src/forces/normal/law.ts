/**
 * What the force kernel needs to know about a normal contact law, resolved once per material pair.
 *
 * Every law here has the form F_n = F_el(δ) + c·g_m(δ)·δ̇   (contact-models.md §3, §5)
 * with the elastic part F_el chosen by `elastic` (Hertz Kδ^{3/2} with K = (4/3)E*√R_eff, §2; linear kδ; or
 * Hertz loading with the permanent-indentation unloading branch of seed 004) and the damping shape g_m chosen by
 * `dampingExponent` (δ^m; δ^{3/2}/v₀ for the Hunt–Crossley family, v₀ latched per contact at first touch;
 * δ^{1/4} on the compression branch only for Jankowski). The damping coefficient c may depend on the pair's K,
 * effective mass m* and effective radius R_eff; it is written as a power product so the kernel can evaluate it
 * once per pair at neighbour-list rebuilds:  c = dampingScale · K^kPower · m*^massPower · R_eff^radiusPower.
 */
import type { Material, NormalLawSpec } from '../contact-spec.js';
import { ScenarioError } from '../../base/scenario-error.js';

export type NormalModelName = NormalLawSpec['model'];

/** Numeric ids of the damping exponent m, switched on in the kernel's hot loop (no Math.pow for 1/4, 1/2). */
export const DampingExponent = {
  none: 0,
  /** m = 1/4: Tsuji */
  quarter: 1,
  /** m = 1/2: Kuwabara–Kono, Brilliantov */
  half: 2,
  /** m = 0.65: Bordbar–Hyppänen */
  bordbar: 3,
  /** δ^{3/2}/v₀, v₀ the impact speed latched at first touch: the Hunt–Crossley family (§3.4), c = Z(e)·K */
  hysteresis: 4,
  /** m = 1/4 while approaching (δ̇ > 0), no damping while separating: Jankowski (§3.5) */
  quarterLoading: 5,
  /** m = 0: linear dashpot, Kelvin–Voigt (§3.2) */
  zero: 6,
} as const;
export type DampingExponentId = (typeof DampingExponent)[keyof typeof DampingExponent];

/** Numeric ids of the elastic part of the normal force, switched on in the kernel's hot loop. */
export const ElasticLaw = {
  /** Kδ^{3/2}, K = (4/3)E*√R_eff (§2) */
  hertz: 0,
  /** kδ with the law's own k (N/m): Kelvin–Voigt (§3.2) */
  linear: 1,
  /**
   * Hertz while loading; on unloading f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with δ_m the largest overlap of the contact,
   * f_m = Kδ_m^{3/2} and δ_p = (1−e²)δ_m: Lankarani–Nikravesh permanent indentation (seed 004 Eqs 11–19, §3.5)
   */
  plasticHertz: 2,
} as const;
export type ElasticLawId = (typeof ElasticLaw)[keyof typeof ElasticLaw];

/** Floor (m/s) on the latched impact speed of the Hunt–Crossley family when the scenario gives none (schema). */
export const DEFAULT_MINIMUM_IMPACT_SPEED = 0.01;

export interface NormalLawCoefficients {
  model: NormalModelName;
  elastic: ElasticLawId;
  /** linear stiffness k (N/m) when elastic is `linear`; unused otherwise */
  linearStiffness: number;
  /** permanent set δ_p/δ_m = 1 − e² when elastic is `plasticHertz`; 0 otherwise */
  plasticSet: number;
  /** floor on the latched impact speed v₀ (m/s) when dampingExponent is `hysteresis`; 0 otherwise */
  minimumImpactSpeed: number;
  dampingExponent: DampingExponentId;
  dampingScale: number;
  kPower: number;
  massPower: number;
  radiusPower: number;
  /** Derived constants to report in the resolved scenario.json (α, β*, A, χ, …), with units in the key names. */
  derived: Record<string, number | string>;
}

/** The damping exponent m as a number, for reporting and for reference integrations. */
export function dampingExponentValue(id: DampingExponentId): number {
  return [0, 0.25, 0.5, 0.65, 1.5, 0.25, 0][id];
}

/** The damping parameters a NormalLawSpec may carry besides `model`. */
export type NormalLawParameter = Exclude<keyof NormalLawSpec, 'model'>;

const PARAMETERS: readonly NormalLawParameter[] = [
  'restitution', 'referenceSpeed', 'alpha', 'A', 'variant', 'chi', 'minimumImpactSpeed', 'form', 'stiffness',
];

/** The elastic and history fields of a plain Hertz-spring law (every law before the HC family). */
export const HERTZ_SPRING = {
  elastic: ElasticLaw.hertz, linearStiffness: 0, plasticSet: 0, minimumImpactSpeed: 0,
} as const;

/**
 * Which of a law's alternative parameters the spec gives. `alternatives` maps each parameter that selects a way of
 * setting the damping to the parameters allowed beside it (e.g. restitution → [referenceSpeed]); `usage` says what
 * the law accepts and ends every error message. Throws a ScenarioError when two alternatives are given, when
 * `required` and none is, or when any parameter outside the chosen alternative is present.
 */
export function selectParameter<S extends NormalLawParameter>(
  spec: NormalLawSpec,
  field: string,
  alternatives: { readonly [P in S]: readonly NormalLawParameter[] },
  required: boolean,
  usage: string,
): S | undefined {
  const selectors = (Object.keys(alternatives) as S[]).filter((p) => spec[p] !== undefined);
  if (selectors.length > 1) {
    throw new ScenarioError(field, `${usage}; got ${selectors.map((p) => `"${p}"`).join(' and ')}`);
  }
  const [selected] = selectors;
  const allowed: readonly NormalLawParameter[] = selected === undefined ? [] : [selected, ...alternatives[selected]];
  const extra = PARAMETERS.find((p) => spec[p] !== undefined && !allowed.includes(p));
  if (extra !== undefined) {
    throw new ScenarioError(`${field}.${extra}`, `${spec.model} does not use "${extra}" here: ${usage}`);
  }
  if (selected === undefined && required) throw new ScenarioError(field, `${usage}; got none`);
  return selected;
}

/** A material with the dotted path that names it in errors (`materials.<name>`). */
export interface PairMaterial {
  material: Material;
  path: string;
}

/**
 * The bulk (ξ) and shear (η) viscosities of a material, in Pa·s, for laws whose damping comes from them.
 * `need` says which law and option asked for them, for the error message.
 */
export function viscosities({ material, path }: PairMaterial, need: string): { bulk: number; shear: number } {
  const missing = (key: string) => new ScenarioError(`${path}.${key}`,
    `${need} needs "bulkViscosity" and "shearViscosity" (Pa·s, > 0) on both materials of the pair; `
    + 'or give the damping constant or a target restitution instead');
  const { bulkViscosity: bulk, shearViscosity: shear } = material;
  if (bulk === undefined) throw missing('bulkViscosity');
  if (shear === undefined) throw missing('shearViscosity');
  return { bulk, shear };
}
