/**
 * Whole scenarios in LAMMPS (29 Sep 2021) against grainflow (project issue 14):
 *  - the bouncing ball (scenarios/bouncing-ball.json): apex heights within 0.5 % of grainflow's;
 *  - a 2 000-sphere frictional settle in a box (test/fixtures/settle-2k.json, dropped from rest and run 0.1 s,
 *    when its potential energy is within 0.2 % of the settled value), with 1 and with 2 MPI ranks: final bed
 *    height H = 2⟨z⟩ and packing fraction Σ(4/3)πr³/(A·H) within 1 % of grainflow's;
 *  - with GRAINFLOW_LONG_TESTS=1: pile.json's angle of repose within two standard errors of grainflow's,
 *    hopper.json's mass flow rate within 10 %, silo.json's over three seeds on 2 balanced ranks within SILO_TOLERANCE
 *    (below) with its orifice open within ORIFICE_OPEN_WITHIN of the gate, cylinder-lift.json's final heap median and
 *    90th-percentile radius over three seeds within HEAP_TOLERANCE (project issue 27).
 */
import { beforeAll, expect, it } from 'vitest';
import { quantile } from '../../src/output/robust-extent.js';
import { createSetup } from '../../src/run/setup.js';
import { seedMean, type SeedMean } from '../../src/validation/seed-statistics.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { firstTimeBelow, lammpsTests, rankImbalance, scratchDirectory, throughGrainflow, throughLammps } from './lammps-runner.js';

const scratch = scratchDirectory('lammps-bulk');
/** Whole runs in two engines: minutes on a loaded 2-core machine (the long ones: tens of minutes). */
const RUN_TIMEOUT = 900_000, LONG_TIMEOUT = 3_600_000;
/** silo.json's mean W over SEEDS in LAMMPS against grainflow's (project issue 27); the measurements beside the test. */
const SILO_TOLERANCE = 0.05;
/**
 * The seeds of the chaotic runs compared by their means (the silo's discharge, the lifted cylinder's heap): one
 * realization scatters by as much as the engines may differ, so one run each cannot tell them apart.
 */
const SEEDS = [1, 2, 3];
/** Two engines' means over SEEDS: the relative difference compared, and both means ± standard error for a failure. */
function meansCompared(theirs: readonly number[], ours: readonly number[]): { difference: number; text: string } {
  const [a, b] = [seedMean(theirs), seedMean(ours)];
  const shown = (m: SeedMean) => `${m.mean} ± ${m.standardError} (${m.values.join(', ')})`;
  return { difference: Math.abs(a.mean / b.mean - 1), text: `LAMMPS ${shown(a)} vs grainflow ${shown(b)}` };
}
/**
 * Project issue 27's bound (s) from the silo's gate to its first sphere below the outlet. A sphere resting on the
 * gate over the hole falls its radius r in √(2r/g) (20 ms for silo.json's 2 mm); frames every outputs.interval.
 */
const ORIFICE_OPEN_WITHIN = 0.05;

type Analysis = Record<string, unknown>;

/** The heap radius percentiles compared, and project issue 27's bound on their relative difference. */
const HEAP_PERCENTILES = [0.5, 0.9], HEAP_TOLERANCE = 0.03;

/** The HEAP_PERCENTILES of the spheres' distances from the vertical axis through `center` (m). */
function radiusPercentiles(particles: { position: number[] }[], center: [number, number]): number[] {
  const radii = particles.map((p) => Math.hypot(p.position[0] - center[0], p.position[1] - center[1])).sort((a, b) => a - b);
  return HEAP_PERCENTILES.map((q) => quantile(radii, q));
}

lammpsTests('LAMMPS: the bouncing ball', () => {
  it('apex heights within 0.5 % of grainflow\'s', async () => {
    const checked = editedScenario('scenarios/bouncing-ball.json', () => {});
    const lammps = await throughLammps(checked, scratch, 'ball');
    const grainflow = await throughGrainflow(checked, scratch, 'ball');
    const apexes = (a: Analysis | undefined) =>
      (a!.bounces as { apexHeight: number | null }[]).flatMap((b) => (b.apexHeight === null ? [] : [b.apexHeight]));
    const theirs = apexes(lammps.summary.analysis), ours = apexes(grainflow.summary.analysis);
    expect(ours.length).toBeGreaterThanOrEqual(5);
    expect(theirs.length).toBe(ours.length);
    ours.forEach((h, k) => expect(Math.abs(theirs[k] / h - 1), `apex ${k + 1}: ${theirs[k]} vs ${h}`).toBeLessThan(0.005));
  }, RUN_TIMEOUT);
});

lammpsTests('LAMMPS: a 2 000-sphere frictional settle in a box, 1 and 2 ranks', () => {
  const checked = editedScenario('test/fixtures/settle-2k.json', (s) => {
    s.time = { ...s.time, duration: 0.1, dt: 1e-5 };
    for (const block of s.insert) block.velocity = [0, 0, 0];
    s.outputs = { ...s.outputs, interval: 0.01, frames: false };
  });
  const radius = createSetup(checked, { workers: 1 }).particles.radius;
  const volume = radius.reduce((sum, r) => sum + (4 / 3) * Math.PI * r ** 3, 0);
  const area = 0.03 * 0.03;
  /** Bed height 2⟨z⟩ (m) and packing fraction of the final particles. */
  const bed = (particles: { position: number[] }[]) => {
    const height = (2 * particles.reduce((sum, p) => sum + p.position[2], 0)) / particles.length;
    return { height, packing: volume / (area * height) };
  };
  let reference: { height: number; packing: number };
  beforeAll(async () => {
    reference = bed((await throughGrainflow(checked, scratch, 'settle')).summary.final.particles!);
  }, RUN_TIMEOUT);

  for (const ranks of [1, 2]) {
    it(`${ranks} rank${ranks > 1 ? 's' : ''}: bed height and packing fraction within 1 % of grainflow's`, async () => {
      const { deck, summary } = await throughLammps(checked, scratch, `settle-${ranks}`, ranks);
      expect(summary.performance?.ranks).toBe(ranks);
      // Falling spheres stay shared between the ranks (fix balance … rcb).
      expect(rankImbalance(deck), 'max/mean atoms per rank').toBeLessThan(1.25);
      const measured = bed(summary.final.particles!);
      expect(Math.abs(measured.height / reference.height - 1), `H ${measured.height} vs ${reference.height}`).toBeLessThan(0.01);
      expect(Math.abs(measured.packing / reference.packing - 1), `φ ${measured.packing} vs ${reference.packing}`).toBeLessThan(0.01);
    }, RUN_TIMEOUT);
  }
});

lammpsTests('LAMMPS: the pile and the hopper', () => {
  // LAMMPS at a third of the step (export --substeps 3): its velocity Verlet takes friction from the half-step
  // velocity. With the spring kept as a displacement in both codes the heap stood 6° steeper at the resolved step;
  // kept as a force (mindlin/force) it gave 20.0° at the resolved step and 18.2° at a third of it, against
  // grainflow's 19.5° (docs/lammps.md). Each is one heap of a chaotic pour, whose angle carries the standard error
  // its analysis reports (the scatter over sectors, ~1° each): the two must agree within two standard errors of
  // their difference, the test a measurement with that uncertainty allows.
  it('pile.json, exported with --substeps 3: angle of repose within two standard errors of grainflow\'s', async () => {
    const checked = editedScenario('scenarios/pile.json', () => {});
    const theirs = (await throughLammps(checked, scratch, 'pile', 1, 3)).summary.analysis!;
    const ours = (await throughGrainflow(checked, scratch, 'pile')).summary.analysis!;
    const [a, b] = [theirs, ours].map((h) => ({ angle: h.angleOfRepose_deg as number, error: h.uncertainty_deg as number }));
    const allowed = 2 * Math.hypot(a.error, b.error);
    expect(Math.abs(a.angle - b.angle), `${a.angle}° ± ${a.error}° vs ${b.angle}° ± ${b.error}°`).toBeLessThan(allowed);
  }, LONG_TIMEOUT);

  // silo.json as shipped (glass beads E = 5 MPa, μ = 0.4, μ_r = 0.05 on 16 MPa steel walls), 2 ranks, LAMMPS at a
  // third of the step (export --substeps 3: LAMMPS takes friction from the half-step velocity, first order in the
  // step; at the resolved step its pile stood 6° steeper, above; an earlier silo, one seed, drained 5 % faster,
  // which is within what one seed scatters, below). One
  // discharge is not enough to compare: over seeds 1, 2, 3 W scattered by 3.3 % in grainflow (0.2793, 0.2742,
  // 0.2616 kg/s) and 2.8 % in LAMMPS (0.2674, 0.2684, 0.2812; 2026-11-28), so one seed's difference between the
  // engines scatters by about 4 % and ran from −4.3 % to +7.5 % — the earlier single-seed findings of −5.7 % and
  // +7.9 % (docs/lammps.md) were that scatter. The means of three seeds differed by +0.2 % with a standard error of
  // 2.5 %: project issue 27's 5 % is two of those. (Those figures with the gate a plane at the floor's height; with
  // the disk gate, 2026-12-06: −0.06 % ± 1.4 %, docs/lammps.md.) Catches an export whose discharge differs from grainflow's by
  // more than that (a contact constant, a wall or the step mapped wrongly), and on every seed the geometry and the
  // gate below: the orifice, its timing, the balance.
  it('silo.json, seeds 1–3, 2 ranks, exported with --substeps 3: the orifice open, ranks balanced, mean mass flow rate within 5 % of grainflow\'s', async () => {
    const rates = { theirs: [] as number[], ours: [] as number[] };
    for (const seed of SEEDS) {
      const checked = editedScenario('scenarios/silo.json', (s) => { s.seed = seed; });
      const lammps = await throughLammps(checked, scratch, `silo-${seed}`, 2, 3);
      expect(rankImbalance(lammps.deck), `seed ${seed}: max/mean atoms per rank`).toBeLessThan(1.25);
      // The orifice really open: no sphere below the outlet while the gate holds, the first one within
      // ORIFICE_OPEN_WITHIN of its removal. Catches a floor kept over the hole (none ever below), a gate that stays
      // (none below) or is removed at the wrong step — a deck split at grainflow's steps while LAMMPS runs substeps
      // (the gate gone at a third of its time, or three times it).
      const gate = Math.min(...checked.scenario.walls.flatMap((w) => (w.removeAt === undefined ? [] : [w.removeAt])));
      const { outletZ } = checked.scenario.analysis as { outletZ: number };
      const below = firstTimeBelow(lammps.deck, outletZ);
      expect(below, `seed ${seed}: a sphere below z = ${outletZ} m after the gate at ${gate} s`).not.toBeNull();
      expect(below!, `seed ${seed}: the first sphere below the outlet, s`).toBeGreaterThanOrEqual(gate);
      expect(below! - gate, `seed ${seed}: from the gate to the first sphere below the outlet, s`).toBeLessThanOrEqual(ORIFICE_OPEN_WITHIN);
      rates.theirs.push(lammps.summary.analysis!.massFlowRate_kg_per_s as number);
      rates.ours.push((await throughGrainflow(checked, scratch, `silo-${seed}`)).summary.analysis!.massFlowRate_kg_per_s as number);
    }
    const W = meansCompared(rates.theirs, rates.ours);
    expect(W.difference, `W (kg/s): ${W.text}`).toBeLessThan(SILO_TOLERANCE);
  }, LONG_TIMEOUT);

  // cylinder-lift.json: the heap the lifted cylinder releases, judged by how far its spheres lie from the cylinder's
  // axis at the end — the median (the heap's body) and the 90th percentile (its foot) — each the mean over SEEDS,
  // within project issue 27's 3 %. One heap is not enough for the foot: LAMMPS's 90th percentile moved from 57.56 to
  // 59.27 mm (+3.0 %) when only the deck's rebalancing interval changed (2026-11-27/28). Over seeds 1, 2, 3
  // (2026-11-28, LAMMPS 1 rank at the resolved step, grainflow one worker) the median was 32.55, 32.01, 32.36 mm in
  // grainflow and 33.01, 33.02, 32.49 in LAMMPS (+1.7 % ± 0.7 %, the difference of the means and its standard error),
  // the 90th percentile 56.90, 56.59, 57.38 against 59.27, 57.74, 57.05 mm (+1.9 % ± 1.2 %). Catches a cylinder
  // exported still, lifted at another speed or time (no heap, or one that has spread for a different while), and
  // rolling or sliding friction dropped (the heap spreads further: with the deck's `rolling sds` removed, 63.1 and
  // 146 mm against grainflow's 32.6 and 56.9).
  it('cylinder-lift.json, seeds 1–3: the final heap\'s median and 90th-percentile radius, means within 3 % of grainflow\'s', async () => {
    const heaps = { theirs: [] as number[][], ours: [] as number[][] };
    for (const seed of SEEDS) {
      const checked = editedScenario('scenarios/cylinder-lift.json', (s) => { s.seed = seed; });
      const cylinder = checked.scenario.walls.find((w) => w.type === 'cylinder') as { center: [number, number] };
      heaps.theirs.push(radiusPercentiles((await throughLammps(checked, scratch, `cylinder-lift-${seed}`)).summary.final.particles!, cylinder.center));
      heaps.ours.push(radiusPercentiles((await throughGrainflow(checked, scratch, `cylinder-lift-${seed}`)).summary.final.particles!, cylinder.center));
    }
    HEAP_PERCENTILES.forEach((q, k) => {
      const [theirs, ours] = [heaps.theirs, heaps.ours].map((runs) => runs.map((r) => r[k]));
      const radius = meansCompared(theirs, ours);
      expect(radius.difference, `${q * 100}th percentile (m): ${radius.text}`).toBeLessThan(HEAP_TOLERANCE);
    });
  }, LONG_TIMEOUT);

  it('hopper.json, 2 ranks: mass flow rate within 10 % of grainflow\'s, ranks balanced over the whole discharge', async () => {
    const checked = editedScenario('scenarios/hopper.json', () => {});
    const lammps = await throughLammps(checked, scratch, 'hopper', 2);
    expect(rankImbalance(lammps.deck), 'max/mean atoms per rank').toBeLessThan(1.25);
    const theirs = lammps.summary.analysis!.massFlowRate_kg_per_s as number;
    const ours = (await throughGrainflow(checked, scratch, 'hopper')).summary.analysis!.massFlowRate_kg_per_s as number;
    expect(Math.abs(theirs / ours - 1), `${theirs} vs ${ours} kg/s`).toBeLessThan(0.1);
  }, LONG_TIMEOUT);
});
