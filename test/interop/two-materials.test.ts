/**
 * Contacts between two materials in LAMMPS (29 Sep 2021) against grainflow (project issue 27, point 1): a bead of
 * silo.json's glass (E = 5 MPa, ν = 0.22) on a plane and a cylinder wall of "steel", and on a steel sphere, with
 * the steel softer than the bead (E = 1 MPa, ν = 0.3, the silo's walls until 2026-11-28) and stiffer (16 MPa,
 * 3.2 × the bead's E). grainflow mixes E* and G* of the two materials (docs/physics.md §1.5); the deck writes each
 * pair_coeff and each wall fix with the mixed stiffnesses explicitly (src/interop/lammps-contact.ts), where
 * `hertz/material` would take the wall's E* from one material alone. Isolates the contact of unlike materials
 * from the bulk: normal restitution and contact time of head-on impacts, and the tangential outcome (velocity and
 * spin) of oblique ones, one in the sliding and two in the sticking regime (v_t/v_n ≈ 0.2–0.26 < μ(1 + e) = 0.6,
 * where the rebound spin follows the ratio of the tangential to the normal stiffness, docs/physics.md §9.2); with
 * rolling resistance and gravity, a bead sliding onto the plane until it rolls, slowed by its rolling torque.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { exportImpacts } from '../../src/api/impact-export.js';
import { DUMP_COLUMNS } from '../../src/interop/lammps-deck.js';
import { readDump } from '../../src/interop/lammps-dump.js';
import { parseScenario } from '../../src/scenario/load.js';
import { contactFrames, lammpsTests, scratchDirectory, throughGrainflow, throughLammps } from './lammps-runner.js';

const scratch = scratchDirectory('lammps-two-materials');

const R = 0.002, V = 0.5, GAP = 1e-6;
/** Relative agreement asked of LAMMPS: velocities against V, spins against V/R, contact times against grainflow's. */
const TOLERANCE = 0.01;

/** Bead (sphere 0…) layout: what each is, where it starts and how it moves. */
const bead = (position: number[], velocity: number[], material = 'glass') => ({ position, velocity, radius: R, material });
const SPHERES = [
  bead([0, 0, R + GAP], [0, 0, -V]), // 0: head-on on the steel plane z = 0
  bead([0, 0.01, R + GAP], [V, 0, -V]), // 1: oblique on the plane, sliding
  bead([0, 0.02, R + GAP], [0.1, 0, -V]), // 2: oblique on the plane, sticking
  bead([-R - GAP, 0.03, 0.05], [V / 2, 0, 0]), bead([R + GAP, 0.03, 0.05], [-V / 2, 0, 0], 'steel'), // 3, 4: head-on pair
  bead([-R * 0.97, 0.04, 0.05 - R / 2], [V / 2, 0, 0]), bead([R * 0.97, 0.04, 0.05 + R / 2], [-V / 2, 0, 0], 'steel'), // 5, 6: oblique pair
  bead([0.1 + 0.02 - R - GAP, 0, 0.05], [V, 0, 0.1]), // 7: oblique on the inside of the steel cylinder (a region wall)
];

/** The scenario: glass beads and steel of Young's modulus `steelE`, Tsuji e = 0.5, μ = 0.4, every step dumped. */
function scenario(steelE: number, options: { rolling?: boolean } = {}) {
  const dt = 2e-6;
  return parseScenario({
    name: `two-materials-${steelE}`,
    gravity: [0, 0, options.rolling ? -9.81 : 0],
    time: { duration: options.rolling ? 0.05 : 3e-3, dt },
    materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.22, density: 2500 },
      steel: { youngsModulus: steelE, poissonsRatio: 0.3, density: 7800 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.4, rollingFriction: options.rolling ? 0.05 : 0 },
    // With rolling: one bead sliding at 0.2 m/s on the plane under gravity, nothing else.
    particles: options.rolling ? [bead([0, 0, R + GAP], [0.2, 0, 0])] : SPHERES,
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'steel' },
      { type: 'cylinder', center: [0.1, 0], radius: 0.02, zMin: 0, zMax: 0.1, material: 'steel' }],
    outputs: { interval: options.rolling ? 1e-3 : dt, impactRecords: true, frames: false },
  }, scratch);
}

/** grainflow's contact times (s) by "i j" (j a sphere id or wall:K) from its impacts.csv. */
function impactDurations(file: string): Map<string, number> {
  const [header, ...rows] = fs.readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => line.split(','));
  const [i, j, duration] = ['i', 'j', 'duration'].map((name) => header.indexOf(name));
  return new Map(rows.map((row) => [`${row[i]} ${row[j]}`, Number(row[duration])]));
}

/** Overlaps of sphere 0 with the plane and of spheres 3 and 4 with each other, frame by frame, from the deck's dump. */
function lammpsOverlaps(deck: string): { wall: number[]; pair: number[] } {
  const wall: number[] = [], pair: number[] = [];
  const w = DUMP_COLUMNS.length, [id, x] = [DUMP_COLUMNS.indexOf('id'), DUMP_COLUMNS.indexOf('x')];
  readDump(path.join(deck, 'dump.grainflow'), DUMP_COLUMNS, ({ values, atoms }) => {
    const at: number[][] = [];
    for (let row = 0; row < atoms; row++) at[values[row * w + id] - 1] = [...values.subarray(row * w + x, row * w + x + 3)];
    wall.push(R - at[0][2]);
    pair.push(2 * R - Math.hypot(at[4][0] - at[3][0], at[4][1] - at[3][1], at[4][2] - at[3][2]));
  });
  return { wall, pair };
}

lammpsTests('LAMMPS: contacts of two materials (glass bead on steel walls and spheres)', () => {
  for (const steelE of [1e6, 16e6]) {
    it(`steel E = ${steelE / 1e6} MPa: rebound velocities and spins within 1 %, contact times within 1 % of grainflow's`, async () => {
      const checked = scenario(steelE);
      const lammps = await throughLammps(checked, scratch, `impacts-${steelE}`);
      const grainflow = await throughGrainflow(checked, scratch, `impacts-${steelE}`);
      const [theirs, ours] = [lammps.summary, grainflow.summary].map((s) => s.final.particles!);
      ours.forEach((p, k) => {
        for (let a = 0; a < 3; a++) {
          expect(Math.abs(theirs[k].velocity[a] - p.velocity[a]) / V, `sphere ${k} v[${a}]: ${theirs[k].velocity[a]} vs ${p.velocity[a]}`)
            .toBeLessThan(TOLERANCE);
          expect(Math.abs(theirs[k].angularVelocity[a] - p.angularVelocity[a]) * R / V,
            `sphere ${k} ω[${a}]: ${theirs[k].angularVelocity[a]} vs ${p.angularVelocity[a]}`).toBeLessThan(TOLERANCE);
        }
      });
      const impacts = impactDurations(exportImpacts(grainflow.run).file);
      const { dt } = checked.scenario.time as { dt: number };
      const overlaps = lammpsOverlaps(lammps.deck);
      const grainflowTime = (bodies: string) => {
        const t = impacts.get(bodies);
        expect(t, `grainflow's impact of ${bodies}`).toBeDefined();
        return t!;
      };
      const measured = [[contactFrames(overlaps.wall) * dt, grainflowTime('0 wall:0')], [contactFrames(overlaps.pair) * dt, grainflowTime('3 4')]];
      for (const [lmp, gf] of measured) expect(Math.abs(lmp / gf - 1), `contact time ${lmp} vs ${gf} s`).toBeLessThan(TOLERANCE);
    });
  }

  it('with rolling resistance (μ_r = 0.05) and gravity: a bead sliding onto a 1 MPa steel plane rolls at grainflow\'s speed and spin within 0.5 %', async () => {
    const checked = scenario(1e6, { rolling: true });
    const [theirs] = (await throughLammps(checked, scratch, 'rolling')).summary.final.particles!;
    const [ours] = (await throughGrainflow(checked, scratch, 'rolling')).summary.final.particles!;
    expect(Math.abs(theirs.velocity[0] / ours.velocity[0] - 1), `v ${theirs.velocity[0]} vs ${ours.velocity[0]}`).toBeLessThan(0.005);
    expect(Math.abs(theirs.angularVelocity[1] / ours.angularVelocity[1] - 1)).toBeLessThan(0.005);
  });
});
