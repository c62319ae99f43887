/**
 * Mindlin & Deresiewicz's micro-slip (docs/physics.md §9.9) in the kernel's law — a row of 8 springs that each slip at
 * their share of the normal load — against the closed forms of two elastic spheres [Mindlin 1949; Mindlin &
 * Deresiewicz 1953]: under a constant normal load N a tangential displacement ξ applied from rest gives
 *     F(ξ) = μN [1 − (1 − ξ/ξ_s)^{3/2}],   ξ_s = 3μN/(2k₀),  k₀ = 8G*a,
 * full sliding at ξ_s; reversed at (ξ*, F*) it retraces the same curve twice as large (Masing's rule),
 *     F = F* − 2μN [1 − (1 − (ξ* − ξ)/(2ξ_s))^{3/2}];
 * and a displacement that grows in proportion to the overlap, ξ = qδ with ρ = 4G*q/(μE*) < 1, slips nowhere, so the
 * force is Mindlin's full stiffness integrated, F/(μN) = ρ. Each contact is driven through the kernel's one-contact
 * entry in small steps. The tolerances are what 8 springs owe to their coarseness, measured: 0.0056 μN on the first
 * loading, 0.011 μN on the unloading branch, 0.010 μN in proportional loading over 50 steps (the row is resampled at
 * each, as the contact grows); the differences they must tell apart
 * are 0.08 μN and more (the no-slip spring at ξ_s/2, the θ rule the engine had until 2026-11-27 in proportional
 * loading: F/(μN) = 0.42 for ρ = 0.5).
 */
import { describe, expect, it } from 'vitest';
import { CONTACT, CONTACT_LENGTH, HISTORY_STRIDE, kernelFeatures, OUT, OUT_LENGTH } from '../../src/forces/contact.js';
import { effectiveShearModulus, effectiveYoungsModulus } from '../../src/forces/elastic.js';
import { createContactLaw } from '../../src/forces/kernel-instance.js';
import { contactConstants } from '../../src/forces/contact-table.js';
import { parseScenario } from '../../src/scenario/load.js';
import { fillSpherePairConstants } from '../helpers/contact-block.js';

const R = 0.005, mu = 0.3, density = 2500;
const delta = 2e-6, dt = 1e-6;

/** A contact of two glass spheres, elastic Hertz (N = Kδ^{3/2}), with the given tangential model. */
function contactOf(model: 'mindlin' | 'mindlin-deresiewicz') {
  const { contacts } = parseScenario({
    time: { duration: 0.01 },
    materials: { glass: { youngsModulus: 7e10, poissonsRatio: 0.25, density } },
    contact: { normal: { model: 'hertz' }, friction: mu, tangential: { model } },
    particles: [{ position: [0, 0, 0], radius: R, material: 'glass' }],
  });
  const reff = R / 2, meff = ((4 / 3) * Math.PI * R ** 3 * density) / 2;
  const constants = new Float64Array(3);
  contactConstants(constants, contacts.kernel, 0, reff, meff);
  const contact = new Float64Array(CONTACT_LENGTH);
  contact[CONTACT.nz] = 1;
  fillSpherePairConstants(contact, constants, reff, R);
  const law = createContactLaw(contacts.kernel, kernelFeatures(contacts.kernel, false, false));
  const out = new Float64Array(OUT_LENGTH), history = new Float64Array(HISTORY_STRIDE);
  const K = constants[0], k0 = constants[2] * Math.sqrt(delta);
  const N = K * delta ** 1.5;
  return {
    N, k0, slide: (3 * mu * N) / (2 * k0), contact,
    /** The tangential force of the last step: the force on the first body without its part along the normal. */
    tangential(): number[] {
      const n = [contact[CONTACT.nx], contact[CONTACT.ny], contact[CONTACT.nz]];
      return n.map((nc, i) => out[OUT.force + i] - out[OUT.normalForce] * nc);
    },
    /**
     * One step at overlap δ (its change over the step is the normal drift) slipping by ξ along −x (the force on
     * the first body grows along +x); returns that force.
     */
    step(xi: number, overlap = delta, overlapBefore = overlap): number {
      const vt = -xi / dt, vn = (overlapBefore - overlap) / dt;
      contact[CONTACT.delta] = overlap;
      contact[CONTACT.vx] = contact[CONTACT.vHalf] = vt;
      contact[CONTACT.vz] = contact[CONTACT.vHalf + 2] = vn;
      law(out, history, 0, 0, contact, dt);
      return out[OUT.force];
    },
  };
}

const firstLoading = (xi: number, c: { N: number; slide: number }) => mu * c.N * (1 - (1 - xi / c.slide) ** 1.5);

describe('Mindlin–Deresiewicz micro-slip', () => {
  it('loads along μN[1 − (1 − ξ/ξ_s)^{3/2}] and slides at ξ_s (to the 8 springs\' 0.01 μN)', () => {
    const c = contactOf('mindlin-deresiewicz');
    const steps = 2000, dxi = c.slide / steps;
    let worst = 0;
    for (let k = 1; k <= steps; k++) worst = Math.max(worst, Math.abs(c.step(dxi) - firstLoading(k * dxi, c)));
    expect(worst / (mu * c.N)).toBeLessThan(0.01);
    // Beyond ξ_s every spring slips and the contact slides at the Coulomb limit.
    for (let k = 0; k < 100; k++) c.step(dxi);
    expect(c.step(dxi) / (mu * c.N)).toBeCloseTo(1, 9);
  });

  it('unloads along Masing\'s curve, twice the first loading, down to −F* (to 0.015 μN)', () => {
    const c = contactOf('mindlin-deresiewicz');
    const steps = 2000, dxi = c.slide / steps;
    const turn = 0.6 * c.slide;
    let fStar = 0;
    for (let xi = dxi; xi <= turn + 1e-12 * c.slide; xi += dxi) fStar = c.step(dxi);
    let worst = 0, f = fStar;
    const back = Math.round((2 * turn) / dxi);
    for (let k = 1; k <= back; k++) {
      f = c.step(-dxi);
      const masing = fStar - 2 * mu * c.N * (1 - (1 - (k * dxi) / (2 * c.slide)) ** 1.5);
      worst = Math.max(worst, Math.abs(f - masing));
    }
    expect(worst / (mu * c.N)).toBeLessThan(0.015);
    expect(f / fStar).toBeCloseTo(-1, 1);
  });

  it('is stiffer than the first loading right after a reversal: 8G*a at the turning point', () => {
    const c = contactOf('mindlin-deresiewicz');
    const dxi = c.slide / 2000;
    for (let k = 0; k < 1000; k++) c.step(dxi);
    const f0 = c.step(0), f1 = c.step(dxi);
    const before = f1 - f0;
    const after = f1 - c.step(-dxi);
    // On the first loading the outer springs slip and the stiffness is below k₀; after a reversal all of them stick.
    expect(before / dxi).toBeLessThan(0.8 * c.k0);
    expect(after / dxi / c.k0).toBeCloseTo(1, 1);
  });

  it('slips nowhere while the tangential displacement grows in proportion to the overlap below μ: F/(μN) = ρ', () => {
    const glass = { youngsModulus: 7e10, poissonsRatio: 0.25, density };
    const lambda = (mu * effectiveYoungsModulus(glass, glass)) / (4 * effectiveShearModulus(glass, glass));
    for (const rho of [0.5, 0.9]) {
      const c = contactOf('mindlin-deresiewicz');
      const steps = 50; // the engine's steps per contact, each resampling the row as the contact grows
      let f = 0;
      for (let k = 1; k <= steps; k++) f = c.step((rho * lambda * delta) / steps, (delta * k) / steps, (delta * (k - 1)) / steps);
      expect(Math.abs(f / (mu * c.N) - rho)).toBeLessThan(0.02);
    }
  });

  it('turns its springs with the normal, each keeping its length', () => {
    const c = contactOf('mindlin-deresiewicz');
    const dxi = c.slide / 2000;
    let f = 0;
    for (let k = 0; k < 800; k++) f = c.step(dxi);
    // The normal tilts by 0.1 rad about y: the force must lie in the new tangent plane with its length kept.
    const tilt = 0.1;
    c.contact[CONTACT.nx] = Math.sin(tilt); c.contact[CONTACT.nz] = Math.cos(tilt);
    c.step(0);
    const [tx, ty, tz] = c.tangential();
    expect(Math.hypot(tx, ty, tz) / f).toBeCloseTo(1, 12);
    expect((tx * c.contact[CONTACT.nx] + tz * c.contact[CONTACT.nz]) / f).toBeCloseTo(0, 12);
    expect(ty).toBe(0);
  });

  it('without micro-slip (mindlin) the same loading stays linear at k₀ until the Coulomb limit', () => {
    const c = contactOf('mindlin');
    const dxi = c.slide / 2000;
    for (let k = 1; k <= 1000; k++) expect(c.step(dxi) / (k * dxi * c.k0)).toBeCloseTo(1, 9);
  });
});
