/**
 * Periodic boundaries in a running simulation: translation invariance of a contact through a box corner (with
 * friction and rolling history carried across rebuilds, re-wraps and image changes), the contact list against a
 * minimum-image brute force, conservation laws of an elastic periodic gas, and the set-up checks of the box.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import { ScenarioError } from '../../src/base/scenario-error.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';
import type { Vec3 } from '../helpers/collision.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

const L = 0.01;
const box = { min: [0, 0, 0] as Vec3, max: [L, L, L] as Vec3 };

/** Two soft frictional spheres colliding obliquely while drifting together, their midpoint at `centre`. */
function driftingPair(centre: Vec3): ScenarioInput {
  const r = 0.001;
  const d: Vec3 = [2.1 * r * 0.8, 2.1 * r * 0.6, 0]; // centre separation, 0.1 r gap
  const wrap = (x: number) => x - L * Math.floor(x / L);
  const at = (sign: number) => centre.map((c, a) => wrap(c + (sign * d[a]) / 2)) as Vec3;
  const drift: Vec3 = [3, 2.5, -2];
  return {
    gravity: [0, 0, 0],
    time: { duration: 2e-3, dt: 2e-7 },
    materials: { soft: { youngsModulus: 1e6, poissonsRatio: 0.3, density: 1000 } },
    contact: { normal: { model: 'tsuji', restitution: 0.7 }, friction: 0.5, rollingFriction: 0.1 },
    periodic: { ...box, axes: ['x', 'y', 'z'] },
    particles: [
      { position: at(-1), velocity: [drift[0] + 0.8, drift[1] - 0.2, drift[2] + 0.3], angularVelocity: [0, 0, 200], radius: r, material: 'soft' },
      { position: at(1), velocity: [drift[0] - 0.4, drift[1] - 0.3, drift[2]], angularVelocity: [50, 0, 0], radius: r, material: 'soft' },
    ],
    outputs: { impacts: true },
  };
}

function run(input: ScenarioInput) {
  const setup = createSetup(parseScenario(input));
  const sim = new Simulation(setup);
  const impacts: ImpactRecord[] = [];
  const imagesWhileTouching = new Set<number>();
  for (let k = 0; k < setup.steps; k++) {
    sim.step((rec) => impacts.push(rec));
    for (let p = 0; p < sim.pairs.count; p++) if (sim.pairs.touching[p]) imagesWhileTouching.add(sim.pairs.image[p]);
  }
  return { sim, impacts, imagesWhileTouching };
}

function stateById(sim: Simulation) {
  const { n, id, vel, omega } = sim.st;
  const out: number[][] = [];
  for (let p = 0; p < n; p++) out[id[p]] = [...vel.subarray(3 * p, 3 * p + 3), ...omega.subarray(3 * p, 3 * p + 3)];
  return out;
}

describe('a frictional collision through a periodic corner', () => {
  it('equals the same collision in the middle of the box (history follows the pair through re-wraps)', () => {
    const inside = run(driftingPair([L / 2, L / 2, L / 2]));
    const corner = run(driftingPair([L, L, 0]));
    // Inside the box the pair never needs an image; through the corner it does, and its image changes while
    // the contact lasts (a sphere is wrapped mid-contact), so the history must have followed it.
    expect([...inside.imagesWhileTouching]).toEqual([0]);
    expect(corner.imagesWhileTouching.size).toBeGreaterThanOrEqual(2);
    expect(inside.impacts).toHaveLength(1);
    expect(corner.impacts).toHaveLength(1);
    const a = inside.impacts[0], b = corner.impacts[0];
    // Friction acted (spin changed and slip changed) and the collision is the same to rounding.
    expect(Math.abs(a.slipAfter - a.slipBefore)).toBeGreaterThan(0.05);
    for (const key of ['duration', 'impactSpeed', 'reboundSpeed', 'maxOverlap', 'maxNormalForce', 'slipAfter'] as const) {
      expect(Math.abs(b[key] / a[key] - 1), key).toBeLessThan(1e-8);
    }
    const sa = stateById(inside.sim), sb = stateById(corner.sim);
    for (let k = 0; k < 2; k++) for (let c = 0; c < 6; c++) expect(sb[k][c]).toBeCloseTo(sa[k][c], 7);
  });
});

describe('elastic Hertz gas in a periodic box (400 spheres, φ = 0.25)', () => {
  const side = 0.01885;
  const setup = createSetup(parseScenario({
    gravity: [0, -9.81, 0], // along a periodic axis: no potential energy is counted there
    time: { duration: 0.01, dt: 'auto' },
    materials: { glass: { youngsModulus: 1e7, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'hertz' } },
    periodic: { min: [0, 0, 0], max: [side, side, side] },
    insert: [{ region: { type: 'box', min: [0, 0, 0], max: [side, side, side] }, count: 400, radius: 0.001, material: 'glass', velocitySpread: 0.5 }],
    outputs: { impacts: false },
  }));
  setup.gravity = [0, 0, 0];

  it('keeps momentum and energy, and its contact list is exactly the minimum-image overlaps', () => {
    const sim = new Simulation(setup);
    const momentum = () => {
      const { n, vel, mass } = sim.st;
      const p = [0, 0, 0];
      for (let k = 0; k < n; k++) for (let a = 0; a < 3; a++) p[a] += mass[k] * vel[3 * k + a];
      return p;
    };
    const energy = () => sim.energies().kinetic + sim.measureContacts().elasticEnergy;
    const p0 = momentum(), e0 = energy();
    const { n, mass, vel } = sim.st;
    let scale = 0;
    for (let k = 0; k < n; k++) scale += mass[k] * Math.hypot(vel[3 * k], vel[3 * k + 1], vel[3 * k + 2]);
    let throughFaces = 0;
    for (let k = 0; k < setup.steps; k++) {
      sim.step(() => {});
      for (let p = 0; p < sim.pairs.count; p++) if (sim.pairs.touching[p] && sim.pairs.image[p] !== 0) throughFaces++;
    }
    expect(throughFaces).toBeGreaterThan(100);
    const p1 = momentum();
    for (let a = 0; a < 3; a++) expect(Math.abs(p1[a] - p0[a])).toBeLessThan(1e-12 * scale);
    expect(Math.abs(energy() / e0 - 1)).toBeLessThan(1e-4);

    // Brute force: every pair, nearest image per axis.
    const { pos, radius } = sim.st;
    let overlaps = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let d2 = 0;
        for (let a = 0; a < 3; a++) {
          const d = pos[3 * i + a] - pos[3 * j + a];
          d2 += (d - side * Math.round(d / side)) ** 2;
        }
        if (d2 < (radius[i] + radius[j]) ** 2) overlaps++;
      }
    }
    expect(overlaps).toBeGreaterThan(5);
    expect(sim.measureContacts().contacts).toBe(overlaps);
  });
});

describe('periodic box checks at set-up', () => {
  const base = (change: (s: ScenarioInput) => void): ScenarioInput => {
    const s = driftingPair([L / 2, L / 2, L / 2]);
    change(s);
    return s;
  };
  const rejection = (input: ScenarioInput) => {
    try {
      createSetup(parseScenario(input));
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      return error as ScenarioError;
    }
    throw new Error('accepted');
  };

  it('refuses a box not longer than 2 × (largest diameter + skin) along a periodic axis, naming periodic.max', () => {
    // Diameter 2 mm, default skin 0.3 mm: the box must exceed 4.6 mm; 4.5 mm along y is refused.
    const error = rejection(base((s) => { s.periodic = { min: [0, 0, 0], max: [L, 0.0045, L], axes: ['y'] }; (s.particles as ParticleSpec[])[1].position = [0.006, 0.002, 0.005]; (s.particles as ParticleSpec[])[0].position = [0.003, 0.002, 0.005]; }));
    expect(error.field).toBe('periodic.max');
    expect(error.message).toMatch(/along periodic axis y.*2 × \(largest diameter 0\.002 m \+ skin 0\.0003 m\) = 0\.0046 m/);
  });

  it('accepts a short box along an axis that does not wrap', () => {
    expect(() => createSetup(parseScenario(base((s) => { s.periodic = { min: [0, 0, 0], max: [L, 0.001, L], axes: ['x', 'z'] }; })))).not.toThrow();
  });

  it('refuses spheres that start outside the box, naming the particle or the insert block', () => {
    expect(rejection(base((s) => { (s.particles as ParticleSpec[])[1].position = [0.005, 0.005, 0.0101]; })).field).toBe('particles[1].position');
    const error = rejection(base((s) => {
      s.insert = [{ region: { type: 'box', min: [0, 0, 0.009], max: [L, L, 0.02] }, count: 3, radius: 0.001, material: 'soft' }];
      s.particles = [];
    }));
    expect(error.field).toBe('insert[0].region');
    expect(error.message).toMatch(/outside the periodic box \[0, 0\.01\) m/);
  });
});
