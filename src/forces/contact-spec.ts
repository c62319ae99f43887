/**
 * The scenario fields of materials and contact models (`materials`, `contact`, `contactPairs`): their zod schema
 * and types. Each contact model declares its own parameters (normal/, tangential/ and rolling/registry.ts list
 * them); src/scenario/schema.ts composes these into the scenario format.
 */
import { z } from 'zod';
import { nonNegative, name, object, quoted } from '../base/schema-fields.js';
import { endOfContactNames } from './normal/law.js';
import { normalLawSchema } from './normal/registry.js';
import type { Material } from './material-spec.js';
import { rollingModelSchema } from './rolling/registry.js';
import { tangentialModelSchema } from './tangential/registry.js';

// The scenario part's names for src/scenario and the CLI, from the modules that declare them.
export { materialSchema, type Material } from './material-spec.js';
export { endOfContactNames, type EndOfContact } from './normal/law.js';
export { normalModelNames, type NormalLawSpec } from './normal/registry.js';
export { gonthierForms } from './normal/hysteresis-laws.js';

const frictionFields = {
  friction: nonNegative('Coulomb friction coefficient μ, dimensionless').optional()
    .describe('Sliding friction coefficient μ (dimensionless), >= 0. Default 0.'),
  rollingFriction: nonNegative('rolling friction coefficient μ_r, dimensionless').optional()
    .describe('Rolling resistance coefficient μ_r (dimensionless, EPSD model), >= 0. Default 0.'),
  tangential: tangentialModelSchema.optional(),
  rolling: rollingModelSchema.optional(),
};

export const contactSchema = object('contact model', {
  normal: normalLawSchema,
  endOfContact: z.enum(endOfContactNames, { error: `must be one of ${quoted(endOfContactNames)} (end-of-contact convention)` })
    .default('no-tension')
    .describe('"no-tension": normal force clamped at 0 (default); "free": tension allowed until overlap returns to 0.'),
  ...frictionFields,
}).describe('Contact model used for every material pair not listed in `contactPairs`.');

export const contactPairSchema = object('contact model of one material pair', {
  materials: z.tuple([name('material name'), name('material name')], {
    error: 'must be a pair of material names ["a", "b"]',
  }).describe('The two materials (names from `materials`) this entry applies to, in either order.'),
  normal: normalLawSchema.optional(),
  ...frictionFields,
}).describe('Overrides of the contact model for one pair of materials.');

export type ContactSpec = z.output<typeof contactSchema>;
export type ContactPairSpec = z.output<typeof contactPairSchema>;

/** The parts of a scenario that decide the contact laws of every material pair (contact-table.ts). */
export interface ContactInput {
  materials: Record<string, Material>;
  contact: ContactSpec;
  contactPairs: ContactPairSpec[];
}
