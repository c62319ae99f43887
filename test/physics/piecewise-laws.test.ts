/**
 * Kelvin–Voigt (Anagnostopoulos ξ under "free", Brogliato ξ under "no-tension"), Jankowski (Tsuji damping on the
 * compression branch only, exact ξ(e) of docs/physics.md §5.2) and the Lankarani–Nikravesh permanent-indentation
 * law (§5.3) each claim to deliver the target e at every impact speed; measured here through the engine.
 * Kelvin–Voigt is also checked against the closed-form contact time of a damped linear oscillator.
 * Kelvin–Voigt's force jumps to Dδ̇ at first touch (the defect Banerjee 2016, Machado 2012, Corral 2021 and
 * Lankarani 1994 list), which the engine resolves only to first order in dt: measured |e − target| ≤ 1.3e-3 at
 * 1000 steps per Hertz contact time (0.01 m/s, "free") and 2.7e-4 at 4000, the resolution used here. Jankowski
 * and the plastic law are within 5e-5 there.
 */
import { describe, expect, it } from 'vitest';
import { densityForMass, simulateImpact, youngsModulusForStiffness } from '../../src/run/single-impact.js';
import type { EndOfContact } from '../../src/scenario/schema.js';

const TOLERANCE = 0.002;
const R = 0.02, mass = 0.092;
const material = {
  youngsModulus: youngsModulusForStiffness(5.5e9, R, 'sphere', 0.33), poissonsRatio: 0.33, density: densityForMass(mass, R),
};
const conventions: EndOfContact[] = ['free', 'no-tension'];

describe.each(conventions)('under "%s"', (endOfContact) => {
  for (const target of ['sphere', 'wall'] as const) {
    it(`kelvin-voigt, jankowski and lankarani-nikravesh-plastic deliver e = 0.2 … 0.9 at 0.01–3 m/s (${target})`, () => {
      for (const e of [0.2, 0.5, 0.9]) {
        for (const speed of [0.01, 0.3, 3]) {
          for (const normal of [
            { model: 'kelvin-voigt', restitution: e, stiffness: 2e7 },
            { model: 'jankowski', restitution: e },
            { model: 'lankarani-nikravesh-plastic', restitution: e },
          ] as const) {
            const o = simulateImpact({ normal, endOfContact, speed, target, material, radius: R, stepsPerContact: 4000 });
            expect(Math.abs(o.restitution - e), `${normal.model}, e = ${e}, ${speed} m/s: ${o.restitution}`)
              .toBeLessThan(TOLERANCE);
          }
        }
      }
    });
  }
});

describe('kelvin-voigt contact time', () => {
  it('is the damped half-period π/ω_d under "free" (separation at δ = 0), whatever the impact speed', () => {
    const k = 2e7, e = 0.5, meff = mass / 2;
    // Anagnostopoulos: ln e = −πξ/√(1−ξ²)  ⇒  ω_d = ω_n√(1−ξ²), and the free contact lasts π/ω_d.
    const xi = -Math.log(e) / Math.sqrt(Math.PI ** 2 + Math.log(e) ** 2);
    const expected = Math.PI / (Math.sqrt(k / meff) * Math.sqrt(1 - xi * xi));
    for (const speed of [0.05, 2]) {
      const o = simulateImpact({ normal: { model: 'kelvin-voigt', restitution: e, stiffness: k }, endOfContact: 'free',
        speed, target: 'sphere', material, radius: R, stepsPerContact: 4000 });
      // Under "free" the force turns tensile before δ = 0: take the overlap duration from the trace.
      const { time, overlap } = o.trace;
      let last = overlap.length - 1;
      while (last > 0 && !(overlap[last] > 0)) last--;
      const duration = time[last] - time[0];
      expect(Math.abs(duration / expected - 1), `${speed} m/s`).toBeLessThan(0.01);
      expect(o.stiffness).toBe(k);
    }
  });
});
