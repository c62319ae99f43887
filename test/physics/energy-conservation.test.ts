/**
 * An elastic Hertz gas (no gravity, no friction, no damping) in a closed box conserves
 * kinetic + elastic energy; velocity Verlet is symplectic, so the total must not drift.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { runScenario, type Vec3 } from '../helpers/collision.js';

describe('elastic Hertz gas of 1 000 spheres in a closed box', () => {
  it('keeps total energy within 1e-4 (relative) over 100 000 steps', () => {
    const random = seedrandom('hertz-gas');
    const R = 0.001, spacing = 0.003, side = 10 * spacing;
    const particles: { position: Vec3; velocity: Vec3; radius: number; material: string }[] = [];
    for (let a = 0; a < 10; a++) {
      for (let b = 0; b < 10; b++) {
        for (let c = 0; c < 10; c++) {
          particles.push({
            position: [(a + 0.5) * spacing, (b + 0.5) * spacing, (c + 0.5) * spacing],
            velocity: [random() - 0.5, random() - 0.5, random() - 0.5],
            radius: R,
            material: 'glass',
          });
        }
      }
    }
    const wall = (point: Vec3, normal: Vec3) => ({ type: 'plane' as const, point, normal, material: 'glass' });
    const dt = 2e-7;
    const steps = 100_000;
    const { sim } = runScenario({
      gravity: [0, 0, 0],
      time: { duration: steps * dt, dt },
      materials: { glass: { youngsModulus: 5e7, poissonsRatio: 0.3, density: 2500 } },
      contact: { normal: { model: 'hertz' }, friction: 0 },
      particles,
      walls: [
        wall([0, 0, 0], [1, 0, 0]), wall([side, 0, 0], [-1, 0, 0]),
        wall([0, 0, 0], [0, 1, 0]), wall([0, side, 0], [0, -1, 0]),
        wall([0, 0, 0], [0, 0, 1]), wall([0, 0, side], [0, 0, -1]),
      ],
      outputs: { impacts: false },
    });
    expect(sim.stepCount).toBe(steps);
    const initial = particles.reduce((sum, p) => {
      const m = (4 / 3) * Math.PI * R ** 3 * 2500;
      return sum + 0.5 * m * (p.velocity[0] ** 2 + p.velocity[1] ** 2 + p.velocity[2] ** 2);
    }, 0);
    const e = sim.energies();
    const total = e.kinetic + e.rotational + sim.measureContacts().elasticEnergy;
    // The gas did collide: many collisions happened, or the test would prove nothing.
    expect(sim.rebuilds).toBeGreaterThan(10);
    expect(Math.abs(total / initial - 1)).toBeLessThan(1e-4);
  });
});
