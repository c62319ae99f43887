/**
 * The contact law is compiled for what a run uses (forces/contact.ts, KernelFeatures): a law shared by every class
 * loses its switch, unused parts are left out. That must never change a result: for every registered law, with and
 * without friction and rolling resistance, "no-tension" and "free", the specialised law gives bit for bit the
 * forces, torques and history of the general one along a contact that loads, turns, slides and unloads.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES, compileContactLaw, CONTACT, CONTACT_LENGTH, HISTORY_STRIDE, kernelFeatures, OUT_LENGTH,
} from '../../src/forces/contact.js';
import { contactConstants } from '../../src/forces/contact-table.js';
import { normalLawParameters, normalModelNames, type NormalModelName } from '../../src/forces/normal/registry.js';
import { parseScenario } from '../../src/scenario/load.js';
import { fillSpherePairConstants } from '../helpers/contact-block.js';

const glass = { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 };
const R = 0.001;

function tableOf(model: NormalModelName, friction: number, rollingFriction: number, endOfContact: string) {
  const parameters = normalLawParameters(model);
  return parseScenario({
    time: { duration: 0.01 },
    materials: { glass },
    contact: {
      normal: {
        model,
        ...(parameters.includes('restitution') ? { restitution: 0.6 } : {}),
        ...(parameters.includes('stiffness') ? { stiffness: 2e3 } : {}),
      },
      endOfContact, friction, rollingFriction,
    },
    particles: [{ position: [0, 0, 0], radius: R, material: 'glass' }],
  }).contacts;
}

/**
 * 200 steps of one contact: δ rises to 2 % of R and falls back below zero overlap's neighbourhood, the normal turns,
 * the contact point slides and spins, so every branch (cap, history rotation, latching, unloading) is taken.
 */
function trajectory(law: ReturnType<typeof compileContactLaw>, table: ReturnType<typeof tableOf>): number[] {
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
    fillSpherePairConstants(contact, constants, reff, R);
    law(out, history, 0, table.kernel, 0, contact, 1e-5);
    seen.push(...out, ...history);
  }
  return seen;
}

describe('the compiled contact law', () => {
  const general = compileContactLaw(ALL_FEATURES);
  const cases = normalModelNames.flatMap((model) => [
    [model, 0.5, 0.1, 'no-tension'], [model, 0.5, 0, 'free'], [model, 0, 0, 'no-tension'],
  ] as const);

  it.each(cases)('%s (μ = %s, μ_r = %s, %s): specialised = general, bit for bit', (model, mu, muRoll, end) => {
    const table = tableOf(model, mu, muRoll, end);
    const features = kernelFeatures(table.kernel, true, false);
    expect(features.elastic).not.toBeNull();
    expect(features.exponent).not.toBeNull();
    expect(features.friction).toBe(mu > 0);
    expect(features.rolling).toBe(muRoll > 0);
    const specialised = trajectory(compileContactLaw(features), table);
    const reference = trajectory(general, table);
    // Object.is tells +0 from −0 and compares NaN; any reordered operation shows up as a differing bit.
    const differing = reference.findIndex((value, k) => !Object.is(value, specialised[k]));
    expect(differing).toBe(-1);
    expect(reference.some((value) => value !== 0)).toBe(true);
  });
});
