/**
 * The granular-gas cooling case of the report, from whole runs of the scenario files (a long case: minutes):
 * granular-gas.json / granular-gas-brilliantov.json: the cooling exponent p of T0/(1 + t/τ)^p against Haff's 2 and
 * Brilliantov & Pöschel's 5/3 (src/analysis/cooling.ts).
 * Each run is the file as shipped but for frames off; the numbers README quotes for these scenarios are the ones
 * this prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CoolingFit } from '../analysis/cooling.js';
import type { PlotSeries } from '../plot/line-plot.js';
import { absolute, check, definedIn, type CaseContext, type CaseResult, type Check, type ValidationCase } from './checks.js';
import { runScenarioFile } from './scenario-run.js';

/**
 * The two gases must be told apart: Haff's p = 2 (Tsuji, constant e) and Brilliantov & Pöschel's p = 5/3
 * (viscoelastic, e rising as the gas cools). A window of half their distance, ±1/6, is the widest in which no
 * exponent passes for both; the 500 soft spheres sit ~0.08 above the hard-sphere value (their contacts last ~10 % of
 * the free flight at first), inside it.
 */
const COOLING = absolute(1 / 6, 'half the distance between Haff\'s 2 and Brilliantov & Pöschel\'s 5/3, so that the '
  + 'two windows do not overlap and each law is told from the other; the 500 soft spheres sit ~0.08 above the '
  + 'hard-sphere value, inside it');

/** Markers per decade of 1 + t/τ in the cooling figure: every row of temperature.csv would bury the law's line. */
const MARKERS_PER_DECADE = 12;

/** Indices of increasing values x, the first after each step of 1/perDecade decade on a log axis (and the last). */
function evenOnLogAxis(x: readonly number[], perDecade: number): number[] {
  const kept: number[] = [];
  let next = -Infinity;
  x.forEach((v, k) => {
    if (Math.log10(v) >= next || k === x.length - 1) { kept.push(k); next = Math.log10(v) + 1 / perDecade; }
  });
  return kept;
}

async function cooling(context: CaseContext): Promise<CaseResult> {
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  const figures: string[] = [];
  for (const [file, theory, name] of [
    ['scenarios/granular-gas.json', 2, "Haff's law (Tsuji, e = 0.8): p = 2"],
    ['scenarios/granular-gas-brilliantov.json', 5 / 3, 'Brilliantov & Pöschel (viscoelastic): p = 5/3'],
  ] as const) {
    let rows: number[][] = [];
    const summary = await runScenarioFile(file, () => {}, context, (dir) => {
      rows = fs.readFileSync(path.join(dir, 'temperature.csv'), 'utf8').trim().split('\n').slice(1)
        .map((line) => line.split(',').map(Number));
    });
    const fit = (summary.analysis as unknown as { fit: CoolingFit }).fit;
    checks.push(check(`cooling exponent p, ${path.basename(file)}`, name, theory, fit.exponent, COOLING));
    figures.push(`p = ${fit.exponent.toFixed(2)}`);
    // T against 1 + t/τ on log axes: the late-time slope is −p.
    const x = rows.map((r) => 1 + r[0] / fit.tau);
    const shown = evenOnLogAxis(x, MARKERS_PER_DECADE);
    series.push(
      { name: `grainflow, ${path.basename(file)}`, x: shown.map((k) => x[k]), y: shown.map((k) => rows[k][1] / fit.T0), mark: 'point' },
      { name: `(1 + t/τ)^{−${theory === 2 ? '2' : '5/3'}}`, x, y: x.map((v) => v ** -theory) },
    );
  }
  return { checks, figures: [`cooling exponents ${figures.join(' and ')}`], plot: { title: 'Homogeneous cooling of a granular gas', x: { label: '1 + t/τ', log: true }, y: { label: 'T/T_{0}', log: true }, series } };
}

export const COOLING_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'granular-gas-cooling', title: 'Granular gas cooling: Haff (p = 2) and Brilliantov & Pöschel (p = 5/3)', long: true, run: cooling },
]);
