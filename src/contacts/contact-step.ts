/**
 * What happens to one contact in a step, the same for a sphere pair (pair-kernel.ts) and a sphere–wall contact
 * (wall-kernel.ts): while the bodies overlap, the law is evaluated, the forces and torques written and the
 * collision record opened or updated; when the overlap ends, the history is cleared and the record closed. The
 * kernels only differ in how they find the geometry and the velocities of the two bodies.
 *
 * Each lane compiles the law once, specialised for what the run uses (forces/contact.ts, KernelFeatures).
 */
import {
  compileContactLaw, CONTACT, CONTACT_LENGTH, HISTORY_STRIDE, OUT, OUT_LENGTH, type ContactLaw, type KernelFeatures,
} from '../forces/contact.js';
import type { KernelTable } from '../forces/contact-table.js';
import type { ContactArrays, StepParams } from './contact-arrays.js';
import { closeImpact, IMPACT_STRIDE, openImpact, updateImpact } from './impact-records.js';

/** One lane's compiled law for one contact, and the CONTACT / OUT blocks the sphere–wall kernel fills and reads. */
export interface ContactScratch {
  law: ContactLaw;
  contact: Float64Array;
  out: Float64Array;
}

export function createContactScratch(features: KernelFeatures): ContactScratch {
  return { law: compileContactLaw(features), contact: new Float64Array(CONTACT_LENGTH), out: new Float64Array(OUT_LENGTH) };
}

/**
 * Contact s of `list` overlaps, as `scratch.contact` (CONTACT slots) describes it: evaluates the law into
 * `scratch.out` (OUT slots: forces and torques on both bodies), then touchRecord. The spins of the first body
 * (omega[i3..]) and the second (omegaSecond[j3..], null for a wall) are those at first touch.
 */
export function touchContact(
  list: ContactArrays, s: number, table: KernelTable, sp: StepParams, scratch: ContactScratch,
  omega: Float64Array, i3: number, omegaSecond: Float64Array | null, j3: number,
): void {
  const { contact, out } = scratch;
  scratch.law(out, list.history, HISTORY_STRIDE * s, table, list.cls[s], contact, sp.dt);
  const approach = -(contact[CONTACT.vx] * contact[CONTACT.nx] + contact[CONTACT.vy] * contact[CONTACT.ny]
    + contact[CONTACT.vz] * contact[CONTACT.nz]);
  touchRecord(list, s, sp, approach, contact[CONTACT.delta], out[OUT.normalForce], out[OUT.slipSpeed],
    omega, i3, omegaSecond, j3);
}

/**
 * Contact s overlaps by δ after the law ran: opens the collision record (approach speed δ̇, normal force, slip at
 * first touch) or updates it (this step's δ for the end time; impact-records.ts) when impacts are tracked, and
 * marks the contact touching.
 */
export function touchRecord(
  list: ContactArrays, s: number, sp: StepParams, approach: number, delta: number, normalForce: number, slip: number,
  omega: Float64Array, i3: number, omegaSecond: Float64Array | null, j3: number,
): void {
  if (sp.trackImpacts) {
    if (list.touching[s] === 0) {
      openImpact(list.impact, IMPACT_STRIDE * s, sp.t, sp.dt, approach, delta, normalForce, slip, omega, i3, omegaSecond, j3);
    } else {
      updateImpact(list.impact, IMPACT_STRIDE * s, sp.t, delta, normalForce);
    }
  }
  list.touching[s] = 1;
}

/**
 * Contact s of `list` has just stopped overlapping: its history is forgotten and, when impacts are tracked, its
 * collision record closed with the separation speed and slip (m/s) — the end time is interpolated from the
 * separation speed and the last step's δ — and s listed in `ended` at `endedAt`.
 * Returns how many records it closed (0 or 1).
 */
export function endContact(
  list: ContactArrays, s: number, sp: StepParams, separationSpeed: number, slip: number, endedAt: number,
): number {
  list.touching[s] = 0;
  list.history.fill(0, HISTORY_STRIDE * s, HISTORY_STRIDE * (s + 1));
  if (!sp.trackImpacts) return 0;
  closeImpact(list.impact, IMPACT_STRIDE * s, sp.dt, separationSpeed, slip);
  list.ended[endedAt] = s;
  return 1;
}
