/**
 * Lankarani & Nikravesh permanent indentation (after Goldsmith; seed 004 Eqs 11–19; seed 000 Eq 4; seed 002 Eq 22;
 * seed 003 Eq 5.7; contact-models.md §3.5, §7.1): Hertz loading F = Kδ^{3/2} up to the largest overlap δ_m, then
 * unloading F = f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2} and permanent set δ_p = (1−e²)δ_m [derived in
 * contact-models.md from seed 004 Eq 19]; no force below δ_p. The unloading work is e² times the loading work,
 * so the rebound speed is e·v₀ at every impact speed. The kernel keeps δ_m per contact.
 */
import type { NormalLawSpec } from '../contact-spec.js';
import { DampingExponent, ElasticLaw, selectParameter } from './law.js';
import type { NormalLawCoefficients } from './law.js';

const USAGE = 'lankarani-nikravesh-plastic needs "restitution" (0 < e <= 1)';

export function lankaraniNikraveshPlasticLaw(spec: NormalLawSpec, field: string): NormalLawCoefficients {
  selectParameter(spec, field, { restitution: [] }, true, USAGE);
  const e = spec.restitution!;
  return {
    model: 'lankarani-nikravesh-plastic',
    elastic: ElasticLaw.plasticHertz,
    linearStiffness: 0,
    plasticSet: 1 - e * e,
    minimumImpactSpeed: 0,
    dampingExponent: DampingExponent.none,
    dampingScale: 0,
    kPower: 0,
    massPower: 0,
    radiusPower: 0,
    derived: { restitution: e, permanentSetRatio: 1 - e * e },
  };
}
