/**
 * Kelvin–Voigt linear spring–dashpot: F = kδ + Dδ̇ with D = 2ξ√(k m*) (Banerjee 2016, Eq 14; Machado 2012, Eq 27;
 * Corral 2021, Eqs 5.8, 5.39–5.40; docs/physics.md §5.1). ξ is calibrated to the target e for the end-of-contact
 * convention in use, so e is delivered exactly at every impact speed:
 *   "free" (separation at δ = 0):  Anagnostopoulos, ξ = −ln e / √(π² + ln² e) (Corral 2021, Eq 5.40;
 *                                  docs/physics.md §8, M9);
 *   "no-tension" (separation at F = 0): Brogliato, e = exp[−(2ξ/√(1−ξ²))·atan(√(1−ξ²)/ξ)] (Banerjee 2016, Eq 17).
 * Both are the damped linear oscillator of Tsuji's law in its own variables (docs/physics.md §7.4, ζ = α/√5), so
 * the inversion is shared with it. Banerjee 2016's Anagnostopoulos and Goyal expressions are garbled and not used
 * (§8, M9, M10).
 */
import { positive } from '../../base/schema-fields.js';
import { tsujiAlpha } from './calibration.js';
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, MAX_BETA, restitution } from './parameters.js';
import { tsujiOutOfReach } from './tsuji.js';
import { LINEAR_SPRING } from './springs.js';

const schema = lawSchema('kelvin-voigt',
  'Kelvin–Voigt linear spring–dashpot: F = k·δ + D·δ̇, D = 2ξ√(k·m*) with ξ calibrated to `restitution`.', {
    restitution,
    stiffness: positive('linear spring stiffness k in N/m').describe('Linear spring stiffness k (N/m), > 0.'),
  });

export const kelvinVoigt: NormalLawDefinition<typeof schema> = {
  model: 'kelvin-voigt',
  schema,
  ...LINEAR_SPRING,
  dampingExponent: DampingExponent.zero,
  resolve(spec, _pair, endOfContact, field) {
    // The oscillator is Tsuji's with α = √5·ξ (§5.1, §7.4), so its damping is bounded as Tsuji's α is.
    const alpha = tsujiAlpha(spec.restitution, endOfContact);
    if (alpha > MAX_BETA) throw tsujiOutOfReach(field, 'kelvin-voigt', spec.restitution, endOfContact, 'ξ = α/√5 with α');
    const dampingRatio = alpha / Math.sqrt(5);
    return {
      linearStiffness: spec.stiffness,
      // D = 2ξ·√(k m*)
      dampingScale: 2 * dampingRatio,
      kPower: 0.5,
      massPower: 0.5,
      radiusPower: 0,
      derived: { restitution: spec.restitution, stiffness_N_per_m: spec.stiffness, dampingRatioXi: dampingRatio },
    };
  },
  speedBehaviour: 'velocity-independent',
  examples: ({ restitution: e, linearStiffness }) => [{
    label: `kelvin-voigt (k = ${linearStiffness.toPrecision(3)} N/m)`,
    spec: { model: 'kelvin-voigt', restitution: e, stiffness: linearStiffness },
  }],
  lammps: { refusal: 'the exporter writes Hertz springs only' },
};
