/**
 * `grainflow calibrate`: what a normal law's damping constant is for a target restitution, and what restitution,
 * contact time and peak force the law then delivers from 0.001 to 10 m/s — computed by the library's calibrateLaw
 * (src/run/calibration.ts), every number measured by running the impact through the engine. Prints the constants
 * and the table, and writes the table as CSV and a plot of e(v) to --out; --compare overlays several laws.
 *
 * The constant is printed in the units a scenario takes it in, so it can be pasted into `contact.normal`.
 */
import { calibrateLaw, type ImpactGeometry, type LawCalibration } from '../api/index.js';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import { formatQuantity } from '../plot/si-units.js';
import { shortNumber } from '../base/short-number.js';
import { refuseToReplace, writeOutputDirectory } from '../api/output-directory.js';
import {
  CliInputError, formatRestitution, geometryOptions, HERTZ_STIFFNESS_UNIT, LAW_USAGE, lawSpec, MISS, parseOptions,
  stepsPerContactOption, text, whyTargetMissed, withInputErrors,
} from './impact-options.js';
import { outputOptions } from './output-options.js';

export const CALIBRATE_USAGE = `usage: grainflow calibrate --model <law> [--restitution e] [--reference-speed v] [--compare law,law,...]
                          [--material JSON] [--radius m] [--target sphere|wall] [--convention no-tension|free]
                          [--steps-per-contact N] [--out dir] [--force]

  Prints the law's derived constants for the target restitution and a table of delivered restitution, contact
  time and peak force against impact speed (0.001–10 m/s), each from an impact run through the engine; writes
  table.csv and restitution-vs-speed.svg to --out (default calibrate-<model>); an existing --out is replaced
  only with --force, and only when grainflow made it.
  --compare               further laws to overlay (same options; with --compare, options a law does not use
                          are left out for it instead of being rejected)
${LAW_USAGE}`;

export async function calibrateCommand(argv: string[]): Promise<number> {
  return withInputErrors('calibrate', async () => {
    const values = parseOptions(argv, { compare: { type: 'string' }, force: { type: 'boolean' } });
    if (typeof values.model !== 'string') throw new CliInputError('missing --model <law>');
    const compare = (text(values, 'compare') ?? '').split(',').map((m) => m.trim()).filter((m) => m !== '');
    const geometry = geometryOptions(values);
    const stepsPerContact = stepsPerContactOption(values);
    const target = text(values, 'out') ?? `calibrate-${values.model}`;
    refuseToReplace(target, values.force === true, { kind: 'calibrate' });
    const models = [values.model, ...compare];
    const laws = models.map((model) => lawSpec(values, model, compare.length > 0));
    const results = laws.map((normal) => calibrateLaw(normal, { ...geometry, stepsPerContact }));
    for (const r of results) process.stdout.write(report(r));
    await writeOutputDirectory(target, outputOptions(values, 'calibrate'), async (out) => {
      out.writeFile('table.csv', csv(results));
      const targetE = (laws[0] as { restitution?: number }).restitution;
      out.writeFile('restitution-vs-speed.svg', await renderLinePlotSvg({
        title: 'Delivered restitution against impact speed',
        subtitle: describeGeometry(geometry),
        x: { label: 'impact speed v₀', unit: 'm/s', log: true },
        y: { label: 'coefficient of restitution e' },
        series: results.map((r) => ({ name: r.normal.model, x: r.rows.map((row) => row.impactSpeed), y: r.rows.map((row) => row.restitution) })),
        references: targetE === undefined ? [] : [{ y: targetE, label: `target e = ${targetE}` }],
      }));
    });
    process.stdout.write(`wrote table.csv and restitution-vs-speed.svg to ${target}\n`);
    return 0;
  });
}

function describeGeometry(g: ImpactGeometry): string {
  const bodies = g.target === 'wall' ? `sphere R = ${g.radius} m on a wall` : `two spheres R = ${g.radius} m`;
  return `${bodies}, E = ${formatQuantity(g.material.youngsModulus, 'Pa')}, ν = ${g.material.poissonsRatio}, `
    + `ρ = ${g.material.density} kg/m³, ${g.endOfContact}`;
}

function report(c: LawCalibration): string {
  const lines: string[] = [];
  const { stiffness, damping, effectiveMass } = c.reference;
  lines.push(`${c.normal.model}: ${describeGeometry(c.geometry)}; ${c.stepsPerContact} steps per contact time`);
  const linear = c.linearSpring;
  lines.push(`  ${linear ? 'k' : 'K'} = ${stiffness.toPrecision(6)} ${linear ? 'N/m' : HERTZ_STIFFNESS_UNIT.terminal}, m* = ${effectiveMass.toPrecision(6)} kg`);
  const constant = c.scenarioConstant;
  if (constant) {
    // A dimensionless constant (Tsuji's α) to 4 decimals, one with units to 6 significant digits.
    const value = constant.unit === 'dimensionless' ? constant.value.toFixed(4) : constant.value.toPrecision(6);
    lines.push(`  ${constant.symbol} = ${value} (${constant.unit})   scenario: "${constant.name}": ${constant.value.toPrecision(6)}`);
  }
  for (const [key, value] of Object.entries(c.derived)) {
    lines.push(`  ${key} = ${typeof value === 'number' ? value.toPrecision(6) : value}`);
  }
  lines.push(`  damping coefficient c = ${damping.toPrecision(6)} (SI; ${c.hysteresis ? 'χ = c/v₀' : 'per contact'})`);
  // The constants hold the target at the reference speed by construction; the impact there says whether the law
  // and the step deliver it (the Hunt–Crossley family's approximate factors, a damping too strong for the step).
  const reason = whyTargetMissed(c.normal, c.reference.restitution, c.referenceSpeed, c.stepsPerContact);
  if (reason !== undefined) {
    lines.push(`  delivers e = ${shortNumber(c.reference.restitution)} at the reference speed ${c.referenceSpeed} m/s, off the `
      + `target by more than ${100 * MISS} % (${reason})`);
  }
  lines.push('  v0 (m/s)   e        contact time (µs)   peak force (N)');
  for (const r of c.rows) {
    lines.push(`  ${r.impactSpeed.toPrecision(3).padEnd(10)} ${formatRestitution(r.restitution).padEnd(8)} `
      + `${(r.contactTime * 1e6).toPrecision(5).padEnd(19)} ${r.maxForce.toPrecision(5)}`);
  }
  return `${lines.join('\n')}\n\n`;
}

function csv(results: LawCalibration[]): string {
  const rows = ['model,impact_speed_m_per_s,restitution,contact_time_s,peak_force_N,max_overlap_m'];
  for (const c of results) {
    for (const r of c.rows) {
      rows.push([c.normal.model, r.impactSpeed, r.restitution, r.contactTime, r.maxForce, r.maxOverlap].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}
