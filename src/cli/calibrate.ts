/**
 * `grainflow calibrate`: what a normal law's damping constant is for a target restitution, and what restitution,
 * contact time and peak force the law then delivers from 0.001 to 10 m/s — every number measured by running the
 * impact through the engine (src/sim/single-impact.ts). Writes the table as CSV and a plot of e(v) to --out;
 * --compare overlays several laws.
 *
 * The constant is printed in the units a scenario takes it in, so it can be pasted into `contact.normal`:
 * Tsuji α (contact-models.md §5.2), Kuwabara–Kono χ (N·s/m^1.5), Brilliantov A (s), Bordbar χ (N·s/m^1.65) — the
 * last three for the pair's K and m* at the given material and radius (§5.0) — the HC family's Z(e) (χ = Z·K/v₀,
 * §3.4), Kelvin–Voigt's and Jankowski's ξ, and the permanent set δ_p/δ_m of the plastic law.
 */
import { normalLawSchema, resolveNormalLaw } from '../forces/normal/registry.js';
import { DampingExponent, type NormalLawCoefficients } from '../forces/normal/law.js';
import { RunDirectory } from '../output/run-directory.js';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import { simulateImpact, type ImpactOutcome, type NormalLawInput } from '../run/single-impact.js';
import {
  CliInputError, geometryOptions, LAW_USAGE, lawSpec, parseOptions, text, withInputErrors, type ImpactGeometry,
} from './impact-options.js';

const USAGE = `usage: grainflow calibrate --model <law> [--restitution e] [--reference-speed v] [--compare law,law,...]
                          [--material JSON] [--radius m] [--target sphere|wall] [--convention no-tension|free]
                          [--out dir]

  Prints the law's derived constants for the target restitution and a table of delivered restitution, contact
  time and peak force against impact speed (0.001–10 m/s), each from an impact run through the engine; writes
  table.csv and restitution-vs-speed.svg to --out (default calibrate-<model>).
  --compare               further laws to overlay (same options; with --compare, options a law does not use
                          are left out for it instead of being rejected)
${LAW_USAGE}`;

/** Impact speeds of the table (m/s), 0.001–10, three per decade. */
export const CALIBRATION_SPEEDS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10];

export async function calibrateCommand(argv: string[]): Promise<number> {
  return withInputErrors('calibrate', async () => {
    const values = parseOptions(argv, { compare: { type: 'string' } });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (typeof values.model !== 'string') throw new CliInputError('missing --model <law>');
    const compare = (text(values, 'compare') ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
    const geometry = geometryOptions(values);
    const models = [values.model, ...compare];
    const laws = models.map((model) => lawSpec(values, model, compare.length > 0));
    const results = laws.map((normal) => calibrate(normal, geometry));
    const out = new RunDirectory(text(values, 'out') ?? `calibrate-${values.model}`);
    try {
      for (const r of results) process.stdout.write(report(r, geometry));
      out.writeFile('table.csv', csv(results));
      out.writeFile('restitution-vs-speed.svg', await renderLinePlotSvg({
        title: `Delivered restitution, ${describeGeometry(geometry)}`,
        xLabel: 'impact speed v₀ (m/s)',
        yLabel: 'coefficient of restitution e',
        xLog: true,
        series: results.map((r) => ({ name: r.normal.model, x: r.rows.map((row) => row.impactSpeed), y: r.rows.map((row) => row.restitution) })),
      }));
      out.commit();
    } finally {
      out.discard();
    }
    process.stdout.write(`wrote table.csv and restitution-vs-speed.svg to ${out.target}\n`);
    return 0;
  });
}

export interface Calibration {
  normal: NormalLawInput;
  law: NormalLawCoefficients;
  /** the impact at the reference speed (1 m/s when the law has none): K, c and m* of the contact */
  reference: ImpactOutcome;
  referenceSpeed: number;
  rows: ImpactOutcome[];
}

export function calibrate(normal: NormalLawInput, g: ImpactGeometry): Calibration {
  const referenceSpeed = (normal as { referenceSpeed?: number }).referenceSpeed ?? 1;
  const run = (speed: number) => simulateImpact({ normal, endOfContact: g.endOfContact, speed, target: g.target,
    material: g.material, radius: g.radius });
  // The first run validates the spec (ScenarioError otherwise), so parsing it again below cannot fail.
  const reference = run(referenceSpeed);
  const law = resolveNormalLaw(normalLawSchema.parse(normal), g.material, g.material, g.endOfContact, 'contact.normal');
  return { normal, law, reference, referenceSpeed, rows: CALIBRATION_SPEEDS.map(run) };
}

/** The constant of the law a scenario would take, with its name, value and unit. */
export function scenarioConstant(c: Calibration): { name: string; value: number; unit: string } | undefined {
  const { stiffness: K, damping } = c.reference;
  switch (c.normal.model) {
    case 'tsuji': return { name: 'alpha', value: c.law.derived.alpha as number, unit: 'dimensionless' };
    case 'kuwabara-kono': return { name: 'chi', value: damping, unit: 'N·s/m^1.5' };
    // c = (3/2)·K·A
    case 'brilliantov': return { name: 'A', value: damping / (1.5 * K), unit: 's' };
    case 'bordbar': return { name: 'chi', value: damping, unit: 'N·s/m^1.65' };
    default: return undefined;
  }
}

function describeGeometry(g: ImpactGeometry): string {
  const bodies = g.target === 'wall' ? `sphere R = ${g.radius} m on a wall` : `two spheres R = ${g.radius} m`;
  return `${bodies}, E = ${g.material.youngsModulus} Pa, ν = ${g.material.poissonsRatio}, ρ = ${g.material.density} kg/m³, ${g.endOfContact}`;
}

function report(c: Calibration, g: ImpactGeometry): string {
  const lines: string[] = [];
  const { stiffness, damping, effectiveMass } = c.reference;
  lines.push(`${c.normal.model}: ${describeGeometry(g)}`);
  const linear = c.normal.model === 'kelvin-voigt';
  lines.push(`  ${linear ? 'k' : 'K'} = ${stiffness.toPrecision(6)} ${linear ? 'N/m' : 'N m^-3/2'}, m* = ${effectiveMass.toPrecision(6)} kg`);
  const constant = scenarioConstant(c);
  if (constant) {
    const value = constant.name === 'alpha' ? constant.value.toFixed(4) : constant.value.toPrecision(6);
    const symbol = constant.name === 'alpha' ? 'α' : constant.name === 'chi' ? 'χ' : 'A';
    lines.push(`  ${symbol} = ${value} (${constant.unit})   scenario: "${constant.name}": ${constant.value.toPrecision(6)}`);
  }
  for (const [key, value] of Object.entries(c.law.derived)) {
    lines.push(`  ${key} = ${typeof value === 'number' ? value.toPrecision(6) : value}`);
  }
  lines.push(`  damping coefficient c = ${damping.toPrecision(6)} (SI; ${c.law.dampingExponent === DampingExponent.hysteresis ? 'χ = c/v₀' : 'per contact'})`);
  lines.push('  v0 (m/s)   e        contact time (µs)   peak force (N)');
  for (const r of c.rows) {
    lines.push(`  ${r.impactSpeed.toPrecision(3).padEnd(10)} ${r.restitution.toFixed(4).padEnd(8)} `
      + `${(r.contactTime * 1e6).toPrecision(5).padEnd(19)} ${r.maxForce.toPrecision(5)}`);
  }
  return `${lines.join('\n')}\n\n`;
}

function csv(results: Calibration[]): string {
  const rows = ['model,impact_speed_m_per_s,restitution,contact_time_s,peak_force_N,max_overlap_m'];
  for (const c of results) {
    for (const r of c.rows) {
      rows.push([c.normal.model, r.impactSpeed, r.restitution, r.contactTime, r.maxForce, r.maxOverlap].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}
