/**
 * grainflow's contact law of one material pair as the `pair_style granular` model of LAMMPS: the arguments of a
 * `pair_coeff i j` line or of a `fix wall/gran/region … granular` command. The same physics, not the same
 * numbers (every quantity below is what LAMMPS computes from its arguments, docs/physics.md for grainflow's side):
 *
 *  - Normal elastic: `hertz k_n`, F = k_n·a·δ with a = √(R_L·δ), R_L LAMMPS's effective radius. With
 *    k_n = (4/3)E*·√(R_eff/R_L) this is grainflow's K δ^{3/2}, K = (4/3)E*√R_eff (§1.5). `hertz/material` is not
 *    used: for walls it takes E/(2(1−ν)) where a wall of the same material has E/(2(1−ν²)) (§1.5), a contact
 *    1 + ν stiffer (measured: 441 µs against the 490 µs of Hertz for a 2 mm glass sphere at 0.1 m/s).
 *    R_L = R_eff for sphere pairs and flat walls; region walls that curve give R_L = R·r_w/(R + r_w) with
 *    r_w = −2 × the radius of the surface (measured, lammps-walls.ts), where grainflow keeps R_eff = R (§1.6).
 *  - Normal damping (§2.1): each law's definition names the `damping` sub-model of its shape, or why it has none
 *    (its `lammps`, src/forces/normal/). Tsuji (m = ¼) through `damping tsuji`/`coeff_restitution`
 *    (tsuji-input.ts), exact for every size; Kuwabara–Kono and Brilliantov (m = ½) through `damping viscoelastic`,
 *    prefactor η₀·m*·a, which equals grainflow's c·δ^{1/2} only where c ∝ m*·√R_eff: exact for one pair of radii
 *    (the material means here), off elsewhere (viscoelasticSpread says by how much); Hertz and Hertz with a
 *    constant dashpot (m = 0) through `damping velocity c`, exact where c is the same for every contact (given, or
 *    0), else at the reference contact.
 *  - End of contact (§6.2): "no-tension" is `limit_damping` (the total normal force is clamped at 0 and the
 *    contact lasts while δ > 0, as in grainflow); "free" leaves it out.
 *  - Tangential and rolling: the words of the class's models (src/forces/tangential/, src/forces/rolling/).
 *    Mindlin (§9.2–9.5): `tangential mindlin/force k_t 1 μ`: a spring kept as a force, F_s −= k_t·a·v_t dt, and
 *    F_t = F_s − η_t v_t with η_t the normal damping prefactor (grainflow's §9.4), history rotated into the tangent
 *    plane, Coulomb cap μ|F_n| after which F_s = F_t + η_t v_t; k_t = 8G*√(R_eff/R_L).
 *    EPSD (§9.7): `rolling sds k_r 0 μ_r`: a torque −k_r·R_L²∫ω_r dt capped at μ_r·R_L·|F_n|, with a constant k_r
 *    where grainflow's EPSD stiffness 2.25 μ_r² k_n R_eff² follows the overlap through k_n = (3/2)K√δ; k_n is
 *    taken at a reference overlap (referenceOverlap). No rolling dashpot, as in grainflow.
 * Laws pair_style granular has no form for are refused, naming the field.
 */
import { ScenarioError } from '../base/scenario-error.js';
import { contactConstants, type ContactClass, type ContactTable } from '../forces/contact-table.js';
import { restitutionFromBeta } from '../forces/normal/calibration.js';
import type { EndOfContact, LammpsNormalForm } from '../forces/normal/law.js';
import { normalLawDefinition, normalModelNames } from '../forces/normal/registry.js';
import { hertzOverlap } from '../forces/normal/springs.js';
import type { Scenario } from '../scenario/schema.js';
import type { LammpsTarget } from './lammps-target.js';
import { tsujiDamping } from './tsuji-input.js';

/** The normal laws a deck can carry: those whose definition names a LAMMPS damping sub-model. */
export const EXPORTED_LAWS = normalModelNames.filter((model) => 'damping' in normalLawDefinition(model).lammps);

/** The LAMMPS `damping` sub-model of a law that has one. */
type LammpsDamping = Extract<LammpsNormalForm, { damping: unknown }>['damping'];

/** The two bodies of a contact at which size-dependent constants are set. */
export interface ReferenceContact {
  /** grainflow's effective radius (m) and mass (kg) (docs/physics.md §1.4, §1.6) */
  reff: number;
  meff: number;
  /** R_eff / R_L: 1 for sphere pairs and flat walls, (R + r_w)/r_w on a curved region wall */
  curvature: number;
  /** overlap (m) at which the rolling stiffness is taken (referenceOverlap) */
  rollingOverlap: number;
}

export interface ContactModel {
  /** arguments of `pair_coeff i j …` or of `fix … wall/gran/region granular … region ID` */
  args: string;
  /** the damping as the deck's README states it */
  damping: string;
}

/**
 * The overlap at which the constant SDS rolling stiffness matches grainflow's EPSD one: that of a sphere resting
 * under its weight (K δ^{3/2} = m g) when there is gravity, else the peak overlap of an impact at the run's
 * characteristic speed (docs/physics.md §10.4).
 */
export function referenceOverlap(K: number, meff: number, weight: number, speed: number): number {
  return weight > 0 ? (weight / K) ** (2 / 3) : hertzOverlap(meff, K, speed);
}

/**
 * The scenario field that sets a material pair's normal law (or tangential model): its contactPairs entry, else
 * contact.normal (contact.tangential).
 */
export function lawField(scenario: Scenario, materials: readonly [string, string], part: 'normal' | 'tangential' = 'normal'): string {
  const k = scenario.contactPairs.findIndex((p) => p[part] !== undefined
    && ((p.materials[0] === materials[0] && p.materials[1] === materials[1])
      || (p.materials[0] === materials[1] && p.materials[1] === materials[0])));
  return k < 0 ? `contact.${part}` : `contactPairs[${k}].${part}`;
}

/**
 * The LAMMPS damping sub-model of class `c`'s law, or a ScenarioError naming `field` (the scenario field of the
 * law) when its definition refuses one.
 */
export function lammpsDamping(c: ContactClass, field: string): LammpsDamping {
  const form = c.definition.lammps;
  if ('refusal' in form) {
    throw new ScenarioError(field, `"${c.law.model}" has no LAMMPS form (${form.refusal}); the laws that export are `
      + EXPORTED_LAWS.join(', '));
  }
  return form.damping;
}

/** The LAMMPS contact model of contact class `cls` at the reference contact. */
export function contactModel(
  table: ContactTable, cls: number, at: ReferenceContact, endOfContact: EndOfContact, target: LammpsTarget, field: string,
  tangentialField: string,
): ContactModel {
  const c = table.classes[cls];
  const dampingModel = lammpsDamping(c, field);
  const consts = new Float64Array(3);
  contactConstants(consts, table.kernel, cls, at.reff, at.meff);
  const [K, damping] = consts;
  const rootCurvature = Math.sqrt(at.curvature);
  const kn = (4 / 3) * c.effectiveModulus * rootCurvature;
  const words = [`hertz ${kn}`];
  let described: string;
  if (dampingModel === 'tsuji') {
    // c = α√(m*K): dampingScale is α (src/forces/normal/tsuji.ts).
    const alpha = c.law.dampingScale;
    let lammps;
    try {
      lammps = tsujiDamping(alpha, target);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new ScenarioError(field, `${error.message}; choose a restitution LAMMPS can reach`);
    }
    words.push(`${lammps.argument} damping ${lammps.keyword}`);
    described = `Tsuji α = ${alpha.toPrecision(6)} (damping ${lammps.keyword} ${lammps.argument.toPrecision(8)})`
      + (lammps.keyword === 'tsuji' && lammps.argument < 0 ? '; negative on purpose: LAMMPS reads the argument through '
        + 'its Tsuji polynomial, which reaches this α (above 1.27, e below about 0.23) only below 0, and '
        + 'does not check its range' : '');
  } else if (dampingModel === 'viscoelastic') {
    // LAMMPS: η₀·m*·√(R_L δ)·δ̇; grainflow: c·δ^{1/2}·δ̇ with c at this contact.
    const eta0 = (damping * rootCurvature) / (at.meff * Math.sqrt(at.reff));
    words.push(`${eta0} damping viscoelastic`);
    described = `viscoelastic η₀ = ${eta0.toPrecision(6)} 1/(m·s), exact at R_eff = ${at.reff.toPrecision(4)} m`;
  } else {
    // LAMMPS: η_n = η₀, whatever the contact; grainflow's c at this contact (0 for elastic Hertz).
    words.push(`${damping} damping velocity`);
    described = damping === 0 ? 'none (elastic Hertz)' : `velocity η₀ = ${damping.toPrecision(6)} N·s/m`
      + (c.law.kPower === 0 && c.law.massPower === 0 && c.law.radiusPower === 0
        ? ' (the same for every contact)' : `, exact at R_eff = ${at.reff.toPrecision(4)} m`);
  }
  const { friction, effectiveShearModulus, rollingFriction } = c;
  const tangential = c.tangential.lammps({ friction, effectiveShearModulus, curvature: at.curvature });
  if (typeof tangential !== 'string') {
    throw new ScenarioError(tangentialField, `"${c.tangential.model}" has no LAMMPS form: ${tangential.refusal}`);
  }
  words.push(tangential);
  const rolling = c.rolling.lammps({ rollingFriction, stiffness: K, overlap: at.rollingOverlap, curvature: at.curvature });
  if (rolling !== undefined) words.push(rolling);
  if (endOfContact === 'no-tension') words.push('limit_damping');
  return { args: words.join(' '), damping: described };
}

/**
 * What `damping viscoelastic` delivers against grainflow over a range of contacts (m = ½ laws): the restitution
 * of an isolated impact at `speed` for every contact (R_eff, m*) given, with η₀ as set for `at`. null for other laws.
 */
export function viscoelasticSpread(
  table: ContactTable, cls: number, at: ReferenceContact, contacts: readonly { reff: number; meff: number }[],
  speed: number, endOfContact: EndOfContact,
): { grainflow: [number, number]; lammps: [number, number] } | null {
  const c = table.classes[cls];
  if (!('damping' in c.definition.lammps && c.definition.lammps.damping === 'viscoelastic')) return null;
  const consts = new Float64Array(3);
  contactConstants(consts, table.kernel, cls, at.reff, at.meff);
  const eta0 = consts[1] / (at.meff * Math.sqrt(at.reff));
  const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  // β = (c/K)(K/m*)^{2/5} v^{1/5} (docs/physics.md §7.1, m = ½).
  const restitution = (damping: number, K: number, meff: number) =>
    restitutionFromBeta(0.5, (damping / K) * (K / meff) ** 0.4 * speed ** 0.2, endOfContact);
  const grainflow: number[] = [], lammps: number[] = [];
  for (const { reff, meff } of contacts) {
    contactConstants(consts, table.kernel, cls, reff, meff);
    grainflow.push(restitution(consts[1], consts[0], meff));
    lammps.push(restitution(eta0 * meff * Math.sqrt(reff), consts[0], meff));
  }
  return { grainflow: range(grainflow), lammps: range(lammps) };
}
