/**
 * How a law states its scenario parameters (its `contact.normal` schema, built from the shared fields here) and
 * the checks the schema cannot express: which of a law's alternative parameters is given, and the material
 * viscosities some laws read from the pair.
 */
import { z } from 'zod';
import { number, object } from '../../base/schema-fields.js';
import { ScenarioError } from '../../base/scenario-error.js';
import { shortLowerBound } from '../../base/short-number.js';
import type { ExampleCase, ExampleScene, PairMaterial } from './law.js';

/**
 * The `contact.normal` schema of one law: `model` and exactly the law's own parameters (unknown keys are
 * rejected, naming the ones allowed). `description` is what an editor shows for the law: its force and citation.
 */
export function lawSchema<M extends string, Shape extends z.ZodRawShape>(model: M, description: string, shape: Shape) {
  return object(`normal contact law "${model}"`, {
    model: z.literal(model),
    ...shape,
  }).describe(description);
}

/** Target coefficient of restitution: every damped law can be calibrated to one. */
export const restitution = number('target coefficient of restitution e, dimensionless', 'in (0, 1]')
  .gt(0, { error: 'must be in (0, 1] (target coefficient of restitution e, dimensionless)' })
  .lte(1, { error: 'must be in (0, 1] (target coefficient of restitution e, dimensionless)' })
  .describe('Target coefficient of restitution e (dimensionless), 0 < e <= 1; the damping constant is calibrated to it.');

/**
 * The largest dimensionless damping any law is calibrated to: β of docs/physics.md §7.1 — Tsuji's α, the
 * Hunt–Crossley family's Z (§4.1), β* of Kuwabara–Kono, Brilliantov and Bordbar (§7.5), and in the linear
 * oscillators of Kelvin–Voigt and Jankowski the α of the Tsuji oscillator they share (§5.1, §5.2: α = √5·ξ and 2ξ).
 * It bounds the root bracketing of §7.3, and with it the restitution a law can be asked for: beyond it an impact
 * creeps for hundreds of contact times (or never closes) and no time step resolves it.
 */
export const MAX_BETA = 1e3;

/**
 * The error for a target restitution below what a law reaches with its damping at most MAX_BETA: the law's
 * reachable range, and `needs` (e.g. 'α > 1000 under "no-tension"') to say why. `field` is the law spec's path.
 */
export function restitutionOutOfReach(field: string, model: string, e: number, least: number, needs: string): ScenarioError {
  return new ScenarioError(`${field}.restitution`, `must be in [${shortLowerBound(least)}, 1] for ${model} (a smaller e `
    + `needs ${needs}, more damping than any law is calibrated to, docs/physics.md §7.3); got ${e}`);
}

/** Impact speed (m/s) at which a target restitution holds when the scenario gives none. */
export const DEFAULT_REFERENCE_SPEED = 1;

/**
 * The speeds a contact meets in DEM, from a creeping contact to the fastest impact Hertz's quasi-static contact
 * describes; also the bounds of an impact's speed (run/single-impact.ts IMPACT_BOUNDS). Calibrated far outside
 * them, the damping is meaningless where the contact is used: at 1e-100 m/s Kuwabara–Kono's constant grows so large
 * that a 1 m/s impact is unstable at any step.
 */
export const CONTACT_SPEEDS = [1e-4, 1000] as const;
const referenceSpeedRange = `in [${CONTACT_SPEEDS.join(', ')}] (m/s, reference impact speed)`;

/** For laws whose e depends on impact speed (docs/physics.md §7.5). */
export const referenceSpeed = number('reference impact speed in m/s', `in [${CONTACT_SPEEDS.join(', ')}]`)
  .gte(CONTACT_SPEEDS[0], { error: `must be ${referenceSpeedRange}` })
  .lte(CONTACT_SPEEDS[1], { error: `must be ${referenceSpeedRange}` }).optional()
  .describe(`Impact speed (m/s, ${CONTACT_SPEEDS.join(' to ')}) at which \`restitution\` holds (this law's e depends `
    + `on impact speed). Default ${DEFAULT_REFERENCE_SPEED} m/s.`);

/** The example case of a law that takes only a target restitution (velocity-independent laws). */
export function restitutionExample(model: string): (scene: ExampleScene) => ExampleCase[] {
  return ({ restitution: e }) => [{ label: model, spec: { model, restitution: e } }];
}

/** The example case of a speed-dependent law: calibrated at the example's own impact speed. */
export function referenceSpeedExample(model: string): (scene: ExampleScene) => ExampleCase[] {
  return ({ restitution: e, speed }) => [
    { label: `${model} (e at ${speed} m/s)`, spec: { model, restitution: e, referenceSpeed: speed } },
  ];
}

/** The parameters of a spec besides `model`. */
type Parameter<Spec> = Exclude<keyof Spec, 'model'> & string;

/**
 * Which of a law's alternative parameters the spec gives. `alternatives` maps each parameter that selects a way of
 * setting the damping to the parameters allowed beside it (e.g. restitution → [referenceSpeed]); `usage` says what
 * the law accepts and ends every error message. Throws a ScenarioError when two alternatives are given, when
 * `required` and none is, or when a parameter outside the chosen alternative is present.
 */
export function selectParameter<Spec extends { model: string }, S extends Parameter<Spec>>(
  spec: Spec,
  field: string,
  alternatives: { readonly [P in S]: readonly Parameter<Spec>[] },
  required: boolean,
  usage: string,
): S | undefined {
  const given = (Object.keys(spec) as Parameter<Spec>[]).filter((p) => p !== 'model' && spec[p] !== undefined);
  const selectors = (Object.keys(alternatives) as S[]).filter((p) => given.includes(p));
  if (selectors.length > 1) {
    throw new ScenarioError(field, `${usage}; got ${selectors.map((p) => `"${p}"`).join(' and ')}`);
  }
  const [selected] = selectors;
  const allowed: readonly Parameter<Spec>[] = selected === undefined ? [] : [selected, ...alternatives[selected]];
  const extra = given.find((p) => !allowed.includes(p));
  if (extra !== undefined) {
    throw new ScenarioError(`${field}.${extra}`, `${spec.model} does not use "${extra}" here: ${usage}`);
  }
  if (selected === undefined && required) throw new ScenarioError(field, `${usage}; got none`);
  return selected;
}

/**
 * The bulk (ξ) and shear (η) viscosities of a material, in Pa·s, for laws whose damping comes from them.
 * `need` says which law and option asked for them, for the error message.
 */
export function viscosities({ material, path }: PairMaterial, need: string): { bulk: number; shear: number } {
  const missing = (key: string) => new ScenarioError(`${path}.${key}`,
    `${need} needs "bulkViscosity" and "shearViscosity" (Pa·s, > 0) on both materials of the pair; `
    + 'or give the damping constant or a target restitution instead');
  const { bulkViscosity: bulk, shearViscosity: shear } = material;
  if (bulk === undefined) throw missing('bulkViscosity');
  if (shear === undefined) throw missing('shearViscosity');
  return { bulk, shear };
}
