/**
 * Kelvin–Voigt linear spring–dashpot: F = kδ + Dδ̇ with D = 2ξ√(k m*) (seed 000 Eq 14; seed 002 Eq 27; seed 003
 * Eqs 5.8, 5.39–5.40; contact-models.md §3.2). ξ is calibrated to the target e for the end-of-contact convention
 * in use, so e is delivered exactly at every impact speed:
 *   "free" (separation at δ = 0):  Anagnostopoulos, ξ = −ln e / √(π² + ln² e) (seed 003 Eq 5.40; D10);
 *   "no-tension" (separation at F = 0): Brogliato, e = exp[−(2ξ/√(1−ξ²))·atan(√(1−ξ²)/ξ)] (seed 000 Eq 17).
 * Both are the damped linear oscillator of Tsuji's law in its own variables (§5.2, ζ = α/√5), so the inversion is
 * shared with it. Seed 000's Anagnostopoulos and Goyal expressions are garbled and not used (D10, D11).
 */
import type { EndOfContact, NormalLawSpec } from '../contact-spec.js';
import { ScenarioError } from '../../base/scenario-error.js';
import { tsujiAlpha } from './calibration.js';
import { DampingExponent, ElasticLaw, selectParameter } from './law.js';
import type { NormalLawCoefficients } from './law.js';

const USAGE = 'kelvin-voigt needs "restitution" (0 < e <= 1) and "stiffness" (linear spring k in N/m, > 0)';

export function kelvinVoigtLaw(spec: NormalLawSpec, endOfContact: EndOfContact, field: string): NormalLawCoefficients {
  selectParameter(spec, field, { restitution: ['stiffness'] }, true, USAGE);
  if (spec.stiffness === undefined) throw new ScenarioError(`${field}.stiffness`, `${USAGE}; got no "stiffness"`);
  const dampingRatio = tsujiAlpha(spec.restitution!, endOfContact) / Math.sqrt(5);
  return {
    model: 'kelvin-voigt',
    elastic: ElasticLaw.linear,
    linearStiffness: spec.stiffness,
    plasticSet: 0,
    minimumImpactSpeed: 0,
    dampingExponent: DampingExponent.zero,
    // D = 2ξ·√(k m*)
    dampingScale: 2 * dampingRatio,
    kPower: 0.5,
    massPower: 0.5,
    radiusPower: 0,
    derived: { restitution: spec.restitution!, stiffness_N_per_m: spec.stiffness, dampingRatioXi: dampingRatio },
  };
}
