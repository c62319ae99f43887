/**
 * `grainflow impact`: single normal impacts run through the engine (src/run/single-impact.ts), either one law at
 * one speed or the reference impacts of docs/physics.md §7.9:
 *   aluminium-spheres  every law of the product: two aluminium spheres head-on, R = 20 mm, m = 0.092 kg,
 *                      K = 5.5e9 N m^-3/2, v₀ = 0.3 m/s, e = 0.7 (Machado 2012, Figs 3–6; Lankarani 1994, Example 2);
 *   bouncing-ball      the eight laws Safaeifar 2020 (§8) compares: m = 1 kg, R = 0.1 m on a rigid floor,
 *                      K = 1.4e8 N m^-3/2, v₀ = 4.2 m/s, g = 9.8 m/s² during contact, e ∈ {0.2, 0.4, 0.6, 0.8}.
 * Prints e_out, δ_max, F_max and contact time per law, and under each table which laws miss their target e and
 * why; writes impacts.csv and the force–overlap loops as SVG.
 */
import type { NormalLawInput } from '../api/index.js';
import { normalLawDefinition, normalModelNames, type EndOfContact, type Material } from '../api/contact-laws.js';
import { refuseToReplace, writeOutputDirectory } from '../api/output-directory.js';
import {
  boundRange, densityForMass, IMPACT_BOUNDS, simulateImpact, youngsModulusForStiffness, type ImpactOutcome, type ImpactTarget,
} from '../api/single-impact.js';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import { shortNumber } from '../base/short-number.js';
import {
  CliInputError, formatRestitution, geometryOptions, HERTZ_STIFFNESS_UNIT, LAW_USAGE, lawSpec, MISS, numberOption,
  parseOptions, stepsPerContactOption, text, whyTargetMissed, withInputErrors,
} from './impact-options.js';
import { outputOptions } from './output-options.js';

const EXAMPLES = ['aluminium-spheres', 'bouncing-ball'] as const;
type Example = (typeof EXAMPLES)[number];

export const IMPACT_USAGE = `usage: grainflow impact --example ${EXAMPLES.join('|')} [--convention no-tension|free] [--steps-per-contact N]
                        [--out dir] [--force]
       grainflow impact --model <law> [--restitution e] --speed v [--material JSON] [--radius m] [--target sphere|wall]
                        [--gravity g] [--steps-per-contact N] [--out dir] [--force]

  Runs single normal impacts through the engine and prints e_out, δ_max, F_max and contact time; writes
  impacts.csv and the force–overlap loops (force-overlap*.svg) to --out (default impact-<example or model>); an
  existing --out is replaced only with --force, and only when grainflow made it.
  --example               reference impacts (docs/physics.md §7.9): aluminium-spheres runs every law at e = 0.7;
                          bouncing-ball the eight laws Safaeifar 2020 compares, at e = 0.2, 0.4, 0.6 and 0.8
  --speed                 impact speed in ${boundRange(IMPACT_BOUNDS.speed)}
  --gravity               in ${boundRange(IMPACT_BOUNDS.gravity, true)}, towards the wall (--target wall only; default 0)
${LAW_USAGE}`;

/** The options that go with --example: how the impacts end and are resolved, and where they are written. */
const EXAMPLE_OPTIONS = ['example', 'convention', 'steps-per-contact', 'out', 'force'];
/** EXAMPLE_OPTIONS but --example itself, as the refusal of any other option lists them. */
const ALONGSIDE_EXAMPLE = EXAMPLE_OPTIONS.filter((option) => option !== 'example').map((option) => `--${option}`);

/** One labelled impact of a table. */
interface Case {
  label: string;
  normal: NormalLawInput;
}

interface Scene {
  material: Material;
  radius: number;
  target: ImpactTarget;
  speed: number;
  /** towards the wall, m/s² (wall impacts only) */
  gravity?: number;
  endOfContact: EndOfContact;
  stepsPerContact: number;
}

interface Table {
  /** file-name suffix of this table's plot */
  suffix: string;
  /** its heading, with the unit of K as the medium reads it (HERTZ_STIFFNESS_UNIT) */
  heading: (stiffnessUnit: string) => string;
  scene: Scene;
  cases: Case[];
}

export async function impactCommand(argv: string[]): Promise<number> {
  return withInputErrors('impact', async () => {
    const values = parseOptions(argv, {
      example: { type: 'string' }, speed: { type: 'string' }, gravity: { type: 'string' }, force: { type: 'boolean' },
    });
    const stepsPerContact = stepsPerContactOption(values);
    const example = text(values, 'example');
    let tables: Table[];
    let name: string;
    if (example !== undefined) {
      if (!(EXAMPLES as readonly string[]).includes(example)) {
        throw new CliInputError(`--example must be one of ${EXAMPLES.join(', ')} (got "${example}")`);
      }
      // An example is a fixed set of reference impacts: an option that would change it is refused, not ignored.
      const ignored = Object.keys(values).find((option) => !EXAMPLE_OPTIONS.includes(option));
      if (ignored !== undefined) {
        throw new CliInputError(`--${ignored} cannot be combined with --example, whose impacts are fixed (docs/physics.md §7.9); `
          + `with --example give only ${ALONGSIDE_EXAMPLE.slice(0, -1).join(', ')} and ${ALONGSIDE_EXAMPLE.at(-1)}, or give --model `
          + 'and --speed instead');
      }
      const convention = geometryOptions(values).endOfContact;
      tables = exampleTables(example as Example, convention, stepsPerContact);
      name = example;
    } else {
      const model = text(values, 'model');
      if (model === undefined) throw new CliInputError('give --example <name> or --model <law> with --speed <m/s>');
      const speed = numberOption(values, 'speed', '> 0 (m/s)', (x) => x > 0);
      if (speed === undefined) throw new CliInputError('missing --speed <m/s>');
      const gravity = numberOption(values, 'gravity', '>= 0 (m/s²)', (x) => x >= 0);
      const g = geometryOptions(values);
      const scene = { ...g, speed, gravity, stepsPerContact };
      tables = [{ suffix: '', heading: () => `${model} at ${speed} m/s`, scene, cases: [{ label: model, normal: lawSpec(values, model) }] }];
      name = model;
    }
    const target = text(values, 'out') ?? `impact-${name}`;
    refuseToReplace(target, values.force === true, { kind: 'impact' });
    const results = tables.map((t) => ({ table: t, outcomes: t.cases.map((c) => run(t.scene, c.normal)) }));
    await writeOutputDirectory(target, outputOptions(values, 'impact'), async (out) => {
      const csv = ['table,law,restitution_in,e_out,max_overlap_m,max_force_N,contact_time_s'];
      for (const { table, outcomes } of results) {
        process.stdout.write(`${table.heading(HERTZ_STIFFNESS_UNIT.terminal)}\n  law                             e_out    δ_max (m)    F_max (N)   contact time (µs)\n`);
        table.cases.forEach((c, k) => {
          const o = outcomes[k];
          process.stdout.write(`  ${c.label.padEnd(31)} ${formatRestitution(o.restitution).padEnd(7)}  ${o.maxOverlap.toExponential(4)}   `
            + `${o.maxForce.toPrecision(5).padEnd(10)}  ${(o.contactTime * 1e6).toPrecision(5)}\n`);
          const eIn = (c.normal as { restitution?: number }).restitution ?? 1;
          csv.push([table.suffix || name, c.label, eIn, o.restitution, o.maxOverlap, o.maxForce, o.contactTime].join(','));
        });
        process.stdout.write(missedTargets(table.cases, outcomes, table.scene));
        process.stdout.write('\n');
        out.writeFile(`force-overlap${table.suffix ? `-${table.suffix}` : ''}.svg`, await renderLinePlotSvg({
          title: 'Force–overlap loops',
          // The heading's parameters on a line of their own, so the figure stays its width.
          subtitle: table.heading(HERTZ_STIFFNESS_UNIT.plot).split(/(?<=\)): /),
          x: { label: 'overlap δ', unit: 'm' },
          y: { label: 'normal force F', unit: 'N' },
          series: table.cases.map((c, k) => ({ name: c.label, x: outcomes[k].trace.overlap, y: outcomes[k].trace.force })),
        }));
      }
      out.writeFile('impacts.csv', `${csv.join('\n')}\n`);
    });
    process.stdout.write(`wrote impacts.csv and the force–overlap plots to ${target}\n`);
    return 0;
  });
}

/**
 * The laws of a table whose e_out misses their target by more than MISS, grouped by why (the library's
 * restitutionMissReason, from each law's definition).
 */
function missedTargets(cases: readonly Case[], outcomes: readonly ImpactOutcome[], { speed, stepsPerContact }: Scene): string {
  const byReason = new Map<string, string[]>();
  cases.forEach((c, k) => {
    const got = outcomes[k].restitution;
    const reason = whyTargetMissed(c.normal, got, speed, stepsPerContact);
    if (reason !== undefined) byReason.set(reason, [...byReason.get(reason) ?? [], `${c.label} ${shortNumber(got)}`]);
  });
  return [...byReason].map(([reason, missed]) => `  off the target e by more than ${100 * MISS} %: ${missed.join(', ')}\n`
    + `  (${reason})\n`).join('');
}

function run(scene: Scene, normal: NormalLawInput): ImpactOutcome {
  return simulateImpact({ normal, ...scene });
}

/**
 * Every law of the product for a target e, each with its own example cases (the registry's definitions):
 * speed-dependent laws calibrated at v_ref = the example's speed.
 */
function everyLaw(e: number, speed: number, linearStiffness: number): Case[] {
  return normalModelNames.flatMap((model) => normalLawDefinition(model).examples({ restitution: e, speed, linearStiffness })
    .map(({ label, spec }) => ({ label, normal: spec as NormalLawInput })));
}

/** The laws of the bouncing-ball comparison of Safaeifar 2020 (docs/physics.md §7.9), Gonthier as 1 − e² as there. */
function bouncingBallLaws(e: number): Case[] {
  const laws = ['hunt-crossley', 'lankarani-nikravesh', 'flores', 'gharib-hurmuzlu', 'hu-guo', 'safaeifar-farshidianfar'];
  return [
    { label: 'hertz', normal: { model: 'hertz' } },
    ...laws.map((model) => ({ label: model, normal: { model, restitution: e } as NormalLawInput })),
    { label: 'gonthier (d = 1 − e²)', normal: { model: 'gonthier', restitution: e, form: 'approximate' } },
  ];
}

/** 5.5e9, not 5500000000. */
const exponent = (x: number) => x.toExponential().replace('e+', 'e');

function exampleTables(example: Example, endOfContact: EndOfContact, stepsPerContact: number): Table[] {
  if (example === 'aluminium-spheres') {
    const R = 0.02, mass = 0.092, K = 5.5e9, nu = 0.33, speed = 0.3, e = 0.7;
    const material = { youngsModulus: youngsModulusForStiffness(K, R, 'sphere', nu), poissonsRatio: nu, density: densityForMass(mass, R) };
    // Kelvin–Voigt gets the secant stiffness F_max/δ_max of the elastic Hertz impact (334.6 N / 15.467 µm,
    // docs/physics.md §7.9).
    const secant = 334.6 / 1.5467e-5;
    return [{
      suffix: '',
      heading: (unit) => `two aluminium spheres (docs/physics.md §7.9): R = ${R} m, m = ${mass} kg, K = ${exponent(K)} ${unit}, v₀ = ${speed} m/s, e = ${e}, ${endOfContact}`,
      scene: { material, radius: R, target: 'sphere', speed, gravity: 0, endOfContact, stepsPerContact },
      cases: everyLaw(e, speed, secant),
    }];
  }
  const R = 0.1, mass = 1, K = 1.4e8, nu = 0.3;
  const material = { youngsModulus: youngsModulusForStiffness(K, R, 'wall', nu), poissonsRatio: nu, density: densityForMass(mass, R) };
  return [0.2, 0.4, 0.6, 0.8].map((e) => ({
    suffix: `e${e}`,
    heading: (unit) => `bouncing ball (docs/physics.md §7.9): m = ${mass} kg, R = ${R} m, K = ${exponent(K)} ${unit}, v₀ = 4.2 m/s, g = 9.8 m/s², e = ${e}, ${endOfContact}`,
    scene: { material, radius: R, target: 'wall', speed: 4.2, gravity: 9.8, endOfContact, stepsPerContact },
    cases: bouncingBallLaws(e),
  }));
}
