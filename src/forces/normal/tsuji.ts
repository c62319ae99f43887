/**
 * Tsuji, Tanaka & Ishida (1992): F = Kδ^{3/2} + α√(m*K)·δ^{1/4}δ̇ (seed 000 Eq 20; seed 003 Eqs 5.45–5.46;
 * contact-models.md §5.2). With m = 1/4 the restitution depends on α alone — not on impact speed, K or m* (§5.0) —
 * so a target e maps to α exactly by the closed forms of §5.2, for the end-of-contact convention in use.
 */
import type { EndOfContact, NormalLawSpec } from '../contact-spec.js';
import { tsujiAlpha, tsujiRestitution } from './calibration.js';
import { DampingExponent, HERTZ_SPRING, selectParameter } from './law.js';
import type { NormalLawCoefficients } from './law.js';

const USAGE = 'tsuji needs exactly one of "alpha" (>= 0) or "restitution" (0 < e <= 1); '
  + 'its restitution does not depend on impact speed, so it takes no "referenceSpeed"';

export function tsujiLaw(spec: NormalLawSpec, endOfContact: EndOfContact, field: string): NormalLawCoefficients {
  selectParameter(spec, field, { alpha: [], restitution: [] }, true, USAGE);
  // selectParameter guarantees exactly one of alpha and restitution.
  const alpha = spec.alpha ?? tsujiAlpha(spec.restitution!, endOfContact);
  return {
    model: 'tsuji',
    ...HERTZ_SPRING,
    dampingExponent: DampingExponent.quarter,
    // c = α·√(m*K)
    dampingScale: alpha,
    kPower: 0.5,
    massPower: 0.5,
    radiusPower: 0,
    derived: { alpha, restitution: spec.restitution ?? tsujiRestitution(alpha, endOfContact) },
  };
}
