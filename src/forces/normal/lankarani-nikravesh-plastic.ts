/**
 * Lankarani & Nikravesh permanent indentation (after Goldsmith; Lankarani 1994, Eqs 11–19; Banerjee 2016, Eq 4;
 * Machado 2012, Eq 22; Corral 2021, Eq 5.7; docs/physics.md §5.3, example in §7.9): Hertz loading F = Kδ^{3/2} up
 * to the largest overlap δ_m, then unloading F = f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2} and permanent
 * set δ_p = (1−e²)δ_m [derived from Lankarani 1994, Eq 19, docs/physics.md §5.3]; no force below δ_p. The
 * unloading work is e² times the loading work, so the rebound speed is e·v₀ at every impact speed. The kernel keeps
 * δ_m per contact. Contact time and stored energy are those of the Hertz loading branch.
 */
import { DampingExponent, ElasticLaw, type NormalLawDefinition } from './law.js';
import { lawSchema, restitution } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const schema = lawSchema('lankarani-nikravesh-plastic',
  'Lankarani & Nikravesh permanent indentation: Hertz loading, unloading from the largest overlap δ_m to a '
  + 'permanent set δ_p = (1−e²)·δ_m, so the rebound speed is e·v₀.', { restitution });

export const lankaraniNikraveshPlastic: NormalLawDefinition<typeof schema> = {
  model: 'lankarani-nikravesh-plastic',
  schema,
  ...HERTZ_SPRING,
  elastic: ElasticLaw.plasticHertz,
  dampingExponent: DampingExponent.none,
  resolve(spec) {
    const e = spec.restitution;
    return {
      plasticSet: 1 - e * e,
      dampingScale: 0,
      kPower: 0,
      massPower: 0,
      radiusPower: 0,
      derived: { restitution: e, permanentSetRatio: 1 - e * e },
    };
  },
};
