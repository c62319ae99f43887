/**
 * scenarios/drum.json in the report: the dynamic angle of repose of the drum's bed at ω = 0.6, 1.2 (the file's) and
 * 2.4 rad/s, Froude numbers 0.0018 to 0.029 across the rolling–cascading range. Checked: the angle rises with the
 * rotation speed (the weighted slope against ω, each run's angle weighted by its standard error). No published angle
 * for these exact conditions (bead size, drum, friction, softened stiffness) was found, so none is checked; the plot
 * marks the Froude ranges of Mellmann's regime map (analysis/drum.ts MELLMANN_REGIMES, as recalled).
 * Each run is the file as shipped but for the rotation rate (and frames off).
 */
import { fitLine } from '../analysis/linear-fit.js';
import { MELLMANN_REGIMES } from '../analysis/drum.js';
import { atLeast, type CaseContext, type CaseResult, type Check, type ValidationCase } from './checks.js';
import { readScenarioFile, runScenarioFile } from './scenario-run.js';

/** Rotation rates of the drum runs (rad/s): half, once and twice the file's. */
const DRUM_RATES = [0.6, 1.2, 2.4];
const DRUM_ANGLE_RISES = 'the dynamic angle of a drum bed rises with its rotation speed through the rolling and cascading '
  + 'regimes (the surface steepens and bends as more material is lifted); two standard errors keep the check from '
  + 'passing on scatter alone';

interface ReportedDrum { dynamicAngle_deg: number; dynamicAngleError_deg: number; froude: number; regimes: string[] }

async function drum(context: CaseContext): Promise<CaseResult> {
  const shipped = readScenarioFile('scenarios/drum.json').walls[0];
  if (shipped.motion?.rotation?.angularVelocity !== DRUM_RATES[1]) {
    throw new Error(`scenarios/drum.json changed: its drum should turn at ${DRUM_RATES[1]} rad/s`);
  }
  const runs: ReportedDrum[] = [];
  for (const rate of DRUM_RATES) {
    const summary = await runScenarioFile('scenarios/drum.json', (s) => { s.walls[0].motion!.rotation!.angularVelocity = rate; }, context);
    runs.push(summary.analysis as unknown as ReportedDrum);
  }
  const fit = fitLine(DRUM_RATES, runs.map((r) => r.dynamicAngle_deg), runs.map((r) => Math.max(r.dynamicAngleError_deg, 1e-3)));
  const checks: Check[] = [atLeast(`slope of the dynamic angle against ω (° per rad/s), ω = ${DRUM_RATES.join(', ')} rad/s`,
    'two standard errors of the slope', 2 * fit.slopeError, fit.slope, DRUM_ANGLE_RISES)];
  const froude = runs.map((r) => r.froude);
  const angles = runs.map((r) => r.dynamicAngle_deg);
  const low = Math.min(...angles) - 5, high = Math.max(...angles) + 5;
  const boundaries = [...new Set(MELLMANN_REGIMES.flatMap((r) => [r.from, r.to]))]
    .filter((f) => f >= froude[0] / 3 && f <= froude[froude.length - 1] * 3);
  return { checks, plot: { title: 'Rotating drum: dynamic angle of repose against the Froude number (scenarios/drum.json)',
    subtitle: ['each point: the mid-plane surface angle averaged over the steady flow, ± its standard error',
      `dotted verticals: ends of the Froude ranges of Mellmann's regime map at ${boundaries.join(', ')} (as recalled, not checked)`],
    x: { label: 'Froude number ω²R/g', log: true }, y: { label: 'dynamic angle of repose (°)' }, series: [
      { name: 'grainflow', x: froude, y: angles, mark: 'point' },
      { name: 'grainflow − error', group: 'grainflow ± standard error', x: froude, y: runs.map((r) => r.dynamicAngle_deg - r.dynamicAngleError_deg) },
      { name: 'grainflow + error', group: 'grainflow ± standard error', x: froude, y: runs.map((r) => r.dynamicAngle_deg + r.dynamicAngleError_deg) },
      ...boundaries.map((f) => ({ name: `Fr = ${f}`, group: 'regime range ends (Mellmann 2001)', x: [f, f], y: [low, high] })),
    ] } };
}

export const DRUM_CASES: readonly ValidationCase[] = [
  { id: 'drum-angle', title: 'Rotating drum: dynamic angle of repose against rotation speed', long: true, run: drum },
];
