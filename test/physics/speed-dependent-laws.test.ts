/**
 * The viscoelastic laws F = Kδ^{3/2} + cδ^m δ̇ with m > 1/4 have a speed-dependent restitution
 * (docs/physics.md §7.1): e = Φ_m(β) with β = (c/K)(K/m*)^{(3−2m)/5}·v₀^{(4m−1)/5}, i.e. β ∝ v₀^{1/5} for
 * Kuwabara–Kono and Brilliantov (m = 1/2) and β ∝ v₀^{0.32} for Bordbar–Hyppänen (m = 0.65). Every collision
 * here runs through the real engine (scenario → setup → Simulation); the expected restitution comes from the
 * target itself, from the small-damping series of the literature, or from the independent RK4 integration in
 * test/helpers/reference-ode.ts run with the K, c and m* the engine resolved for the contact — never from the
 * production calibration code.
 *
 * Measured (stepsPerContact 1000, the helper default): the engine's e differs from the reference by at most
 * 1.2e-5 (KK / Brilliantov) and 3.5e-6 (Bordbar) over e* ∈ {0.3, 0.5, 0.7, 0.9}, v ∈ v_ref·{0.01, 0.1, 1, 10},
 * both conventions, sphere–sphere and sphere–wall; the reference reproduces the calibration target to 8e-8.
 * The reference at 10 000 RK4 steps per contact time is within 1.5e-7 of its 160 000-step value on all these cases
 * (they are the same dimensionless impacts whatever v_ref is). A law with the other family's exponent misses the
 * engine by ≥ 0.015 (5× the tolerance); KK from viscosities agrees with its reference to 8e-6.
 */
import { describe, expect, it } from 'vitest';
import {
  collide, collisionScenario, runScenario, type CollisionResult, type EndOfContactInput,
} from '../helpers/collision.js';
import { referenceImpact } from '../helpers/reference-ode.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

/** Acceptance tolerance on e (the project issue). */
const TOLERANCE = 0.003;
/**
 * Reference speed of the calibrations, m/s. Not 1 m/s: there v_ref^{(1−4m)/5} = 1 whatever the exponent, and a wrong
 * power of v_ref in the calibration would go unnoticed.
 */
const V_REF = 0.5;
/** RK4 steps per Hertz contact time in the reference: within 1.5e-7 of the converged e on every case below. */
const REFERENCE_STEPS = 10_000;

const conventions: EndOfContactInput[] = ['free', 'no-tension'];
const bodies = ['sphere', 'wall'] as const;
type Body = (typeof bodies)[number];

interface Law {
  model: 'kuwabara-kono' | 'brilliantov' | 'bordbar';
  name: string;
  /** damping exponent m */
  m: number;
  /** the law's own speed exponent of β, (4m − 1)/5 (§7.1) */
  speedExponent: number;
  /** the other family's exponent, which the engine's e(v) must be distinguishable from */
  wrongExponent: number;
}

const laws: Law[] = [
  { model: 'kuwabara-kono', name: 'Kuwabara–Kono', m: 0.5, speedExponent: 1 / 5, wrongExponent: 0.32 },
  { model: 'brilliantov', name: 'Brilliantov', m: 0.5, speedExponent: 1 / 5, wrongExponent: 0.32 },
  { model: 'bordbar', name: 'Bordbar–Hyppänen', m: 0.65, speedExponent: 0.32, wrongExponent: 1 / 5 },
];

/** What one engine collision tells us: measured e and the contact's resolved constants. */
interface Measured {
  impactSpeed: number;
  restitution: number;
  /** Hertz stiffness K (N m^-3/2), damping coefficient c (N s m^-(1+m)) and m* (kg) the engine used */
  K: number;
  c: number;
  meff: number;
}

function measure({ impact, sim }: Pick<CollisionResult, 'impact' | 'sim'>, target: Body): Measured {
  const restitution = impact.reboundSpeed / impact.impactSpeed;
  if (target === 'wall') {
    expect(sim.walls.count).toBe(1);
    const { K, c, mass } = { K: sim.wallStiffness(0), c: sim.walls.c[0], mass: sim.st.mass[0] };
    return { impactSpeed: impact.impactSpeed, restitution, K, c, meff: mass };
  }
  // The pair must still be the list's only entry, or K[0] and c[0] would be stale buffers.
  expect(sim.pairs.count).toBe(1);
  const mi = sim.st.mass[sim.pairs.first[0]], mj = sim.st.mass[sim.pairs.second[0]];
  const { K, c } = { K: sim.pairStiffness(0), c: sim.pairs.c[0] };
  return { impactSpeed: impact.impactSpeed, restitution, K, c, meff: (mi * mj) / (mi + mj) };
}

/** e of the 1-D contact ODE (independent RK4) with the engine's constants, optionally with c scaled. */
function referenceRestitution(law: Law, x: Measured, endOfContact: EndOfContactInput, cScale = 1): number {
  return referenceImpact(x.meff, x.K, cScale * x.c, law.m, x.impactSpeed, endOfContact, REFERENCE_STEPS).restitution;
}

// Collisions at v_ref are shared by the first two groups of tests.
const calibratedRuns = new Map<string, Measured>();
function calibratedCollision(
  law: Law, endOfContact: EndOfContactInput, target: Body, e: number, speed: number,
): Measured {
  const key = `${law.model}/${endOfContact}/${target}/${e}/${speed}`;
  let x = calibratedRuns.get(key);
  if (x === undefined) {
    const result = collide({
      normal: { model: law.model, restitution: e, referenceSpeed: V_REF }, endOfContact, speed, target,
    });
    x = measure(result, target);
    expect(x.impactSpeed / speed, `impact speed at ${speed} m/s`).toBeCloseTo(1, 9);
    if (speed === V_REF) calibratedRuns.set(key, x);
  }
  return x;
}

const targets = [0.3, 0.5, 0.7, 0.9];

describe('Calibrated to e at v_ref, the viscoelastic laws rebound at e there', () => {
  for (const law of laws) {
    for (const endOfContact of conventions) {
      for (const target of bodies) {
        it(`${law.name}, ${endOfContact}, sphere–${target}: e = ${targets.join(', ')} at ${V_REF} m/s (±${TOLERANCE})`,
          () => {
            for (const e of targets) {
              const x = calibratedCollision(law, endOfContact, target, e, V_REF);
              expect(Math.abs(x.restitution - e), `target e = ${e}: measured ${x.restitution}`)
                .toBeLessThan(TOLERANCE);
            }
          });
      }
    }
  }
});

const speedFactors = [0.01, 0.1, 10];

describe('Away from v_ref, e(v) follows each law\'s own β ∝ v^{(4m−1)/5} (independent reference ODE)', () => {
  for (const law of laws) {
    for (const endOfContact of conventions) {
      for (const target of bodies) {
        const exponent = law.speedExponent === 0.32 ? '0.32' : '1/5';
        const span = `${speedFactors[0] * V_REF} to ${speedFactors[speedFactors.length - 1] * V_REF} m/s`;
        it(`${law.name}, ${endOfContact}, sphere–${target}: β ∝ v^${exponent} from ${span} (±${TOLERANCE})`,
          () => {
            for (const e of targets) {
              // The reference, run with the engine's own K, c and m*, reaches the target at v_ref: an independent
              // check of the calibration.
              const atRef = calibratedCollision(law, endOfContact, target, e, V_REF);
              expect(Math.abs(referenceRestitution(law, atRef, endOfContact) - e), `reference at v_ref, e* = ${e}`)
                .toBeLessThan(1e-4);
              for (const factor of speedFactors) {
                const speed = factor * V_REF;
                const where = `e* = ${e}, v = ${speed} m/s`;
                const x = calibratedCollision(law, endOfContact, target, e, speed);
                // The constants are material-pair constants: the same at every speed.
                expect(x.c, where).toBe(atRef.c);
                expect(x.K, where).toBe(atRef.K);
                const expected = referenceRestitution(law, x, endOfContact);
                expect(Math.abs(x.restitution - expected), `${where}: engine ${x.restitution}, reference ${expected}`)
                  .toBeLessThan(TOLERANCE);
                // The test can tell the laws apart: e really moves away from e*, and the same calibration with the
                // other family's exponent (c scaled so that β ∝ v^wrong, equal at v_ref) misses by > 3× tolerance.
                expect(Math.abs(x.restitution - e), `${where}: e must depend on speed`).toBeGreaterThan(3 * TOLERANCE);
                const wrongScale = factor ** (law.wrongExponent - law.speedExponent);
                const wrong = referenceRestitution(law, x, endOfContact, wrongScale);
                expect(Math.abs(x.restitution - wrong), `${where}: β ∝ v^${law.wrongExponent} would give ${wrong}`)
                  .toBeGreaterThan(3 * TOLERANCE);
              }
            }
          });
      }
    }
  }
});

/*
 * Brilliantov's law with A given: β = (3/2)A(K/m*)^{2/5}v₀^{1/5} (§3.4), and the Schwager–Pöschel series
 * 1 − e = 1.15344β − 0.79826β² + … gives (1−e)/β → 1.15344 as β → 0. At β = 1e-3 the β² term moves (1−e)/β by
 * −0.069 %, inside the 0.2 % acceptance band; the test also checks it to 0.005 %.
 *
 * Convergence measured with stepsPerContact (free, β = 1e-3, v₀ = 1 m/s; sphere–sphere and sphere–wall identical):
 *   250: 1.152421  500: 1.152578  1000: 1.152629  2000: 1.152644  4000: 1.152648  8000: 1.152649  16000: 1.152650
 * i.e. second order, with 4000 steps within 2e-6 (relative) of the 16 000-step value — 500× below 0.1 %. The test
 * runs 4000 and 8000 and requires them to agree to 1e-5 (relative).
 */
const SMALL_BETA = 1e-3;
const SMALL_BETA_STEPS = 4000;

describe('Brilliantov in the small-damping limit: (1 − e)/β → 1.15344 (Schwager–Pöschel)', () => {
  for (const target of bodies) {
    it(`free, sphere–${target}: β = ${SMALL_BETA} gives (1 − e)/β = 1.15344 within 0.2 %`, () => {
      const speed = 1, K = 5.5e9, mass = 0.092;
      // A for β = 1e-3 at the nominal K and m*; β itself is then recomputed from the engine's constants.
      const A = SMALL_BETA / (1.5 * (K / (target === 'wall' ? mass : mass / 2)) ** 0.4 * speed ** 0.2);
      const ratioAt = (stepsPerContact: number) => {
        const x = measure(collide({
          normal: { model: 'brilliantov', A }, endOfContact: 'free', speed, target, stepsPerContact, K, mass,
        }), target);
        expect(x.c / (1.5 * x.K * A), 'c = (3/2)·K·A').toBeCloseTo(1, 12);
        const beta = 1.5 * A * (x.K / x.meff) ** 0.4 * x.impactSpeed ** 0.2;
        expect(beta / SMALL_BETA).toBeCloseTo(1, 3);
        return { beta, ratio: (1 - x.restitution) / beta };
      };
      const { beta, ratio } = ratioAt(SMALL_BETA_STEPS);
      const finer = ratioAt(2 * SMALL_BETA_STEPS).ratio;
      expect(Math.abs(finer / ratio - 1), `discretisation: ${ratio} vs ${finer}`).toBeLessThan(1e-5);
      expect(Math.abs(ratio / 1.15344 - 1), `(1 − e)/β = ${ratio}`).toBeLessThan(0.002);
      expect(Math.abs(ratio / (1.15344 - 0.79826 * beta) - 1), `second-order series at β = ${beta}`)
        .toBeLessThan(5e-5);
    });
  }
});

/*
 * Kuwabara–Kono with χ from the viscosities (Corral 2021, Eqs 5.37–5.38; docs/physics.md §3.2):
 *   χ = 2√R_eff / D′,  D′ = Σ_{i=1,2} [4(3ξᵢ+ηᵢ)² − 9(ξᵢ−ηᵢ)²] / [36(3ξᵢ+ηᵢ)ξᵢηᵢ],
 * ξ bulk and η shear viscosity (Pa·s). Two materials with the same elastic constants and different viscosities, so
 * the sum over both bodies matters.
 */
const viscous = {
  a: { bulkViscosity: 3e5, shearViscosity: 2e5 },
  b: { bulkViscosity: 5e5, shearViscosity: 1e5 },
};

/** One body's share of D′, 1/(Pa·s). */
function viscousCompliance({ bulkViscosity: xi, shearViscosity: eta }: (typeof viscous)['a']): number {
  return (4 * (3 * xi + eta) ** 2 - 9 * (xi - eta) ** 2) / (36 * (3 * xi + eta) * xi * eta);
}

describe('Kuwabara–Kono from bulk and shear viscosities: e(v) of the ODE with χ = 2√R_eff/D′', () => {
  const radius = 0.02;
  for (const endOfContact of conventions) {
    for (const target of bodies) {
      it(`${endOfContact}, sphere–${target}, unlike viscosities: e at 0.1 and 10 m/s (±${TOLERANCE})`, () => {
        const reff = target === 'wall' ? radius : radius / 2;
        const dPrime = viscousCompliance(viscous.a) + viscousCompliance(viscous.b);
        const chi = (2 * Math.sqrt(reff)) / dPrime;
        const oneBodyChi = (2 * Math.sqrt(reff)) / viscousCompliance(viscous.a);
        const measured: number[] = [];
        for (const speed of [0.1, 10]) {
          const input = collisionScenario({ normal: { model: 'kuwabara-kono' }, endOfContact, speed, target, radius });
          const base = input.materials!.m;
          input.materials = { a: { ...base, ...viscous.a }, b: { ...base, ...viscous.b } };
          (input.particles as ParticleSpec[])[0].material = 'a';
          if (target === 'wall') input.walls![0].material = 'b';
          else (input.particles as ParticleSpec[])[1].material = 'b';
          const { sim, impacts } = runScenario(input);
          expect(impacts).toHaveLength(1);
          // K and m* from the engine; the damping coefficient is the χ computed above, not the engine's c.
          const { impactSpeed, restitution: e, K, meff } = measure({ impact: impacts[0], sim }, target);
          expect(impactSpeed / speed).toBeCloseTo(1, 9);
          measured.push(e);
          const ode = (c: number) =>
            referenceImpact(meff, K, c, 0.5, impactSpeed, endOfContact, REFERENCE_STEPS).restitution;
          const expected = ode(chi);
          expect(Math.abs(e - expected), `v = ${speed} m/s: engine ${e}, reference ${expected}`)
            .toBeLessThan(TOLERANCE);
          // A D′ with one body's share only would be caught.
          const wrong = ode(oneBodyChi);
          expect(Math.abs(e - wrong), `v = ${speed} m/s: one-body D′ would give ${wrong}`)
            .toBeGreaterThan(3 * TOLERANCE);
        }
        // e falls with speed (β ∝ v^{1/5}).
        expect(measured[0] - measured[1]).toBeGreaterThan(3 * TOLERANCE);
      });
    }
  }
});
