/**
 * The contact models as a front end lists and checks them — model names, each law's parameters, speed behaviour
 * and example impacts, the end-of-contact conventions, the material schema — read from the registries of
 * src/forces, so that the command line switches on no law name (docs/architecture.md §6).
 */
export {
  endOfContactNames, gonthierForms, materialSchema, normalModelNames, type EndOfContact, type Material,
} from '../forces/contact-spec.js';
export { normalLawDefinition, normalLawParameters } from '../forces/normal/registry.js';
export { DEFAULT_REFERENCE_SPEED } from '../forces/normal/parameters.js';
