/**
 * The spheres of a snapshot at exactly its time (src/output/spheres-at-time.ts), from the state of the step nearest:
 *  - a ball in free fall, thrown sideways, at requested times between steps (dt = 37 µs, times every 1 ms): centre
 *    x₀ + v₀t − ½gt² and velocity v₀ − gt to 1e-12 relative, where the state of the nearest step is off by
 *    v·δ (δ up to dt/2: up to 1e-5 relative here);
 *  - the force and torque arrays give the acceleration and the angular acceleration (a = F/m, α = τ/I), by id
 *    whatever the storage order; a frozen sphere stays where it is; δ = 0 gives the state itself.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation } from '../../src/engine/simulation.js';
import { spheresAt } from '../../src/output/spheres-at-time.js';
import type { ParticleState } from '../../src/particles/state.js';

describe('spheresAt', () => {
  it('puts a falling ball where free fall has it at the requested time, between steps', () => {
    const g = 9.8, z0 = 1, vx0 = 0.3, dt = 3.7e-5;
    const scenario = parseScenario({
      name: 'free-fall',
      gravity: [0, 0, -g],
      time: { duration: 0.0605, dt },
      materials: { ball: { youngsModulus: 1e7, poissonsRatio: 0.3, density: 1000 } },
      contact: { normal: { model: 'tsuji', restitution: 0.8 } },
      particles: [{ position: [0, 0, z0], velocity: [vx0, 0, 0], radius: 0.01, material: 'ball' }],
      outputs: { impacts: false, frames: false, vtk: false },
    });
    const sim = new Simulation(createSetup(scenario, { workers: 1 }));
    let worstNearestStep = 0;
    for (let j = 1; j <= 60; j++) {
      const t = j * 0.001;
      const nearest = Math.round(t / dt);
      while (sim.stepCount < nearest) sim.step(() => {});
      const { position, velocity } = spheresAt(sim.st, t - sim.time);
      const z = z0 - (g * t * t) / 2;
      expect(Math.abs(position[2] - z) / z, `z at ${t} s`).toBeLessThan(1e-12);
      expect(Math.abs(position[0] - vx0 * t) / (vx0 * t), `x at ${t} s`).toBeLessThan(1e-12);
      expect(Math.abs(velocity[2] + g * t) / (g * t), `vz at ${t} s`).toBeLessThan(1e-12);
      expect(velocity[0]).toBe(vx0);
      worstNearestStep = Math.max(worstNearestStep, Math.abs(sim.st.pos[2] - z) / z);
    }
    // The state of the nearest step alone, what frames held before, misses by v·δ: far beyond the tolerance.
    expect(worstNearestStep).toBeGreaterThan(1e-6);
  });

  it('carries each sphere by its own force and torque, in id order; a frozen sphere stays', () => {
    // Stored in the order ids 1, 0, 2 (a re-numbered state); sphere id 2 is frozen.
    const mass = [2, 0.5, 1], inertia = [0.1, 0.02, 0.05], frozen = [false, false, true];
    const st = {
      n: 3,
      id: Uint32Array.of(1, 0, 2),
      pos: Float64Array.of(1, 2, 3, -1, 0, 0.5, 7, 8, 9),
      vel: Float64Array.of(0.1, 0, -0.2, 0, 0.3, 0, 0, 0, 0),
      omega: Float64Array.of(0, 0, 1, 2, 0, 0, 0, 0, 0),
      force: Float64Array.of(4, 0, -8, 0, 1, 0, 5, 5, 5),
      torque: Float64Array.of(0, 0.2, 0, 0, 0, -0.1, 3, 3, 3),
      invMass: Float64Array.from(mass, (m, p) => (frozen[p] ? 0 : 1 / m)),
      invInertia: Float64Array.from(inertia, (i, p) => (frozen[p] ? 0 : 1 / i)),
      radius: Float64Array.of(0.1, 0.2, 0.3),
      material: Uint16Array.of(1, 0, 2),
    } as unknown as ParticleState;
    const delta = 1e-3;
    const expectClose = (actual: Float64Array, expected: number[]) =>
      expected.forEach((v, a) => expect(actual[a]).toBeCloseTo(v, 15));
    const s = spheresAt(st, delta);
    // Id 1 (stored first): a = (2, 0, −4), α = (0, 2, 0).
    expectClose(s.position.subarray(3, 6), [1 + 0.1 * delta + delta ** 2, 2, 3 - 0.2 * delta - 2 * delta ** 2]);
    expectClose(s.velocity.subarray(3, 6), [0.1 + 2 * delta, 0, -0.2 - 4 * delta]);
    expectClose(s.angularVelocity.subarray(3, 6), [0, 2 * delta, 1]);
    // Id 0 (stored second): a = (0, 2, 0), α = (0, 0, −5).
    expectClose(s.position.subarray(0, 3), [-1, 0.3 * delta + delta ** 2, 0.5]);
    expectClose(s.velocity.subarray(0, 3), [0, 0.3 + 2 * delta, 0]);
    expectClose(s.angularVelocity.subarray(0, 3), [2, 0, -5 * delta]);
    expect(Array.from(s.radius)).toEqual([0.2, 0.1, 0.3]);
    expect(Array.from(s.material)).toEqual([0, 1, 2]);
    // Frozen: no force moves it.
    expect(Array.from(s.position.subarray(6, 9))).toEqual([7, 8, 9]);
    expect(Array.from(s.velocity.subarray(6, 9))).toEqual([0, 0, 0]);
    // δ = 0: the stored state itself.
    const now = spheresAt(st, 0);
    expect(Array.from(now.position)).toEqual([-1, 0, 0.5, 1, 2, 3, 7, 8, 9]);
    expect(Array.from(now.angularVelocity)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0]);
  });
});
