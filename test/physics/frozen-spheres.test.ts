/**
 * Frozen spheres (`particles[i].frozen`, `insert[i].frozen`): a fixed rough base such as glued beads. They never
 * move — bit for bit, under gravity and impacts — yet take part in contacts as bodies of infinite mass, so a
 * sphere rebounds from one with the restitution calibrated for a wall (m* = its own mass, docs/physics.md §1.6).
 * Runs are bit-identical on 1 and 2 worker lanes and continue bit-identically from a checkpoint; energies leave the
 * base out.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { exportLammpsDeck } from '../../src/interop/lammps-export.js';
import { parseScenario } from '../../src/scenario/load.js';
import type { z } from 'zod';
import type { particleSchema, ScenarioInput } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';
import { captureSimulation, restoreSimulation } from '../../src/checkpoint/snapshot.js';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/checkpoint/format.js';
import { RunValues } from '../../src/run/run-values.js';
import { collide, collisionScenario, runScenario } from '../helpers/collision.js';

type ParticleInput = z.input<typeof particleSchema>;

const R = 0.001;

/** A 6 × 6 square of frozen glass beads (radius R) on z = R, and 100 spheres thrown down onto it. */
const BASE_SCENE: ScenarioInput = {
  name: 'frozen-base', seed: 5, gravity: [0, 0, -9.81], time: { duration: 0.012, dt: 2e-5 },
  materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
  contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5, rollingFriction: 0.05 },
  particles: Array.from({ length: 36 }, (_, k) => ({
    position: [(k % 6) * 2.2 * R, Math.floor(k / 6) * 2.2 * R, R] as [number, number, number], radius: R, material: 'glass', frozen: true,
  })),
  insert: [{
    region: { type: 'box', min: [0, 0, 2.5 * R], max: [11 * R, 11 * R, 12 * R] }, count: 100, radius: 0.8 * R,
    material: 'glass', velocity: [0, 0, -0.6],
  }],
  outputs: { interval: 0.002, impacts: true },
};

/** Position, velocity and spin of every frozen sphere, by stable id. */
function frozenState(sim: Simulation): Map<number, number[]> {
  const { st } = sim;
  const out = new Map<number, number[]>();
  for (let p = 0; p < st.n; p++) {
    if (st.id[p] >= 36) continue;
    const at = (a: Float64Array) => Array.from(a.subarray(3 * p, 3 * p + 3));
    out.set(st.id[p], [...at(st.pos), ...at(st.vel), ...at(st.omega)]);
  }
  return out;
}

/** Every sphere's position, velocity and spin, by stable id. */
function wholeState(sim: Simulation): Float64Array {
  const { st } = sim;
  const out = new Float64Array(9 * st.n);
  for (let p = 0; p < st.n; p++) {
    for (const [k, a] of [st.pos, st.vel, st.omega].entries()) out.set(a.subarray(3 * p, 3 * p + 3), 9 * st.id[p] + 3 * k);
  }
  return out;
}

const running: Simulation[] = [];
afterAll(async () => {
  for (const sim of running) await sim.close();
});

describe('a sphere dropped on a frozen sphere rebounds as from a wall', () => {
  for (const e of [0.3, 0.5, 0.9]) {
    it(`Tsuji e = ${e}: sphere–frozen sphere within 0.003 of sphere–wall and of e, at 0.1 and 1 m/s`, () => {
      for (const speed of [0.1, 1]) {
        const normal = { model: 'tsuji' as const, restitution: e };
        const wall = collide({ normal, endOfContact: 'no-tension', speed, target: 'wall' }).impact;
        const scenario = collisionScenario({ normal, endOfContact: 'no-tension', speed, target: 'wall', friction: 0.3 });
        const mover = (scenario.particles as ParticleInput[])[0];
        const r = mover.radius;
        // The wall becomes a frozen sphere of the same radius and material, touching point at the same gap.
        scenario.walls = [];
        scenario.particles = [{ ...mover, position: [0, 0, mover.position[2] + r] },
          { position: [0, 0, 0], radius: r, material: 'm', frozen: true }];
        const { impacts, sim } = runScenario(scenario);
        expect(impacts).toHaveLength(1);
        const onFrozen = impacts[0].reboundSpeed / impacts[0].impactSpeed;
        expect(impacts[0].impactSpeed).toBeCloseTo(speed, 6);
        expect(Math.abs(onFrozen - wall.reboundSpeed / wall.impactSpeed), `v = ${speed} m/s`).toBeLessThan(0.003);
        expect(Math.abs(onFrozen - e), `v = ${speed} m/s`).toBeLessThan(0.003);
        // Against a free sphere of the same mass m* would be m/2, and the same damping coefficient would give
        // another e: the frozen one must be where it was.
        const frozen = sim.st.id[0] === 1 ? 0 : 1;
        expect(Array.from(sim.st.pos.subarray(3 * frozen, 3 * frozen + 3))).toEqual([0, 0, 0]);
      }
    });
  }
});

describe('frozen spheres under gravity and impacts', () => {
  const setup = createSetup(parseScenario(BASE_SCENE));
  const one = new Simulation(setup);
  const impacts: ImpactRecord[] = [];
  const before = frozenState(one);
  for (let k = 0; k < 300; k++) one.step((r) => impacts.push(r));
  const runPart = new RunValues(() => ({ series: { bytes: 0, rows: 0, sha256: '0'.repeat(64) }, impacts: null,
    analysis: null, snapshots: { maxRadius: R }, watchdog: { initialEnergy: 1, energyScale: 1, particles: 136 } }));
  const saved = encodeCheckpoint(captureSimulation(one, { scenarioHash: 'frozen', meshes: {} }, runPart));
  for (let k = 300; k < setup.steps; k++) one.step((r) => impacts.push(r));

  it('stay exactly where they were, at rest, while spheres land on them', () => {
    const hitsOnBase = impacts.filter((r) => !r.isWall && (r.i < 36 || r.j < 36));
    expect(hitsOnBase.length).toBeGreaterThan(20);
    expect(frozenState(one)).toEqual(before);
    for (const [, v] of frozenState(one)) expect(v.slice(3).every((x) => Object.is(x, 0))).toBe(true);
    // The thrown spheres did move: some rest on the base.
    const { st } = one;
    let resting = 0;
    for (let p = 0; p < st.n; p++) if (st.id[p] >= 36 && st.pos[3 * p + 2] > 2 * R && st.pos[3 * p + 2] < 4 * R) resting++;
    expect(resting).toBeGreaterThan(10);
  });

  it('have no kinetic or potential energy of their own: the energies are those of the moving spheres', () => {
    const { kinetic, rotational, potential } = one.energies();
    expect(Number.isFinite(rotational)).toBe(true);
    const { st } = one;
    let expectedPotential = 0;
    for (let p = 0; p < st.n; p++) if (st.id[p] >= 36) expectedPotential += st.mass[p] * 9.81 * st.pos[3 * p + 2];
    expect(potential).toBeCloseTo(expectedPotential, 12);
    expect(kinetic).toBeGreaterThan(0);
  });

  it('give bit-identical runs on 1 and 2 worker lanes', async () => {
    const two = new Simulation(createSetup(parseScenario(BASE_SCENE)));
    running.push(two);
    await two.useWorkers(2, os.availableParallelism());
    expect(two.lanes).toBe(2);
    const impactsTwo: ImpactRecord[] = [];
    for (let k = 0; k < setup.steps; k++) two.step((r) => impactsTwo.push(r));
    expect(impactsTwo).toEqual(impacts);
    expect(wholeState(two)).toEqual(wholeState(one));
  });

  it('are still frozen after a checkpoint is restored, and the run continues bit-identically', () => {
    const restored = new Simulation(createSetup(parseScenario(BASE_SCENE)));
    running.push(restored);
    restoreSimulation(restored, decodeCheckpoint(saved), runPart);
    for (let k = 300; k < setup.steps; k++) restored.step(() => {});
    expect(wholeState(restored)).toEqual(wholeState(one));
    expect(frozenState(restored)).toEqual(before);
  });
});

describe('a bad frozen value is one line naming the field', () => {
  const refusal = (edit: (s: Record<string, any>) => void): string => {
    const scenario = structuredClone(BASE_SCENE) as Record<string, any>;
    edit(scenario);
    try {
      parseScenario(scenario);
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('not a boolean, a poured frozen block, a frozen sphere or block that moves', () => {
    expect(refusal((s) => (s.particles[3].frozen = 'yes'))).toMatch(/^particles\[3\]\.frozen: must be true or false \(frozen: a sphere that never moves\)/);
    expect(refusal((s) => (s.insert[0].frozen = 1))).toMatch(/^insert\[0\]\.frozen: must be true or false/);
    expect(refusal((s) => Object.assign(s.insert[0], { frozen: true, rate: { particlesPerSecond: 1000 } })))
      .toBe('insert[0].frozen: applies only to spheres placed at t = 0: drop rate, or frozen (a poured sphere moves)');
    expect(refusal((s) => (s.insert[0].frozen = true))).toBe('insert[0].velocity: must be zero for frozen spheres (they never move); got [0,0,-0.6]');
    expect(refusal((s) => Object.assign(s.insert[0], { frozen: true, velocity: [0, 0, 0], velocitySpread: 0.1 })))
      .toBe('insert[0].velocitySpread: must be zero for frozen spheres (they never move); got 0.1');
    expect(refusal((s) => (s.particles[2].angularVelocity = [0, 1, 0])))
      .toBe('particles[2].angularVelocity: must be [0, 0, 0] for a frozen sphere (it never moves); got [0,1,0]');
    for (const message of [refusal((s) => (s.particles[3].frozen = 'yes')), refusal((s) => (s.insert[0].frozen = true))]) {
      expect(message).not.toContain('\n');
    }
  });

  it('the LAMMPS export refuses frozen spheres by field instead of exporting them as moving ones', () => {
    expect(() => exportLammpsDeck(parseScenario(BASE_SCENE), { out: path.join(os.tmpdir(), `grainflow-frozen-${process.pid}`) }))
      .toThrow(/^particles\[0\]\.frozen: frozen spheres are not exported to LAMMPS yet/);
  });
});
