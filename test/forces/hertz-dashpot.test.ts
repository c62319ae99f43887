/**
 * hertz-dashpot, F = Kδ^{3/2} + c·δ̇ (docs/physics.md §3.6): impacts through the engine against the independent
 * RK4 integration of test/helpers/reference-ode.ts, for a given c and for c calibrated to a restitution at a
 * reference speed; and a restitution out of the law's reach is one ScenarioError, not a hang.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { leastRestitution } from '../../src/forces/normal/calibration.js';
import { hertzContactTime } from '../../src/forces/normal/springs.js';
import { resolveNormalLaw } from '../../src/forces/normal/registry.js';
import { simulateImpact, type NormalLawInput } from '../../src/run/single-impact.js';
import type { EndOfContact } from '../../src/scenario/schema.js';
import { referenceImpact } from '../helpers/reference-ode.js';

const aluminium = { youngsModulus: 73.5e9, poissonsRatio: 0.33, density: 2745 };
const radius = 0.02;
const conventions: EndOfContact[] = ['no-tension', 'free'];

const STEPS_PER_CONTACT = 1000;
const impact = (normal: NormalLawInput, speed: number, endOfContact: EndOfContact) => simulateImpact({
  normal, endOfContact, speed, target: 'sphere', material: aluminium, radius, stepsPerContact: STEPS_PER_CONTACT,
});

/**
 * How far the engine's e may be from the exact one: the dashpot's force jumps to c·v₀ at touch-down, and the step
 * in which the spheres touch applies it for a whole step or none, an impulse of up to c·v₀·dt, so e is off by up to
 * c·dt/m* (first order in dt, where Verlet's own error is ~1e-5, src/run/single-impact.ts).
 */
function stepError(outcome: { effectiveMass: number; stiffness: number; damping: number }, speed: number): number {
  const dt = hertzContactTime(outcome.effectiveMass, outcome.stiffness, speed) / STEPS_PER_CONTACT;
  return 1e-5 + (outcome.damping * dt) / outcome.effectiveMass;
}

describe('hertz-dashpot through the engine against an independent integration', () => {
  it.each(conventions)('a given c (N·s/m) under "%s": e, δ_max and F_max of the reference ODE at 0.1, 1 and 5 m/s', (endOfContact) => {
    const c = 400;
    for (const speed of [0.1, 1, 5]) {
      const engine = impact({ model: 'hertz-dashpot', dampingCoefficient: c }, speed, endOfContact);
      expect(engine.damping).toBe(c);
      const exact = referenceImpact(engine.effectiveMass, engine.stiffness, c, 0, speed, endOfContact);
      expect(Math.abs(engine.restitution - exact.restitution)).toBeLessThan(stepError(engine, speed));
      // Peaks sampled once a step, after a touch-down up to a step off: within 0.5 %.
      expect(engine.maxOverlap / exact.maxOverlap).toBeCloseTo(1, 2);
      expect(engine.maxForce / exact.maxForce).toBeCloseTo(1, 2);
    }
  });

  it.each(conventions)('calibrated to e = 0.7 at 0.5 m/s under "%s": the reference ODE with its c gives 0.7 there, more above, less below', (endOfContact) => {
    const normal: NormalLawInput = { model: 'hertz-dashpot', restitution: 0.7, referenceSpeed: 0.5 };
    const at = impact(normal, 0.5, endOfContact);
    const exact = (speed: number) =>
      referenceImpact(at.effectiveMass, at.stiffness, at.damping, 0, speed, endOfContact).restitution;
    // The calibration (§7.5, Φ₀ by the production integrator) against the reference's own RK4.
    expect(Math.abs(exact(0.5) - 0.7)).toBeLessThan(1e-5);
    expect(Math.abs(at.restitution - 0.7)).toBeLessThan(stepError(at, 0.5));
    // β ∝ v^{-1/5} (§7.1, m = 0): slower impacts are damped more.
    expect(exact(0.05)).toBeLessThan(0.69);
    expect(exact(5)).toBeGreaterThan(0.71);
    expect(Math.abs(impact(normal, 5, endOfContact).restitution - exact(5))).toBeLessThan(stepError(at, 5));
  });
});

describe('calibration searches end', () => {
  it.each(conventions)('a restitution out of reach under "%s" is one ScenarioError naming the field and the range', (endOfContact) => {
    let error: unknown;
    try {
      resolveNormalLaw({ model: 'hertz-dashpot', restitution: 1e-9 }, aluminium, aluminium, endOfContact,
        'contactPairs[0].normal');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    const { field, message } = error as ScenarioError;
    expect(field).toBe('contactPairs[0].normal.restitution');
    expect(message).toMatch(/must be in \[[0-9.e-]+, 1\] for hertz-dashpot/);
    expect(message).not.toContain('\n');
  });

  it('the least restitution has a floor: a damping exponent whose impacts never end gives 1, not an endless search', () => {
    // Φ_m rejects m = 1.5 for every β, as it rejected m = 0 before hertz-dashpot, when this search never ended.
    expect(leastRestitution(1.5, 'free')).toBe(1);
  });
});
