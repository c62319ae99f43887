/**
 * Tangential friction (docs/physics.md §9): Mindlin spring with history and Coulomb cap.
 *  - A solid sphere launched sliding without spin on a plane ends up rolling at v = (5/7)v₀ whatever μ:
 *    friction μmg decelerates v and spins up ω until v = ωR; angular momentum about the contact point is
 *    conserved, m v₀ R = m v R + (2/5) m R² ω  ⇒  v = 5v₀/7.
 *  - Two identical spheres with equal and opposite spins (ω₁ = −ω₂ about an axis normal to the line of
 *    centres) have equal contact-point velocities: a head-on impact does not slip and keeps both spins.
 */
import { describe, expect, it } from 'vitest';
import { collide, densityFor, runScenario, youngsModulusFor } from '../helpers/collision.js';

describe('friction', () => {
  it('a sphere sliding on a plane (μ = 0.3) reaches rolling without slipping at v = (5/7)v₀ (±0.5 %)', () => {
    const R = 0.01, v0 = 1, mu = 0.3, g = 9.81, m = 0.01;
    const K = 5e7;
    // Start just touching the floor: it sinks to its static overlap (mg/K)^{2/3} ≈ 1 µm within a few contact times.
    const slideTime = (2 * v0) / (7 * mu * g);
    const { sim } = runScenario({
      gravity: [0, 0, -g],
      time: { duration: 2 * slideTime, dt: 2e-6 },
      materials: { m: { youngsModulus: youngsModulusFor(K, R, 0.3), poissonsRatio: 0.3, density: densityFor(m, R) } },
      contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: mu },
      particles: [{ position: [0, 0, R], velocity: [v0, 0, 0], radius: R, material: 'm' }],
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }],
      outputs: { impacts: false },
    });
    const vx = sim.st.vel[0];
    const wy = sim.st.omega[1];
    expect(Math.abs(vx / ((5 / 7) * v0) - 1)).toBeLessThan(0.005);
    // Rolling: the contact point is at rest, v = ω_y R (rolling along +x spins about +y).
    expect(Math.abs(wy * R / vx - 1)).toBeLessThan(0.005);
  });

  it('equal and opposite spins survive a head-on impact with friction (to 1e-9)', () => {
    const w = 50;
    const { sim, impact } = collide({
      normal: { model: 'tsuji', restitution: 0.7 }, endOfContact: 'no-tension', speed: 0.5, target: 'sphere',
      friction: 0.5, angularVelocities: [[0, 0, w], [0, 0, -w]],
    });
    const omega = Array.from(sim.st.omega.subarray(0, 6));
    expect(Math.abs(omega[2] - w) / w).toBeLessThan(1e-9);
    expect(Math.abs(omega[5] + w) / w).toBeLessThan(1e-9);
    for (const k of [0, 1, 3, 4]) expect(Math.abs(omega[k]) / w).toBeLessThan(1e-9);
    expect(impact.slipBefore).toBeLessThan(1e-12);
  });

  it('the same spins in the same sense slip, and friction slows both (the test above can fail)', () => {
    const w = 50;
    const { sim } = collide({
      normal: { model: 'tsuji', restitution: 0.7 }, endOfContact: 'no-tension', speed: 0.5, target: 'sphere',
      friction: 0.5, angularVelocities: [[0, 0, w], [0, 0, w]],
    });
    // The contact points move in opposite directions: friction opposes each one's slip, so it takes spin from
    // both spheres and rotational energy can only fall. With the sign of R ω × n reversed in the contact-point
    // velocity (docs/physics.md §1.3) friction pushed along the slip and the spins grew.
    const [wi, wj] = [sim.st.omega[2], sim.st.omega[5]];
    expect(Math.abs(wi - w) / w).toBeGreaterThan(1e-3);
    expect(Math.abs(wi)).toBeLessThan(w);
    expect(Math.abs(wj)).toBeLessThan(w);
    const rotational = (omega: number, p: number) => (0.5 * omega * omega) / sim.st.invInertia[p];
    expect(rotational(wi, 0) + rotational(wj, 1)).toBeLessThan(rotational(w, 0) + rotational(w, 1));
  });
});

describe('rolling resistance (EPSD)', () => {
  /**
   * A sphere rolling without slip on a plane under a resistive torque μ_r R F_n (the EPSD spring saturates
   * while it rolls) decelerates at a = μ_r R m g R / (I + m R²) = (5/7) μ_r g.
   */
  it('decelerates a rolling sphere at (5/7) μ_r g (±2 %)', () => {
    const R = 0.01, v0 = 0.5, muRoll = 0.1, g = 9.81, m = 0.01, K = 5e7;
    const duration = 0.2;
    const { sim } = runScenario({
      gravity: [0, 0, -g],
      time: { duration, dt: 2e-6 },
      materials: { m: { youngsModulus: youngsModulusFor(K, R, 0.3), poissonsRatio: 0.3, density: densityFor(m, R) } },
      contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5, rollingFriction: muRoll },
      // Already rolling: ω_y R = v.
      particles: [{ position: [0, 0, R], velocity: [v0, 0, 0], angularVelocity: [0, v0 / R, 0], radius: R, material: 'm' }],
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }],
      outputs: { impacts: false },
    });
    const expected = v0 - (5 / 7) * muRoll * g * duration;
    const deceleration = (v0 - sim.st.vel[0]) / duration;
    expect(Math.abs(deceleration / ((5 / 7) * muRoll * g) - 1)).toBeLessThan(0.02);
    expect(sim.st.vel[0]).toBeCloseTo(expected, 2);
    // Still rolling, not sliding.
    expect(Math.abs((sim.st.omega[1] * R) / sim.st.vel[0] - 1)).toBeLessThan(0.01);
  });

  it('without rolling friction the same sphere keeps rolling at v₀ (±0.1 %)', () => {
    const R = 0.01, v0 = 0.5, g = 9.81, m = 0.01, K = 5e7;
    const { sim } = runScenario({
      gravity: [0, 0, -g],
      time: { duration: 0.05, dt: 2e-6 },
      materials: { m: { youngsModulus: youngsModulusFor(K, R, 0.3), poissonsRatio: 0.3, density: densityFor(m, R) } },
      contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5 },
      particles: [{ position: [0, 0, R], velocity: [v0, 0, 0], angularVelocity: [0, v0 / R, 0], radius: R, material: 'm' }],
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }],
      outputs: { impacts: false },
    });
    expect(Math.abs(sim.st.vel[0] / v0 - 1)).toBeLessThan(0.001);
  });
});
