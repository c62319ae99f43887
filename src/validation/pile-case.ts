/**
 * The pile case of the report, from whole runs of the scenario file (a long case: minutes): pile.json at μ = 0, 0.05,
 * 0.1, 0.3 and the file's 0.5 (its μ_r = 0.1 but at μ = 0): the angle of repose rises with μ (the weighted slope over
 * the frictional heaps, analysis/repose.ts reposeTrend); the flat frictionless heap (the floor stays rough, as in
 * test/physics/pile.test.ts) is shown, not checked.
 * Each run is the file as shipped but for the field varied (and frames off); the numbers README quotes for this
 * scenario are the ones this prints.
 */
import { reposeTrend, type ReportedHeap } from '../analysis/repose.js';
import { atLeast, definedIn, shown, type CaseContext, type CaseResult, type Check, type ValidationCase } from './checks.js';
import { readScenarioFile, runScenarioFile } from './scenario-run.js';

// μ = 0.05 is sampled because the angle rises most at small μ and levels off above about 0.3 (Zhou et al. 2002):
// with 0.1, 0.3 and 0.5 alone the rise (≈ 3° against ±1.5° per heap) was not two standard errors in every run.
const LOWER_FRICTIONS = [0, 0.05, 0.1, 0.3];
const REPOSE_RISES = 'steeper heaps for larger μ (Zhou et al. 2001): the slope of a straight line through the frictional heaps, '
  + 'each weighted by its uncertainty (the scatter over 8 sectors), is positive by two standard errors (one-sided 98 %)';


async function repose(context: CaseContext): Promise<CaseResult> {
  const { friction: shipped, rollingFriction } = readScenarioFile('scenarios/pile.json').contact;
  if (shipped === undefined || shipped <= LOWER_FRICTIONS[LOWER_FRICTIONS.length - 1]) {
    throw new Error(`scenarios/pile.json changed: its μ (${shipped}) should exceed ${LOWER_FRICTIONS.join(', ')}`);
  }
  const frictions = [...LOWER_FRICTIONS, shipped];
  const heaps: ReportedHeap[] = [];
  for (const mu of frictions) {
    const summary = await runScenarioFile('scenarios/pile.json', (s) => {
      s.contact.friction = mu;
      s.contact.rollingFriction = mu === 0 ? 0 : rollingFriction;
      // The floor stays rough but for the frictionless control, where nothing may resist sliding or rolling.
      if (mu === 0) {
        s.contactPairs![0].friction = 0;
        s.contactPairs![0].rollingFriction = 0;
      }
    }, context);
    heaps.push(summary.analysis as unknown as ReportedHeap);
  }
  const checks: Check[] = [shown('angle of repose (°), μ = 0', 'frictionless spheres spread flat: 0°', 0, heaps[0].angleOfRepose_deg,
    'frictionless spheres cannot hold a slope, so no engine could fail it; it shows that the estimator reads 0° for a layer')];
  const mus = frictions.slice(1), angles = heaps.slice(1);
  const trend = reposeTrend(mus, angles);
  checks.push(atLeast(`slope of the angle against μ (° per unit μ), μ = ${mus.join(', ')}`, 'two standard errors of the slope',
    2 * trend.slopeError, trend.slope, REPOSE_RISES));
  const angle = (h: ReportedHeap) => `${h.angleOfRepose_deg.toFixed(1)}° ± ${h.uncertainty_deg.toFixed(1)}°`;
  const figures = frictions.map((mu, k) => `${angle(heaps[k])} at μ = ${mu}`);
  const line = [mus[0], mus[mus.length - 1]];
  return { checks, figures, plot: { title: `Angle of repose of poured heaps (scenarios/pile.json, μ_{r} = ${rollingFriction})`,
    x: { label: 'sliding friction μ' }, y: { label: 'angle of repose (°)' }, series: [
      { name: 'grainflow ± standard error over the 8 sectors', x: mus, y: angles.map((h) => h.angleOfRepose_deg),
        error: angles.map((h) => h.uncertainty_deg), mark: 'point' },
      { name: `weighted fit: ${trend.slope.toFixed(1)} ± ${trend.slopeError.toFixed(1)} ° per unit μ`, x: line,
        y: line.map((mu) => trend.intercept + trend.slope * mu) },
      { name: 'frictionless: 0°', x: [0], y: [heaps[0].angleOfRepose_deg], mark: 'point' },
    ] } };
}

export const PILE_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'pile-repose', title: 'Angle of repose against sliding friction', long: true, run: repose },
]);
