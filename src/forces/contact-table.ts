/**
 * Contact settings per pair of materials, resolved once from the scenario: the normal law (with its calibrated
 * damping), the tangential and rolling models with friction and rolling resistance, and the elastic moduli.
 * `contactPairs` entries override the global `contact` block for their pair, field by field. The kernel reads the
 * flat typed arrays of `KernelTable`.
 */
import type { ContactInput } from './contact-spec.js';
import { effectiveShearModulus, effectiveYoungsModulus } from './elastic.js';
import type { Material } from './material-spec.js';
import { normalLawDefinition, resolveNormalLaw, type NormalLawSpec } from './normal/registry.js';
import { ElasticLaw, type EndOfContact, type NormalLawCoefficients, type NormalLawDefinition } from './normal/law.js';
import type { RollingModelDefinition } from './rolling/model.js';
import { rollingModelDefinition } from './rolling/registry.js';
import type { TangentialModelDefinition } from './tangential/model.js';
import { tangentialModelDefinition } from './tangential/registry.js';

export interface ContactClass {
  materials: [string, string];
  /** E* (Pa) (docs/physics.md §1.5) */
  effectiveModulus: number;
  /** G* (Pa) of the Mindlin tangential stiffness (docs/physics.md §1.5, §9.2) */
  effectiveShearModulus: number;
  friction: number;
  rollingFriction: number;
  law: NormalLawCoefficients;
  /** the law's definition: its contact time, damping time and stored energy (time step, energy bookkeeping) */
  definition: NormalLawDefinition;
  /** the tangential model of the class (its friction is `friction`) */
  tangential: TangentialModelDefinition;
  /** the rolling-resistance model of the class (its coefficient is `rollingFriction`) */
  rolling: RollingModelDefinition;
}

/** What the hot loops read, indexed by contact class. */
export interface KernelTable {
  noTension: boolean;
  /** ElasticLaw id of each class */
  elastic: Uint8Array;
  /** DampingExponent id of each class */
  exponent: Uint8Array;
  /** k (N/m) of classes with a linear spring */
  linearStiffness: Float64Array;
  /** δ_p/δ_m = 1 − e² of the permanent-indentation law */
  plasticSet: Float64Array;
  /** floor on the latched impact speed v₀ (m/s) of the Hunt–Crossley family */
  minimumImpactSpeed: Float64Array;
  friction: Float64Array;
  rollingFriction: Float64Array;
  /** (4/3)E*: K = hertzCoef·√R_eff */
  hertzCoef: Float64Array;
  /** 8G*: k_t = mindlinCoef·√(R_eff δ) */
  mindlinCoef: Float64Array;
  /** TangentialModel id (the model's kernelId) of each class */
  tangential: Uint8Array;
  dampingScale: Float64Array;
  kPower: Float64Array;
  massPower: Float64Array;
  radiusPower: Float64Array;
}

export interface ContactTable {
  materialNames: string[];
  classes: ContactClass[];
  /** class index for material indices (a, b): classIndex[a * nMaterials + b] */
  classIndex: Uint16Array;
  kernel: KernelTable;
}

export function buildContactTable(scenario: ContactInput): ContactTable {
  const names = Object.keys(scenario.materials);
  const nm = names.length;
  const endOfContact: EndOfContact = scenario.contact.endOfContact;
  // Unknown material names in contactPairs are rejected earlier, by the scenario checks.
  const overrides = new Map<string, { index: number }>();
  scenario.contactPairs.forEach((pair, index) => {
    overrides.set(pairKey(pair.materials[0], pair.materials[1]), { index });
  });

  const classes: ContactClass[] = [];
  const classIndex = new Uint16Array(nm * nm);
  for (let a = 0; a < nm; a++) {
    for (let b = a; b < nm; b++) {
      const override = overrides.get(pairKey(names[a], names[b]));
      const pairSpec = override ? scenario.contactPairs[override.index] : undefined;
      const normal: NormalLawSpec = pairSpec?.normal ?? scenario.contact.normal;
      const field = pairSpec?.normal ? `contactPairs[${override!.index}].normal` : 'contact.normal';
      const ma: Material = scenario.materials[names[a]];
      const mb: Material = scenario.materials[names[b]];
      classIndex[a * nm + b] = classIndex[b * nm + a] = classes.length;
      classes.push({
        materials: [names[a], names[b]],
        effectiveModulus: effectiveYoungsModulus(ma, mb),
        effectiveShearModulus: effectiveShearModulus(ma, mb),
        friction: pairSpec?.friction ?? scenario.contact.friction ?? 0,
        rollingFriction: pairSpec?.rollingFriction ?? scenario.contact.rollingFriction ?? 0,
        law: resolveNormalLaw(normal, ma, mb, endOfContact, field, [names[a], names[b]]),
        definition: normalLawDefinition(normal.model),
        tangential: tangentialModelDefinition((pairSpec?.tangential ?? scenario.contact.tangential)?.model),
        rolling: rollingModelDefinition((pairSpec?.rolling ?? scenario.contact.rolling)?.model),
      });
    }
  }
  const f64 = (pick: (c: ContactClass) => number) => Float64Array.from(classes, pick);
  return {
    materialNames: names,
    classes,
    classIndex,
    kernel: {
      noTension: endOfContact === 'no-tension',
      elastic: Uint8Array.from(classes, (c) => c.law.elastic),
      exponent: Uint8Array.from(classes, (c) => c.law.dampingExponent),
      linearStiffness: f64((c) => c.law.linearStiffness),
      plasticSet: f64((c) => c.law.plasticSet),
      minimumImpactSpeed: f64((c) => c.law.minimumImpactSpeed),
      friction: f64((c) => c.friction),
      rollingFriction: f64((c) => c.rollingFriction),
      hertzCoef: f64((c) => (4 / 3) * c.effectiveModulus),
      mindlinCoef: f64((c) => 8 * c.effectiveShearModulus),
      tangential: Uint8Array.from(classes, (c) => c.tangential.kernelId),
      dampingScale: f64((c) => c.law.dampingScale),
      kPower: f64((c) => c.law.kPower),
      massPower: f64((c) => c.law.massPower),
      radiusPower: f64((c) => c.law.radiusPower),
    },
  };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** x^p with the common exponents done without Math.pow (they cover every law given in physical units). */
function power(x: number, p: number): number {
  if (p === 0) return 1;
  if (p === 1) return x;
  if (p === 0.5) return Math.sqrt(x);
  return Math.pow(x, p);
}

/**
 * The spring constant of a contact: Hertz K = (4/3)E*√R_eff (docs/physics.md §1.5), or the law's own k for a linear
 * spring (§5.1).
 */
export function contactStiffness(t: KernelTable, cls: number, sqrtReff: number): number {
  return t.elastic[cls] === ElasticLaw.linear ? t.linearStiffness[cls] : t.hertzCoef[cls] * sqrtReff;
}

/**
 * The constants of one contact of class `cls` between bodies of effective radius R_eff and mass m*:
 * K (contactStiffness), c (damping coefficient of the law) and 8G*√R_eff (Mindlin). Written into out[0..2].
 */
export function contactConstants(out: Float64Array, t: KernelTable, cls: number, reff: number, meff: number): void {
  const sqrtR = Math.sqrt(reff);
  const K = contactStiffness(t, cls, sqrtR);
  out[0] = K;
  out[1] = t.dampingScale[cls] === 0 ? 0
    : t.dampingScale[cls] * power(K, t.kPower[cls]) * power(meff, t.massPower[cls]) * power(reff, t.radiusPower[cls]);
  out[2] = t.mindlinCoef[cls] * sqrtR;
}
