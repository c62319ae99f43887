/**
 * Every rolling-resistance model, in one list (the first is the default): the `rolling` schema of `contact` and
 * `contactPairs[i]` and the lookup by model derive from it. A new model is its own module and one line here.
 */
import { subModelRegistry } from '../sub-model.js';
import { epsd } from './epsd.js';

const ROLLING = subModelRegistry('rolling', [epsd],
  'Rolling-resistance model: `model` names it and decides which parameters it takes (docs/physics.md §9.7). '
  + 'Default "epsd"; the coefficient is `rollingFriction`.');

export const rollingModelSchema = ROLLING.schema;
export const rollingModelNames = ROLLING.names;
export const rollingModelDefinition = ROLLING.definition;
