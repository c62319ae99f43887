/**
 * The exact Mindlin–Deresiewicz reference (src/validation/mdr-springs.ts) against the closed forms of the theory
 * [Mindlin 1949; Mindlin & Deresiewicz 1953], for two glass spheres (R_eff = 2.5 mm, E* and G* of glass, μ = 0.3):
 * - constant N, a displacement ξ from rest: F = μN[1 − (1 − ξ/ξ_s)^{3/2}], ξ_s = 3μN/(2·8G*a);
 * - reversed at (ξ*, F*): F = F* − 2μN[1 − (1 − (ξ* − ξ)/(2ξ_s))^{3/2}] (Masing's rule);
 * - N and F growing in proportion, ξ = qδ: no slip anywhere while 4G*q/E* < μ, so F = (16/3)G*√R_eff q δ^{3/2}
 *   (Mindlin's full stiffness 8G*a throughout, F/N = 4G*q/E*), and gross slip, F = μN, when 4G*q/E* > μ — the case
 *   an incremental θ rule gets wrong (it lowers the stiffness by θ³ = 1 − F/(μN) even where nothing slips);
 * - an impact at 45° slides throughout: e_t = 1 − μ(1 + e)/tan θ, the rigid-body value.
 * The tolerances are the row's discretisation (2 000 springs: ~1e-6 of μN), far below the differences checked.
 */
import { describe, expect, it } from 'vitest';
import { MdrSpringRow } from '../../src/validation/mdr-springs.js';
import { referenceImpact } from '../../src/validation/oblique.js';
import { effectiveShearModulus, effectiveYoungsModulus } from '../../src/forces/elastic.js';

const glass = { youngsModulus: 7e10, poissonsRatio: 0.25, density: 2500 };
const reff = 0.0025, mu = 0.3, delta = 1e-6;
const Estar = effectiveYoungsModulus(glass, glass), Gstar = effectiveShearModulus(glass, glass);
const K = (4 / 3) * Estar * Math.sqrt(reff), kt = 8 * Gstar * Math.sqrt(reff);
const a = Math.sqrt(reff * delta), N = K * delta ** 1.5, xiSlide = (3 * mu * N) / (2 * 8 * Gstar * a);

const row = (reach: number) => new MdrSpringRow(reff, reach, 2000, kt, K);

describe('the exact Mindlin–Deresiewicz spring row', () => {
  it('follows Mindlin\'s first-loading curve and Masing\'s unloading branch at constant N', () => {
    const springs = row(1.01 * a), steps = 1000, turn = 0.8 * xiSlide;
    let xi = 0, force = 0;
    for (let k = 0; k < steps; k++) {
      force = springs.advance(delta, turn / steps, mu);
      xi += turn / steps;
      if (k % 100 === 99) expect(force / (mu * N)).toBeCloseTo(1 - (1 - xi / xiSlide) ** 1.5, 5);
    }
    const top = force;
    for (let k = 0; k < steps; k++) {
      force = springs.advance(delta, -turn / steps, mu);
      xi -= turn / steps;
      if (k % 100 === 99) {
        const masing = top - 2 * mu * N * (1 - (1 - (turn - xi) / (2 * xiSlide)) ** 1.5);
        expect(force / (mu * N)).toBeCloseTo(masing / (mu * N), 5);
      }
    }
  });

  it('does not slip while N and F grow together below μ, and slides at μN above it', () => {
    for (const ratio of [0.5, 2]) {
      // ξ = qδ with 4G*q/E* = ratio·μ
      const q = (ratio * mu * Estar) / (4 * Gstar), springs = row(1.01 * a), steps = 2000;
      let force = 0;
      for (let k = 1; k <= steps; k++) force = springs.advance((delta * k) / steps, (q * delta) / steps, mu);
      const expected = ratio < 1 ? (16 / 3) * Gstar * Math.sqrt(reff) * q * delta ** 1.5 : mu * N;
      expect(force / (mu * N)).toBeCloseTo(expected / (mu * N), 3);
    }
  });

  it('gives the rigid-body e_t of an impact that slides throughout', () => {
    const angle = (45 * Math.PI) / 180, speed = 1;
    const { motion } = referenceImpact({
      material: glass, radius: reff, target: { plane: glass }, normalSpeed: speed * Math.cos(angle),
      tangentialSpeed: speed * Math.sin(angle), spin: 0, restitution: 1, friction: 0.1, tangential: 'mindlin',
    }, 0, 'mindlin-deresiewicz');
    expect(motion[0].tangential / (speed * Math.sin(angle))).toBeCloseTo(1 - (0.1 * 2) / Math.tan(angle), 4);
  });
});
