/**
 * Kelvin–Voigt linear spring–dashpot: F = kδ + Dδ̇ with D = 2ξ√(k m*) (seed 000 Eq 14; seed 002 Eq 27; seed 003
 * Eqs 5.8, 5.39–5.40; docs/physics.md; was contact-models §3.2). ξ is calibrated to the target e for the
 * end-of-contact convention in use, so e is delivered exactly at every impact speed:
 *   "free" (separation at δ = 0):  Anagnostopoulos, ξ = −ln e / √(π² + ln² e) (seed 003 Eq 5.40; D10);
 *   "no-tension" (separation at F = 0): Brogliato, e = exp[−(2ξ/√(1−ξ²))·atan(√(1−ξ²)/ξ)] (seed 000 Eq 17).
 * Both are the damped linear oscillator of Tsuji's law in its own variables (was contact-models §5.2, ζ = α/√5),
 * so the inversion is shared with it. Seed 000's Anagnostopoulos and Goyal expressions are garbled and not used
 * (was contact-models §4 D10, D11).
 */
import { positive } from '../../base/schema-fields.js';
import { tsujiAlpha } from './calibration.js';
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, restitution } from './parameters.js';
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
  resolve(spec, _pair, endOfContact) {
    const dampingRatio = tsujiAlpha(spec.restitution, endOfContact) / Math.sqrt(5);
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
};
