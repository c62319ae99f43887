/**
 * The restitution every normal law delivers, through the engine (one head-on impact of two aluminium spheres per
 * speed, `grainflow calibrate`'s impacts), against the law's exact relation:
 *   - Tsuji, Kelvin–Voigt, Jankowski and the plastic law are calibrated exactly and speed-independent: e_out = e_in
 *     at every speed (docs/physics.md §3.3, §5);
 *   - the speed-dependent laws (Kuwabara–Kono, Brilliantov, Bordbar, Hertz with a dashpot: the registry's
 *     speedBehaviour) are calibrated at their reference speed (1 m/s): e_out = e_in there (at other speeds e
 *     follows v, §7.1, and nothing exact is compared);
 *   - the Hunt–Crossley family delivers, at every speed, the e_out of h(1 + e) = ln[(1 + h)/(1 − e h)] with h the
 *     law's factor Z(e_in) (§4.3), solved here by bisection independently of src/forces/normal/hysteresis.ts;
 *   - Hertz: e = 1.
 */
import type { PlotSeries } from '../plot/line-plot.js';
import { normalLawDefinition, normalModelNames } from '../forces/normal/registry.js';
import { calibrate, DEFAULT_IMPACT_GEOMETRY } from '../run/calibration.js';
import type { NormalLawInput } from '../run/single-impact.js';
import { absolute, definedIn, worstOf, type CaseResult, type Check, type ValidationCase } from './checks.js';

/** The restitution asked of every law. */
const TARGET = 0.7;
/** Impact speeds (m/s): above every Hunt–Crossley law's default minimum impact speed (0.01 m/s). */
const SPEEDS = [0.1, 0.3, 1, 3, 10];
const REFERENCE_SPEED = 1;
/** Kelvin–Voigt's spring (N/m): a contact time of about 0.5 ms for the 20 mm aluminium spheres. */
const LINEAR_STIFFNESS = 1e6;

const RESTITUTION = absolute(0.003, 'the suite\'s acceptance for a delivered restitution (docs/verification.md): '
  + 'the automatic step\'s error in e, up to 0.002 at the default t_c/50');

/** e of h(1 + e) = ln[(1 + h)/(1 − e h)] for h > 0 (docs/physics.md §4.3): the root in (0, min(1, 1/h)). */
export function hysteresisRestitution(h: number): number {
  const f = (e: number) => h * (1 + e) - Math.log((1 + h) / (1 - e * h));
  let low = 0, high = Math.min(1, 1 / h) * (1 - 1e-15);
  // f > 0 below the root, < 0 above it (f(0) = h − ln(1 + h) > 0; f → −∞ as e h → 1).
  for (let k = 0; k < 200; k++) {
    const mid = 0.5 * (low + high);
    if (f(mid) > 0) low = mid; else high = mid;
  }
  return 0.5 * (low + high);
}

function restitutionOfEveryLaw(): CaseResult {
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const model of normalModelNames) {
    const definition = normalLawDefinition(model);
    // The law's first example case: its plain form, calibrated (where it depends on speed) at REFERENCE_SPEED.
    const [{ spec }] = definition.examples({ restitution: TARGET, speed: REFERENCE_SPEED, linearStiffness: LINEAR_STIFFNESS });
    const normal = spec as NormalLawInput;
    const speedDependent = definition.speedBehaviour === 'speed-dependent';
    const law = calibrate(normal, DEFAULT_IMPACT_GEOMETRY, SPEEDS);
    const delivered = law.rows.map((r) => r.restitution);
    const factor = law.derived.hysteresisFactorZ;
    // A law without a restitution (Hertz) is elastic.
    const elastic = spec.restitution === undefined;
    const exact = elastic ? 1 : typeof factor === 'number' ? hysteresisRestitution(factor) : TARGET;
    const relation = elastic ? 'elastic: e = 1' : typeof factor === 'number'
      ? `h(1+e) = ln[(1+h)/(1−eh)], h = Z = ${Number(factor.toPrecision(4))}` : `e = ${TARGET} as calibrated`;
    const points = SPEEDS.map((v, k) => ({ label: `${v} m/s`, reference: exact, value: delivered[k] }))
      .filter((p, k) => !speedDependent || SPEEDS[k] === REFERENCE_SPEED);
    checks.push(worstOf(`e, ${model}, at`, relation, points, RESTITUTION));
    // The plot shows what is checked: each point's e minus the law's exact e, inside the tolerance band.
    const checked = SPEEDS.flatMap((v, k) => (speedDependent && v !== REFERENCE_SPEED ? [] : [k]));
    series.push({ name: model, x: checked.map((k) => SPEEDS[k]), y: checked.map((k) => delivered[k] - exact),
      mark: checked.length === 1 ? 'point' : 'line' });
  }
  return {
    checks,
    plot: { title: `Restitution of every law asked for e = ${TARGET} (aluminium, R = 20 mm, head-on)`,
      subtitle: 'delivered e minus the law\'s exact e; the speed-dependent laws at their reference speed only',
      x: { label: 'impact speed v (m/s)', log: true }, y: { label: 'e − e_{exact}' }, series, height: 400,
      references: [{ y: RESTITUTION.tolerance, label: `+${RESTITUTION.tolerance}` }, { y: -RESTITUTION.tolerance, label: `−${RESTITUTION.tolerance}` }] },
  };
}

export const RESTITUTION_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'restitution-every-law', title: `Restitution of every normal law against its exact relation (e_in = ${TARGET})`,
    long: false, run: restitutionOfEveryLaw },
]);
