/**
 * Hertz spring with a constant dashpot: F = Kδ^{3/2} + c·δ̇ (docs/physics.md §3.6), the damping shape δ⁰ of the
 * common form (§2.1) on the Hertz spring; LAMMPS's `hertz` normal model with `damping velocity`. c (N·s/m) is
 * given, or calibrated to a target e at a reference speed: by the scaling law of §7.1 with m = 0,
 * β = (c/K)(K/m*)^{3/5}·v₀^{−1/5}, so e rises with impact speed, and c = β*·K^{2/5}·m*^{3/5}·v_ref^{1/5} (§7.5).
 */
import { nonNegative } from '../../base/schema-fields.js';
import { calibratedLaw } from './calibration.js';
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, referenceSpeed, referenceSpeedExample, restitution, selectParameter } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const USAGE = 'hertz-dashpot needs exactly one of "dampingCoefficient" (N·s/m, >= 0) or "restitution" (0 < e <= 1, '
  + 'with optional "referenceSpeed" in m/s, default 1)';

const schema = lawSchema('hertz-dashpot',
  'Hertz spring and constant dashpot: F = K·δ^{3/2} + c·δ̇; e rises with impact speed. Give exactly one of '
  + '`dampingCoefficient` and `restitution` (with `referenceSpeed`).', {
    dampingCoefficient: nonNegative('damping coefficient c in N·s/m').optional()
      .describe('Damping coefficient c (N·s/m), >= 0, the same for every contact of the pair.'),
    restitution: restitution.optional(),
    referenceSpeed,
  });

export const hertzDashpot: NormalLawDefinition<typeof schema> = {
  model: 'hertz-dashpot',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.zero,
  resolve(spec, _pair, endOfContact, field) {
    const given = selectParameter(spec, field, { dampingCoefficient: [], restitution: ['referenceSpeed'] }, true, USAGE);
    if (given === 'restitution') {
      return calibratedLaw('hertz-dashpot', DampingExponent.zero, spec, endOfContact, field);
    }
    const c = spec.dampingCoefficient!;
    return { dampingScale: c, kPower: 0, massPower: 0, radiusPower: 0, derived: { dampingCoefficient_N_s_per_m: c } };
  },
  speedBehaviour: 'speed-dependent',
  scenarioConstant: { name: 'dampingCoefficient', symbol: 'c', unit: 'N·s/m', value: (_derived, { damping }) => damping },
  examples: referenceSpeedExample('hertz-dashpot'),
  // η_n = η₀ = c: exact for every contact when c is given; calibrated, exact for one pair of radii.
  lammps: { damping: 'velocity' },
};
