/**
 * Rotating walls, tilted surfaces of revolution and belts: the pose is the rest pose turned by the analytically
 * integrated angle (exact after whole turns, however many steps), the closest point of a tilted cylinder and of a
 * drum's end caps, and the physics of the wall's material velocity at the contact: a belt's friction transient
 * and rolling phase against the analytic solution, a turntable that ends up carrying a sphere at Ω·ρ, and the
 * force, torque and power a sliding sphere puts on a belt and a turntable (output/wall-loads.ts), and the wall
 * drawn (frames, VTK) where the contact geometry has it.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { createModel } from '../../src/engine/setup.js';
import { MAX_SPEED } from '../../src/base/schema-fields.js';
import { Simulation } from '../../src/engine/simulation.js';
import { createSimulation } from '../../src/api/simulation.js';
import { buildWallModel, type WallMotion } from '../../src/walls/build.js';
import {
  MOTION, MOTION_STRIDE, POINT_MOTION_LENGTH, toWallFrame, turnsAt, wallPointMotion, WallStates, writeWallState,
} from '../../src/walls/motion.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../../src/walls/primitives.js';
import { densityFor, youngsModulusFor, type Vec3 } from '../helpers/collision.js';
import { wallLoadHeader, wallLoads } from '../../src/output/wall-loads.js';
import { placeWalls, wallPlacement } from '../../src/output/wall-surfaces.js';
import { tessellateWall } from '../../src/walls/tessellate.js';

const spin = (rate: number, point: Vec3, rampTime = 0, start = 0): WallMotion => ({
  velocity: [0, 0, 0], start, stop: Infinity, removeAt: Infinity, surfaceVelocity: null,
  rotation: { axis: [0, 0, 1], point, turnsPerSecond: rate / (2 * Math.PI), rampTime, reach: 1, farthest: 1 },
});

describe('rotating wall pose', () => {
  it('a quarter turn about z through (1, 0, 0) puts the rest point (2, 0, 0) at (1, 1, 0), moving at ω × r', () => {
    const state = new Float64Array(MOTION_STRIDE);
    writeWallState([spin(2 * Math.PI, [1, 0, 0])], 0.25, state);
    const local = new Float64Array(3);
    toWallFrame(state, 0, 1, 1, 0, local);
    expect(local[0]).toBeCloseTo(2, 14);
    expect(local[1]).toBeCloseTo(0, 14);
    // A contact at (1, 1, 0) (d = 0) with a rest-frame normal +x, which now points along +y.
    const closest = Float64Array.of(0, 1, 0, 0, 0);
    const out = new Float64Array(POINT_MOTION_LENGTH);
    wallPointMotion(state, 0, 1, 1, 0, closest, out);
    expect(closest[2]).toBeCloseTo(1, 14);
    // ω = 2π ẑ, r = (0, 1, 0): v = ω × r = (−2π, 0, 0); spin (0, 0, 2π).
    expect(out[0]).toBeCloseTo(-2 * Math.PI, 12);
    expect(out[1]).toBeCloseTo(0, 12);
    expect(out[5]).toBeCloseTo(2 * Math.PI, 14);
  });

  it('a ramp turns by ½ω t²/T during it and ω(t − T/2) after it, and only from start', () => {
    const w = 3, T = 0.4;
    const m = spin(w, [0, 0, 0], T, 0.1);
    expect(turnsAt(m, 0.05)).toBe(0);
    expect(2 * Math.PI * turnsAt(m, 0.3)).toBeCloseTo((0.5 * w * 0.2 * 0.2) / T, 13);
    expect(2 * Math.PI * turnsAt(m, 1.1)).toBeCloseTo(w * (1 - T / 2), 13);
    const state = new Float64Array(MOTION_STRIDE);
    writeWallState([m], 0.3, state);
    expect(state[MOTION.spin + 2]).toBeCloseTo((w * 0.2) / T, 13);
  });

  it('a mesh turned 10⁶ steps through 1 turn is exactly at rest pose again, with no drift', () => {
    const model = buildWallModel([{
      type: 'box', min: [0.1, -0.2, 0], max: [0.3, 0.2, 0.05], openTop: false, material: 'm',
      motion: { velocity: [0, 0, 0], start: 0, rotation: { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: 2 * Math.PI, rampTime: 0 } },
    }]);
    const walls = new WallStates(model.motion);
    const dt = 1e-6, steps = 1_000_000;
    const local = new Float64Array(3);
    for (let k = 1; k <= steps; k++) {
      walls.setTime(k * dt);
      if (k === steps / 2) {
        // Half a turn: the rest vertex (0.1, −0.2, 0) is at (−0.1, 0.2, 0).
        toWallFrame(walls.state, 0, -0.1, 0.2, 0, local);
        expect(local[0]).toBeCloseTo(0.1, 14);
        expect(local[1]).toBeCloseTo(-0.2, 14);
      }
    }
    expect(Array.from(walls.state.subarray(MOTION.rotation, MOTION.rotation + 9))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    for (let t = 0; t < model.primitives; t++) {
      for (const v of [0, 3, 6]) {
        const g = GEO_STRIDE * t + v, x = model.geometry[g], y = model.geometry[g + 1], z = model.geometry[g + 2];
        toWallFrame(walls.state, 0, x, y, z, local);
        expect([local[0], local[1], local[2]]).toEqual([x, y, z]);
      }
    }
  });
});

describe('tilted cylinders and drums', () => {
  const closest = new Float64Array(CLOSEST_LENGTH);

  it('a closed drum along x: distance to the shell and to each end cap, normals from the wall to the point', () => {
    const model = buildWallModel([{
      type: 'cylinder', center: [0, 0.5, 0.5], axis: [2, 0, 0], radius: 0.2, zMin: -0.1, zMax: 0.3, closed: true, material: 'm',
    }]);
    expect(model.primitives).toBe(3);
    const nearest = (x: number, y: number, z: number) => {
      let best = Infinity, normal: number[] = [];
      for (let k = 0; k < 3; k++) {
        const d = primitiveClosest(model.kind[k], model.geometry, GEO_STRIDE * k, x, y, z, closest);
        if (d < best) { best = d; normal = [closest[1], closest[2], closest[3]]; }
      }
      return { d: best, normal };
    };
    // 0.05 below the axis at x = 0.1: 0.15 from the shell, normal up (towards the axis).
    let hit = nearest(0.1, 0.5, 0.45);
    expect(hit.d).toBeCloseTo(0.15, 14);
    expect(hit.normal[2]).toBeCloseTo(1, 14);
    // 0.02 inside the cap at x = 0.3.
    hit = nearest(0.28, 0.55, 0.5);
    expect(hit.d).toBeCloseTo(0.02, 14);
    expect(hit.normal[0]).toBeCloseTo(-1, 14);
    hit = nearest(-0.07, 0.5, 0.52);
    expect(hit.d).toBeCloseTo(0.03, 14);
    expect(hit.normal[0]).toBeCloseTo(1, 14);
  });

  it('refuses a zero axis with the field named', () => {
    expect(() => buildWallModel([{
      type: 'cone', center: [0, 0], axis: [0, 0, 0], zBottom: 0, zTop: 1, bottomDiameter: 0.1, topDiameter: 0.5, material: 'm',
    }])).toThrow(/walls\[0\]\.axis: must not be zero/);
  });

  it('a cylinder turning about its own axis never moves for the rebuild criterion; one turning about another axis does', () => {
    const drum = (point: Vec3) => buildWallModel([{
      type: 'cylinder', center: [0, 0, 0.3], axis: [1, 0, 0], radius: 0.2, zMin: 0, zMax: 0.3, closed: true, material: 'm',
      motion: { velocity: [0, 0, 0], start: 0, rotation: { axis: [1, 0, 0], point, angularVelocity: 5, rampTime: 0 } },
    }]).motion[0].rotation!.reach;
    expect(drum([0.7, 0, 0.3])).toBe(0);
    expect(drum([0, 0, 0])).toBeGreaterThan(0.3);
  });
});

describe('how fast a turning wall moves (the time-step rule and its bound)', () => {
  /** One sphere at rest at `at`, no gravity, and `walls`: the characteristic impact speed of its set-up. */
  const impactSpeedWith = (walls: unknown[], at: Vec3 = [0.5, 0, 0]) => {
    const { limits } = createModel(parseScenario({
      gravity: [0, 0, 0], time: { duration: 0.01, dt: 'auto' },
      materials: { m: { youngsModulus: 1e8, poissonsRatio: 0.3, density: 2500 } },
      contact: { normal: { model: 'tsuji', restitution: 0.5 } },
      particles: [{ position: at, velocity: [0, 0, 0], radius: 0.01, material: 'm' }], walls,
    } as ScenarioInput));
    return { speed: limits.impactSpeed, why: limits.causes.contactTime };
  };
  const turning = (angularVelocity: number, axis: Vec3 = [0, 0, 1], point: Vec3 = [0, 0, 0]) =>
    ({ velocity: [0, 0, 0] as Vec3, start: 0, rotation: { axis, point, angularVelocity, rampTime: 0 } });

  // The paddle and the plane fail where the rule counts a wall's translation only, as it did (their speeds were the
  // 1 mm/s floor); the drum where it counts the rim's speed of a surface that turns in its own place.
  it('a paddle turning about an axis beside it hits spheres at up to twice ω times its farthest corner', () => {
    const paddle = { type: 'box', min: [0.2, -0.05, -0.05], max: [0.3, 0.05, 0.05], material: 'm', motion: turning(10) };
    const { speed, why } = impactSpeedWith([paddle]);
    expect(Math.abs(speed / (2 * 10 * Math.hypot(0.3, 0.05)) - 1)).toBeLessThan(1e-14);
    expect(why).toContain('twice the speed of walls[0].motion (translation and rotation)');
  });

  it('a plane tilting about an axis across it: twice ω times the farthest sphere\'s distance from the axis', () => {
    const floor = { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', motion: turning(3, [1, 0, 0]) };
    const { speed } = impactSpeedWith([floor], [0, 0.4, 0.02]);
    expect(Math.abs(speed / (2 * 3 * Math.hypot(0.4, 0.02)) - 1)).toBeLessThan(1e-14);
  });

  it('a drum turning about its own axis does not approach the spheres: the rule is as with the drum at rest', () => {
    const drum = { type: 'cylinder', center: [0, 0, 0], axis: [1, 0, 0], radius: 0.6, zMin: -0.1, zMax: 0.1,
      closed: true, material: 'm' };
    expect(impactSpeedWith([{ ...drum, motion: turning(50, [1, 0, 0]) }], [0, 0.3, 0]).speed)
      .toBe(impactSpeedWith([drum], [0, 0.3, 0]).speed);
  });

  // On the old build a drum at 1e300 rad/s ran until its friction overflowed into a non-finite state (the watchdog).
  // The message's bound is rounded down (shortUpperBound): to nearest it printed a bound it refused.
  it('refuses a rotation under which the wall\'s farthest point would outrun light, and prints a bound it accepts', () => {
    const drum = (angularVelocity: number) => () => buildWallModel([{
      type: 'cylinder', center: [0, 0, 0], axis: [1, 0, 0], radius: 0.05, zMin: -0.1, zMax: 0.1, closed: true,
      material: 'm', motion: turning(angularVelocity, [1, 0, 0]),
    }]);
    const limit = MAX_SPEED / 0.05;
    expect(drum(limit)).not.toThrow();
    expect(drum(-limit)).not.toThrow();
    expect(drum(limit * (1 + 1e-12))).toThrow(/^walls\[0\]\.motion\.rotation\.angularVelocity: must be within ±5\.99e\+9 rad\/s for this wall, whose points lie up to 0\.05 m /);
    expect(drum(5.99e9)).not.toThrow();
  });

  // On the old build a turntable, a plane with no farthest point of its own, was not bounded at all: at 1e300 rad/s
  // its friction overflowed as the drum's did. Its surface under a sphere moves at ω times the sphere's distance.
  it('a plane turning under spheres is held by where they start: the explicit ones and the insert regions\' corners', () => {
    const turntable = (angularVelocity: number, insert: unknown[] = []) => () => parseScenario({
      gravity: [0, 0, -9.81], time: { duration: 0.01, dt: 'auto' },
      materials: { m: { youngsModulus: 1e8, poissonsRatio: 0.3, density: 2500 } },
      contact: { normal: { model: 'tsuji', restitution: 0.5 } },
      particles: [{ position: [0.3, 0.4, 0.02], velocity: [0, 0, 0], radius: 0.01, material: 'm' }], insert,
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', motion: turning(angularVelocity) }],
    } as ScenarioInput);
    expect(turntable(MAX_SPEED / 0.5)).not.toThrow();
    expect(turntable(-MAX_SPEED / 0.5 * (1 + 1e-12))).toThrow(/^walls\[0\]\.motion\.rotation\.angularVelocity: must be within ±5\.99e\+8 rad\/s for this plane, under spheres that start up to 0\.5 m from the rotation axis .*; got -6e\+8$/);
    expect(turntable(1e300)).toThrow(/got 1e\+300$/);
    // A box region reaching 1 m from the axis at its corner (0.6, 0.8): the explicit sphere no longer sets the bound.
    const region = { type: 'box', min: [0.1, 0.1, 0.05], max: [0.6, 0.8, 0.1] };
    const block = { count: 1, radius: 0.01, material: 'm', region };
    expect(turntable(MAX_SPEED / 0.5, [block])).toThrow(/for this plane, under spheres that start up to 1 m from/);
    expect(turntable(MAX_SPEED, [block])).not.toThrow();
  });
});

const R = 0.005, mass = 1e-3;
const material = { youngsModulus: youngsModulusFor(2e8, R, 0.3), poissonsRatio: 0.3, density: densityFor(mass, R) };

/** One sphere resting on the walls under gravity, friction μ and rolling friction μr. */
function resting(position: Vec3, walls: unknown[], duration: number, mu: number, muR: number): ScenarioInput {
  return {
    gravity: [0, 0, -9.81], time: { duration, dt: 2e-5 },
    materials: { m: material },
    contact: { normal: { model: 'tsuji', restitution: 0.3 }, friction: mu, rollingFriction: muR },
    particles: [{ position, velocity: [0, 0, 0], radius: R, material: 'm' }], walls,
  } as ScenarioInput;
}

/** The engine itself, for the wall loads, which the library does not report (output/wall-loads.ts reads them). */
const engineOf = (scenario: ScenarioInput) => {
  const setup = createSetup(parseScenario(scenario));
  return { setup, sim: new Simulation(setup) };
};

describe('belt: a plane with a surface velocity', () => {
  it('slides at μg until the contact sticks, then rolling resistance brings it to U at 5/7·μr·g (analytic phases)', async () => {
    const U = 0.3, mu = 0.4, muR = 0.05, g = 9.81;
    const sim = await createSimulation(resting([0, 0, R],
      [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', surfaceVelocity: [U, 0, 0] }], 1.0, mu, muR));
    const speedAt = (t: number) => {
      while (sim.time < t - 1e-12) sim.step();
      return sim.state.velocities[0];
    };
    // Sliding: friction μmg drives the centre at μg and the spin at 5/2·(μ − μr)·g/R (the rolling torque, at its
    // cap μr·R·mg, holds the spin back); the contact point reaches the belt's speed U when v + Rω = U.
    const slideEnd = U / (g * (mu + 2.5 * (mu - muR))), stuck = mu * g * slideEnd;
    expect(speedAt(slideEnd / 2) / (0.5 * stuck)).toBeCloseTo(1, 2);
    // Rolling: no slip, the rolling torque alone accelerates the centre at 5/7·μr·g until it moves with the belt.
    const rollRate = (5 / 7) * muR * g;
    expect(speedAt(slideEnd + 0.1) / (stuck + rollRate * 0.1)).toBeCloseTo(1, 2);
    const carried = slideEnd + (U - stuck) / rollRate;
    expect(speedAt(carried / 2 + slideEnd / 2) / (0.5 * (stuck + U))).toBeCloseTo(1, 2);
    expect(speedAt(carried + 0.1) / U).toBeCloseTo(1, 3);
    expect(sim.state.spins[1] * R).toBeCloseTo(0, 3);
    await sim.dispose();
  });

  it('refuses a plane surface velocity with a part along the normal', () => {
    expect(() => buildWallModel([
      { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', surfaceVelocity: [1, 0, 0.1] },
    ])).toThrow(/walls\[0\]\.surfaceVelocity: must lie in the plane/);
  });
});

describe('a tilting plane: the rebuild criterion', () => {
  // A plane turning about an axis across it has no farthest point; the criterion took its reach as infinite and
  // rebuilt the lists at every step it turned (7 777 rebuilds in 7 776 steps of a tilting floor here).
  it('rebuilds as the plane nears a sphere, not every step, and the plane still catches a sphere it had been far from', () => {
    const floor = { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm',
      motion: { rotation: { axis: [1, 0, 0], point: [0, 0, 0], angularVelocity: 0.5 } } };
    // 20 mm above the plane, 1 m from the axis, no gravity: at y = 1 m the plane rises at about 0.5 m/s and reaches the
    // sphere's underside after about 0.03 s. A criterion that left the sphere's candidate out would let the plane
    // pass through it, and it would stay at rest.
    const scenario = {
      gravity: [0, 0, 0], time: { duration: 0.1, dt: 'auto' }, materials: { m: material },
      contact: { normal: { model: 'tsuji', restitution: 0.5 } },
      particles: [{ position: [0, 1, 0.02 + R], velocity: [0, 0, 0], radius: R, material: 'm' }], walls: [floor],
      outputs: { impacts: false },
    } as unknown as ScenarioInput;
    const { setup, sim } = engineOf(scenario);
    for (let k = 0; k < setup.steps; k++) sim.step(() => {});
    // The plane moves (1 − cos) ≈ 0.5 m/s × 0.1 s past its start at the sphere, the skin is 0.3 R = 1.5 mm: some
    // tens of rebuilds (each after the plane moved half a skin at the sphere), not one per step.
    expect(sim.rebuilds).toBeGreaterThan(10);
    expect(sim.rebuilds).toBeLessThan(setup.steps / 10);
    // Thrown off the plane: moving away from it faster than the plane's own 0.5 m/s there.
    const [, vy, vz] = sim.st.vel;
    const normal = [0, -Math.sin(0.05), Math.cos(0.05)];
    expect(vy * normal[1] + vz * normal[2]).toBeGreaterThan(0.5);
  });
});

describe('turntable: a floor turning about the vertical', () => {
  const omega = 2, rho = 0.08;
  const rotation = { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: omega, rampTime: 0.05 };
  it.each([
    ['the end cap of a closed vertical drum', { type: 'cylinder', center: [0, 0], radius: 0.15, zMin: 0, zMax: 0.05, closed: true }],
    ['the top of a box (mesh triangles)', { type: 'box', min: [-0.15, -0.15, -0.01], max: [0.15, 0.15, 0] }],
  ])('%s carries a sphere resting on it at ρ = 8 cm round with the floor, at Ω·ρ', async (_, wall) => {
    const sim = await createSimulation(resting([rho, 0, R], [{ ...wall, material: 'm', motion: { rotation } }], 1.0, 0.5, 0.1));
    sim.step(sim.steps);
    const [x, y] = sim.state.positions, [vx, vy] = sim.state.velocities;
    await sim.dispose();
    // Co-rotation: speed Ω·|r| along the circle, on the circle it started on (up to the transient). Its spin about
    // z stays free: there is no twisting resistance (docs/physics.md §9.7).
    const r = Math.hypot(x, y);
    expect(Math.hypot(vx, vy) / (omega * r)).toBeCloseTo(1, 2);
    expect((x * vy - y * vx) / (omega * r * r)).toBeCloseTo(1, 2);
    expect(Math.abs(r - rho)).toBeLessThan(0.01);
  });
});

describe('loads on driven walls (series.csv columns)', () => {
  const mu = 0.5, g = 9.81;

  it('a belt under a sliding sphere: force (−μmg, 0, −mg) on the belt, drive power μ·m·g·U', () => {
    const U = 0.3;
    const { setup, sim } = engineOf(resting([0, 0, R],
      [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm', surfaceVelocity: [U, 0, 0] }], 0.005, mu, 0));
    expect(wallLoadHeader([0])).toEqual(['wall0_fx', 'wall0_fy', 'wall0_fz', 'wall0_torque', 'wall0_power']);
    for (let k = 0; k < setup.steps; k++) sim.step(() => {});
    // Still sliding (slip ends at 2U/(7μg) ≈ 12 ms): friction μmg forward on the sphere, its weight on the belt.
    const [fx, fy, fz, torque, power] = wallLoads(sim, [0]);
    expect(fx / (-mu * mass * g)).toBeCloseTo(1, 2);
    expect(fy).toBeCloseTo(0, 12);
    expect(fz / (-mass * g)).toBeCloseTo(1, 2);
    expect(torque).toBe(0);
    expect(power / (mu * mass * g * U)).toBeCloseTo(1, 2);
  });

  it('a turntable under a sphere it has not yet caught up: torque −ρ·μ·m·g about its axis, power ρ·μ·m·g·Ω', () => {
    const omega = 2, rho = 0.08;
    const { setup, sim } = engineOf(resting([rho, 0, R], [{
      type: 'cylinder', center: [0, 0], radius: 0.15, zMin: 0, zMax: 0.05, closed: true, material: 'm',
      motion: { rotation: { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: omega } },
    }], 0.004, mu, 0));
    for (let k = 0; k < setup.steps; k++) sim.step(() => {});
    const [, , fz, torque, power] = wallLoads(sim, [0]);
    expect(fz / (-mass * g)).toBeCloseTo(1, 2);
    expect(torque / (-rho * mu * mass * g)).toBeCloseTo(1, 2);
    expect(power / (rho * mu * mass * g * omega)).toBeCloseTo(1, 2);
  });
});

describe('drawn where it is: the placement of a rotating wall for frames and VTK', () => {
  it('a box a quarter turn about z through (1, 0, 0) is drawn with every vertex where the contact geometry has it', () => {
    const motion = {
      velocity: [0.1, 0, 0] as Vec3, start: 0, rotation: { axis: [0, 0, 1] as Vec3, point: [1, 0, 0] as Vec3, angularVelocity: 2 * Math.PI, rampTime: 0 },
    };
    const model = buildWallModel([{ type: 'box', min: [1.5, -0.2, 0], max: [2, 0.2, 0.3], openTop: false, material: 'm', motion }]);
    const triangles = tessellateWall(model, 0);
    const placement = wallPlacement(model.motion, 0.25);
    expect(placement[0]).toHaveLength(12);
    const placed = placeWalls({ triangles, walls: [{ first: 0, count: triangles.length / 9 }] }, placement).triangles;
    const state = new Float64Array(MOTION_STRIDE);
    writeWallState(model.motion, 0.25, state);
    const local = new Float64Array(3);
    for (let k = 0; k < placed.length; k += 3) {
      toWallFrame(state, 0, placed[k], placed[k + 1], placed[k + 2], local);
      for (let a = 0; a < 3; a++) expect(local[a]).toBeCloseTo(triangles[k + a], 6);
    }
    // The far corner (2, 0.2, ·) turned by 90° about (1, 0) and shifted by 0.025 m: (0.8 + 0.025, 1, ·).
    expect(Math.max(...Array.from(placed).filter((_, k) => k % 3 === 1))).toBeCloseTo(1, 6);
  });
});
