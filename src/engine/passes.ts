/**
 * The three per-step passes of velocity Verlet with contact forces (docs/architecture.md §3; docs/physics.md §11.1):
 *   1. kickDrift      — by particle range: v += (dt/2)a, ω += (dt/2)α, x += v dt
 *   2. pairForces     — by pair range: contact forces of each candidate pair, added into both bodies' sums
 *                       (or into the pair buffer for a body whose pairs span two lanes; contacts/pair-kernel.ts)
 *   3. gatherAndKick  — by particle range: the particle's sum (m·g + its pairs in ascending pair order, read from
 *                       the sums or gathered from the pair buffer by the CSR), plus wall contacts, then
 *                       v += (dt/2)a, ω += (dt/2)α; the sums are reset for the next step
 * Each pass writes only its own range, and every particle's sum runs in ascending pair order whichever way the
 * pairs are split over lanes, so any split over threads gives bit-identical results.
 *
 * Velocity-dependent forces (damping, friction) see the predicted full-step velocity v_{n+1/2} + (dt/2)a_n
 * rather than the half-step velocity v_{n+1/2}: the half-step value lags by dt/2 and makes the damping work,
 * hence the restitution, first-order in dt; the prediction makes it second order (docs/physics.md §11.2). a_n is
 * still in st.force while passes 2 and 3 run.
 */
import type { ParticleState } from '../particles/state.js';
import type { KernelTable } from '../forces/contact-table.js';
import { particleWallContacts } from '../contacts/wall-kernel.js';
import { PAIR_OUT_STRIDE } from '../contacts/pair-contacts.js';
import type { ContactScratch } from '../contacts/contact-step.js';
import type { PairArrays, StepParams, WallArrays } from '../contacts/contact-arrays.js';

/** Pass 1. Returns the largest squared displacement since the last neighbour build within the range. */
export function kickDrift(st: ParticleState, dt: number, begin: number, end: number): number {
  const half = 0.5 * dt;
  const { pos, vel, omega, force, torque, invMass, invInertia, posAtBuild } = st;
  let maxDisp2 = 0;
  for (let p = begin; p < end; p++) {
    const hm = half * invMass[p], hi = half * invInertia[p];
    const b = 3 * p;
    const vx = (vel[b] += hm * force[b]), vy = (vel[b + 1] += hm * force[b + 1]), vz = (vel[b + 2] += hm * force[b + 2]);
    omega[b] += hi * torque[b]; omega[b + 1] += hi * torque[b + 1]; omega[b + 2] += hi * torque[b + 2];
    pos[b] += dt * vx; pos[b + 1] += dt * vy; pos[b + 2] += dt * vz;
    const dx = pos[b] - posAtBuild[b], dy = pos[b + 1] - posAtBuild[b + 1], dz = pos[b + 2] - posAtBuild[b + 2];
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > maxDisp2) maxDisp2 = d2;
  }
  return maxDisp2;
}

/** Wall force and torque of the particle being gathered (per thread). */
const acc = new Float64Array(6);

/**
 * Pass 3 over particles [begin, end): the particle's pair sum (m·g and its pairs in ascending pair order: added up
 * by the pair pass, or gathered here from the pair buffer by the CSR for a particle whose pairs span two lanes),
 * plus its wall contacts, stored as the new force/torque, then the second half-kick; the sums are reset for the
 * next step. Wall contacts whose collision ended are written to wl.ended[wl.start[begin] ...]; returns how many.
 */
export function gatherAndKick(
  st: ParticleState, pr: PairArrays, wl: WallArrays, table: KernelTable, sp: StepParams,
  begin: number, end: number, scratch: ContactScratch,
): number {
  const { vel, omega, force, torque, mass, invMass, invInertia } = st;
  const { csrStart, csrEntry, out, outSlot, touching: pairTouching, forceSum, torqueSum, gathered } = pr;
  const { rowStart: start } = wl;
  const { dt, gx, gy, gz } = sp;
  const half = 0.5 * dt;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const b = 3 * p;
    let fx = forceSum[b], fy = forceSum[b + 1], fz = forceSum[b + 2];
    let tx = torqueSum[b], ty = torqueSum[b + 1], tz = torqueSum[b + 2];
    if (gathered[p] === 1) {
      for (let e = csrStart[p], eEnd = csrStart[p + 1]; e < eEnd; e++) {
        const entry = csrEntry[e];
        const pair = entry >> 1;
        if (pairTouching[pair] === 0) continue;
        const o = PAIR_OUT_STRIDE * outSlot[pair];
        if ((entry & 1) === 0) {
          fx += out[o]; fy += out[o + 1]; fz += out[o + 2];
          tx += out[o + 3]; ty += out[o + 4]; tz += out[o + 5];
        } else {
          fx -= out[o]; fy -= out[o + 1]; fz -= out[o + 2];
          tx += out[o + 6]; ty += out[o + 7]; tz += out[o + 8];
        }
      }
    }
    if (start[p + 1] > start[p]) {
      acc[0] = 0; acc[1] = 0; acc[2] = 0; acc[3] = 0; acc[4] = 0; acc[5] = 0;
      nEnded += particleWallContacts(st, wl, table, sp, p, acc, scratch, start[begin] + nEnded);
      fx += acc[0]; fy += acc[1]; fz += acc[2];
      tx += acc[3]; ty += acc[4]; tz += acc[5];
    }
    force[b] = fx; force[b + 1] = fy; force[b + 2] = fz;
    torque[b] = tx; torque[b + 1] = ty; torque[b + 2] = tz;
    const hm = half * invMass[p], hi = half * invInertia[p];
    vel[b] += hm * fx; vel[b + 1] += hm * fy; vel[b + 2] += hm * fz;
    omega[b] += hi * tx; omega[b + 1] += hi * ty; omega[b + 2] += hi * tz;
    const m = mass[p];
    forceSum[b] = m * gx; forceSum[b + 1] = m * gy; forceSum[b + 2] = m * gz;
    torqueSum[b] = 0; torqueSum[b + 1] = 0; torqueSum[b + 2] = 0;
  }
  return nEnded;
}

/**
 * Sets the pair sums of particles [begin, end) to their start value (m·g, no torque): after a neighbour rebuild
 * (which may renumber the particles) and a restore, and before the first forces. Pass 3 does it every step.
 */
export function resetPairSums(st: ParticleState, pr: PairArrays, sp: StepParams, begin: number, end: number): void {
  const { mass } = st;
  const { forceSum, torqueSum } = pr;
  for (let p = begin; p < end; p++) {
    const b = 3 * p, m = mass[p];
    forceSum[b] = m * sp.gx; forceSum[b + 1] = m * sp.gy; forceSum[b + 2] = m * sp.gz;
    torqueSum[b] = 0; torqueSum[b + 1] = 0; torqueSum[b + 2] = 0;
  }
}
