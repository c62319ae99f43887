/**
 * Options shared by `grainflow calibrate` and `grainflow impact`: the contact law, the material and geometry of a
 * single impact, and the output directory. Bad values become a CliInputError naming the option and the allowed
 * range; the commands print it as one line and exit with status 2 (as `grainflow run` does).
 */
import {
  DEFAULT_REFERENCE_SPEED, endOfContactNames, gonthierForms, materialSchema, normalLawDefinition, normalLawParameters,
  normalModelNames, restitutionMissReason, type CalibratedLaw,
} from '../api/contact-laws.js';
import { ScenarioError, type ImpactGeometry, type NormalLawInput } from '../api/index.js';
import {
  AUTO_STEPS_PER_CONTACT, boundRange, DEFAULT_IMPACT_GEOMETRY, IMPACT_BOUNDS, IMPACT_STEPS_PER_CONTACT,
} from '../api/single-impact.js';
import { shortNumber } from '../base/short-number.js';
import { parseCommandLine } from './arguments.js';
import { decimal } from './option-number.js';

export class CliInputError extends Error {}

/**
 * The unit of Hertz's K, N m^-3/2, as each medium reads it: raised in a plot (src/plot/math-text.ts markup), and
 * N/m^1.5 on a terminal, whose fonts often lack the superscript solidus (ᐟ) that N m⁻³ᐟ² needs.
 */
export const HERTZ_STIFFNESS_UNIT = { plot: 'N m^{−3/2}', terminal: 'N/m^1.5' } as const;

/** parseArgs option declarations for the law, the impact geometry and the impact's step. */
export const LAW_OPTIONS = {
  model: { type: 'string' },
  restitution: { type: 'string' },
  'reference-speed': { type: 'string' },
  stiffness: { type: 'string' },
  form: { type: 'string' },
  'minimum-impact-speed': { type: 'string' },
  convention: { type: 'string' },
  material: { type: 'string' },
  radius: { type: 'string' },
  target: { type: 'string' },
  'steps-per-contact': { type: 'string' },
  out: { type: 'string' },
} as const;

export type OptionValues = Record<string, string | boolean | undefined>;

/** parseArgs over the law options plus `extra`; an unknown or malformed option is a CliInputError. */
export function parseOptions(argv: string[], extra: Record<string, { type: 'string' | 'boolean' }> = {}): OptionValues {
  try {
    return parseCommandLine({ args: argv, options: { ...LAW_OPTIONS, ...extra } }).values as OptionValues;
  } catch (err) {
    throw new CliInputError((err as Error).message);
  }
}

/** The laws whose e holds only at their reference speed, and those with a linear spring k, as the registry says. */
const speedDependentLaws = normalModelNames.filter((m) => normalLawDefinition(m).speedBehaviour === 'speed-dependent');
const linearSpringLaws = normalModelNames.filter((m) => normalLawParameters(m).includes('stiffness'));

export const LAW_USAGE = `  --model                 normal law: ${normalModelNames.join(', ')}
  --restitution           target coefficient of restitution e, 0 < e <= 1 (every damped law)
  --reference-speed       m/s, > 0: speed at which e holds for ${speedDependentLaws.join(', ')}
                          (default ${DEFAULT_REFERENCE_SPEED})
  --stiffness             linear spring k in ${boundRange(IMPACT_BOUNDS.stiffness)} (${linearSpringLaws.join(', ')} only)
  --form                  gonthier d: ${gonthierForms.join(' or ')} (default exact)
  --minimum-impact-speed  m/s, > 0: floor on the latched v0 of the Hunt–Crossley family (default 0.01)
  --convention            end of contact: ${endOfContactNames.join(' or ')} (default no-tension)
  --material              JSON {"youngsModulus": Pa, "poissonsRatio": -, "density": kg/m^3}
                          (default: the aluminium of docs/physics.md §7.9, {"youngsModulus":73.5e9,"poissonsRatio":0.33,"density":2745});
                          youngsModulus in ${boundRange(IMPACT_BOUNDS.youngsModulus)}, density in ${boundRange(IMPACT_BOUNDS.density)}
  --radius                sphere radius in ${boundRange(IMPACT_BOUNDS.radius)} (default 0.02)
  --target                sphere (two identical spheres head-on, default) or wall (sphere on a fixed plane)
  --steps-per-contact     time steps per elastic contact time t_c of each impact, a whole number in
                          ${boundRange(IMPACT_BOUNDS.stepsPerContact)} (default ${IMPACT_STEPS_PER_CONTACT}; ${AUTO_STEPS_PER_CONTACT} is a run's automatic step, t_c/${AUTO_STEPS_PER_CONTACT}; more
                          resolve a law whose strong damping ends the approach within a few steps)`;

export function text(values: OptionValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * --steps-per-contact as a number, default IMPACT_STEPS_PER_CONTACT; its range (IMPACT_BOUNDS.stepsPerContact) is
 * simulateImpact's to check, as for --speed and --radius, and its refusal is named after the option (OPTION_OF_FIELD).
 */
export function stepsPerContactOption(values: OptionValues): number {
  const bound = IMPACT_BOUNDS.stepsPerContact;
  return numberOption(values, 'steps-per-contact', `in ${boundRange(bound)}, whole (${bound.what})`, () => true)
    ?? IMPACT_STEPS_PER_CONTACT;
}

/**
 * A coefficient of restitution in a table column, at most 7 characters: four decimals, as e is usually quoted, but
 * three significant digits below 0.01 (shortNumber), where four decimals left a law at e = 1.25e-6 reading 0.0000 and
 * one at 0.002 reading 0.0020 for 0.00229.
 */
export function formatRestitution(e: number): string {
  return e >= 0.01 ? e.toFixed(4) : shortNumber(e);
}

/** Relative miss of the target e beyond which a command names the law and says why. */
export const MISS = 0.05;

/**
 * Why a law delivered `restitution` at `speed`, more than MISS from its target e (the library's
 * restitutionMissReason, from the law's definition); undefined when it lies within, or the law has no target.
 */
export function whyTargetMissed(normal: NormalLawInput, restitution: number, speed: number, stepsPerContact: number): string | undefined {
  const target = (normal as { restitution?: number }).restitution;
  if (target === undefined || Math.abs(restitution / target - 1) <= MISS) return undefined;
  return restitutionMissReason(normal as CalibratedLaw, speed, stepsPerContact);
}

/** A number option; `check` is the allowed range, e.g. '> 0'. */
export function numberOption(values: OptionValues, name: string, range: string,
  ok: (x: number) => boolean): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const x = decimal(raw);
  if (!Number.isFinite(x) || !ok(x)) throw new CliInputError(`--${name} must be a number ${range} (got "${raw}")`);
  return x;
}

function choice<T extends string>(values: OptionValues, name: keyof typeof LAW_OPTIONS, allowed: readonly T[]): T | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new CliInputError(`--${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

export function modelOption(raw: string): (typeof normalModelNames)[number] {
  if (!(normalModelNames as readonly string[]).includes(raw)) {
    throw new CliInputError(`--model must be one of ${normalModelNames.join(', ')} (got "${raw}")`);
  }
  return raw as (typeof normalModelNames)[number];
}

/** Whether `model` takes `option` (its schema has it), for --compare, where one set of options serves several laws. */
function applies(model: (typeof normalModelNames)[number], option: string): boolean {
  return normalLawParameters(model).includes(option);
}

/**
 * The law spec for `model` from the law options (the spec's own checks run when the impact is set up). With
 * `onlyApplicable` (for --compare) options the law does not use are left out instead of being rejected by it.
 */
export function lawSpec(values: OptionValues, model: string, onlyApplicable = false): NormalLawInput {
  const restitution = numberOption(values, 'restitution', 'in (0, 1]', (x) => x > 0 && x <= 1);
  const modelName = modelOption(model);
  const spec: Record<string, unknown> = { model: modelName };
  const given = {
    restitution,
    referenceSpeed: numberOption(values, 'reference-speed', '> 0 (m/s)', (x) => x > 0),
    stiffness: numberOption(values, 'stiffness', '> 0 (N/m)', (x) => x > 0),
    form: choice(values, 'form', gonthierForms),
    minimumImpactSpeed: numberOption(values, 'minimum-impact-speed', '> 0 (m/s)', (x) => x > 0),
  };
  for (const [key, value] of Object.entries(given) as [keyof typeof given, unknown][]) {
    if (value !== undefined && (!onlyApplicable || applies(modelName, key))) spec[key] = value;
  }
  return spec as NormalLawInput;
}

/** The impact geometry from the options; each one not given takes DEFAULT_IMPACT_GEOMETRY's value. */
export function geometryOptions(values: OptionValues): ImpactGeometry {
  let material = DEFAULT_IMPACT_GEOMETRY.material;
  const raw = text(values, 'material');
  if (raw !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new CliInputError(`--material must be JSON like {"youngsModulus": 7e10, "poissonsRatio": 0.3, "density": 2700} (got "${raw}")`);
    }
    const parsed = materialSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      throw new CliInputError(`--material${where} ${issue.message}`);
    }
    material = parsed.data;
  }
  return {
    material,
    radius: numberOption(values, 'radius', '> 0 (m)', (x) => x > 0) ?? DEFAULT_IMPACT_GEOMETRY.radius,
    target: choice(values, 'target', ['sphere', 'wall'] as const) ?? DEFAULT_IMPACT_GEOMETRY.target,
    endOfContact: choice(values, 'convention', endOfContactNames) ?? DEFAULT_IMPACT_GEOMETRY.endOfContact,
  };
}

/** The option behind a field of the impact (src/run/single-impact.ts checkImpactSpec, calibration.ts), for messages. */
const OPTION_OF_FIELD: Record<string, string> = {
  speed: '--speed', radius: '--radius', gravity: '--gravity', 'contact.normal.referenceSpeed': '--reference-speed',
  'contact.normal.stiffness': '--stiffness', stepsPerContact: '--steps-per-contact',
};

/** Runs a command body; input errors (CLI or law spec) print one line and give exit status 2. */
export async function withInputErrors(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof CliInputError) {
      process.stderr.write(`grainflow: ${err.message} (see grainflow ${command} --help)\n`);
      return 2;
    }
    if (err instanceof ScenarioError) {
      const option = err.field.startsWith('material.') ? `--${err.field}` : OPTION_OF_FIELD[err.field];
      process.stderr.write(option === undefined ? `grainflow: invalid contact law: ${err.message}\n`
        : `grainflow: ${option} ${err.detail} (see grainflow ${command} --help)\n`);
      return 2;
    }
    if (err instanceof RangeError) {
      process.stderr.write(`grainflow: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
