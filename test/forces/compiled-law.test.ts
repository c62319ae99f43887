/**
 * The contact law is written once (src/kernel/law.ts) and compiled for what a run uses: the pair pass once per
 * shared law (no per-contact lookup) and per option set (rolling resistance, collision records), and every pass
 * skips what no class uses (forces/contact.ts KernelFeatures). That must never change a result:
 *   - the one-contact law bound to a run's features gives, bit for bit, the forces, torques and history of the law
 *     bound to every feature, along a contact that loads, turns, slides and unloads;
 *   - the pair pass the kernel picks for a run gives, bit for bit, the sums, history and touching flags of the pass
 *     compiled for any law with rolling resistance (and collision records where the run keeps them), on a
 *     colliding cluster of spheres —
 * for every registered law, with and without friction and rolling resistance, "no-tension" and "free".
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES, CONTACT, CONTACT_LENGTH, HISTORY_STRIDE, kernelFeatures, OUT_LENGTH, type ContactLaw,
  type KernelFeatures,
} from '../../src/forces/contact.js';
import { contactConstants } from '../../src/forces/contact-table.js';
import { createContactLaw, Kernel, kernelTableIn, SCRATCH_LENGTH } from '../../src/forces/kernel-instance.js';
import { normalLawParameters, normalModelNames, type NormalModelName } from '../../src/forces/normal/registry.js';
import { bindPairList } from '../../src/contacts/pair-kernel.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation } from '../../src/engine/simulation.js';
import { parseScenario } from '../../src/scenario/load.js';
import { fillSpherePairConstants } from '../helpers/contact-block.js';

const glass = { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 };
const R = 0.001;

/** The law of `model` for glass on glass: its parameters where it takes them. */
function contactOf(model: NormalModelName, friction: number, rollingFriction: number, endOfContact: string) {
  const parameters = normalLawParameters(model);
  return {
    normal: {
      model,
      ...(parameters.includes('restitution') ? { restitution: 0.6 } : {}),
      ...(parameters.includes('stiffness') ? { stiffness: 2e3 } : {}),
    },
    endOfContact, friction, rollingFriction,
  };
}

function tableOf(model: NormalModelName, friction: number, rollingFriction: number, endOfContact: string) {
  return parseScenario({
    time: { duration: 0.01 },
    materials: { glass },
    contact: contactOf(model, friction, rollingFriction, endOfContact),
    particles: [{ position: [0, 0, 0], radius: R, material: 'glass' }],
  }).contacts;
}

/**
 * 200 steps of one contact: δ rises to 2 % of R and falls back below zero overlap's neighbourhood, the normal turns,
 * the contact point slides and spins, so every branch (cap, history rotation, latching, unloading) is taken.
 */
function trajectory(law: ContactLaw, table: ReturnType<typeof tableOf>): number[] {
  const reff = R / 2, meff = (glass.density * (4 / 3) * Math.PI * R ** 3) / 2;
  const constants = new Float64Array(3);
  contactConstants(constants, table.kernel, 0, reff, meff);
  const contact = new Float64Array(CONTACT_LENGTH);
  const out = new Float64Array(OUT_LENGTH);
  const history = new Float64Array(HISTORY_STRIDE);
  const seen: number[] = [];
  for (let k = 0; k < 200; k++) {
    const phase = (Math.PI * k) / 199;
    const angle = 0.3 * Math.sin(3 * phase);
    contact[CONTACT.delta] = 0.02 * R * Math.sin(phase) + 1e-9;
    contact[CONTACT.nx] = Math.sin(angle); contact[CONTACT.ny] = 0; contact[CONTACT.nz] = Math.cos(angle);
    contact[CONTACT.vx] = 0.3 * Math.cos(5 * phase);
    contact[CONTACT.vy] = 0.2 * Math.sin(7 * phase);
    contact[CONTACT.vz] = -0.5 * Math.cos(phase);
    contact[CONTACT.wx] = 40 * Math.sin(2 * phase); contact[CONTACT.wy] = -30; contact[CONTACT.wz] = 10 * Math.cos(phase);
    // At the half step (the springs' increments): a little behind.
    for (let a = 0; a < 3; a++) {
      contact[CONTACT.vHalf + a] = 0.9 * contact[CONTACT.vx + a];
      contact[CONTACT.wHalf + a] = 0.9 * contact[CONTACT.wx + a];
    }
    fillSpherePairConstants(contact, constants, reff, R);
    law(out, history, 0, 0, contact, 1e-5);
    seen.push(...out, ...history);
  }
  return seen;
}

/** Index of the first value that differs in any bit (Object.is tells +0 from −0), −1 if none. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let k = 0; k < Math.max(a.length, b.length); k++) if (!Object.is(a[k], b[k])) return k;
  return -1;
}

/**
 * 64 spheres on a 4 × 4 × 4 lattice of pitch 2.01 R, each thrown at 0.5 m/s in a seeded random direction, after
 * `steps` steps: every pair is a candidate, many touch, slide and spin, some part again.
 */
function collidingCluster(model: NormalModelName, friction: number, rollingFriction: number, end: string, impacts: boolean) {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const particles = [];
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      for (let z = 0; z < 4; z++) {
        const v = [random(), random(), random()];
        const s = 0.5 / Math.hypot(...v);
        particles.push({ position: [x, y, z].map((c) => 2.01 * R * c), radius: R, material: 'glass',
          velocity: v.map((c) => s * c), angularVelocity: [random() * 100, random() * 100, random() * 100] });
      }
    }
  }
  const scenario = parseScenario({
    time: { duration: 1e-3, dt: 2e-7 },
    materials: { glass },
    contact: contactOf(model, friction, rollingFriction, end),
    particles,
    outputs: { impacts, frames: false },
  });
  return new Simulation(createSetup(scenario));
}

/** One pair pass of `sim`'s current list by a kernel bound to `features`: forces, torques, history, touching after it. */
function pairPass(sim: Simulation, features: KernelFeatures): number[] {
  const { memory, st, pairs } = sim;
  const kernel = new Kernel({
    memory: memory.memory, st, gravity: [0, 0, 0], table: kernelTableIn(memory, sim.setup.table.kernel), features,
    scratch: memory.float64(SCRATCH_LENGTH),
  });
  bindPairList(kernel, pairs);
  const arrays = [st.force, st.torque, pairs.history, pairs.touching];
  const saved = arrays.map((a) => a.slice());
  kernel.exports.pairForces(0, pairs.count, sim.setup.dt, sim.time);
  const after = [...st.force, ...st.torque, ...pairs.history.subarray(0, pairs.historyStride * pairs.count),
    ...pairs.touching.subarray(0, pairs.count)];
  arrays.forEach((a, k) => a.set(saved[k]));
  return after;
}

const cases = normalModelNames.flatMap((model) => [
  [model, 0.5, 0.1, 'no-tension'], [model, 0.5, 0, 'free'], [model, 0, 0, 'no-tension'],
] as const);

describe('the one-contact law bound to a run\'s features', () => {
  it.each(cases)('%s (μ = %s, μ_r = %s, %s): = every feature, bit for bit', (model, mu, muRoll, end) => {
    const table = tableOf(model, mu, muRoll, end);
    const features = kernelFeatures(table.kernel, true, false);
    expect(features.elastic).not.toBeNull();
    expect(features.exponent).not.toBeNull();
    expect(features.friction).toBe(mu > 0);
    expect(features.rolling).toBe(muRoll > 0);
    const specialised = trajectory(createContactLaw(table.kernel, features), table);
    const reference = trajectory(createContactLaw(table.kernel, ALL_FEATURES), table);
    expect(firstDifference(reference, specialised)).toBe(-1);
    expect(reference.some((value) => value !== 0)).toBe(true);
  });
});

describe('the pair pass compiled for a run\'s law and options', () => {
  it.each(cases)('%s (μ = %s, μ_r = %s, %s): = the per-class pass with every option, bit for bit', (model, mu, muRoll, end) => {
    // Collision records on for the runs without rolling resistance, so both option sets meet the general pass.
    const sim = collidingCluster(model, mu, muRoll, end, muRoll === 0);
    for (let k = 0; k < 300; k++) sim.step(() => {});
    const own = kernelFeatures(sim.setup.table.kernel, sim.setup.trackImpacts, false);
    // Every option the run's lists can hold: collision records only where they are kept.
    const general: KernelFeatures = { ...ALL_FEATURES, impacts: own.impacts, periodic: false };
    const touching = sim.pairs.touching.subarray(0, sim.pairs.count).reduce((sum, t) => sum + t, 0);
    expect(touching).toBeGreaterThan(20);
    expect(firstDifference(pairPass(sim, general), pairPass(sim, own))).toBe(-1);
    // Records kept for the statistics alone (a default run): the same forces, torques and springs.
    const statisticsOnly = kernelFeatures(sim.setup.table.kernel, sim.setup.trackImpacts, false, false);
    expect(statisticsOnly.fullImpactRecords).toBe(false);
    expect(firstDifference(pairPass(sim, general), pairPass(sim, statisticsOnly))).toBe(-1);
  });
});
