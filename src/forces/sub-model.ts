/**
 * What the tangential and rolling families of contact models share (docs/physics.md §9): a model is one
 * definition — its name, the zod schema of its spec (`model` and exactly its own parameters), the kernel's id for
 * it within its family and the section of docs/physics.md that defines it — and each family lists its definitions
 * in one registry built here, as normal/registry.ts does for the normal laws. A new model is its own module and
 * one line in its family's registry.
 */
import { z } from 'zod';
import { object, quoted } from '../base/schema-fields.js';

/** The zod schema of one model's spec: a strict object whose `model` is the model's name. */
export type SubModelSchema = z.ZodObject<{ model: z.ZodLiteral<string> } & z.ZodRawShape, z.core.$strict>;

export interface SubModelDefinition<Schema extends SubModelSchema = SubModelSchema> {
  /** the model's name: the literal of `model` in its schema */
  readonly model: string;
  /** the spec of the model: `model` and its own parameters, with units and ranges */
  readonly schema: Schema;
  /** the kernel's id of the model within its family */
  readonly kernelId: number;
  /** the section of docs/physics.md that defines the model */
  readonly docs: string;
}

/** The spec schema of model `model` of `family` ("tangential", "rolling"); `description` is what an editor shows. */
export function subModelSchema<M extends string, Shape extends z.ZodRawShape>(
  family: string, model: M, description: string, shape: Shape,
) {
  return object(`${family} contact model "${model}"`, { model: z.literal(model), ...shape }).describe(description);
}

/**
 * One family's registry: the model names in order, the union schema of their specs (told apart by `model`, so the
 * JSON Schema shows each model's own parameters) and the definition of a name. The first definition is the
 * family's default: the model of a contact whose scenario names none.
 */
export function subModelRegistry<const Definitions extends readonly [SubModelDefinition, ...SubModelDefinition[]]>(
  family: string, definitions: Definitions, description: string,
) {
  type Schemas = Definitions[number]['schema'];
  const names = definitions.map((d) => d.model);
  const schema = z.discriminatedUnion('model', definitions.map((d) => d.schema) as unknown as [Schemas, ...Schemas[]], {
    error: (issue) => (issue.input === null || typeof issue.input !== 'object'
      ? `must be an object (${family} contact model)`
      : `must be one of ${quoted(names)} (${family} contact model)`),
  }).describe(description);
  const byModel = new Map<string, Definitions[number]>(definitions.map((d) => [d.model, d]));
  return {
    names: names as readonly Definitions[number]['model'][],
    schema,
    /** the definition of `model`, a name the schema has checked; the family's default when none is given */
    definition: (model?: string): Definitions[number] => byModel.get(model ?? definitions[0].model)!,
  };
}
