/**
 * The pair pass of a time step (passes.ts, pass 2): for pairs [begin, end) of the current list, the contact
 * forces of every overlapping pair, added into the sums of both bodies in ascending pair order — or, for a body
 * with a pair another lane computes (`gathered`), written to the pair buffer (force on first, torque on first, torque on
 * second) for pass 3 to sum in the same order — and the end of every contact that stopped overlapping
 * (docs/architecture.md §4).
 *
 * Velocities are the predicted full-step ones, v_{n+1/2} + (dt/2)a_n (passes.ts module comment;
 * docs/physics.md §11.2).
 */
import { contactLaw, contactStiffness } from './law';
import {
  AsBound, Hertz, HertzBordbar, HertzHalf, HertzHysteresis, HertzQuarter, ImpactRecords, ImpactStatistics, PerClass,
  Plain, Rolling, RollingImpactRecords, RollingImpactStatistics,
} from './laws';
import { endContact, slipSpeed, touchContact } from './records';
import * as bound from './bound';
import {
  force, fullImpactRecords, gathered, gatheredPairs, hasMicroSlip, hasRolling, pairEnded, pairImpact, pairOut, scratch,
  sharedElastic, sharedExponent, torque, trackImpacts,
} from './bound';
import {
  DAMPING_BORDBAR, DAMPING_HALF, DAMPING_HYSTERESIS, DAMPING_NONE, DAMPING_QUARTER, ELASTIC_HERTZ, PAIR_OUT_FORCE,
  PAIR_OUT_STRIDE, PAIR_OUT_TORQUE_FIRST, PAIR_OUT_TORQUE_SECOND, SCRATCH_SINK,
} from './layout';
import { f64Address, f64At, i32At, setF64, u16At, u8At } from './memory';

/**
 * Where the pair pass puts one pair's results: straight into both bodies' force and torque sums — unless a body is
 * gathered (the pair is then in gatheredPairs, and its index there is its slot in the pair buffer: the pair's
 * results go there, and only the sums of a body that is not gathered get them). Lives in the lane's scratch block.
 */
@final @unmanaged class PairSums<Options> {
  pair: i32;
  first: i32;
  second: i32;
  /** the first slot whose pair is not before `pair`: the pass visits pairs in ascending order, and so do slots */
  slot: i32;
  delta: f64;
  t: f64;
  dt: f64;
  /**
   * The bound arrays the results go to, copied from the kernel's globals once per pass: V8 reads a WebAssembly
   * global from memory at every use, and a pair's results used 18 such reads (docs/architecture.md §3 "Where the
   * time goes"). 56 of the sink's 64 bytes (layout.ts SCRATCH_SINK).
   */
  force: usize;
  torque: usize;
  gatheredPairs: usize;
  touching: usize;

  @inline emit(
    fx: f64, fy: f64, fz: f64, t1x: f64, t1y: f64, t1z: f64, t2x: f64, t2y: f64, t2z: f64,
    fn: f64, vn: f64, slip: f64,
  ): void {
    const p = this.pair, i = this.first, j = this.second, gatheredPairs = this.gatheredPairs;
    const options = changetype<Options>(0);
    touchContact(options.impacts, options.fullRecords, this.touching, pairImpact, p, this.t, this.dt, -vn, this.delta,
      fn, slip, i, j);
    // The sentinel after the last gathered pair stops the walk.
    let slot = this.slot;
    while (i32At(gatheredPairs, slot) < p) slot++;
    this.slot = slot;
    if (i32At(gatheredPairs, slot) == p) {
      gatheredPair(slot, i, j, fx, fy, fz, t1x, t1y, t1z, t2x, t2y, t2z);
      return;
    }
    const force = this.force, torque = this.torque;
    addToBody(force, torque, i, fx, fy, fz, t1x, t1y, t1z);
    addToBody(force, torque, j, -fx, -fy, -fz, t2x, t2y, t2z);
  }
}

/** Adds a force (N) and a torque (N m) into body b's sums in `force` and `torque`; f + (−F) is f − F bit for bit. */
@inline function addToBody(
  force: usize, torque: usize, b: i32, fx: f64, fy: f64, fz: f64, tx: f64, ty: f64, tz: f64,
): void {
  const f = f64Address(force, 3 * b), m = f64Address(torque, 3 * b);
  store<f64>(f, load<f64>(f) + fx); store<f64>(f, load<f64>(f, 8) + fy, 8); store<f64>(f, load<f64>(f, 16) + fz, 16);
  store<f64>(m, load<f64>(m) + tx); store<f64>(m, load<f64>(m, 8) + ty, 8); store<f64>(m, load<f64>(m, 16) + tz, 16);
}

/**
 * A pair with a gathered body (slot: its place in the pair buffer): the results go to the buffer for pass 3, and
 * into the sum of a body that is not gathered. Few pairs, so not inlined: the common path stays short.
 */
function gatheredPair(
  slot: i32, i: i32, j: i32, fx: f64, fy: f64, fz: f64, t1x: f64, t1y: f64, t1z: f64, t2x: f64, t2y: f64, t2z: f64,
): void {
  if (u8At(gathered, i) == 0) addToBody(force, torque, i, fx, fy, fz, t1x, t1y, t1z);
  if (u8At(gathered, j) == 0) addToBody(force, torque, j, -fx, -fy, -fz, t2x, t2y, t2z);
  const o = PAIR_OUT_STRIDE * slot;
  const f = o + PAIR_OUT_FORCE, t1 = o + PAIR_OUT_TORQUE_FIRST, t2 = o + PAIR_OUT_TORQUE_SECOND;
  setF64(pairOut, f, fx); setF64(pairOut, f + 1, fy); setF64(pairOut, f + 2, fz);
  setF64(pairOut, t1, t1x); setF64(pairOut, t1 + 1, t1y); setF64(pairOut, t1 + 2, t1z);
  setF64(pairOut, t2, t2x); setF64(pairOut, t2 + 1, t2y); setF64(pairOut, t2 + 2, t2z);
}

/** The first slot whose pair is not before pair p (binary search of the ascending gatheredPairs). */
function firstSlotFrom(p: i32): i32 {
  let lo = 0, hi = bound.gatheredCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (i32At(gatheredPairs, mid) < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Pass 2 over pairs [begin, end) for the step of length dt ending at t. Pairs whose contact ended are written to
 * the ended list from index begin on; returns how many. Runs the pass compiled for the law every class shares, if
 * it is one of laws.ts, else the one that reads each contact's law from its class. A run with a micro-slip class
 * (docs/physics.md §9.9) has one pass that reads the law and the options as they are bound: the micro-slip spring
 * row (8 springs to turn, move and cap) outweighs those reads, and the other runs' passes carry none of its code.
 */
export function pairForces(begin: i32, end: i32, dt: f64, t: f64): i32 {
  if (hasMicroSlip) return pairPass<PerClass, AsBound>(begin, end, dt, t);
  if (hasRolling) {
    if (!trackImpacts) return pairForcesWith<Rolling>(begin, end, dt, t);
    return fullImpactRecords
      ? pairForcesWith<RollingImpactRecords>(begin, end, dt, t) : pairForcesWith<RollingImpactStatistics>(begin, end, dt, t);
  }
  if (!trackImpacts) return pairForcesWith<Plain>(begin, end, dt, t);
  return fullImpactRecords
    ? pairForcesWith<ImpactRecords>(begin, end, dt, t) : pairForcesWith<ImpactStatistics>(begin, end, dt, t);
}

function pairForcesWith<Options>(begin: i32, end: i32, dt: f64, t: f64): i32 {
  if (sharedElastic == ELASTIC_HERTZ) {
    if (sharedExponent == DAMPING_QUARTER) return pairPass<HertzQuarter, Options>(begin, end, dt, t);
    if (sharedExponent == DAMPING_HALF) return pairPass<HertzHalf, Options>(begin, end, dt, t);
    if (sharedExponent == DAMPING_NONE) return pairPass<Hertz, Options>(begin, end, dt, t);
    if (sharedExponent == DAMPING_BORDBAR) return pairPass<HertzBordbar, Options>(begin, end, dt, t);
    if (sharedExponent == DAMPING_HYSTERESIS) return pairPass<HertzHysteresis, Options>(begin, end, dt, t);
  }
  return pairPass<PerClass, Options>(begin, end, dt, t);
}

function pairPass<Law, Options>(begin: i32, end: i32, dt: f64, t: f64): i32 {
  const law = changetype<Law>(0), options = changetype<Options>(0);
  // The bound arrays as locals: V8 keeps locals in registers across the loop, not WebAssembly globals (3 % of
  // the pass).
  const pos = bound.pos, vel = bound.vel, omega = bound.omega, predicted = bound.predicted, radius = bound.radius;
  const first = bound.pairFirst, second = bound.pairSecond, classOf = bound.pairClass, damping = bound.pairDamping;
  const touching = bound.pairTouching, history = bound.pairHistory, image = bound.image, shift = bound.shift;
  const mindlinCoef = bound.mindlinCoef, periodic = bound.periodic;
  const stride = bound.pairHistoryStride;
  const springs = bound.hasFriction || options.rolling;
  const sums = changetype<PairSums<Options>>(scratch + (<usize>SCRATCH_SINK << 3));
  sums.t = t;
  sums.dt = dt;
  sums.slot = firstSlotFrom(begin);
  sums.force = force; sums.torque = torque; sums.gatheredPairs = gatheredPairs; sums.touching = touching;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const i = i32At(first, p), j = i32At(second, p);
    const i3 = 3 * i, j3 = 3 * j;
    // x_first − x_second, through the pair's periodic image. Rows are read at constant offsets from their address
    // (memory.ts f64Address).
    const xi = f64Address(pos, i3), xj = f64Address(pos, j3);
    let dx = load<f64>(xi) - load<f64>(xj), dy = load<f64>(xi, 8) - load<f64>(xj, 8);
    let dz = load<f64>(xi, 16) - load<f64>(xj, 16);
    if (periodic) {
      const s3 = 3 * u8At(image, p);
      dx -= f64At(shift, s3); dy -= f64At(shift, s3 + 1); dz -= f64At(shift, s3 + 2);
    }
    const dist2 = dx * dx + dy * dy + dz * dz;
    const ri = f64At(radius, i), rj = f64At(radius, j);
    const rsum = ri + rj;
    if (dist2 >= rsum * rsum) {
      if (u8At(touching, p) == 1) {
        let separation: f64 = 0, slip: f64 = 0;
        if (options.impacts) {
          const inv = 1 / Math.sqrt(dist2);
          const nx = dx * inv, ny = dy * inv, nz = dz * inv;
          const vx = f64At(vel, i3) - f64At(vel, j3), vy = f64At(vel, i3 + 1) - f64At(vel, j3 + 1);
          const vz = f64At(vel, i3 + 2) - f64At(vel, j3 + 2);
          if (options.fullRecords) {
            slip = slipSpeed(vx, vy, vz, ri * f64At(omega, i3) + rj * f64At(omega, j3),
              ri * f64At(omega, i3 + 1) + rj * f64At(omega, j3 + 1), ri * f64At(omega, i3 + 2) + rj * f64At(omega, j3 + 2),
              nx, ny, nz);
          }
          separation = vx * nx + vy * ny + vz * nz;
        }
        nEnded += endContact(touching, history, stride, pairImpact, pairEnded, p, dt, separation, slip, begin + nEnded);
      }
      continue;
    }
    const dist = Math.sqrt(dist2);
    const inv = 1 / dist;
    const nx = dx * inv, ny = dy * inv, nz = dz * inv;
    // Predicted full-step velocities (pass 1 wrote them: v at bytes 0–16 of a particle's row, ω at 24–40).
    const ui = f64Address(predicted, 6 * i), uj = f64Address(predicted, 6 * j);
    const wix = load<f64>(ui, 24), wiy = load<f64>(ui, 32), wiz = load<f64>(ui, 40);
    const wjx = load<f64>(uj, 24), wjy = load<f64>(uj, 32), wjz = load<f64>(uj, 40);
    // Contact-point velocity of i minus that of j: v_i − v_j − (R_i ω_i + R_j ω_j) × n (docs/physics.md §1.3).
    const sx = ri * wix + rj * wjx, sy = ri * wiy + rj * wjy, sz = ri * wiz + rj * wjz;
    const cls = u16At(classOf, p);
    const reff = (ri * rj) / rsum;
    const sqrtReff = Math.sqrt(reff);
    const delta = rsum - dist;
    const vx = load<f64>(ui) - load<f64>(uj) - (sy * nz - sz * ny);
    const vy = load<f64>(ui, 8) - load<f64>(uj, 8) - (sz * nx - sx * nz);
    const vz = load<f64>(ui, 16) - load<f64>(uj, 16) - (sx * ny - sy * nx);
    const K = contactStiffness(law.elasticId(cls), cls, sqrtReff);
    sums.pair = p; sums.first = i; sums.second = j;
    if (options.impacts) sums.delta = delta;
    // The same at the half step, from the velocities and spins the drift used: the springs' increments (§9.10).
    let vhx: f64 = 0, vhy: f64 = 0, vhz: f64 = 0, whx: f64 = 0, why: f64 = 0, whz: f64 = 0;
    if (springs) {
      const oi = f64Address(omega, i3), oj = f64Address(omega, j3), ei = f64Address(vel, i3), ej = f64Address(vel, j3);
      const hix = load<f64>(oi), hiy = load<f64>(oi, 8), hiz = load<f64>(oi, 16);
      const hjx = load<f64>(oj), hjy = load<f64>(oj, 8), hjz = load<f64>(oj, 16);
      const qx = ri * hix + rj * hjx, qy = ri * hiy + rj * hjy, qz = ri * hiz + rj * hjz;
      vhx = load<f64>(ei) - load<f64>(ej) - (qy * nz - qz * ny);
      vhy = load<f64>(ei, 8) - load<f64>(ej, 8) - (qz * nx - qx * nz);
      vhz = load<f64>(ei, 16) - load<f64>(ej, 16) - (qx * ny - qy * nx);
      whx = hix - hjx; why = hiy - hjy; whz = hiz - hjz;
    }
    contactLaw<Law, Options, PairSums<Options>>(law, options, sums, delta, nx, ny, nz, vx, vy, vz,
      vhx, vhy, vhz, whx, why, whz, K, f64At(damping, p),
      f64At(mindlinCoef, cls) * sqrtReff, reff, ri, rj, cls, history + (<usize>(stride * p) << 3), dt);
  }
  return nEnded;
}
