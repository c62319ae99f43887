/**
 * Bordbar & Hyppänen (2007): F = Kδ^{3/2} + χδ^{0.65}δ̇ (Corral 2021, Eq 5.16; Banerjee 2016, Eq 23;
 * docs/physics.md §3.5). χ (N·s/m^1.65) is empirical: given, or calibrated to a target e at a reference speed
 * (χ = β*·K·(m* / K)^{0.34}·v_ref^{−0.32}, §7.1, §7.5). Never Brilliantov's constant, which Banerjee 2016
 * attaches to this law although its units (N·s/m^1.5) leave m^0.15 unbalanced (§8, M5).
 */
import { nonNegative } from '../../base/schema-fields.js';
import { calibratedLaw } from './calibration.js';
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, referenceSpeed, referenceSpeedExample, restitution, selectParameter } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const USAGE = 'bordbar needs exactly one of "chi" (N·s/m^1.65, >= 0) or "restitution" (0 < e <= 1, with optional '
  + '"referenceSpeed" in m/s, default 1)';

const schema = lawSchema('bordbar',
  'Bordbar & Hyppänen (2007): F = K·δ^{3/2} + χ·δ^{0.65}·δ̇. Give exactly one of `chi` and `restitution` (with '
  + '`referenceSpeed`).', {
    chi: nonNegative('damping coefficient χ in N·s/m^1.65').optional()
      .describe('Damping coefficient χ (N·s/m^1.65), >= 0.'),
    restitution: restitution.optional(),
    referenceSpeed,
  });

export const bordbar: NormalLawDefinition<typeof schema> = {
  model: 'bordbar',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.bordbar,
  resolve(spec, _pair, endOfContact, field) {
    const given = selectParameter(spec, field, { chi: [], restitution: ['referenceSpeed'] }, true, USAGE);
    if (given === 'restitution') {
      return calibratedLaw('bordbar', DampingExponent.bordbar, spec, endOfContact, field);
    }
    return { dampingScale: spec.chi!, kPower: 0, massPower: 0, radiusPower: 0, derived: { chi_N_s_per_m1_65: spec.chi! } };
  },
  speedBehaviour: 'speed-dependent',
  scenarioConstant: { name: 'chi', symbol: 'χ', unit: 'N·s/m^1.65', value: (_derived, { damping }) => damping },
  examples: referenceSpeedExample('bordbar'),
  lammps: { refusal: 'pair_style granular has no damping ∝ δ^{0.65}·δ̇' },
};
