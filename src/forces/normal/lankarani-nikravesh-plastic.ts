/**
 * Lankarani & Nikravesh permanent indentation (after Goldsmith; Lankarani 1994, Eqs 11–19; Banerjee 2016, Eq 4;
 * Machado 2012, Eq 22; Corral 2021, Eq 5.7; docs/physics.md §5.3, example in §7.9): Hertz loading F = Kδ^{3/2} up
 * to the largest overlap δ_m, then unloading F = f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2} and permanent
 * set δ_p = (1−e²)δ_m [derived from Lankarani 1994, Eq 19, docs/physics.md §5.3]; no force below δ_p. The
 * unloading work is e² times the loading work, so the rebound speed is e·v₀ at every impact speed. The kernel keeps
 * δ_m per contact. Contact time and stored energy are those of the Hertz loading branch.
 */
import { DampingExponent, ElasticLaw, type NormalLawDefinition } from './law.js';
import { ScenarioError } from '../../base/scenario-error.js';
import { shortLowerBound } from '../../base/short-number.js';
import { lawSchema, restitution, restitutionExample } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const schema = lawSchema('lankarani-nikravesh-plastic',
  'Lankarani & Nikravesh permanent indentation: Hertz loading, unloading from the largest overlap δ_m to a '
  + 'permanent set δ_p = (1−e²)·δ_m, so the rebound speed is e·v₀.', { restitution });

/** √ε: from it up, the permanent set 1 − e² is below 1 in floating point. */
const LEAST_RESTITUTION = Math.sqrt(Number.EPSILON);

export const lankaraniNikraveshPlastic: NormalLawDefinition<typeof schema> = {
  model: 'lankarani-nikravesh-plastic',
  schema,
  ...HERTZ_SPRING,
  elastic: ElasticLaw.plasticHertz,
  dampingExponent: DampingExponent.none,
  resolve(spec, _pair, _endOfContact, field) {
    const e = spec.restitution;
    // Below √ε, 1 − e² may round to 1: δ_p = δ_m and the unloading curve divides by δ_m − δ_p = 0.
    if (e < LEAST_RESTITUTION) {
      throw new ScenarioError(`${field}.restitution`, `must be in [${shortLowerBound(LEAST_RESTITUTION)}, 1] for `
        + 'lankarani-nikravesh-plastic (for a smaller e, 1 − e² rounds to 1 and the permanent set would equal the largest '
        + `overlap); got ${e}`);
    }
    return {
      plasticSet: 1 - e * e,
      dampingScale: 0,
      kPower: 0,
      massPower: 0,
      radiusPower: 0,
      derived: { restitution: e, permanentSetRatio: 1 - e * e },
    };
  },
  speedBehaviour: 'velocity-independent',
  examples: restitutionExample('lankarani-nikravesh-plastic'),
  lammps: { refusal: 'pair_style granular has no permanent-indentation unloading' },
};
