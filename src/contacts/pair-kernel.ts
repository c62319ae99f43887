/**
 * Sphere-pair contacts of a time step (docs/architecture.md §3, §4). Pairs are sorted by (first, second), so the
 * pairs of particle i as first body form its row; the force pass (engine/passes.ts) walks its particles in order
 * and, for each, the pairs of its row in order, adding every pair's force and torques straight into both bodies'
 * force and torque. A particle's sum thus runs in ascending pair index — gravity, then its pairs as second body
 * (rows of lower particles), then its own row — whatever the number of lanes:
 *   - a lane owns a contiguous particle range and the rows of those particles;
 *   - a pair whose second body belongs to a later lane (a cross pair) is computed ahead, in a phase of its own
 *     (crossPairs), into a small buffer; the later lane adds the second body's share of every cross pair before
 *     its own rows (they all have lower pair indices), and the owning lane adds the first body's share when its
 *     row reaches the pair.
 * Velocities are the predicted full-step ones, v_{n+1/2} + (dt/2)a_n (engine/passes.ts module comment;
 * docs/physics.md §11.2): vel + halfKick and predictedOmega, which the kick-drift pass stores. Neither body has had
 * its second half-kick yet when a pair is computed: the first body is kicked after its row, the second after its
 * own, later row.
 */
import type { ParticleState } from '../particles/state.js';
import { CONTACT, OUT } from '../forces/contact.js';
import { contactStiffness, type KernelTable } from '../forces/contact-table.js';
import type { CrossPairs, PairArrays, StepParams } from './contact-arrays.js';
import { createKernelScratch, endContact, touchContact, type KernelScratch } from './contact-step.js';
import { slipSpeed } from './impact-records.js';
import { PAIR_OUT_STRIDE } from './pair-contacts.js';

/** What pairContact found. */
const APART = 0, TOUCHING = 1, ENDED = 2;

/**
 * Per cross pair in CrossPairs.results: the nine OUT results (force on first, torque on first, torque on second),
 * the outcome (APART, TOUCHING, ENDED), and for ENDED the separation speed and slip the collision record closes with.
 */
export const CROSS_STRIDE = 12;
const CROSS_OUTCOME = 9, CROSS_SEPARATION = 10, CROSS_SLIP = 11;

/** Per-lane scratch of the pair kernel. */
export interface PairScratch extends KernelScratch {
  /** separation speed and slip of a contact that just ended (pairContact → ENDED) */
  ending: Float64Array;
  /** next entry of the lane's own cross pairs, while its rows are walked */
  crossCursor: number;
}

export function createPairScratch(): PairScratch {
  return { ...createKernelScratch(), ending: new Float64Array(2), crossCursor: 0 };
}

/**
 * Pair p: while the spheres overlap, the contact law (history and collision record advanced) with its nine results
 * left in scratch.out, returning TOUCHING. When they have just stopped overlapping, returns ENDED with the
 * separation speed and slip (impacts only) in scratch.ending[0..1]; the caller ends the contact (endContact), so a
 * cross pair computed ahead ends in row order, where the collision list expects it.
 */
function pairContact(st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, p: number,
  scratch: PairScratch): number {
  const { pos, radius, vel, halfKick: hk, predictedOmega: w, omega } = st;
  const { first, second, c, cls, image, shift, touching } = pr;
  const i = first[p], j = second[p];
  const i3 = 3 * i, j3 = 3 * j, s3 = 3 * image[p];
  // j acts through its periodic image x_j + shift; without periodic boundaries the shift is exactly 0.
  const dx = pos[i3] - pos[j3] - shift[s3], dy = pos[i3 + 1] - pos[j3 + 1] - shift[s3 + 1];
  const dz = pos[i3 + 2] - pos[j3 + 2] - shift[s3 + 2];
  const dist2 = dx * dx + dy * dy + dz * dz;
  const ri = radius[i], rj = radius[j];
  const rsum = ri + rj;
  if (dist2 >= rsum * rsum) {
    if (touching[p] === 0) return APART;
    if (sp.trackImpacts) {
      const inv = 1 / Math.sqrt(dist2);
      const nx = dx * inv, ny = dy * inv, nz = dz * inv;
      const vx = vel[i3] - vel[j3], vy = vel[i3 + 1] - vel[j3 + 1], vz = vel[i3 + 2] - vel[j3 + 2];
      scratch.ending[1] = slipSpeed(vx, vy, vz, ri * omega[i3] + rj * omega[j3], ri * omega[i3 + 1] + rj * omega[j3 + 1],
        ri * omega[i3 + 2] + rj * omega[j3 + 2], nx, ny, nz);
      scratch.ending[0] = vx * nx + vy * ny + vz * nz;
    }
    return ENDED;
  }
  const { contact } = scratch;
  const dist = Math.sqrt(dist2);
  const inv = 1 / dist;
  const nx = dx * inv, ny = dy * inv, nz = dz * inv;
  const wix = w[i3], wiy = w[i3 + 1], wiz = w[i3 + 2];
  const wjx = w[j3], wjy = w[j3 + 1], wjz = w[j3 + 2];
  // Contact-point velocity of i minus that of j: v_i − v_j − (R_i ω_i + R_j ω_j) × n (docs/physics.md §1.3).
  const sx = ri * wix + rj * wjx, sy = ri * wiy + rj * wjy, sz = ri * wiz + rj * wjz;
  const k = cls[p];
  const reff = (ri * rj) / rsum;
  const sqrtReff = Math.sqrt(reff);
  contact[CONTACT.delta] = rsum - dist;
  contact[CONTACT.nx] = nx; contact[CONTACT.ny] = ny; contact[CONTACT.nz] = nz;
  contact[CONTACT.vx] = vel[i3] + hk[i3] - vel[j3] - hk[j3] - (sy * nz - sz * ny);
  contact[CONTACT.vy] = vel[i3 + 1] + hk[i3 + 1] - vel[j3 + 1] - hk[j3 + 1] - (sz * nx - sx * nz);
  contact[CONTACT.vz] = vel[i3 + 2] + hk[i3 + 2] - vel[j3 + 2] - hk[j3 + 2] - (sx * ny - sy * nx);
  contact[CONTACT.wx] = wix - wjx; contact[CONTACT.wy] = wiy - wjy; contact[CONTACT.wz] = wiz - wjz;
  contact[CONTACT.stiffness] = contactStiffness(table, k, sqrtReff);
  contact[CONTACT.damping] = c[p];
  contact[CONTACT.tangentialCoefficient] = table.mindlinCoef[k] * sqrtReff;
  contact[CONTACT.reff] = reff;
  contact[CONTACT.radiusFirst] = ri;
  contact[CONTACT.radiusSecond] = rj;
  touchContact(pr, p, table, sp, contact, scratch.out, omega, i3, omega, j3);
  return TOUCHING;
}

/**
 * The pairs of particle i's row, in order: forces and torques added into both bodies, or for a pair whose second
 * body is at or beyond `ownedEnd` (a cross pair, computed ahead by crossPairForces) into i alone from the cross
 * results, entry scratch.crossCursor onwards. Contacts that ended are listed in pr.ended from `endedAt`; returns how
 * many.
 */
export function rowForces(
  st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, i: number, ownedEnd: number,
  cross: CrossPairs, scratch: PairScratch, endedAt: number,
): number {
  const { force, torque } = st;
  const { second, rowStart, out: recorded } = pr;
  const { out } = scratch;
  const record = recorded.length > 1;
  const i3 = 3 * i;
  let nEnded = 0;
  for (let p = rowStart[i], end = rowStart[i + 1]; p < end; p++) {
    const j = second[p];
    if (j >= ownedEnd) {
      const r = CROSS_STRIDE * scratch.crossCursor++;
      const results = cross.results;
      const outcome = results[r + CROSS_OUTCOME];
      if (outcome === TOUCHING) {
        force[i3] += results[r]; force[i3 + 1] += results[r + 1]; force[i3 + 2] += results[r + 2];
        torque[i3] += results[r + 3]; torque[i3 + 1] += results[r + 4]; torque[i3 + 2] += results[r + 5];
        if (record) recorded.set(results.subarray(r, r + PAIR_OUT_STRIDE), PAIR_OUT_STRIDE * p);
      } else if (outcome === ENDED) {
        nEnded += endContact(pr, p, sp.trackImpacts, results[r + CROSS_SEPARATION], results[r + CROSS_SLIP], endedAt + nEnded);
      }
      continue;
    }
    const outcome = pairContact(st, pr, table, sp, p, scratch);
    if (outcome === TOUCHING) {
      const j3 = 3 * j;
      const fx = out[OUT.force], fy = out[OUT.force + 1], fz = out[OUT.force + 2];
      force[i3] += fx; force[i3 + 1] += fy; force[i3 + 2] += fz;
      torque[i3] += out[OUT.torqueFirst]; torque[i3 + 1] += out[OUT.torqueFirst + 1]; torque[i3 + 2] += out[OUT.torqueFirst + 2];
      force[j3] -= fx; force[j3 + 1] -= fy; force[j3 + 2] -= fz;
      torque[j3] += out[OUT.torqueSecond]; torque[j3 + 1] += out[OUT.torqueSecond + 1]; torque[j3 + 2] += out[OUT.torqueSecond + 2];
      if (record) recorded.set(out.subarray(0, PAIR_OUT_STRIDE), PAIR_OUT_STRIDE * p);
    } else if (outcome === ENDED) {
      nEnded += endContact(pr, p, sp.trackImpacts, scratch.ending[0], scratch.ending[1], endedAt + nEnded);
    }
  }
  return nEnded;
}

/** Cross pairs [from, to) of `cross` computed ahead (contacts of the lane that owns their first body). */
export function crossPairForces(
  st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, cross: CrossPairs, from: number, to: number,
  scratch: PairScratch,
): void {
  const { pairs, results } = cross;
  const { out, ending } = scratch;
  for (let e = from; e < to; e++) {
    const r = CROSS_STRIDE * e;
    const outcome = pairContact(st, pr, table, sp, pairs[e], scratch);
    results[r + CROSS_OUTCOME] = outcome;
    if (outcome === TOUCHING) {
      for (let k = 0; k < PAIR_OUT_STRIDE; k++) results[r + k] = out[k];
    } else if (outcome === ENDED) {
      results[r + CROSS_SEPARATION] = ending[0];
      results[r + CROSS_SLIP] = ending[1];
    }
  }
}

/**
 * The second body's share of the cross pairs [0, upTo) — those of earlier lanes, in pair order — for second bodies
 * in [begin, end): force −F, torque on second.
 */
export function addCrossShares(
  st: ParticleState, pr: PairArrays, cross: CrossPairs, upTo: number, begin: number, end: number,
): void {
  const { force, torque } = st;
  const { second } = pr;
  const { pairs, results } = cross;
  for (let e = 0; e < upTo; e++) {
    const j = second[pairs[e]];
    const r = CROSS_STRIDE * e;
    if (j < begin || j >= end || results[r + CROSS_OUTCOME] !== TOUCHING) continue;
    const j3 = 3 * j;
    force[j3] -= results[r]; force[j3 + 1] -= results[r + 1]; force[j3 + 2] -= results[r + 2];
    torque[j3] += results[r + 6]; torque[j3 + 1] += results[r + 7]; torque[j3 + 2] += results[r + 8];
  }
}
