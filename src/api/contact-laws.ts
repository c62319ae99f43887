/**
 * The contact models as a front end lists and checks them — model names, each law's parameters, speed behaviour
 * and example impacts, the end-of-contact conventions, the material schema, why an impact may miss a law's target
 * e — read from the registries of src/forces, so that the command line switches on no law name
 * (docs/architecture.md §6).
 */
import { DEFAULT_REFERENCE_SPEED } from '../forces/normal/parameters.js';
import { DampingExponent, ElasticLaw } from '../forces/normal/law.js';
import { normalLawDefinition, type NormalModelName } from '../forces/normal/registry.js';
import { IMPACT_BOUNDS, IMPACT_STEPS_PER_CONTACT } from '../run/single-impact.js';
import { shortNumber } from '../base/short-number.js';

export {
  endOfContactNames, gonthierForms, materialSchema, normalModelNames, type EndOfContact, type Material,
} from '../forces/contact-spec.js';
export { normalLawDefinition, normalLawParameters } from '../forces/normal/registry.js';
export { DEFAULT_REFERENCE_SPEED };

/** A law's spec as far as restitutionMissReason reads it. */
export interface CalibratedLaw {
  model: NormalModelName;
  /** m/s, for a speed-dependent law (default DEFAULT_REFERENCE_SPEED) */
  referenceSpeed?: number;
}

/**
 * Why an impact at `speed` (m/s) of the law `spec` may deliver an e off the target it was calibrated to, by what the
 * law's definition says it is (`grainflow impact` prints it under a missed target). The impact runs `stepsPerContact`
 * steps per elastic contact time t_c (src/run/single-impact.ts; default IMPACT_STEPS_PER_CONTACT): the last two
 * reasons are the step's, and more steps per contact bring e_out to the target, up to the finest step an impact
 * takes (IMPACT_BOUNDS.stepsPerContact), where the reason says the step is already the finest.
 */
export function restitutionMissReason(spec: CalibratedLaw, speed: number, stepsPerContact = IMPACT_STEPS_PER_CONTACT): string {
  const law = normalLawDefinition(spec.model);
  if (law.dampingExponent === DampingExponent.hysteresis) {
    return 'Hunt–Crossley family: most of its damping factors approximate e, derived for e near 1, and all damp less '
      + 'below the floor on v₀; docs/physics.md §4.4, §4.2';
  }
  if (law.elastic === ElasticLaw.plasticHertz) {
    return 'permanent indentation: unloading over e²·δ_max takes about e·t_c/2, under two of the impact\'s '
      + `t_c/${stepsPerContact} steps below e ≈ ${shortNumber(4 / stepsPerContact)}, ${finerStep(stepsPerContact, 'more resolve it')}; `
      + 'docs/physics.md §5.3';
  }
  const referenceSpeed = spec.referenceSpeed ?? DEFAULT_REFERENCE_SPEED;
  if (law.speedBehaviour === 'speed-dependent' && speed !== referenceSpeed) {
    return `speed-dependent: e holds at the reference speed, ${referenceSpeed} m/s, only; docs/physics.md §7.5`;
  }
  return `damping this strong ends the approach within few of the impact's t_c/${stepsPerContact} steps, which set e_out; `
    + finerStep(stepsPerContact, 'more steps per contact resolve it');
}

/** What a finer step would do, or that the step is already the finest an impact takes. */
function finerStep(stepsPerContact: number, remedy: string): string {
  return stepsPerContact < IMPACT_BOUNDS.stepsPerContact.max ? remedy : 'already the finest step an impact takes';
}
