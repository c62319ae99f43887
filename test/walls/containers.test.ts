/**
 * Walls in use: a moving wall hits like a moving rigid body, a ball stays inside a cylinder and a hopper cone,
 * silos and hoppers hold spheres until their gate is removed and then discharge through the orifice only,
 * and a lifted cylinder releases its heap (bit-identical on one and two threads).
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';
import { CLOSEST_LENGTH, revolvedClosest } from '../../src/walls/primitives.js';
import { MOTION, MOTION_STRIDE } from '../../src/walls/motion.js';
import { densityFor, hertzContactTime, youngsModulusFor, type Vec3 } from '../helpers/collision.js';

type Walls = NonNullable<ScenarioInput['walls']>;
const R = 0.02, m = 0.092, K = 5.5e9, nu = 0.33;
const material = { youngsModulus: youngsModulusFor(K, R, nu), poissonsRatio: nu, density: densityFor(m, R) };

/** One sphere (R = 2 cm, 92 g) with Hertz stiffness `stiffness` (N m^-3/2) against `walls`; 100 steps per contact. */
function single(
  position: Vec3, velocity: Vec3, walls: Walls, duration: number, gravity: Vec3 = [0, 0, 0], friction = 0, stiffness = K,
) {
  const tc = hertzContactTime(m, stiffness, 1);
  return parseScenario({
    gravity, time: { duration, dt: tc / 100 },
    materials: { m: { ...material, youngsModulus: youngsModulusFor(stiffness, R, nu) } },
    contact: { normal: { model: 'tsuji', restitution: 0.7 }, friction },
    particles: [{ position, velocity, radius: R, material: 'm' }], walls,
  } as ScenarioInput);
}

/** Steps a simulation to its end, calling `each` after every step. */
function run(sim: Simulation, steps: number, each: () => void = () => {}): ImpactRecord[] {
  const impacts: ImpactRecord[] = [];
  for (let k = 0; k < steps; k++) {
    sim.step((r) => impacts.push(r));
    each();
  }
  return impacts;
}

describe('moving wall', () => {
  it('a plane moving at u hits a resting sphere from far away and sends it off at (1 + e)·u', () => {
    // The plane starts 40 skins away: only the wall-motion rebuild criterion can find the contact in time.
    const u = 0.5;
    const setup = createSetup(single([0, 0, 0.1], [0, 0, 0],
      [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', motion: { velocity: [0, 0, u] } }], 0.2));
    const sim = new Simulation(setup);
    const impacts = run(sim, setup.steps);
    expect(impacts).toHaveLength(1);
    expect(impacts[0].j).toBe(0);
    expect(impacts[0].impactSpeed).toBeCloseTo(u, 6);
    // In the wall's frame the sphere arrives at u and leaves at e·u (Tsuji e = 0.7 for any speed).
    expect(sim.st.vel[2] / (1.7 * u)).toBeCloseTo(1, 2);
    expect(sim.rebuilds).toBeGreaterThan(5);
  });
});

describe('ball in a cylinder and in a cone', () => {
  const closest = new Float64Array(CLOSEST_LENGTH);

  it('a ball crossing a cylinder rebounds radially at e = 0.7 each time and never leaves it', () => {
    const Rc = 0.1;
    const setup = createSetup(single([0.01, 0, 0.5], [1, 0, 0],
      [{ type: 'cylinder', center: [0, 0], radius: Rc, zMin: 0, zMax: 1, material: 'm' }], 0.7));
    const sim = new Simulation(setup);
    let farthest = 0;
    const impacts = run(sim, setup.steps, () => { farthest = Math.max(farthest, Math.hypot(sim.st.pos[0], sim.st.pos[1])); });
    expect(impacts.length).toBeGreaterThanOrEqual(3);
    impacts.forEach((r, k) => {
      expect(r.j).toBe(0);
      expect(r.impactSpeed).toBeCloseTo(0.7 ** k, 3);
      expect(r.reboundSpeed / r.impactSpeed).toBeCloseTo(0.7, 2);
    });
    // Hertz overlap at 1 m/s is about 0.4 mm: the centre never gets farther than Rc − R + that.
    expect(farthest).toBeLessThan(Rc - R + 1e-3);
    expect(Math.abs(sim.st.pos[1])).toBeLessThan(1e-12);
  });

  it('a ball dropped into a hopper whose orifice is narrower than it settles inside, never crossing the wall', () => {
    const cone = { type: 'cone' as const, center: [0, 0] as [number, number], zBottom: 0, zTop: 0.2, bottomDiameter: 0.03, topDiameter: 0.3, material: 'm' };
    // Soft (K = 5.5e7 N m^-3/2) so that 1 s of settling takes few steps.
    const setup = createSetup(single([0.04, 0.02, 0.15], [0, 0, 0], [cone], 1, [0, 0, -9.81], 0.5, 5.5e7));
    const sim = new Simulation(setup);
    const geo = Float64Array.from([0, 0, 0.015, 0, 0.15, 0.2, 0, 0, 0, 0, 0, 0]);
    let nearest = Infinity, outside = 0;
    run(sim, setup.steps, () => {
      const [x, y, z] = sim.st.pos;
      // Inside: nearer the axis than the cone's radius at that height.
      if (Math.hypot(x, y) >= 0.015 + (0.135 * z) / 0.2) outside++;
      nearest = Math.min(nearest, revolvedClosest(geo, 0, x, y, z, closest));
    });
    expect(outside).toBe(0);
    // Largest Hertz overlap: dropped 0.1 m, v ≈ 1.4 m/s, δ = (5mv²/4K)^(2/5) ≈ 2.6 mm.
    expect(nearest).toBeGreaterThan(R - 4e-3);
    expect(Math.hypot(sim.st.vel[0], sim.st.vel[1], sim.st.vel[2])).toBeLessThan(1e-2);
    expect(sim.st.pos[2]).toBeGreaterThan(0);
  });
});

const GATE_OPENS = 0.12;
/** A bin of small soft spheres (r = 2 mm) closed by a gate plane at z = 0 that is removed at GATE_OPENS s. */
function binScenario(container: Walls[number], region: { min: number[]; max: number[] }, count: number, duration: number): ScenarioInput {
  return {
    seed: 3,
    time: { duration },
    materials: { glass: { youngsModulus: 1e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.4 },
    insert: [{ region: { type: 'box', min: region.min, max: region.max } as never, count, radius: 0.002, material: 'glass' }],
    walls: [container, { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'glass', removeAt: GATE_OPENS }],
  } as ScenarioInput;
}

describe('discharge through an orifice when the gate is removed', () => {
  const containers: [string, Walls[number], number][] = [
    ['flat-bottom silo', { type: 'silo', center: [0, 0], diameter: 0.06, zBottom: 0, height: 0.12, orificeDiameter: 0.02, material: 'glass' }, 0.01],
    ['conical hopper', { type: 'cone', center: [0, 0], zBottom: 0, zTop: 0.1, bottomDiameter: 0.02, topDiameter: 0.08, material: 'glass' }, 0.01],
  ];
  // Insertion regions inside each container (random insertion only avoids overlapping walls).
  const regions = [
    { min: [-0.02, -0.02, 0.01], max: [0.02, 0.02, 0.06] },
    { min: [-0.015, -0.015, 0.06], max: [0.015, 0.015, 0.1] },
  ];
  containers.forEach(([name, container, orificeRadius], k) => {
    it(`${name}: holds 100 spheres until the gate opens, then lets them out through the orifice only`, () => {
      const setup = createSetup(parseScenario(binScenario(container, regions[k], 100, 0.3)));
      const sim = new Simulation(setup);
      const { pos, id, n } = sim.st;
      const gateSteps = Math.floor(GATE_OPENS / setup.dt);
      let lowest = Infinity;
      const impacts = run(sim, gateSteps, () => {
        for (let p = 0; p < n; p++) lowest = Math.min(lowest, pos[3 * p + 2]);
      });
      // Nothing passes the closed gate; some spheres have landed on it (collisions with wall 1).
      expect(lowest).toBeGreaterThan(0);
      expect(impacts.some((r) => r.j === 1)).toBe(true);
      // Where each sphere (by id: the simulation re-numbers them) first goes below the floor.
      const crossedAt = new Float64Array(n).fill(NaN);
      const afterGate = run(sim, setup.steps - gateSteps, () => {
        for (let p = 0; p < n; p++) {
          if (Number.isNaN(crossedAt[id[p]]) && pos[3 * p + 2] < 0) crossedAt[id[p]] = Math.hypot(pos[3 * p], pos[3 * p + 1]);
        }
      });
      const crossings = Array.from(crossedAt).filter((rho) => !Number.isNaN(rho));
      expect(crossings.length).toBeGreaterThan(10);
      // A sphere of radius r leaves through an orifice of radius a with its centre within a − r of the axis, plus
      // at most how far the soft spheres (E = 1 MPa) press into the container: its largest overlap with it. A sphere
      // leaking through the wall would overlap it by its whole radius.
      const squeeze = Math.max(...afterGate.filter((r) => r.isWall && r.j === 0).map((r) => r.maxOverlap));
      expect(squeeze).toBeLessThan(0.25 * 0.002);
      expect(Math.max(...crossings)).toBeLessThan(orificeRadius - 0.002 + squeeze);
    });
  });
});

describe('lifted cylinder', () => {
  const input = (): ScenarioInput => ({
    seed: 5,
    time: { duration: 0.3 },
    materials: { glass: { youngsModulus: 1e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5 },
    insert: [{ region: { type: 'box', min: [-0.013, -0.013, 0.002], max: [0.013, 0.013, 0.035] }, count: 150, radius: 0.0015, material: 'glass' }],
    walls: [
      { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'glass' },
      { type: 'cylinder', center: [0, 0], radius: 0.02, zMin: 0, zMax: 0.06, material: 'glass',
        motion: { velocity: [0, 0, 0.3], start: 0.1 } },
    ],
  });

  it('holds the spheres until it rises at 0.1 s, then the heap spreads beyond it; 1 and 2 threads agree bit for bit', async () => {
    const setup = createSetup(parseScenario(input()));
    const serial = new Simulation(setup);
    const liftStep = Math.floor(0.1 / setup.dt);
    const widest = (sim: Simulation) => {
      let w = 0;
      for (let p = 0; p < sim.st.n; p++) w = Math.max(w, Math.hypot(sim.st.pos[3 * p], sim.st.pos[3 * p + 1]));
      return w;
    };
    run(serial, liftStep);
    expect(widest(serial)).toBeLessThan(0.02 - 0.0015 + 1e-4);
    // Two threads are compared over the fill and the first 2 000 steps of the lift (short: barriers are slow
    // on a loaded machine).
    const compared = liftStep + 2000;
    run(serial, compared - liftStep);
    const snapshot = { pos: serial.st.pos.slice(), vel: serial.st.vel.slice() };
    run(serial, setup.steps - compared);
    // Wall offset is v·(t − start) (closed form) and the heap has slumped past the old wall.
    expect(serial.wallStates.state[MOTION_STRIDE + MOTION.offset + 2]).toBeCloseTo(0.3 * (setup.steps * setup.dt - 0.1), 12);
    expect(widest(serial)).toBeGreaterThan(0.025);

    const parallel = new Simulation(createSetup(parseScenario(input())));
    await parallel.useWorkers(2, availableParallelism());
    try {
      run(parallel, compared);
    } finally {
      await parallel.close();
    }
    expect(parallel.st.pos).toEqual(snapshot.pos);
    expect(parallel.st.vel).toEqual(snapshot.vel);
  });
});
