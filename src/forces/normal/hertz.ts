/**
 * Hertz (1882): F = Kδ^{3/2}, purely elastic, e = 1 (contact-models.md §2; seed 000 Eq 1, seed 001 Eq 1,
 * seed 002 Eq 17, seed 003 Eq 5.2, seed 004 Eq 1). K is the pair's, so nothing is left to resolve but the check
 * that no damping was asked for.
 */
import type { NormalLawSpec } from '../contact-spec.js';
import { DampingExponent, HERTZ_SPRING, selectParameter } from './law.js';
import type { NormalLawCoefficients } from './law.js';

const USAGE = 'hertz is elastic (e = 1); remove the damping parameters or choose a damped model '
  + '(tsuji, kuwabara-kono, brilliantov, bordbar)';

export function hertzLaw(spec: NormalLawSpec, field: string): NormalLawCoefficients {
  selectParameter(spec, field, {}, false, USAGE);
  return {
    model: 'hertz',
    ...HERTZ_SPRING,
    dampingExponent: DampingExponent.none,
    dampingScale: 0,
    kPower: 0,
    massPower: 0,
    radiusPower: 0,
    derived: { restitution: 1 },
  };
}
