/**
 * The registry of normal laws (src/forces/normal/registry.ts) and what the engine asks of each definition instead
 * of switching on kernel ids: the elastic energy a contact stores (measureContacts) must be the work done by the
 * kernel's elastic force, and the contact time (timeStepLimits) the duration of an undamped impact under the
 * kernel's force — for every law, so a new law whose parts disagree with its kernel ids fails here.
 */
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, CONTACT, CONTACT_LENGTH, HISTORY_STRIDE, OUT, OUT_LENGTH } from '../../src/forces/contact.js';
import { createContactLaw } from '../../src/forces/kernel-instance.js';
import { contactConstants, type ContactTable } from '../../src/forces/contact-table.js';
import {
  normalLawDefinition, normalLawParameters, normalLawSchema, normalModelNames, type NormalModelName,
} from '../../src/forces/normal/registry.js';
import { parseScenario } from '../../src/scenario/load.js';

const glass = { youngsModulus: 63e9, poissonsRatio: 0.22, density: 2500 };
const radius = 0.005;
const mass = glass.density * (4 / 3) * Math.PI * radius ** 3;

/** A valid spec of `model` with target restitution e (for the laws that take one). */
function specOf(model: NormalModelName, e: number): Record<string, unknown> {
  const parameters = normalLawParameters(model);
  return {
    model,
    ...(parameters.includes('restitution') ? { restitution: e } : {}),
    ...(parameters.includes('stiffness') ? { stiffness: 2e5 } : {}),
  };
}

/** The contact table of two glass spheres under `model`; class 0 is their pair. */
function tableOf(model: NormalModelName, e: number): ContactTable {
  return parseScenario({
    time: { duration: 0.01 },
    materials: { glass },
    contact: { normal: specOf(model, e) },
    particles: [{ position: [0, 0, 0], radius, material: 'glass' }],
  }).contacts;
}

/** The kernel's normal force at overlap δ with no approach speed and no damping coefficient: F_el(δ). */
function elasticForce(table: ContactTable, K: number, reff: number) {
  const out = new Float64Array(OUT_LENGTH);
  const history = new Float64Array(HISTORY_STRIDE);
  const contact = new Float64Array(CONTACT_LENGTH);
  contact[CONTACT.nz] = 1;
  contact[CONTACT.stiffness] = K;
  contact[CONTACT.reff] = reff;
  // The kernel's law with every part (forces/kernel-instance.ts).
  const law = createContactLaw(table.kernel, ALL_FEATURES);
  return (delta: number) => {
    contact[CONTACT.delta] = delta;
    law(out, history, 0, 0, contact, 0);
    return out[OUT.normalForce];
  };
}

const reff = radius / 2;
const meff = mass / 2;
const stiffnessOf = (table: ContactTable) => {
  const constants = new Float64Array(3);
  contactConstants(constants, table.kernel, 0, reff, meff);
  return constants[0];
};

describe('the normal-law registry', () => {
  it('names each law once, by the model literal of its own schema option', () => {
    expect(new Set(normalModelNames).size).toBe(normalModelNames.length);
    for (const model of normalModelNames) {
      const law = normalLawDefinition(model);
      expect(law.model).toBe(model);
      expect(law.schema.shape.model.value).toBe(model);
      expect(normalLawSchema.parse(specOf(model, 0.5))).toEqual(specOf(model, 0.5));
    }
  });

  it.each(normalModelNames)('%s: the stored energy is the work of the kernel\'s elastic force while loading', (model) => {
    const table = tableOf(model, 0.5);
    const K = stiffnessOf(table);
    const force = elasticForce(table, K, reff);
    const deltaMax = 1e-5;
    // Simpson's rule on n intervals, evaluated at increasing δ (the permanent-indentation law loads along Hertz).
    const n = 4000, h = deltaMax / n;
    let work = 0;
    for (let k = 0; k <= n; k++) work += (k === 0 || k === n ? 1 : k % 2 === 1 ? 4 : 2) * force(k * h);
    work *= h / 3;
    const stored = table.classes[0].definition.storedEnergy(K, deltaMax);
    expect(Math.abs(stored - work) / work).toBeLessThan(1e-9);
  });

  it.each(normalModelNames)('%s: the contact time is the duration of an undamped impact under the kernel\'s force',
    (model) => {
      // e = 1 leaves no permanent set; the damping coefficient is 0 in elasticForce.
      const table = tableOf(model, 1);
      const K = stiffnessOf(table);
      const force = elasticForce(table, K, reff);
      const speed = 0.5;
      const expected = table.classes[0].definition.contactTime(meff, K, speed);
      // Velocity Verlet on m*δ″ = −F_el(δ) from δ = 0, δ′ = v until δ returns to 0.
      const dt = expected / 20000;
      let delta = 0, rate = speed, acceleration = 0, t = 0;
      while (delta >= 0 && t < 2 * expected) {
        rate += 0.5 * dt * acceleration;
        const previous = delta;
        delta += dt * rate;
        acceleration = delta > 0 ? -force(delta) / meff : 0;
        rate += 0.5 * dt * acceleration;
        t += delta >= 0 ? dt : dt * previous / (previous - delta);
      }
      // Measured 1.1e-5 for the Hertz springs: t_c's constant 3.2181 is rounded to five digits.
      expect(Math.abs(t - expected) / expected).toBeLessThan(5e-5);
    });
});
