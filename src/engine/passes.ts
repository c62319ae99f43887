/**
 * The three per-step passes of velocity Verlet with contact forces (architecture.md, data flow):
 *   1. kickDrift      — by particle range: v += (dt/2)a, ω += (dt/2)α, x += v dt
 *   2. pairForces     — by pair range: contact forces of each candidate pair into the pair buffer
 *   3. gatherAndKick  — by particle range: wall contacts, gravity, fixed-order sum of the particle's pairs (CSR),
 *                       then v += (dt/2)a, ω += (dt/2)α
 * Each pass writes only its own range, and every sum runs in a fixed order, so any split of the ranges over
 * threads gives bit-identical results.
 *
 * Velocity-dependent forces (damping, friction) see the predicted full-step velocity v_{n+1/2} + (dt/2)a_n
 * rather than the half-step velocity v_{n+1/2}: the half-step value lags by dt/2 and makes the damping work,
 * hence the restitution, first-order in dt; the prediction makes it second order. a_n is still in st.force
 * while passes 2 and 3 run.
 */
import type { ParticleState } from '../particles/state.js';
import { evaluateContact, HISTORY_STRIDE, OUT_LENGTH } from '../forces/contact.js';
import { contactStiffness, type KernelTable } from '../forces/contact-table.js';
import { closeImpact, IMPACT_STRIDE, openImpact, slipSpeed, updateImpact } from '../contacts/impact-records.js';
import { particleWallContacts } from '../contacts/wall-kernel.js';
import { PAIR_OUT_STRIDE } from '../contacts/pair-contacts.js';
import type { PairArrays, StepParams, WallArrays } from '../contacts/contact-arrays.js';

/** Pass 1. Returns the largest squared displacement since the last neighbour build within the range. */
export function kickDrift(st: ParticleState, dt: number, begin: number, end: number): number {
  const half = 0.5 * dt;
  const { pos, vel, omega, force, torque, invMass, invInertia, posAtBuild } = st;
  let maxDisp2 = 0;
  for (let p = begin; p < end; p++) {
    const hm = half * invMass[p], hi = half * invInertia[p];
    const b = 3 * p;
    for (let a = b; a < b + 3; a++) {
      vel[a] += hm * force[a];
      omega[a] += hi * torque[a];
      pos[a] += dt * vel[a];
    }
    const dx = pos[b] - posAtBuild[b], dy = pos[b + 1] - posAtBuild[b + 1], dz = pos[b + 2] - posAtBuild[b + 2];
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > maxDisp2) maxDisp2 = d2;
  }
  return maxDisp2;
}

/**
 * Pass 2 over pairs [begin, end). Writes force on i, torque on i and torque on j per pair.
 * Pairs whose collision ended are written to ended[begin ...]; returns how many.
 */
export function pairForces(
  st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, begin: number, end: number,
  scratch: Float64Array,
): number {
  const { pos, vel, omega, force, torque, radius, invMass, invInertia } = st;
  // Local copies: the pair store exposes its arrays through getters, which must stay out of the loop.
  const { i: pi, j: pj, c, cls, image, shift, touching, history, impact, out, ended } = pr;
  const { mindlinCoef } = table;
  const { dt, t, trackImpacts } = sp;
  const half = 0.5 * dt;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const i = pi[p], j = pj[p];
    const i3 = 3 * i, j3 = 3 * j, s3 = 3 * image[p];
    // j acts through its periodic image x_j + shift; without periodic boundaries the shift is exactly 0.
    const dx = pos[i3] - pos[j3] - shift[s3], dy = pos[i3 + 1] - pos[j3 + 1] - shift[s3 + 1];
    const dz = pos[i3 + 2] - pos[j3 + 2] - shift[s3 + 2];
    const dist2 = dx * dx + dy * dy + dz * dz;
    const ri = radius[i], rj = radius[j];
    const rsum = ri + rj;
    if (dist2 >= rsum * rsum) {
      if (touching[p] === 1) {
        // The contact has just ended: forget its history, close its collision record.
        touching[p] = 0;
        const h = HISTORY_STRIDE * p;
        for (let a = 0; a < HISTORY_STRIDE; a++) history[h + a] = 0;
        if (trackImpacts) {
          const inv = 1 / Math.sqrt(dist2);
          const nx = dx * inv, ny = dy * inv, nz = dz * inv;
          const vx = vel[i3] - vel[j3], vy = vel[i3 + 1] - vel[j3 + 1], vz = vel[i3 + 2] - vel[j3 + 2];
          const slip = slipSpeed(vx, vy, vz, ri * omega[i3] + rj * omega[j3], ri * omega[i3 + 1] + rj * omega[j3 + 1],
            ri * omega[i3 + 2] + rj * omega[j3 + 2], nx, ny, nz);
          closeImpact(impact, IMPACT_STRIDE * p, vx * nx + vy * ny + vz * nz, slip);
          ended[begin + nEnded++] = p;
        }
      }
      continue;
    }
    const dist = Math.sqrt(dist2);
    const inv = 1 / dist;
    const nx = dx * inv, ny = dy * inv, nz = dz * inv;
    const delta = rsum - dist;
    // Predicted full-step velocities (see module comment).
    const hmi = half * invMass[i], hmj = half * invMass[j];
    const hii = half * invInertia[i], hij = half * invInertia[j];
    const wix = omega[i3] + hii * torque[i3], wiy = omega[i3 + 1] + hii * torque[i3 + 1], wiz = omega[i3 + 2] + hii * torque[i3 + 2];
    const wjx = omega[j3] + hij * torque[j3], wjy = omega[j3 + 1] + hij * torque[j3 + 1], wjz = omega[j3 + 2] + hij * torque[j3 + 2];
    // Contact-point velocity of i minus that of j: v_i − v_j − (R_i ω_i + R_j ω_j) × n.
    const sx = ri * wix + rj * wjx, sy = ri * wiy + rj * wjy, sz = ri * wiz + rj * wjz;
    const vx = vel[i3] + hmi * force[i3] - vel[j3] - hmj * force[j3] - (sy * nz - sz * ny);
    const vy = vel[i3 + 1] + hmi * force[i3 + 1] - vel[j3 + 1] - hmj * force[j3 + 1] - (sz * nx - sx * nz);
    const vz = vel[i3 + 2] + hmi * force[i3 + 2] - vel[j3 + 2] - hmj * force[j3 + 2] - (sx * ny - sy * nx);
    const k = cls[p];
    const reff = (ri * rj) / rsum;
    const sqrtReff = Math.sqrt(reff);
    evaluateContact(scratch, history, HISTORY_STRIDE * p, table, k, delta, nx, ny, nz,
      vx, vy, vz, wix - wjx, wiy - wjy, wiz - wjz, contactStiffness(table, k, sqrtReff), c[p], mindlinCoef[k] * sqrtReff,
      reff, dt);
    const o = PAIR_OUT_STRIDE * p;
    out[o] = scratch[0]; out[o + 1] = scratch[1]; out[o + 2] = scratch[2];
    out[o + 3] = ri * scratch[3] + scratch[6];
    out[o + 4] = ri * scratch[4] + scratch[7];
    out[o + 5] = ri * scratch[5] + scratch[8];
    out[o + 6] = rj * scratch[3] - scratch[6];
    out[o + 7] = rj * scratch[4] - scratch[7];
    out[o + 8] = rj * scratch[5] - scratch[8];
    if (trackImpacts) {
      if (touching[p] === 0) {
        openImpact(impact, IMPACT_STRIDE * p, t, -(vx * nx + vy * ny + vz * nz), delta, scratch[9], scratch[10],
          omega, i3, omega, j3);
      } else {
        updateImpact(impact, IMPACT_STRIDE * p, delta, scratch[9]);
      }
    }
    touching[p] = 1;
  }
  return nEnded;
}

/** Wall force and torque of the particle being gathered (per thread). */
const acc = new Float64Array(6);

/**
 * Pass 3 over particles [begin, end): wall contacts, gravity and the particle's pair results summed in CSR
 * order, stored as the new force/torque, then the second half-kick. Wall contacts whose collision ended are
 * written to wl.ended[wl.start[begin] ...]; returns how many.
 */
export function gatherAndKick(
  st: ParticleState, pr: PairArrays, wl: WallArrays, table: KernelTable, sp: StepParams,
  begin: number, end: number, scratch: Float64Array,
): number {
  const { vel, omega, force, torque, mass, invMass, invInertia } = st;
  const { csrStart, csrEntry, out, touching: pairTouching } = pr;
  const { start } = wl;
  const { dt, gx, gy, gz } = sp;
  const half = 0.5 * dt;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const b = 3 * p;
    let fx = mass[p] * gx, fy = mass[p] * gy, fz = mass[p] * gz;
    let tx = 0, ty = 0, tz = 0;
    for (let e = csrStart[p], eEnd = csrStart[p + 1]; e < eEnd; e++) {
      const entry = csrEntry[e];
      const pair = entry >> 1;
      if (pairTouching[pair] === 0) continue;
      const o = PAIR_OUT_STRIDE * pair;
      if ((entry & 1) === 0) {
        fx += out[o]; fy += out[o + 1]; fz += out[o + 2];
        tx += out[o + 3]; ty += out[o + 4]; tz += out[o + 5];
      } else {
        fx -= out[o]; fy -= out[o + 1]; fz -= out[o + 2];
        tx += out[o + 6]; ty += out[o + 7]; tz += out[o + 8];
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
  }
  return nEnded;
}

export const SCRATCH_LENGTH = OUT_LENGTH;

