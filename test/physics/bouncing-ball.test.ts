/**
 * Bouncing ball of Safaeifar 2020 (docs/physics.md §7.9): m = 1 kg, R = 0.1 m, centre released from rest at
 * H₀ = 1 m above a rigid floor, g = 9.8 m/s², K = 1.4e8 N m^-3/2, Tsuji e = 0.8. A ball with a constant
 * restitution reaches apex heights R + (H₀ − R)·e^{2k} after its k-th bounce.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation } from '../../src/engine/simulation.js';
import { createSimulation } from '../../src/api/index.js';
import { densityFor, youngsModulusFor } from '../helpers/collision.js';

describe('bouncing ball, Tsuji e = 0.8', () => {
  const R = 0.1, H0 = 1, e = 0.8, g = 9.8, K = 1.4e8;
  const scenario = parseScenario({
    name: 'bouncing-ball',
    gravity: [0, 0, -g],
    time: { duration: 3, dt: 2e-5 },
    materials: { ball: { youngsModulus: youngsModulusFor(K, R, 0.3), poissonsRatio: 0.3, density: densityFor(1, R) } },
    contact: { normal: { model: 'tsuji', restitution: e } },
    particles: [{ position: [0, 0, H0], radius: R, material: 'ball' }],
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'ball' }],
    outputs: { impacts: false },
  });

  it('has K = 1.4e8 N m^-3/2 and m = 1 kg as in Safaeifar 2020', () => {
    const setup = createSetup(scenario);
    const sim = new Simulation(setup);
    expect(sim.walls.count).toBe(0); // released 0.9 m above the floor: no wall contact candidate yet
    expect(sim.setup.table.kernel.hertzCoef[0] * Math.sqrt(R)).toBeCloseTo(K, -1);
    expect(sim.st.mass[0]).toBeCloseTo(1, 12);
  });

  it('apex heights follow R + (H₀ − R)e^{2k} within 0.5 % for the first 5 bounces', async () => {
    const sim = await createSimulation(scenario.scenario);
    const apexes: number[] = [];
    let prevVz = 0;
    for (let k = 0; k < sim.steps && apexes.length < 5; k++) {
      sim.step();
      const vz = sim.state.velocities[2];
      // Apex: vertical velocity changes sign from + to −, away from the floor.
      if (prevVz > 0 && vz <= 0) apexes.push(sim.state.positions[2] + (vz * vz) / (2 * g));
      prevVz = vz;
    }
    await sim.dispose();
    expect(apexes).toHaveLength(5);
    apexes.forEach((h, k) => {
      const expected = R + (H0 - R) * e ** (2 * (k + 1));
      expect(Math.abs(h / expected - 1), `bounce ${k + 1}: ${h} vs ${expected}`).toBeLessThan(0.005);
    });
  });
});
