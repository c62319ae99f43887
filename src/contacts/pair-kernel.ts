/**
 * The pair pass of a time step (engine/passes.ts, pass 2): for pairs [begin, end) of the current list, the
 * contact forces of every overlapping pair, added into the sums of both bodies in ascending pair order — or, for a
 * body whose pairs span two lanes (`gathered`), written to the pair buffer `out` (force on first, torque on first,
 * torque on second) for pass 3 to sum in the same order — and the end of every contact that stopped overlapping
 * (docs/architecture.md §4).
 *
 * Velocities are the predicted full-step ones, v_{n+1/2} + (dt/2)a_n (engine/passes.ts module comment;
 * docs/physics.md §11.2).
 *
 * The kernel is compiled once per lane for the run's KernelFeatures (forces/contact.ts): the contact law is
 * inlined and the parts no contact uses are left out, so the hot loop keeps a pair's values in locals instead of
 * passing blocks through memory to a law it calls. On the 10 000-sphere bed of `npm run bench -- --only
 * vs-lammps` (1 thread, docs/architecture.md §3 "Where the time goes" has the table) that took 6 000 bed steps
 * from 19.8 s to 11.9 s; the law's general parts inlined (16.0 s) or the specialised law called as a function
 * (17.4 s) gave most of it away.
 */
import type { ParticleState } from '../particles/state.js';
import { compiledFor, contactLawSource, HISTORY_STRIDE, type KernelFeatures } from '../forces/contact.js';
import { ElasticLaw } from '../forces/normal/law.js';
import type { KernelTable } from '../forces/contact-table.js';
import type { PairArrays, StepParams } from './contact-arrays.js';
import { endContact, touchRecord } from './contact-step.js';
import { slipSpeed } from './impact-records.js';
import { PAIR_OUT_STRIDE } from './pair-contacts.js';

/** Pass 2 over pairs [begin, end). Pairs whose contact ended are written to ended[begin ...]; returns how many. */
export type PairForces = (
  st: ParticleState, pr: PairArrays, table: KernelTable, sp: StepParams, begin: number, end: number,
) => number;

/** Compiled kernels of this thread, by features: lanes and runs with the same features share one. */
const compiled = new Map<string, PairForces>();

export function compilePairForces(f: KernelFeatures): PairForces {
  return compiledFor(compiled, f, () => {
    const factory = new Function('touchRecord', 'endContact', 'slipSpeed', `return ${pairForcesSource(f)};`);
    return factory(touchRecord, endContact, slipSpeed) as PairForces;
  });
}

/** x_first − x_second, through the pair's periodic image when the run has one (without, the shift is 0). */
function separationSource(periodic: boolean): string {
  const shift = (axis: number) => (periodic ? ` - shift[s3 + ${axis}]` : '');
  return `${periodic ? 'const s3 = 3 * image[p];' : ''}
    const dx = pos[i3] - pos[j3]${shift(0)}, dy = pos[i3 + 1] - pos[j3 + 1]${shift(1)};
    const dz = pos[i3 + 2] - pos[j3 + 2]${shift(2)};`;
}

/** The stiffness K of the pair's class: Hertz (4/3)E*√R_eff, or a linear spring's own k (forces/contact-table.ts). */
function stiffnessSource(elastic: number | null): string {
  if (elastic === ElasticLaw.linear) return 'linearStiffness[cls]';
  if (elastic !== null) return 'hertzCoef[cls] * sqrtReff';
  return `elasticLaw[cls] === ${ElasticLaw.linear} ? linearStiffness[cls] : hertzCoef[cls] * sqrtReff`;
}

function pairForcesSource(f: KernelFeatures): string {
  return `function pairForces(st, pr, table, sp, begin, end) {
  const { pos, vel, omega, force, torque, radius, invMass, invInertia } = st;
  const { first, second, c: damping, cls: classOf, image, shift, touching, history: hist, out, outSlot, forceSum, torqueSum, gathered } = pr;
  const { hertzCoef, mindlinCoef, linearStiffness, elastic: elasticLaw } = table;
  const dt = sp.dt;
  const half = 0.5 * dt;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const i = first[p], j = second[p];
    const i3 = 3 * i, j3 = 3 * j;
    ${separationSource(f.periodic)}
    const dist2 = dx * dx + dy * dy + dz * dz;
    const ri = radius[i], rj = radius[j];
    const rsum = ri + rj;
    if (dist2 >= rsum * rsum) {
      if (touching[p] === 1) {
        let separation = 0, slip = 0;
        ${f.impacts ? `{
          const inv = 1 / Math.sqrt(dist2);
          const nx = dx * inv, ny = dy * inv, nz = dz * inv;
          const vx = vel[i3] - vel[j3], vy = vel[i3 + 1] - vel[j3 + 1], vz = vel[i3 + 2] - vel[j3 + 2];
          slip = slipSpeed(vx, vy, vz, ri * omega[i3] + rj * omega[j3], ri * omega[i3 + 1] + rj * omega[j3 + 1],
            ri * omega[i3 + 2] + rj * omega[j3 + 2], nx, ny, nz);
          separation = vx * nx + vy * ny + vz * nz;
        }` : ''}
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
    const cls = classOf[p];
    const reff = (ri * rj) / rsum;
    const sqrtReff = Math.sqrt(reff);
    const delta = rsum - dist;
    const vx = vel[i3] + hmi * force[i3] - vel[j3] - hmj * force[j3] - (sy * nz - sz * ny);
    const vy = vel[i3 + 1] + hmi * force[i3 + 1] - vel[j3 + 1] - hmj * force[j3 + 1] - (sz * nx - sx * nz);
    const vz = vel[i3 + 2] + hmi * force[i3 + 2] - vel[j3 + 2] - hmj * force[j3 + 2] - (sx * ny - sy * nx);
    const wx = wix - wjx, wy = wiy - wjy, wz = wiz - wjz;
    const K = ${stiffnessSource(f.elastic)};
    const c = damping[p];
    const ktCoef = mindlinCoef[cls] * sqrtReff;
    const h = ${HISTORY_STRIDE} * p;
    ${contactLawSource(f)}
    ${f.impacts ? 'touchRecord(pr, p, sp, -vn, delta, fn, slip, omega, i3, omega, j3);'
      : 'touching[p] = 1;'}
    const gi = gathered[i], gj = gathered[j];
    if (gi === 0) {
      forceSum[i3] += fx; forceSum[i3 + 1] += fy; forceSum[i3 + 2] += fz;
      torqueSum[i3] += t1x; torqueSum[i3 + 1] += t1y; torqueSum[i3 + 2] += t1z;
    }
    if (gj === 0) {
      forceSum[j3] -= fx; forceSum[j3 + 1] -= fy; forceSum[j3 + 2] -= fz;
      torqueSum[j3] += t2x; torqueSum[j3 + 1] += t2y; torqueSum[j3 + 2] += t2z;
    }
    if ((gi | gj) !== 0) {
      const o = ${PAIR_OUT_STRIDE} * outSlot[p];
      out[o] = fx; out[o + 1] = fy; out[o + 2] = fz;
      out[o + 3] = t1x; out[o + 4] = t1y; out[o + 5] = t1z;
      out[o + 6] = t2x; out[o + 7] = t2y; out[o + 8] = t2z;
    }
  }
  return nEnded;
}`;
}
