/**
 * The Coulomb and rolling caps scale with |F_n| (docs/physics.md §6.2, §9.5): under "free" a damped contact that is
 * separating pulls (F_n < 0), and friction must still oppose the slip with at most μ|F_n|, as LAMMPS's pair
 * granular does. A cap taken from F_n as it is would be negative and turn the force along the slip.
 */
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, CONTACT, CONTACT_LENGTH, HISTORY, HISTORY_STRIDE, OUT, OUT_LENGTH } from '../../src/forces/contact.js';
import { createContactLaw } from '../../src/forces/kernel-instance.js';
import { contactConstants } from '../../src/forces/contact-table.js';
import { parseScenario } from '../../src/scenario/load.js';
import { fillSpherePairConstants } from '../helpers/contact-block.js';

const R = 0.001, mu = 0.5, muRoll = 0.1;

/** One contact of two glass spheres (Tsuji e = 0.3, "free") separating at 1 m/s while slipping at 1 m/s along x. */
function separatingContact() {
  const { contacts } = parseScenario({
    time: { duration: 0.01 },
    materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
    contact: {
      normal: { model: 'tsuji', restitution: 0.3 }, endOfContact: 'free', friction: mu, rollingFriction: muRoll,
    },
    particles: [{ position: [0, 0, 0], radius: R, material: 'glass' }],
  });
  const reff = R / 2, meff = ((4 / 3) * Math.PI * R ** 3 * 2500) / 2;
  const constants = new Float64Array(3);
  contactConstants(constants, contacts.kernel, 0, reff, meff);
  const contact = new Float64Array(CONTACT_LENGTH);
  contact[CONTACT.delta] = 1e-7;
  contact[CONTACT.nz] = 1;
  // Separating (v·n > 0 with n from the second body to the first) and slipping along +x, spinning about y.
  contact[CONTACT.vx] = 1;
  contact[CONTACT.vz] = 1;
  contact[CONTACT.wy] = 100;
  // The same at the half step, which the springs advance by.
  contact.copyWithin(CONTACT.vHalf, CONTACT.vx, CONTACT.vx + 3);
  contact.copyWithin(CONTACT.wHalf, CONTACT.wx, CONTACT.wx + 3);
  fillSpherePairConstants(contact, constants, reff, R);
  const out = new Float64Array(OUT_LENGTH);
  const history = new Float64Array(HISTORY_STRIDE);
  // A rolling spring wound far beyond the cap, against the spin: the cap must shorten it, not reverse it.
  history[HISTORY.rolling + 1] = -1e-3;
  // The kernel's law with every part (forces/kernel-instance.ts).
  createContactLaw(contacts.kernel, ALL_FEATURES)(out, history, 0, 0, contact, 1e-5);
  return { out, history };
}

describe('friction and rolling caps under "free"', () => {
  const { out, history } = separatingContact();
  const fn = out[OUT.normalForce];

  it('the separating damped contact pulls (F_n < 0), the case the caps must handle', () => {
    expect(fn).toBeLessThan(0);
  });

  it('friction opposes the slip with magnitude μ|F_n| (to 1e-12)', () => {
    // Force on the first body: F_n n + F_t, n = z; the slip is along +x.
    const ftx = out[OUT.force], fty = out[OUT.force + 1];
    expect(ftx).toBeLessThan(0);
    expect(Math.abs(fty)).toBe(0);
    expect(Math.abs(Math.hypot(ftx, fty) / (mu * Math.abs(fn)) - 1)).toBeLessThan(1e-12);
  });

  it('the rolling torque still opposes the spin, capped at μ_r R_eff |F_n| (to 1e-12)', () => {
    // HISTORY.rolling: the rolling torque on the first body; the first body spins about +y.
    expect(history[HISTORY.rolling + 1]).toBeLessThan(0);
    expect(Math.abs(Math.hypot(...history.subarray(HISTORY.rolling, HISTORY.rolling + 3)) / (muRoll * (R / 2) * Math.abs(fn)) - 1)).toBeLessThan(1e-12);
  });
});
