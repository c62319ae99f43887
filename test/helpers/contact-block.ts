/**
 * The constant slots of a CONTACT block (forces/contact.ts) for two spheres of equal radius: stiffness, damping and
 * 8G*√R_eff from contactConstants' output, R_eff and both lever arms.
 */
import { CONTACT } from '../../src/forces/contact.js';

export function fillSpherePairConstants(contact: Float64Array, constants: Float64Array, reff: number, radius: number): void {
  contact[CONTACT.stiffness] = constants[0];
  contact[CONTACT.damping] = constants[1];
  contact[CONTACT.tangentialCoefficient] = constants[2];
  contact[CONTACT.reff] = reff;
  contact[CONTACT.radiusFirst] = radius;
  contact[CONTACT.radiusSecond] = radius;
}
