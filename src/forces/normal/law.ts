/**
 * What the force kernel needs to know about a normal contact law, resolved once per material pair.
 *
 * Every law here has the form F_n = K·δ^{3/2} + c·δ^m·δ̇   (contact-models.md §3.3, §5)
 * with K = (4/3)E*√R_eff (Hertz, §2). The damping coefficient c may depend on the pair's K, effective mass m*
 * and effective radius R_eff; it is written as a power product so the kernel can evaluate it once per pair
 * at neighbour-list rebuilds:  c = dampingScale · K^kPower · m*^massPower · R_eff^radiusPower.
 */
import type { Material, NormalLawSpec } from '../../scenario/schema.js';
import { ScenarioError } from '../../scenario/errors.js';

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
} as const;
export type DampingExponentId = (typeof DampingExponent)[keyof typeof DampingExponent];

export interface NormalLawCoefficients {
  model: NormalModelName;
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
  return [0, 0.25, 0.5, 0.65][id];
}

/** The damping parameters a NormalLawSpec may carry besides `model`. */
export type NormalLawParameter = Exclude<keyof NormalLawSpec, 'model'>;

const PARAMETERS: readonly NormalLawParameter[] = ['restitution', 'referenceSpeed', 'alpha', 'A', 'variant', 'chi'];

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
