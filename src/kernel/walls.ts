/**
 * The sphere–wall contacts of one particle in the gather pass (passes.ts): for each wall candidate, the contact law
 * with the wall as the second body (R_eff = R, m* = m; docs/physics.md §1.6) and the velocity of the wall's
 * material at the contact point in the relative velocity (§1.3), its spin in the relative spin, or the end of the
 * contact. Each contact's force and torque on the sphere are left in its candidate for the walls' loads. The
 * geometry — overlap, normal, wall velocity and spin of each candidate this step — comes from JavaScript (contacts/wall-kernel.ts, WallArrays candidateGeometry), which knows
 * the many wall shapes and the mesh rule. A particle's planes and segments of revolution are resolved first, then
 * its triangles, each in candidate order: a fixed order, so the sums are the same for any number of lanes.
 */
import { contactLaw, contactStiffness } from './law';
import { AsBound, PerClass } from './laws';
import { endContact, slipSpeed, touchContact } from './records';
import * as bound from './bound';
import {
  SCRATCH_WALL_SUM, WALL_CANDIDATE_DEFERRED, WALL_CANDIDATE_DELTA, WALL_CANDIDATE_FORCE, WALL_CANDIDATE_NORMAL,
  WALL_CANDIDATE_STRIDE, WALL_CANDIDATE_TORQUE, WALL_CANDIDATE_WALL_SPIN, WALL_CANDIDATE_WALL_VELOCITY,
} from './layout';
import { f64At, i32At, u16At, u8At } from './memory';

/**
 * The lane's wall sum (layout.ts SCRATCH_WALL_SUM): each wall contact of the particle adds its force and torque on
 * the sphere; F_n, v·n and slip of the last one are kept for its record.
 */
@final @unmanaged export class WallSum {
  fx: f64; fy: f64; fz: f64;
  tx: f64; ty: f64; tz: f64;
  normalForce: f64;
  vn: f64;
  slip: f64;

  @inline emit(
    fx: f64, fy: f64, fz: f64, t1x: f64, t1y: f64, t1z: f64, t2x: f64, t2y: f64, t2z: f64,
    fn: f64, vn: f64, slip: f64,
  ): void {
    this.fx += fx; this.fy += fy; this.fz += fz;
    this.tx += t1x; this.ty += t1y; this.tz += t1z;
    this.normalForce = fn;
    this.vn = vn;
    this.slip = slip;
  }
}

/**
 * The wall contacts of particle p in the step of length dt ending at t, their force and torque summed into the
 * lane's wall sum (from zero); contacts whose collision ended are listed from `endedAt` on. Returns how many ended.
 */
export function wallContacts(p: i32, dt: f64, t: f64, endedAt: i32): i32 {
  const sum = laneWallSum();
  sum.fx = 0; sum.fy = 0; sum.fz = 0; sum.tx = 0; sum.ty = 0; sum.tz = 0;
  let nEnded = 0;
  for (let deferred = 0; deferred < 2; deferred++) {
    for (let s = i32At(bound.wallStart, p), end = i32At(bound.wallStart, p + 1); s < end; s++) {
      const c = bound.wallCandidates + (<usize>(WALL_CANDIDATE_STRIDE * s) << 3);
      if (<i32>load<f64>(c, WALL_CANDIDATE_DEFERRED << 3) != deferred) continue;
      const delta = load<f64>(c, WALL_CANDIDATE_DELTA << 3);
      const nx = load<f64>(c, WALL_CANDIDATE_NORMAL << 3), ny = load<f64>(c, (WALL_CANDIDATE_NORMAL + 1) << 3);
      const nz = load<f64>(c, (WALL_CANDIDATE_NORMAL + 2) << 3);
      const vwx = load<f64>(c, WALL_CANDIDATE_WALL_VELOCITY << 3);
      const vwy = load<f64>(c, (WALL_CANDIDATE_WALL_VELOCITY + 1) << 3);
      const vwz = load<f64>(c, (WALL_CANDIDATE_WALL_VELOCITY + 2) << 3);
      if (delta > 0) touch(sum, c, s, p, delta, nx, ny, nz, vwx, vwy, vwz, dt, t);
      else if (u8At(bound.wallTouching, s) == 1) nEnded += contactEnds(s, p, nx, ny, nz, vwx, vwy, vwz, dt, endedAt + nEnded);
    }
  }
  return nEnded;
}

/** The lane's wall sum, in its scratch block. */
@inline export function laneWallSum(): WallSum {
  return changetype<WallSum>(bound.scratch + (<usize>SCRATCH_WALL_SUM << 3));
}

/**
 * Candidate s (its geometry at c) overlaps by δ: the law with the predicted full-step velocities of pass 1
 * (passes.ts) and the half-step ones for the springs, then its record; its force and torque on the sphere are
 * written back into the candidate.
 */
function touch(
  sum: WallSum, c: usize, s: i32, p: i32, delta: f64, nx: f64, ny: f64, nz: f64, vwx: f64, vwy: f64, vwz: f64,
  dt: f64, t: f64,
): void {
  const r = f64At(bound.radius, p), q = 6 * p, predicted = bound.predicted;
  const wx = f64At(predicted, q + 3), wy = f64At(predicted, q + 4), wz = f64At(predicted, q + 5);
  const cls = u16At(bound.wallClass, s);
  const sqrtR = Math.sqrt(r);
  const law = changetype<PerClass>(0);
  const K = contactStiffness(law.elasticId(cls), cls, sqrtR);
  // Contact point of the sphere relative to the (translating) wall: v − v_wall − R ω × n.
  const vx = f64At(predicted, q) - vwx - r * (wy * nz - wz * ny);
  const vy = f64At(predicted, q + 1) - vwy - r * (wz * nx - wx * nz);
  const vz = f64At(predicted, q + 2) - vwz - r * (wx * ny - wy * nx);
  // The same at the half step (the sphere's velocity and spin before its kick in this pass): the springs' increments.
  // Only a run with a spring reads them (law.ts), as in the pair pass.
  let vhx: f64 = 0, vhy: f64 = 0, vhz: f64 = 0, whx: f64 = 0, why: f64 = 0, whz: f64 = 0;
  if (bound.hasFriction || bound.hasRolling) {
    const b = 3 * p, vel = bound.vel, omega = bound.omega;
    whx = f64At(omega, b); why = f64At(omega, b + 1); whz = f64At(omega, b + 2);
    vhx = f64At(vel, b) - vwx - r * (why * nz - whz * ny);
    vhy = f64At(vel, b + 1) - vwy - r * (whz * nx - whx * nz);
    vhz = f64At(vel, b + 2) - vwz - r * (whx * ny - why * nx);
  }
  // The relative spin for the rolling resistance: a turning wall's own spin is subtracted (0 for other walls).
  const swx = load<f64>(c, WALL_CANDIDATE_WALL_SPIN << 3), swy = load<f64>(c, (WALL_CANDIDATE_WALL_SPIN + 1) << 3);
  const swz = load<f64>(c, (WALL_CANDIDATE_WALL_SPIN + 2) << 3);
  const fx0 = sum.fx, fy0 = sum.fy, fz0 = sum.fz, tx0 = sum.tx, ty0 = sum.ty, tz0 = sum.tz;
  contactLaw<PerClass, AsBound, WallSum>(law, changetype<AsBound>(0), sum, delta, nx, ny, nz, vx, vy, vz,
    vhx, vhy, vhz, whx - swx, why - swy, whz - swz, K, f64At(bound.wallDamping, s), f64At(bound.mindlinCoef, cls) * sqrtR, r, r, 0, cls,
    bound.wallHistory + (<usize>(bound.wallHistoryStride * s) << 3), dt);
  store<f64>(c, sum.fx - fx0, WALL_CANDIDATE_FORCE << 3);
  store<f64>(c, sum.fy - fy0, (WALL_CANDIDATE_FORCE + 1) << 3);
  store<f64>(c, sum.fz - fz0, (WALL_CANDIDATE_FORCE + 2) << 3);
  store<f64>(c, sum.tx - tx0, WALL_CANDIDATE_TORQUE << 3);
  store<f64>(c, sum.ty - ty0, (WALL_CANDIDATE_TORQUE + 1) << 3);
  store<f64>(c, sum.tz - tz0, (WALL_CANDIDATE_TORQUE + 2) << 3);
  touchContact(bound.trackImpacts, bound.fullImpactRecords, bound.wallTouching, bound.wallImpact, s, t, dt, -sum.vn, delta,
    sum.normalForce, sum.slip, p, -1);
}

/**
 * Candidate s stopped overlapping (n: the wall's normal at the sphere, v_w: the wall's velocity): the end of the
 * contact, with the sphere's separation speed and slip for its record. Returns 1 if a record was closed.
 */
function contactEnds(
  s: i32, p: i32, nx: f64, ny: f64, nz: f64, vwx: f64, vwy: f64, vwz: f64, dt: f64, endedAt: i32,
): i32 {
  let separation: f64 = 0, slip: f64 = 0;
  if (bound.trackImpacts) {
    const b = 3 * p, r = f64At(bound.radius, p), vel = bound.vel, omega = bound.omega;
    const vx = f64At(vel, b) - vwx, vy = f64At(vel, b + 1) - vwy, vz = f64At(vel, b + 2) - vwz;
    if (bound.fullImpactRecords) {
      slip = slipSpeed(vx, vy, vz, r * f64At(omega, b), r * f64At(omega, b + 1), r * f64At(omega, b + 2), nx, ny, nz);
    }
    separation = vx * nx + vy * ny + vz * nz;
  }
  return endContact(bound.wallTouching, bound.wallHistory, bound.wallHistoryStride, bound.wallImpact, bound.wallEnded,
    s, dt, separation, slip, endedAt);
}
