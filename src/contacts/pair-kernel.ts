/**
 * The pair pass of a time step (engine/passes.ts, pass 2): for pairs [begin, end) of the current list, the
 * contact forces of every overlapping pair, added into the sums of both bodies in ascending pair order — or, for a
 * body whose pairs span two lanes (`gathered`), written to the pair buffer `out` (force on first, torque on first,
 * torque on second) for pass 3 to sum in the same order — and the end of every contact that stopped overlapping
 * (docs/architecture.md §4).
 *
 * Velocities are the predicted full-step ones, v_{n+1/2} + (dt/2)a_n (engine/passes.ts module comment;
 * docs/physics.md §11.2).
 */
import type { ParticleState } from '../particles/state.js';
import { CONTACT, OUT } from '../forces/contact.js';
import { contactStiffness, type KernelTable } from '../forces/contact-table.js';
import type { PairArrays, StepParams } from './contact-arrays.js';
import { endContact, touchContact, type KernelScratch } from './contact-step.js';
import { slipSpeed } from './impact-records.js';
import { PAIR_OUT_STRIDE } from './pair-contacts.js';

/** Pass 2 over pairs [begin, end). Pairs whose contact ended are written to ended[begin ...]; returns how many. */
export function pairForces(
  st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, begin: number, end: number,
  scratch: KernelScratch,
): number {
  const { pos, vel, omega, force, torque, radius, invMass, invInertia } = st;
  // Local copies: the pair list exposes its arrays as properties, which must stay out of the loop.
  const { first, second, c, cls, image, shift, touching, out, forceSum, torqueSum, gathered } = pr;
  const { mindlinCoef } = table;
  const { contact, out: result } = scratch;
  const { dt, trackImpacts } = sp;
  const half = 0.5 * dt;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const i = first[p], j = second[p];
    const i3 = 3 * i, j3 = 3 * j, s3 = 3 * image[p];
    // j acts through its periodic image x_j + shift; without periodic boundaries the shift is exactly 0.
    const dx = pos[i3] - pos[j3] - shift[s3], dy = pos[i3 + 1] - pos[j3 + 1] - shift[s3 + 1];
    const dz = pos[i3 + 2] - pos[j3 + 2] - shift[s3 + 2];
    const dist2 = dx * dx + dy * dy + dz * dz;
    const ri = radius[i], rj = radius[j];
    const rsum = ri + rj;
    if (dist2 >= rsum * rsum) {
      if (touching[p] === 1) {
        let separation = 0, slip = 0;
        if (trackImpacts) {
          const inv = 1 / Math.sqrt(dist2);
          const nx = dx * inv, ny = dy * inv, nz = dz * inv;
          const vx = vel[i3] - vel[j3], vy = vel[i3 + 1] - vel[j3 + 1], vz = vel[i3 + 2] - vel[j3 + 2];
          slip = slipSpeed(vx, vy, vz, ri * omega[i3] + rj * omega[j3], ri * omega[i3 + 1] + rj * omega[j3 + 1],
            ri * omega[i3 + 2] + rj * omega[j3 + 2], nx, ny, nz);
          separation = vx * nx + vy * ny + vz * nz;
        }
        nEnded += endContact(pr, p, sp, separation, slip, begin + nEnded);
      }
      continue;
    }
    const dist = Math.sqrt(dist2);
    const inv = 1 / dist;
    const nx = dx * inv, ny = dy * inv, nz = dz * inv;
    // Predicted full-step velocities.
    const hmi = half * invMass[i], hmj = half * invMass[j];
    const hii = half * invInertia[i], hij = half * invInertia[j];
    const wix = omega[i3] + hii * torque[i3], wiy = omega[i3 + 1] + hii * torque[i3 + 1], wiz = omega[i3 + 2] + hii * torque[i3 + 2];
    const wjx = omega[j3] + hij * torque[j3], wjy = omega[j3 + 1] + hij * torque[j3 + 1], wjz = omega[j3 + 2] + hij * torque[j3 + 2];
    // Contact-point velocity of i minus that of j: v_i − v_j − (R_i ω_i + R_j ω_j) × n (docs/physics.md §1.3).
    const sx = ri * wix + rj * wjx, sy = ri * wiy + rj * wjy, sz = ri * wiz + rj * wjz;
    const k = cls[p];
    const reff = (ri * rj) / rsum;
    const sqrtReff = Math.sqrt(reff);
    contact[CONTACT.delta] = rsum - dist;
    contact[CONTACT.nx] = nx; contact[CONTACT.ny] = ny; contact[CONTACT.nz] = nz;
    contact[CONTACT.vx] = vel[i3] + hmi * force[i3] - vel[j3] - hmj * force[j3] - (sy * nz - sz * ny);
    contact[CONTACT.vy] = vel[i3 + 1] + hmi * force[i3 + 1] - vel[j3 + 1] - hmj * force[j3 + 1] - (sz * nx - sx * nz);
    contact[CONTACT.vz] = vel[i3 + 2] + hmi * force[i3 + 2] - vel[j3 + 2] - hmj * force[j3 + 2] - (sx * ny - sy * nx);
    contact[CONTACT.wx] = wix - wjx; contact[CONTACT.wy] = wiy - wjy; contact[CONTACT.wz] = wiz - wjz;
    contact[CONTACT.stiffness] = contactStiffness(table, k, sqrtReff);
    contact[CONTACT.damping] = c[p];
    contact[CONTACT.tangentialCoefficient] = mindlinCoef[k] * sqrtReff;
    contact[CONTACT.reff] = reff;
    contact[CONTACT.radiusFirst] = ri;
    contact[CONTACT.radiusSecond] = rj;
    touchContact(pr, p, table, sp, contact, result, omega, i3, omega, j3);
    const fx = result[OUT.force], fy = result[OUT.force + 1], fz = result[OUT.force + 2];
    const gi = gathered[i], gj = gathered[j];
    if (gi === 0) {
      forceSum[i3] += fx; forceSum[i3 + 1] += fy; forceSum[i3 + 2] += fz;
      torqueSum[i3] += result[OUT.torqueFirst]; torqueSum[i3 + 1] += result[OUT.torqueFirst + 1];
      torqueSum[i3 + 2] += result[OUT.torqueFirst + 2];
    }
    if (gj === 0) {
      forceSum[j3] -= fx; forceSum[j3 + 1] -= fy; forceSum[j3 + 2] -= fz;
      torqueSum[j3] += result[OUT.torqueSecond]; torqueSum[j3 + 1] += result[OUT.torqueSecond + 1];
      torqueSum[j3 + 2] += result[OUT.torqueSecond + 2];
    }
    if ((gi | gj) !== 0) {
      const o = PAIR_OUT_STRIDE * p;
      out[o] = fx; out[o + 1] = fy; out[o + 2] = fz;
      out[o + 3] = result[OUT.torqueFirst]; out[o + 4] = result[OUT.torqueFirst + 1]; out[o + 5] = result[OUT.torqueFirst + 2];
      out[o + 6] = result[OUT.torqueSecond]; out[o + 7] = result[OUT.torqueSecond + 1]; out[o + 8] = result[OUT.torqueSecond + 2];
    }
  }
  return nEnded;
}
