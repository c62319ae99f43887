/**
 * Calibrating a normal contact law from the library: what `grainflow calibrate` computes (src/run/calibration.ts),
 * with the impact geometry given as options and checked like scenario fields.
 */
import { z } from 'zod';
import { ScenarioError } from '../base/scenario-error.js';
import { object, positive } from '../base/schema-fields.js';
import { endOfContactNames, materialSchema } from '../forces/contact-spec.js';
import {
  calibrate, CALIBRATION_SPEEDS, DEFAULT_IMPACT_GEOMETRY, type LawCalibration,
} from '../run/calibration.js';
import { checkWithin, IMPACT_BOUNDS, type NormalLawInput } from '../run/single-impact.js';
import { describeValue } from './run-control.js';

const optionsSchema = object('calibration options', {
  material: materialSchema.optional(),
  radius: positive('sphere radius in m').optional(),
  target: z.enum(['sphere', 'wall'], { error: 'must be "sphere" or "wall" (the body the sphere hits)' }).optional(),
  endOfContact: z.enum(endOfContactNames, { error: `must be one of ${endOfContactNames.join(', ')} (end-of-contact convention)` })
    .optional(),
  speeds: z.array(positive('impact speed in m/s')).min(1, { error: 'must list at least one impact speed' }).optional(),
  stepsPerContact: z.number({ error: 'must be a number (time steps per elastic contact time t_c)' }).optional(),
});

/** Options of calibrateLaw; every one has a default. */
export type CalibrateOptions = z.input<typeof optionsSchema>;

/**
 * What a normal law delivers: its derived constants for the target restitution (and the constant a scenario takes
 * instead of `restitution`, for the laws that have one: tsuji's α, kuwabara-kono's χ, …), and the restitution,
 * contact time and peak force of an impact run through the engine at each speed.
 * @param normal a `contact.normal` law, e.g. `{ model: 'kuwabara-kono', restitution: 0.8, referenceSpeed: 0.5 }`
 * @param options the impacts: `material` (default the aluminium of the worked examples, E = 73.5 GPa, ν = 0.33,
 *   ρ = 2745 kg/m³), `radius` (m, 0.02), `target` ('sphere': two identical spheres head-on, default; 'wall': a
 *   sphere on a fixed plane), `endOfContact` ('no-tension', default, or 'free'), `speeds` (m/s, default 13 from
 *   0.001 to 10), `stepsPerContact` (time steps per elastic contact time t_c of each impact, a whole number from 50,
 *   a run's automatic step, to 20 000; default 1000: refine it for a law whose strong damping ends the approach
 *   within a few steps)
 * @throws ScenarioError naming the field for a bad law parameter or option, or one outside what an impact resolves:
 *   `speeds[k]`, `radius`, `material.youngsModulus`, `material.density`, `stepsPerContact` and a linear law's
 *   `stiffness` have the ranges of `grainflow impact` (docs/cli.md)
 */
export function calibrateLaw(normal: NormalLawInput, options: CalibrateOptions = {}): LawCalibration {
  if (typeof normal !== 'object' || normal === null || Array.isArray(normal)) {
    throw new ScenarioError('contact.normal', `must be a normal contact law, e.g. { model: 'tsuji', restitution: 0.8 } `
      + `(got ${describeValue(normal)})`);
  }
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').slice(1);
    throw new ScenarioError(field === '' ? '(options)' : field, issue.message);
  }
  const given = parsed.data, defaults = DEFAULT_IMPACT_GEOMETRY;
  // Each speed is an impact's, bounded as simulateImpact bounds it; checked here to name the entry, before any run.
  given.speeds?.forEach((speed, k) => checkWithin(`speeds[${k}]`, IMPACT_BOUNDS.speed, speed));
  return calibrate(normal, {
    material: given.material ?? defaults.material,
    radius: given.radius ?? defaults.radius,
    target: given.target ?? defaults.target,
    endOfContact: given.endOfContact ?? defaults.endOfContact,
  }, given.speeds ?? CALIBRATION_SPEEDS, given.stepsPerContact);
}
