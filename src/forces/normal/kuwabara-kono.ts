/**
 * Kuwabara & Kono (1987): F = Kδ^{3/2} + χδ^{1/2}δ̇ (Corral 2021, Eq 5.36; docs/physics.md §3.2).
 * χ is given, or comes from the viscosities by Corral 2021, Eqs 5.37–5.38, χ = 2√R_eff/D′ — never Banerjee 2016,
 * Eq 19, whose χ has the wrong units and no viscosity (§8, M2) — or is calibrated to a target e at a reference
 * speed (§7.1, §7.5: χ = β*·K·(m* / K)^{2/5}·v_ref^{−1/5}).
 */
import { nonNegative } from '../../base/schema-fields.js';
import { ScenarioError } from '../../base/scenario-error.js';
import { calibratedLaw } from './calibration.js';
import { DampingExponent, type NormalLawDefinition, type PairMaterial } from './law.js';
import {
  lawSchema, referenceSpeed, referenceSpeedExample, restitution, selectParameter, viscosities,
} from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const USAGE = 'kuwabara-kono takes at most one of "chi" (N·s/m^1.5, >= 0) or "restitution" (0 < e <= 1, with '
  + 'optional "referenceSpeed" in m/s, default 1); with neither, χ comes from both materials\' bulkViscosity and '
  + 'shearViscosity';

const schema = lawSchema('kuwabara-kono',
  'Kuwabara & Kono (1987): F = K·δ^{3/2} + χ·δ^{1/2}·δ̇. Give at most one of `chi` and `restitution` (with '
  + '`referenceSpeed`); with neither, χ comes from both materials\' bulkViscosity and shearViscosity.', {
    chi: nonNegative('damping coefficient χ in N·s/m^1.5').optional()
      .describe('Damping coefficient χ (N·s/m^1.5), >= 0.'),
    restitution: restitution.optional(),
    referenceSpeed,
  });

export const kuwabaraKono: NormalLawDefinition<typeof schema> = {
  model: 'kuwabara-kono',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.half,
  resolve(spec, [a, b], endOfContact, field) {
    const given = selectParameter(spec, field, { chi: [], restitution: ['referenceSpeed'] }, false, USAGE);
    if (given === 'restitution') {
      return calibratedLaw('kuwabara-kono', DampingExponent.half, spec, endOfContact, field);
    }
    if (given === 'chi') {
      return { dampingScale: spec.chi!, kPower: 0, massPower: 0, radiusPower: 0, derived: { chi_N_s_per_m1_5: spec.chi! } };
    }
    // D′ = Σ over both bodies (Corral 2021, Eq 5.38); χ = (2/D′)·√R_eff (Eq 5.37).
    const compliance = viscousCompliance(a) + viscousCompliance(b);
    return {
      dampingScale: 2 / compliance,
      kPower: 0,
      massPower: 0,
      radiusPower: 0.5,
      derived: { viscousCompliance_per_Pa_s: compliance, chiOverSqrtReff_Pa_s: 2 / compliance },
    };
  },
  speedBehaviour: 'speed-dependent',
  scenarioConstant: { name: 'chi', symbol: 'χ', unit: 'N·s/m^1.5', value: (_derived, { damping }) => damping },
  examples: referenceSpeedExample('kuwabara-kono'),
  // η₀·m*·√(R_L δ): exact where c ∝ m*√R_eff, i.e. for one pair of radii (lammps-contact.ts).
  lammps: { damping: 'viscoelastic' },
};

/** One body's share of D′, [4(3ξ+η)² − 9(ξ−η)²] / [36(3ξ+η)ξη] in 1/(Pa·s) (Corral 2021, Eq 5.38). */
function viscousCompliance(body: PairMaterial): number {
  const { bulk: xi, shear: eta } = viscosities(body, 'kuwabara-kono without "chi" or "restitution"');
  const share = (4 * (3 * xi + eta) ** 2 - 9 * (xi - eta) ** 2) / (36 * (3 * xi + eta) * xi * eta);
  // The numerator is (3ξ+5η)(9ξ−η): the printed formula gives no positive compliance when η >= 9ξ.
  if (!(share > 0)) {
    throw new ScenarioError(`${body.path}.shearViscosity`,
      'kuwabara-kono\'s viscous compliance (docs/physics.md §3.2) is positive only for shearViscosity < 9 × '
      + 'bulkViscosity; change the viscosities or give "chi" or "restitution"');
  }
  return share;
}
