/**
 * Every tangential contact model, in one list (the first is the default): the `tangential` schema of `contact`
 * and `contactPairs[i]` and the lookup by model derive from it. A new model is its own module and one line here.
 */
import { subModelRegistry } from '../sub-model.js';
import { mindlin } from './mindlin.js';
import { mindlinDeresiewicz } from './mindlin-deresiewicz.js';

const TANGENTIAL = subModelRegistry('tangential', [mindlin, mindlinDeresiewicz],
  'Tangential contact model: `model` names it and decides which parameters it takes (docs/physics.md §9). '
  + 'Default "mindlin"; the friction coefficient is `friction`.');

export const tangentialModelSchema = TANGENTIAL.schema;
export const tangentialModelNames = TANGENTIAL.names;
export const tangentialModelDefinition = TANGENTIAL.definition;
