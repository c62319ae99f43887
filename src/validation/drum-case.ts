/**
 * scenarios/drum.json in the report: the dynamic angle of repose of the drum's bed at ω = 0.6, 1.2 (the file's) and
 * 2.4 rad/s, Froude numbers 0.0018 to 0.029 across the rolling–cascading range. Checked: the angle rises with the
 * rotation speed (the weighted slope against ω, each run's angle weighted by its standard error). Shown beside it, not
 * checked: the angles Sunday et al. (2020) published for a drum of glass beads at Fr = 1e-4 to 0.1, and the rise per
 * decade of Fr of both over the runs' stretch; the plot marks the Froude ranges of Mellmann's regime map
 * (analysis/drum.ts).
 * Each run is the file as shipped but for the rotation rate (and frames off).
 *
 * The search for a published angle to check (2026-11-27; Lethe's case read and run 2026-11-28). What was looked
 * for: a measured or DEM dynamic angle of glass beads with its drum diameter, bead size, fill, speed and friction
 * stated, at conditions a few thousand spheres can repeat. What was found, and why none is checked:
 *   - Sunday, Murdoch, Tardivel, Schwartz & Michel, MNRAS 498 (2020) 1062–1079 (arXiv:2009.10448), Table 3: Chrono DEM
 *     of 1 mm (± 0.2 mm) glass beads, half full, μ = 0.16 between beads and 0.45 on a particle-lined wall, rolling
 *     friction 0.09 in Chrono's model, softened to E = 70 MPa; the angle at Fr = 1e-4 … 0.1 with its scatter. Quoted
 *     from the validation notes of a public DEM project (github.com/madhusiddharths/gpu_project,
 *     docs/validation_targets.md, which states it read them from the paper's full text); the paper was not read
 *     here. Not checkable: the drum is quoted as 60 mm for 1 mm beads (D/d ≈ 60 against 20 here; its length is not
 *     quoted), so a few thousand spheres give a slice a few beads thick, and a thin drum's surface is
 *     steeper than the middle of a long one (the end walls' friction, nmr.org/granular/endwalls.html); the
 *     rolling-resistance laws differ (Chrono's against EPSD here) and the angle moves by 9° between μ_r = 0 and 0.09
 *     in their runs, so no tolerance could tell a fault of the engine from the difference of the laws. Sunday et
 *     al. themselves report their angles 5–7° above the experiments of Brucks et al. (2007) that they model.
 *   - The calibration example of Lethe (github.com/chaos-polymtl/lethe, examples/dem/3d-rotating-drum-calibration:
 *     README.md, rotating-drum.prm, calibration_parameter_loop.py, calculate_angle.py, particles.input; its contact
 *     laws from doc/source/theory/multiphase/dem/dem.rst; read 2026-11-28; no documentation page for the example
 *     was found). What it states: a drum of radius 69 mm and half-length 92.5 mm (grid arguments 0.069:0.0925), its
 *     boundaries 0, 1 and 2 turning at 2.198 rad/s about the horizontal axis (the side and, as deal.II numbers a
 *     cylinder's boundaries, both flat ends; Fr = 0.034, cascading); 6 000 spheres of 5.95 mm (the pre-loaded bed
 *     it starts from, particles.input, lists 6.0 mm), 1 768 kg/m³, E = 2.4 MPa and ν = 0.37 for spheres and wall;
 *     Hertz–Mindlin with the normal damping of LIGGGHTS (Tsuji's law with α = √5|β|, docs/physics.md §3.3) and a
 *     tangential one from the tangential stiffness, constant rolling resistance μ_r R* F_n; Δt = 1e-5 s, 5 s from
 *     the loaded bed. Its measure: the spheres within 22.5 mm of either end cap, the mean height of the 10 highest
 *     in 6 mm columns at 8 points across the middle half of the drum, averaged over 4–5 s and fitted by a line (the
 *     surface a camera sees through a clear end). Experiment 26° ("at 60 Hz on the machine"); fitted e = 0.9,
 *     μ = 0.3, μ_r = 0.02 for both contacts (README). Why not checked: (1) no uncertainty to take a tolerance
 *     from: the 26° comes with no scatter, and Lethe's own angle with the fitted values is not given; (2) the fit
 *     is stated two ways: the sweep in calibration_parameter_loop.py (a407c87) spans μ = 0.2–0.5, μ_r = 0–0.2 and
 *     e = 0.8–1 in 5, 5 and 3 steps, holding neither μ = 0.3 nor μ_r = 0.02, and its later version (5affbe0) runs
 *     μ = 0.3, μ_r = 0.05, e = 0.9; (3) the particles are not named (the README links "Solid-liquid rotary kilns:
 *     An experimental and CFD-DEM study", sciencedirect.com pii S003259102300791X, not readable here).
 *     Run in grainflow all the same (2026-11-28, a scratch scenario not shipped: that drum closed and turning from
 *     1.2 s, 6 000 spheres of 5.95 mm poured in, Tsuji e = 0.9, Mindlin, EPSD μ_r = 0.02, which reaches the
 *     constant model's torque in steady rolling, §9.7; sampled every 0.02 s): over 2.5–3.5 s 33.2° by Lethe's
 *     measure at the end caps (frame to frame s.d. 1.0°), 30.6° by it at mid-length, 30.1° ± 0.2° by
 *     analysis/drum.ts in the mid-plane. With no rolling resistance at all (μ_r = 0), over 2.0–3.0 s, 31.6° at
 *     the end caps and 29.2° at mid-length, against 33.4° and 30.5° with μ_r = 0.02 over the same window. So
 *     grainflow sits 7° above the measured angle and no rolling-resistance law closes the gap: without any it is
 *     still 5.6° above, all of μ_r = 0.02 being worth under 2° here. What is left (the tangential damping, §9.4;
 *     the loaded start; whether Lethe's run with these values gave 26° at all) cannot be told apart without Lethe's
 *     own angle. The gap is not the engine's: as with scenarios/drum.json (test/interop/drum-export.test.ts,
 *     within 2°), the same scratch scenario exported to LAMMPS (29 Sep 2021, one rank, 2026-11-28) gave over
 *     2.5–3.5 s 29.6° ± 0.1° by analysis/drum.ts against grainflow's 30.1° ± 0.2°, 32.9° against 33.2° at the end
 *     caps, 30.3° against 30.6° at mid-length. The end caps decide it: with the caps at
 *     rest and frictionless grainflow gave 26.4° at the caps (26.2° ± 0.2° by the analysis; 2.5–3.0 s), with them
 *     at rest and μ = 0.3, μ_r = 0.02 23.9°, against 33.6° with them turning over the same window — Lethe's 26° lies
 *     between, and some Lethe versions give a turning wall the contact velocity R·ω × n, zero on a flat cap (not
 *     confirmed for the version used). So a check needs a reference that states its end walls.
 *   - Searched again 2026-11-28 (no primary text readable here; numbers as quoted by third parties, so not checked):
 *     Sunday et al. as quoted above also give 26.1° ± 0.6° at Fr = 1e-3 with no rolling friction, which would remove
 *     the rolling law from the comparison, but the drum's length, end walls and damping law are not quoted and its
 *     wall is lined with particles (a lining turning with the drum is not expressible here: frozen spheres stay put);
 *     Hlosta et al., Processes 8 (2020) 222, measure 6 mm ABS spheres of 1 768 kg/m³ in a 140 mm drum at 3 rpm
 *     (30.3° ± 1.5° by the geometric method; drum length, fill and end walls not quoted) — likely Lethe's particles
 *     (same size, density and drum), an inference; the ON-DEM WG1 rotating-drum benchmark (EDEM, Kratos,
 *     MercuryDPM and LIGGGHTS on one 0.2 m drum; github.com/ON-DEM/ON-DEM-WG1-rotating-drum-benchmarking) is the
 *     kind of reference a check needs, but its parameters and results are not public.
 *   - Yang, Zou & Yu, Powder Technol. 130 (2003) 138 and Mellmann, Powder Technol. 118 (2001) 251: not found in a
 *     readable form.
 */
import { fitLine } from '../analysis/linear-fit.js';
import { MELLMANN_REGIMES } from '../analysis/drum.js';
import { atLeast, definedIn, shown, type CaseContext, type CaseResult, type Check, type ValidationCase } from './checks.js';
import { readScenarioFile, runScenarioFile } from './scenario-run.js';

/** Rotation rates of the drum runs (rad/s): half, once and twice the file's. */
const DRUM_RATES = [0.6, 1.2, 2.4];
const DRUM_ANGLE_RISES = 'the dynamic angle of a drum bed rises with its rotation speed through the rolling and cascading '
  + 'regimes (the surface steepens and bends as more material is lifted); two standard errors keep the check from '
  + 'passing on scatter alone';

/**
 * Sunday et al. (2020), Table 3 as quoted (see above): Froude number ω²R/g, the dynamic angle and its scatter (°) of
 * 1 mm glass beads in a half-full drum, and the regime they observed at each Fr, at these and at Fr = 0.5 and
 * 1.5 (their §6; at 1.0 they saw the passage to centrifuging). Their rolling friction is 0.09.
 */
export const SUNDAY_2020_DRUM = {
  angles: [
    { froude: 1e-4, angle: 32.1, error: 0.6 },
    { froude: 1e-3, angle: 35.0, error: 0.6 },
    { froude: 1e-2, angle: 41.4, error: 1.1 },
    { froude: 5e-2, angle: 51.5, error: 0.9 },
    { froude: 0.1, angle: 57.2, error: 0.7 },
  ],
  regimes: [
    { froude: 1e-4, regime: 'rolling' },
    { froude: 1e-3, regime: 'rolling' },
    { froude: 1e-2, regime: 'cascading' },
    { froude: 5e-2, regime: 'cascading' },
    { froude: 0.1, regime: 'cascading' },
    { froude: 0.5, regime: 'cataracting' },
    { froude: 1.5, regime: 'centrifuging' },
  ],
} as const;

/** The rise of the dynamic angle per decade of the Froude number (°): the slope against log10 Fr, weighted if errors are given. */
export function risePerDecade(froude: readonly number[], angles: readonly number[], errors?: readonly number[]): number {
  return fitLine(froude.map(Math.log10), angles, errors).slope;
}

const SUNDAY_RISE = 'Sunday et al. 2020 (Chrono DEM, 1 mm glass beads, D/d ≈ 60, μ = 0.16, μ_r = 0.09)';
const SUNDAY_WHY = 'shown, not checked: their drum is three times wider in bead diameters, their friction and rolling-resistance '
  + 'law differ, and they report their angles 5–7° above the experiments they model, so no tolerance would separate a fault '
  + 'of the engine from those differences; the rise per decade is the part least tied to the absolute angle';

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
  const angles = runs.map((r) => r.dynamicAngle_deg);
  const errors = runs.map((r) => Math.max(r.dynamicAngleError_deg, 1e-3));
  const fit = fitLine(DRUM_RATES, angles, errors);
  const checks: Check[] = [atLeast(`slope of the dynamic angle against ω (° per rad/s), ω = ${DRUM_RATES.join(', ')} rad/s`,
    'two standard errors of the slope', 2 * fit.slopeError, fit.slope, DRUM_ANGLE_RISES)];
  const froude = runs.map((r) => r.froude);
  const published = SUNDAY_2020_DRUM.angles;
  const publishedFroude = published.map((p) => p.froude), publishedAngles = published.map((p) => p.angle);
  // Their points within a factor 3 of the runs' Froude range: the stretch of their curve the runs sample.
  const near = published.filter((p) => p.froude >= froude[0] / 3 && p.froude <= froude[froude.length - 1] * 3);
  const nearRise = risePerDecade(near.map((p) => p.froude), near.map((p) => p.angle), near.map((p) => p.error));
  checks.push(shown(`rise of the dynamic angle per decade of Fr (°), Fr = ${froude.map((f) => f.toPrecision(2)).join(', ')}`,
    `${SUNDAY_RISE}, Fr = ${near.map((p) => p.froude).join(', ')}`, nearRise, risePerDecade(froude, angles, errors), SUNDAY_WHY));
  const allFroude = [...froude, ...publishedFroude], allAngles = [...angles, ...publishedAngles];
  const low = Math.min(...allAngles) - 5, high = Math.max(...allAngles) + 5;
  const boundaries = [...new Set(MELLMANN_REGIMES.flatMap((r) => [r.from, r.to]))]
    .filter((f) => f >= Math.min(...allFroude) / 3 && f <= Math.max(...allFroude) * 3);
  return { checks, plot: { title: 'Rotating drum: dynamic angle of repose against the Froude number (scenarios/drum.json)',
    subtitle: ['each point: the mid-plane surface angle averaged over the steady flow, ± its standard error; Sunday et al. '
      + '2020: 1 mm glass beads at D/d ≈ 60 and μ = 0.16 (shown, not checked)',
      `dotted verticals: ends of the Froude ranges of Mellmann's regime map at ${boundaries.join(', ')} (as recalled, not read from the paper)`],
    x: { label: 'Froude number ω²R/g', log: true }, y: { label: 'dynamic angle of repose (°)' }, series: [
      { name: 'grainflow ± standard error', x: froude, y: angles, mark: 'point', error: runs.map((r) => r.dynamicAngleError_deg) },
      { name: 'Sunday et al. 2020 (Chrono DEM), ± scatter', x: publishedFroude, y: publishedAngles, mark: 'point',
        error: published.map((p) => p.error) },
      ...boundaries.map((f) => ({ name: `Fr = ${f}`, group: 'regime range ends (Mellmann 2001)', x: [f, f], y: [low, high] })),
    ] } };
}

export const DRUM_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'drum-angle', title: 'Rotating drum: dynamic angle of repose against rotation speed', long: true, run: drum },
]);
