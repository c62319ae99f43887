/**
 * The per-step passes of velocity Verlet with contact forces (docs/architecture.md §3; docs/physics.md §11.1):
 *   1. kickDrift      — by particle range: v += (dt/2)a, ω += (dt/2)α, x += v dt; (dt/2)a and the predicted
 *                       spin kept for the kernels; force and torque reset to gravity and zero
 *   (cross pairs      — with several lanes only: the pairs whose second body belongs to a later lane, computed
 *                       ahead into a buffer; contacts/pair-kernel.ts)
 *   2. forcesAndKick  — by particle range, particle by particle in order: the pairs of its row added into both
 *                       bodies, its wall contacts, then v += (dt/2)a, ω += (dt/2)α — by then every pair of the
 *                       particle has been added, since its other pairs belong to the rows of lower particles
 * Each particle's force is summed in one fixed order — gravity, its pairs in ascending pair index, its walls — for
 * any split of the ranges over threads, so the results are bit-identical (contacts/pair-kernel.ts).
 *
 * Velocity-dependent forces (damping, friction) see the predicted full-step velocity v_{n+1/2} + (dt/2)a_n
 * rather than the half-step velocity v_{n+1/2}: the half-step value lags by dt/2 and makes the damping work,
 * hence the restitution, first-order in dt; the prediction makes it second order (docs/physics.md §11.2).
 *
 * What each lever gave (issue 13; settled beds from bench/lattice-bed.ts, one thread, measured 2026-11-24 on the
 * shared 2-core machine at load average 12–21, so CPU time, not wall time):
 *   lever                                          instructions (callgrind)    CPU time, median of 3 interleaved
 *   rows summed straight into both bodies          −1.0 % per step (2 500       +12 % (10 000 spheres, 1 500 steps:
 *     (this pass) instead of the pair buffer +      spheres, 400 steps:          6.43 s against 5.75 s) — within
 *     CSR reduction                                 3.88 G against 3.92 G)       the noise of that load
 *   outputs.impacts off instead of on              –                            −26 % (10 000 spheres, 1 000 steps:
 *     (the bench runs without impacts)                                          4.48 s against 6.05 s)
 * The first lever is kept for what it saves besides time: the 9-double pair buffer and the CSR index (about
 * 80 B per pair of capacity) are gone, and it is the layout a further kernel change builds on; on one thread it
 * neither wins nor loses measurably.
 */
import type { ParticleState } from '../particles/state.js';
import type { KernelTable } from '../forces/contact-table.js';
import { particleWallContacts } from '../contacts/wall-kernel.js';
import { addCrossShares, rowForces, type PairScratch } from '../contacts/pair-kernel.js';
import type { CrossPairs, PairArrays, StepParams, WallArrays } from '../contacts/contact-arrays.js';

/**
 * Pass 1 over particles [begin, end). The predicted velocities use a_n before the force is reset for the new
 * evaluation. Returns the largest squared displacement since the last neighbour build within the range.
 */
export function kickDrift(st: ParticleState, sp: StepParams, begin: number, end: number): number {
  const { dt, gx, gy, gz } = sp;
  const half = 0.5 * dt;
  const { pos, vel, omega, force, torque, mass, invMass, invInertia, posAtBuild, halfKick, predictedOmega } = st;
  let maxDisp2 = 0;
  for (let p = begin; p < end; p++) {
    const hm = half * invMass[p], hi = half * invInertia[p];
    const b = 3 * p;
    for (let a = b; a < b + 3; a++) {
      vel[a] += hm * force[a];
      omega[a] += hi * torque[a];
      pos[a] += dt * vel[a];
      halfKick[a] = hm * force[a];
      predictedOmega[a] = omega[a] + hi * torque[a];
      torque[a] = 0;
    }
    force[b] = mass[p] * gx; force[b + 1] = mass[p] * gy; force[b + 2] = mass[p] * gz;
    const dx = pos[b] - posAtBuild[b], dy = pos[b + 1] - posAtBuild[b + 1], dz = pos[b + 2] - posAtBuild[b + 2];
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > maxDisp2) maxDisp2 = d2;
  }
  return maxDisp2;
}

/** Wall force and torque of the particle being gathered (per thread). */
const acc = new Float64Array(6);

/** Contacts whose collision ended in a forcesAndKick range: pairs, and sphere–wall contacts. */
export interface Ended {
  pairs: number;
  walls: number;
}

/**
 * Pass 2 over particles [begin, end), the range of lane `lane`: the second-body shares of the earlier lanes' cross
 * pairs, then per particle its row of pairs, its wall contacts and the second half-kick. Pair contacts whose
 * collision ended are written to pr.ended[pr.rowStart[begin] ...], wall contacts to wl.ended[wl.rowStart[begin]
 * ...]; their counts go to `ended`.
 */
export function forcesAndKick(
  st: ParticleState, pr: PairArrays, wl: WallArrays, cross: CrossPairs, table: KernelTable, sp: StepParams,
  lane: number, begin: number, end: number, scratch: PairScratch, ended: Ended,
): void {
  const { vel, omega, force, torque, invMass, invInertia } = st;
  const { rowStart: wallStart } = wl;
  const half = 0.5 * sp.dt;
  const crossFrom = cross.laneStart[lane];
  if (crossFrom > 0) addCrossShares(st, pr, cross, crossFrom, begin, end);
  scratch.crossCursor = crossFrom;
  const pairsEndedAt = pr.rowStart[begin], wallsEndedAt = wallStart[begin];
  let pairsEnded = 0, wallsEnded = 0;
  for (let p = begin; p < end; p++) {
    pairsEnded += rowForces(st, pr, table, sp, p, end, cross, scratch, pairsEndedAt + pairsEnded);
    const b = 3 * p;
    let fx = force[b], fy = force[b + 1], fz = force[b + 2];
    let tx = torque[b], ty = torque[b + 1], tz = torque[b + 2];
    if (wallStart[p + 1] > wallStart[p]) {
      acc[0] = 0; acc[1] = 0; acc[2] = 0; acc[3] = 0; acc[4] = 0; acc[5] = 0;
      wallsEnded += particleWallContacts(st, wl, table, sp, p, acc, scratch, wallsEndedAt + wallsEnded);
      fx += acc[0]; fy += acc[1]; fz += acc[2];
      tx += acc[3]; ty += acc[4]; tz += acc[5];
      force[b] = fx; force[b + 1] = fy; force[b + 2] = fz;
      torque[b] = tx; torque[b + 1] = ty; torque[b + 2] = tz;
    }
    const hm = half * invMass[p], hi = half * invInertia[p];
    vel[b] += hm * fx; vel[b + 1] += hm * fy; vel[b + 2] += hm * fz;
    omega[b] += hi * tx; omega[b + 1] += hi * ty; omega[b + 2] += hi * tz;
  }
  ended.pairs = pairsEnded;
  ended.walls = wallsEnded;
}
