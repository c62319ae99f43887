/**
 * Mindlin & Deresiewicz's micro-slip (docs/physics.md §9.9) in the kernel's law, against the closed forms of two
 * elastic spheres under a constant normal load N (Mindlin 1949; Mindlin & Deresiewicz 1953): a tangential
 * displacement ξ applied from rest gives
 *     F(ξ) = μN [1 − (1 − ξ/ξ_s)^{3/2}],   ξ_s = 3μN/(2k₀),  k₀ = 8G*a,
 * full sliding at ξ_s; reversed at (ξ*, F*) it retraces the same curve twice as large (Masing's rule),
 *     F = F* − 2μN [1 − (1 − (ξ* − ξ)/(2ξ_s))^{3/2}],
 * until it reaches −F*; and when the normal load falls the force scales with the contact radius a ∝ √δ
 * (Thornton, Cummins & Cleary 2011, Eq 18). Each contact is driven through the kernel's one-contact entry in small
 * steps of slip; the tolerances are the discretisation of those steps (the update is second order in the step, so
 * 2 000 steps per curve leave ~1e-6 of μN), far below what would tell a wrong branch rule from the right one (the
 * first-loading and the unloading curves differ by 10–50 % of μN over most of the range).
 */
import { describe, expect, it } from 'vitest';
import { CONTACT, CONTACT_LENGTH, HISTORY, HISTORY_STRIDE, kernelFeatures, OUT, OUT_LENGTH } from '../../src/forces/contact.js';
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
    N, k0, slide: (3 * mu * N) / (2 * k0), history,
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
  it('loads along μN[1 − (1 − ξ/ξ_s)^{3/2}] and slides at ξ_s (to 1e-5 μN)', () => {
    const c = contactOf('mindlin-deresiewicz');
    const steps = 2000, dxi = c.slide / steps;
    let worst = 0;
    for (let k = 1; k <= steps; k++) worst = Math.max(worst, Math.abs(c.step(dxi) - firstLoading(k * dxi, c)));
    expect(worst / (mu * c.N)).toBeLessThan(1e-5);
    // At ξ_s the stiffness has fallen to zero and the contact slides at the Coulomb limit.
    expect(c.step(dxi) / (mu * c.N)).toBeCloseTo(1, 4);
  });

  it('unloads along Masing\'s curve, twice the first loading, and rejoins it at −F* (to 1e-5 μN)', () => {
    const c = contactOf('mindlin-deresiewicz');
    const steps = 2000, dxi = c.slide / steps;
    const turn = 0.6 * c.slide;
    let fStar = 0;
    for (let xi = dxi; xi <= turn + 1e-12 * c.slide; xi += dxi) fStar = c.step(dxi);
    expect(fStar).toBeCloseTo(firstLoading(turn, c), 6);
    // Unload back through −F*: ξ* − ξ from 0 to 2·(the first loading's ξ at F*) = 2·turn.
    let worst = 0, f = fStar;
    const back = Math.round((2 * turn) / dxi);
    for (let k = 1; k <= back; k++) {
      f = c.step(-dxi);
      const masing = fStar - 2 * mu * c.N * (1 - (1 - (k * dxi) / (2 * c.slide)) ** 1.5);
      worst = Math.max(worst, Math.abs(f - masing));
    }
    expect(worst / (mu * c.N)).toBeLessThan(1e-5);
    expect(f / fStar).toBeCloseTo(-1, 4);
    // Beyond −F* the first-loading curve again (in the other direction): the branch is forgotten.
    const further = c.step(-dxi);
    expect(c.history[HISTORY.turningPoint]).toBe(0);
    expect(-further).toBeCloseTo(firstLoading(turn + dxi, c), 5);
  });

  it('is stiffer than the first loading right after a reversal: 8G*a at the turning point', () => {
    const c = contactOf('mindlin-deresiewicz');
    const dxi = c.slide / 2000;
    for (let k = 0; k < 1000; k++) c.step(dxi);
    const f0 = c.step(0), f1 = c.step(dxi);
    const before = f1 - f0;
    const after = f1 - c.step(-dxi);
    // On the first loading at F = μN[1 − (1 − ξ/ξ_s)^{3/2}] the stiffness is k₀θ < k₀; a reversal restarts at k₀.
    expect(before / dxi).toBeLessThan(0.8 * c.k0);
    expect(after / dxi / c.k0).toBeCloseTo(1, 3);
  });

  it('scales the force with the contact radius a ∝ √δ when the normal load falls (Thornton 2011, Eq 18)', () => {
    const c = contactOf('mindlin-deresiewicz');
    const dxi = c.slide / 2000;
    let f = 0;
    for (let k = 0; k < 500; k++) f = c.step(dxi);
    const smaller = 0.8 * delta;
    expect(c.step(0, smaller, delta) / f).toBeCloseTo(Math.sqrt(0.8), 12);
  });

  it('without micro-slip (mindlin) the same loading stays linear at k₀ until the Coulomb limit', () => {
    const c = contactOf('mindlin');
    const dxi = c.slide / 2000;
    for (let k = 1; k <= 1000; k++) expect(c.step(dxi) / (k * dxi * c.k0)).toBeCloseTo(1, 9);
  });
});
