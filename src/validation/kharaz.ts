/**
 * Oblique impacts against experiment: Kharaz, Gorham & Salman, "An experimental study of the elastic rebound of
 * spheres", Powder Technol. 120 (2001) 281–291. Aluminium oxide spheres (d = 5 mm) hit a soda-lime glass anvil at
 * 3.9 m/s from 0° to 60° off the normal; the paper measures the tangential restitution e_t = v′_t/v_t of the centre,
 * the rebound spin and the rebound angle. The points are those digitised from its figures in Lethe's
 * oblique-wall-impact example (chaos-polymtl/lethe, examples/dem/3d-oblique-wall-impact), with the materials used
 * there: sphere E = 380 GPa, ν = 0.23, ρ = 4000 kg/m³; glass E = 70 GPa, ν = 0.25; e = 0.98, μ = 0.092.
 *
 * What is checked and what is not (docs/physics.md §9):
 * - Above about 30° the contact slides throughout, so e_t = 1 − μ(1+e)/tan θ whatever the tangential compliance;
 *   μ = 0.092 is Chung & Ooi's fit of these very points, so a comparison there is circular: shown, not checked.
 * - Below 30° the contact sticks for part of the impact and the tangential compliance decides the outcome. Those
 *   points are checked, e_t, spin and rebound angle, with the data's scatter as the tolerance, for Mindlin &
 *   Deresiewicz's micro-slip (docs/physics.md §9.9); Mindlin's no-slip spring is plotted beside it, and misses
 *   e_t by up to 0.15 below 10°.
 * - Beside each of those points the same model with a fine spring row at a fine step (mdr-springs.ts) is shown: its
 *   distance from the engine is the engine's discretisation (8 springs, ~50 steps per contact), its distance from
 *   the measured value the theory's.
 */
import type { Material } from '../scenario/schema.js';
import type { PlotSeries } from '../plot/line-plot.js';
import { absolute, check, definedIn, shown, type CaseResult, type Check, type ValidationCase } from './checks.js';
import { collide, inTurn, type PlanarMotion, type TangentialModel } from './collision.js';
import { referenceImpact } from './oblique.js';

const SPHERE: Material = { youngsModulus: 3.8e11, poissonsRatio: 0.23, density: 4000 };
const GLASS: Material = { youngsModulus: 7.0e10, poissonsRatio: 0.25, density: 2500 };
const RADIUS = 0.0025, SPEED = 3.9, RESTITUTION = 0.98, FRICTION = 0.092;
/** The experiment's impact, for the other cases that run it (tangential-step.ts). */
export const KHARAZ_IMPACT = {
  material: SPHERE, radius: RADIUS, target: { plane: GLASS }, speed: SPEED, restitution: RESTITUTION, friction: FRICTION,
} as const;
/** The tangential model checked against the experiment; the other is plotted beside it. */
const CHECKED: TangentialModel = 'mindlin-deresiewicz';

/** Incident angle θ (° from the normal) against the measured quantity. */
type Series = readonly (readonly [number, number])[];
/** e_t = v′_t/v_t of the centre. */
const TANGENTIAL_RESTITUTION: Series = [[1.84, 0.79344], [3.703, 0.74533], [9.496, 0.67257], [20.012, 0.59691],
  [30.127, 0.68756], [39.382, 0.77148], [49.694, 0.84761], [60.02, 0.90142]];
/** |ω′| (rad/s). */
const REBOUND_SPIN: Series = [[6.143, 136.18], [10.991, 265.69], [21.251, 577.65], [31.157, 612.88], [39.143, 595.49],
  [50.348, 453.21], [60.328, 382.09]];
/** Rebound angle of the centre's velocity from the normal (°). */
const REBOUND_ANGLE: Series = [[2.15, 1.733], [4.096, 2.962], [9.826, 6.518], [20.567, 12.208], [30.29, 21.67],
  [39.535, 32.613], [49.747, 45.125], [60.208, 57.474]];

/** Below this incident angle (°) the contact sticks for part of the impact: the points that test the model. */
const STICKING_BELOW = 30;

/**
 * The band: a scatter of ±0.02 in e_t, attributed to Kharaz et al. since this case was written; two of it is the 95 %
 * band of one measured point. The figure could not be verified (2026-11-27): of the paper and of its companion on the
 * method (Gorham & Kharaz, "The measurement of particle rebound characteristics", Powder Technol. 112 (2000)
 * 193–202) only the abstracts could be read; they say that speed, angle and rotation before and after impact were
 * measured from strobe images taken with a single-frame digital camera, more reproducibly and precisely than in any
 * earlier work, and give no number for e_t or for the spin. The data bear its size out (docs/physics.md §9.9): the
 * rebound angles, read as e_t through tan θ′ = e_t tan θ / e, lie 0.001–0.034 below the e_t points at the
 * neighbouring angles (after the theory's change of e_t between the two), two readings of one quantity about 0.03
 * apart, i.e. about ±0.02 each — from four pairs, all of one sign, so the size is known only to within a factor of
 * about two. The spin and the rebound angle are computed from the same measured velocities, so their bands are this
 * one carried through (spinBand, angleBand): ω′ = (5/2)(1 − e_t)v_t/R for a sphere that lands without spin, and
 * tan θ′ = e_t tan θ / e.
 */
const E_T_BAND = 0.04;
const SCATTER = 'twice the ±0.02 scatter in e_t attributed to Kharaz et al. (a 95 % band for one measured point; the '
  + 'figure is not in what could be read of the paper, and the data\'s own consistency bears its size out: '
  + 'docs/physics.md §9.9)';

function spinBand(angle: number): number {
  return (2.5 * E_T_BAND * SPEED * Math.sin(toRadians(angle))) / RADIUS;
}

function angleBand(angle: number, measuredAngle: number): number {
  // dθ′/de_t = (tan θ / e) / (1 + tan²θ′), in degrees
  const tanOut = Math.tan(toRadians(measuredAngle));
  return toDegrees((E_T_BAND * Math.tan(toRadians(angle))) / RESTITUTION / (1 + tanOut * tanOut));
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Known disagreement (docs/physics.md §9.9): the spin measured at 6.1° is 136 rad/s, Mindlin & Deresiewicz's theory
 * (the engine, and the fine spring row alike) gives 116–117. The point is out of line with the rest of the data too:
 * for a sphere that lands without spin ω′ = (5/2)(1 − e_t)v_t/R, so it means e_t = 0.674 where the measured e_t points
 * either side give 0.715–0.742 at 6.1°, while the other six spin points agree with the e_t points to 0.016. A second
 * digitisation (Kratos's, of Chung & Ooi's replot of the data) has the same point, 135 rad/s at 5.9°. No uncertainty
 * of the spin could be read (see E_T_BAND), so the band is not widened for it, nor for the number of rows checked
 * (§9.9 gives the family-wise band and what it would cost): the row stays open.
 */
const SPIN_OUT_OF_LINE = 'open: the measured spin at 6.1° (136 rad/s; 135 rad/s at 5.9° in a second digitisation) is '
  + 'above Mindlin & Deresiewicz\'s theory (117 rad/s with a fine spring row) and above what the measured e_t imply '
  + '(e_t 0.674 against 0.715–0.742 from the points either side, where the other six spin points agree with the e_t '
  + 'points to 0.016); no uncertainty of the spin could be read in the paper, so the band stays the one carried from '
  + 'e_t (docs/physics.md §9.9)';

/** One impact at incident angle θ through the engine, at the automatic step. */
async function impact(angle: number, tangential: TangentialModel = CHECKED): Promise<PlanarMotion> {
  return (await impactAndTheory(angle, tangential, false)).engine;
}

/** The same impact through the engine and, if asked, through Mindlin & Deresiewicz's theory with a fine spring row. */
async function impactAndTheory(angle: number, tangential: TangentialModel, withTheory: boolean):
  Promise<{ engine: PlanarMotion; theory: PlanarMotion | null }> {
  const spec = {
    material: SPHERE, radius: RADIUS, target: { plane: GLASS }, restitution: RESTITUTION, friction: FRICTION,
    normalSpeed: SPEED * Math.cos(toRadians(angle)), tangentialSpeed: SPEED * Math.sin(toRadians(angle)), spin: 0,
  };
  const out = await collide({ ...spec, normal: { model: 'tsuji', restitution: RESTITUTION }, tangential });
  const theory = withTheory ? referenceImpact({ ...spec, tangential }, out.damping, CHECKED).motion[0] : null;
  return { engine: out.after[0], theory };
}

interface Quantity {
  name: string;
  data: Series;
  value(angle: number, m: PlanarMotion): number;
  band(angle: number, measured: number): number;
  /** incident angles (°) below STICKING_BELOW whose check is known to fail today */
  open: readonly number[];
}

const QUANTITIES: readonly Quantity[] = [
  { name: 'e_t', data: TANGENTIAL_RESTITUTION, value: (a, m) => m.tangential / (SPEED * Math.sin(toRadians(a))),
    band: () => E_T_BAND, open: [] },
  { name: 'spin |ω′| (rad/s)', data: REBOUND_SPIN, value: (_, m) => Math.abs(m.spin), band: spinBand, open: [6.143] },
  { name: 'rebound angle (°)', data: REBOUND_ANGLE, value: (_, m) => toDegrees(Math.atan2(m.tangential, m.normal)),
    band: angleBand, open: [] },
];

async function experiment(): Promise<CaseResult> {
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const q of QUANTITIES) {
    for (const [angle, measured] of q.data) {
      const run = await impactAndTheory(angle, CHECKED, angle < STICKING_BELOW);
      const value = q.value(angle, run.engine);
      const quantity = `${q.name} at ${angle}°, ${CHECKED}`;
      if (run.theory === null) {
        checks.push(shown(quantity, 'Kharaz et al. 2001', measured, value, 'the contact slides throughout here, and '
          + 'μ = 0.092 was fitted to these points (Chung & Ooi 2011): a comparison would be circular'));
        continue;
      }
      const c = check(quantity, 'Kharaz et al. 2001', measured, value, absolute(q.band(angle, measured), SCATTER));
      checks.push(q.open.includes(angle) ? { ...c, open: SPIN_OUT_OF_LINE } : c);
      checks.push(shown(`${q.name} at ${angle}°, Mindlin & Deresiewicz's theory, fine spring row`, 'Kharaz et al. 2001',
        measured, q.value(angle, run.theory), 'the same model with 100 springs at 100 000 steps per contact '
        + '(mdr-springs.ts): the engine\'s discretisation is its distance from the row above, the theory\'s error its '
        + 'distance from the measured value'));
    }
  }
  // The plot: e_t of both tangential models on a fine sweep of angles beside the measured points.
  const sweep = Array.from({ length: 30 }, (_, k) => 1 + 2 * k);
  const small = sweep.filter((a) => a < STICKING_BELOW);
  series.push(
    ...await inTurn(['mindlin-deresiewicz', 'mindlin'] as const, async (model) => ({
      name: `grainflow, ${model}`, x: sweep, y: await inTurn(sweep, async (a) => QUANTITIES[0].value(a, await impact(a, model))) })),
    // Markers, not a line: the engine's line lies on the theory's, and a line drawn over it would hide it.
    { name: 'Mindlin & Deresiewicz theory, fine spring row', x: small, mark: 'point',
      y: await inTurn(small, async (a) => QUANTITIES[0].value(a, (await impactAndTheory(a, CHECKED, true)).theory!)) },
    { name: 'Kharaz et al. 2001 (experiment)', x: TANGENTIAL_RESTITUTION.map((p) => p[0]),
      y: TANGENTIAL_RESTITUTION.map((p) => p[1]), mark: 'point' },
    { name: 'rigid body, sliding: 1 − μ(1+e)/tan θ', x: sweep.filter((a) => a >= 15),
      y: sweep.filter((a) => a >= 15).map((a) => 1 - (FRICTION * (1 + RESTITUTION)) / Math.tan(toRadians(a))) },
  );
  return { checks, plot: { title: 'Oblique impacts of Al_{2}O_{3} spheres on glass at 3.9 m/s (Kharaz et al. 2001)',
    x: { label: 'incident angle θ (°)' }, y: { label: 'tangential restitution e_{t} = v′_{t}/v_{t}' }, series } };
}

export const EXPERIMENT_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'kharaz-2001', title: 'Oblique impacts against experiment: Kharaz, Gorham & Salman 2001', long: false, run: experiment },
]);
