/**
 * Every normal contact law of the product, in one ordered list. The model names, the `contact.normal` schema (a
 * union told apart by `model`, so the JSON Schema shows each law's own parameters) and the lookup by model all
 * derive from it: a new law is its own module, one line here, and a test.
 */
import { z } from 'zod';
import { quoted } from '../../base/schema-fields.js';
import { bordbar } from './bordbar.js';
import { brilliantov } from './brilliantov.js';
import { hertz } from './hertz.js';
import { hertzDashpot } from './hertz-dashpot.js';
import { HYSTERESIS_LAWS } from './hysteresis-laws.js';
import { jankowski } from './jankowski.js';
import { kelvinVoigt } from './kelvin-voigt.js';
import { kuwabaraKono } from './kuwabara-kono.js';
import { lankaraniNikraveshPlastic } from './lankarani-nikravesh-plastic.js';
import type { EndOfContact, NormalLawCoefficients, NormalLawDefinition, PairMaterial } from './law.js';
import type { Material } from '../material-spec.js';
import { tsuji } from './tsuji.js';

const NORMAL_LAWS = [
  hertz, kuwabaraKono, tsuji, brilliantov, bordbar,
  // Hunt–Crossley family, velocity-dependent hysteresis damping (docs/physics.md §4)
  ...HYSTERESIS_LAWS,
  // linear spring–dashpot, piecewise and permanent-indentation laws (docs/physics.md §5)
  kelvinVoigt, jankowski, lankaraniNikraveshPlastic,
  hertzDashpot,
] as const;

type LawSchemas = (typeof NORMAL_LAWS)[number]['schema'];
const modelNames = NORMAL_LAWS.map((law) => law.model);

export const normalLawSchema = z.discriminatedUnion(
  'model',
  NORMAL_LAWS.map((law) => law.schema) as [LawSchemas, ...LawSchemas[]],
  {
    error: (issue) => (issue.input === null || typeof issue.input !== 'object'
      ? 'must be an object (normal contact law)'
      : `must be one of ${quoted(modelNames)} (normal contact law)`),
  },
).describe('Normal force law: `model` names it and decides which parameters it takes; give the damping as a '
  + 'target restitution or as the law\'s own constant (docs/physics.md §2).');

export type NormalLawSpec = z.output<typeof normalLawSchema>;
export type NormalModelName = NormalLawSpec['model'];
/** Every model name, in the order of the list above. */
export const normalModelNames = modelNames as readonly NormalModelName[];

const BY_MODEL: ReadonlyMap<string, NormalLawDefinition> = new Map(NORMAL_LAWS.map((law) => [law.model, law]));

/** The definition of `model` (a name of normalModelNames: the schema has checked it). */
export function normalLawDefinition(model: NormalModelName): NormalLawDefinition {
  return BY_MODEL.get(model)!;
}

/** The parameters `model` takes besides `model` itself, in schema order. */
export function normalLawParameters(model: NormalModelName): string[] {
  return Object.keys(normalLawDefinition(model).schema.shape).filter((key) => key !== 'model');
}

/**
 * The kernel's coefficients of a normal-law spec for one pair of materials. Runs once per material pair; every bad
 * or missing parameter becomes a ScenarioError. `field` is the dotted path of `spec` in the scenario (e.g.
 * `contact.normal`, `contactPairs[0].normal`); `materialNames` (the keys of `a` and `b` in `materials`) lets
 * errors about a material name its field.
 */
export function resolveNormalLaw(
  spec: NormalLawSpec,
  a: Material,
  b: Material,
  endOfContact: EndOfContact,
  field: string,
  materialNames?: readonly [string, string],
): NormalLawCoefficients {
  const pair = [a, b].map((material, i): PairMaterial => ({
    material,
    path: `materials.${materialNames?.[i] ?? `<material ${i + 1} of ${field}>`}`,
  })) as [PairMaterial, PairMaterial];
  const law = normalLawDefinition(spec.model);
  return {
    model: law.model,
    elastic: law.elastic,
    linearStiffness: 0,
    plasticSet: 0,
    minimumImpactSpeed: 0,
    dampingExponent: law.dampingExponent,
    ...law.resolve(spec, pair, endOfContact, field),
  };
}
