/**
 * Bordbar & Hyppänen (2007): F = Kδ^{3/2} + χδ^{0.65}δ̇ (seed 003 Eq 5.16; seed 000 Eq 23; contact-models.md §5.4).
 * χ (N·s/m^1.65) is empirical: given, or calibrated to a target e at a reference speed
 * (χ = β*·K·(m* / K)^{0.34}·v_ref^{−0.32}, §5.0, §5.5). Never Brilliantov's constant, which seed 000 attaches to this
 * law although its units (N·s/m^1.5) leave m^0.15 unbalanced (contact-models.md §4 D8).
 */
import type { EndOfContact, NormalLawSpec } from '../contact-spec.js';
import { calibratedLaw, DEFAULT_REFERENCE_SPEED } from './calibration.js';
import { DampingExponent, HERTZ_SPRING, selectParameter } from './law.js';
import type { NormalLawCoefficients } from './law.js';

const USAGE = 'bordbar needs exactly one of "chi" (N·s/m^1.65, >= 0) or "restitution" (0 < e <= 1, with optional '
  + '"referenceSpeed" in m/s, default 1)';

export function bordbarLaw(spec: NormalLawSpec, endOfContact: EndOfContact, field: string): NormalLawCoefficients {
  const given = selectParameter(spec, field, { chi: [], restitution: ['referenceSpeed'] }, true, USAGE);
  if (given === 'restitution') {
    return calibratedLaw('bordbar', DampingExponent.bordbar, spec.restitution!,
      spec.referenceSpeed ?? DEFAULT_REFERENCE_SPEED, endOfContact, field);
  }
  return {
    model: 'bordbar',
    ...HERTZ_SPRING,
    dampingExponent: DampingExponent.bordbar,
    dampingScale: spec.chi!,
    kPower: 0,
    massPower: 0,
    radiusPower: 0,
    derived: { chi_N_s_per_m1_65: spec.chi! },
  };
}
