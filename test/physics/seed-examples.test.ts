/**
 * The reference impacts of the reviews (docs/physics.md §7.9) reproduced through the engine by
 * src/run/single-impact.ts — the module behind `grainflow impact` — within 1 % (project issue #6):
 *  - two aluminium spheres head-on, Machado 2012, Figs 3–6 / Lankarani 1994, Example 2: R = 20 mm, m = 0.092 kg
 *    each, K = 5.5e9 N m^-3/2, v₀ = 0.3 m/s, e = 0.7, for every law of the §7.9 aluminium table and the
 *    permanent-indentation model of Lankarani 1994 (δ_p, separation speed 0.21 m/s, contact time 128.99 µs);
 *  - the bouncing ball of Safaeifar 2020, §8: m = 1 kg, R = 0.1 m on a rigid floor, K = 1.4e8 N m^-3/2,
 *    v₀ = 4.2 m/s, gravity 9.8 m/s² during contact, e ∈ {0.2, 0.4, 0.6, 0.8} (§7.9 bouncing-ball table).
 * The aluminium rows are also checked against the independent RK4 integration of test/helpers/reference-ode.ts
 * (HC family: c = Z·K/v₀ with damping exponent 3/2), which shares no code with src/.
 * The tables are the "[derived]" reference numbers of docs/physics.md §7.9, rounded to 4–5 significant digits.
 * The reviews' Gonthier is the 1 − e² approximation (its e_out 0.670 at e_in = 0.7 is not the exact law's 0.7).
 */
import { describe, expect, it } from 'vitest';
import {
  densityForMass, simulateImpact, youngsModulusForStiffness, type ImpactOutcome, type ImpactSpec,
} from '../../src/run/single-impact.js';
import { referenceImpact } from '../helpers/reference-ode.js';

const TOLERANCE = 0.01;

function within(measured: number, expected: number, what: string): void {
  expect(Math.abs(measured / expected - 1), `${what}: ${measured} vs ${expected}`).toBeLessThan(TOLERANCE);
}

type Normal = ImpactSpec['normal'];
const law = (model: string, e: number): Normal =>
  (model === 'hertz' ? { model } : model === 'gonthier' ? { model, restitution: e, form: 'approximate' }
    : { model, restitution: e }) as Normal;

/** Z(e) of the HC-family laws in the tables, written out from docs/physics.md §4.4 for the reference ODE. */
const FACTOR: Record<string, (e: number) => number> = {
  hertz: () => 0,
  'hunt-crossley': (e) => 1.5 * (1 - e),
  'herbert-mcwhannell': (e) => (6 * (1 - e)) / ((2 * e - 1) ** 2 + 3),
  'lee-wang': (e) => 0.75 * (1 - e),
  'lankarani-nikravesh': (e) => 0.75 * (1 - e * e),
  gonthier: (e) => (1 - e * e) / e,
  'zhiying-qishao': (e) => 0.75 * (1 - e * e) * Math.exp(2 * (1 - e)),
  flores: (e) => (8 * (1 - e)) / (5 * e),
  'gharib-hurmuzlu': (e) => 1 / e,
  'hu-guo': (e) => (3 * (1 - e)) / (2 * e),
  'safaeifar-farshidianfar': (e) => (5 * (1 - e)) / (4 * e),
};

describe('two aluminium spheres, v₀ = 0.3 m/s, e = 0.7 (§7.9)', () => {
  const R = 0.02, mass = 0.092, K = 5.5e9, nu = 0.33, v0 = 0.3, e = 0.7;
  const material = { youngsModulus: youngsModulusForStiffness(K, R, 'sphere', nu), poissonsRatio: nu, density: densityForMass(mass, R) };
  const run = (normal: Normal): ImpactOutcome =>
    simulateImpact({ normal, endOfContact: 'no-tension', speed: v0, target: 'sphere', material, radius: R });

  // law: e_out, δ_max (m), F_max (N), contact time (µs)
  const TABLE: [string, number, number, number, number][] = [
    ['hertz', 1.000, 1.5467e-5, 334.6, 151.7],
    ['hunt-crossley', 0.768, 1.3966e-5, 304.8, 156.8],
    ['herbert-mcwhannell', 0.723, 1.3654e-5, 302.9, 158.3],
    ['lee-wang', 0.869, 1.4639e-5, 313.6, 154.2],
    ['lankarani-nikravesh', 0.796, 1.4155e-5, 306.6, 156.0],
    ['gonthier', 0.670, 1.3280e-5, 302.2, 160.3],
    ['zhiying-qishao', 0.680, 1.3351e-5, 302.2, 159.9],
    ['flores', 0.683, 1.3377e-5, 302.2, 159.8],
    ['gharib-hurmuzlu', 0.501, 1.2003e-5, 311.0, 169.9],
    ['hu-guo', 0.697, 1.3477e-5, 302.4, 159.2],
    ['safaeifar-farshidianfar', 0.735, 1.3740e-5, 303.3, 157.9],
  ];

  it.each(TABLE)('%s: e_out %f, δ_max %f m, F_max %f N, t_c %f µs', (model, eOut, dMax, fMax, tc) => {
    const o = run(law(model, e));
    within(o.restitution, eOut, 'e_out');
    within(o.maxOverlap, dMax, 'δ_max');
    within(o.maxForce, fMax, 'F_max');
    within(o.contactTime * 1e6, tc, 'contact time');
    expect(o.stiffness).toBeCloseTo(K, -3);
    // Independent RK4 of m*δ̈ + Kδ^{3/2} + (Z K / v₀) δ^{3/2} δ̇ = 0 (same numbers, tighter: 0.2 %).
    const ref = referenceImpact(mass / 2, K, (FACTOR[model](e) * K) / v0, 1.5, v0, 'no-tension', 20_000);
    expect(Math.abs(o.restitution - ref.restitution)).toBeLessThan(1e-3);
    expect(Math.abs(o.maxOverlap / ref.maxOverlap - 1)).toBeLessThan(2e-3);
    expect(Math.abs(o.maxForce / ref.maxForce - 1)).toBeLessThan(2e-3);
    expect(Math.abs(o.contactTime / ref.duration - 1)).toBeLessThan(2e-3);
  });

  it('permanent indentation (Lankarani 1994, Example 2): δ_m, f_m, δ_p, separation speed, contact time, energy', () => {
    const o = run({ model: 'lankarani-nikravesh-plastic', restitution: e });
    within(o.maxOverlap, 1.5467e-5, 'δ_m');
    within(o.maxForce, 334.6, 'f_m');
    within(o.reboundSpeed, 0.2100, 'separation speed');
    within(o.contactTime * 1e6, 128.99, 'contact time');
    // Permanent set: the overlap at which the force vanishes on unloading.
    const { overlap, force } = o.trace;
    let last = force.length - 1;
    while (last > 0 && !(force[last] > 0)) last--;
    within(overlap[last], 7.888e-6, 'δ_p');
    // Dissipated energy ½m*(v₀² − v_out²) (Lankarani 1994, Eq 18: 1.056e-3 J).
    within(0.5 * (mass / 2) * (o.impactSpeed ** 2 - o.reboundSpeed ** 2), 1.056e-3, 'dissipated energy');
  });
});

describe('bouncing ball of Safaeifar 2020, v₀ = 4.2 m/s (§7.9)', () => {
  const R = 0.1, mass = 1, K = 1.4e8, nu = 0.3, g = 9.8;
  const material = { youngsModulus: youngsModulusForStiffness(K, R, 'wall', nu), poissonsRatio: nu, density: densityForMass(mass, R) };
  const E = [0.2, 0.4, 0.6, 0.8];
  // law → per e: e_out, δ_max (mm), F_max (kN), t_c (ms)
  const TABLE: Record<string, [number, number, number, number][]> = {
    'hunt-crossley': [[0.546, 1.521, 10.65, 1.464], [0.619, 1.588, 10.52, 1.428], [0.711, 1.670, 10.50, 1.394], [0.833, 1.771, 10.75, 1.361]],
    'lankarani-nikravesh': [[0.672, 1.635, 10.49, 1.407], [0.701, 1.661, 10.50, 1.397], [0.756, 1.708, 10.56, 1.380], [0.847, 1.782, 10.80, 1.358]],
    flores: [[0.154, 1.028, 14.49, 2.194], [0.362, 1.329, 11.53, 1.621], [0.576, 1.549, 10.58, 1.448], [0.788, 1.735, 10.63, 1.372]],
    'gharib-hurmuzlu': [[0.195, 1.104, 13.53, 1.992], [0.351, 1.317, 11.61, 1.634], [0.458, 1.434, 10.96, 1.523], [0.535, 1.510, 10.68, 1.470]],
    'hu-guo': [[0.164, 1.048, 14.22, 2.137], [0.378, 1.348, 11.41, 1.600], [0.593, 1.565, 10.55, 1.440], [0.799, 1.743, 10.65, 1.369]],
    'safaeifar-farshidianfar': [[0.195, 1.104, 13.53, 1.992], [0.427, 1.401, 11.12, 1.550], [0.638, 1.605, 10.50, 1.420], [0.827, 1.766, 10.73, 1.363]],
    gonthier: [[0.203, 1.116, 13.39, 1.963], [0.397, 1.369, 11.29, 1.580], [0.576, 1.549, 10.58, 1.448], [0.767, 1.717, 10.58, 1.377]],
  };
  const drop = (normal: Normal) =>
    simulateImpact({ normal, endOfContact: 'no-tension', speed: 4.2, target: 'wall', material, radius: R, gravity: g });

  it('hertz: e_out 1, δ_max 1.902 mm, F_max 11.62 kN, t_c 1.333 ms', () => {
    const o = drop({ model: 'hertz' });
    within(o.restitution, 1, 'e_out');
    within(o.maxOverlap * 1e3, 1.902, 'δ_max');
    within(o.maxForce * 1e-3, 11.62, 'F_max');
    within(o.contactTime * 1e3, 1.333, 't_c');
  });

  it.each(Object.entries(TABLE))('%s at e = 0.2, 0.4, 0.6, 0.8', (model, rows) => {
    rows.forEach(([eOut, dMax, fMax, tc], k) => {
      const o = drop(law(model, E[k]));
      within(o.restitution, eOut, `e = ${E[k]}: e_out`);
      within(o.maxOverlap * 1e3, dMax, `e = ${E[k]}: δ_max`);
      within(o.maxForce * 1e-3, fMax, `e = ${E[k]}: F_max`);
      within(o.contactTime * 1e3, tc, `e = ${E[k]}: t_c`);
    });
  });
});
