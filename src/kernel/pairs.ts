/**
 * The pair pass of a time step (passes.ts, pass 2): for pairs [begin, end) of the current list, the contact
 * forces of every overlapping pair, added into the sums of both bodies in ascending pair order — or, for a body
 * whose pairs span two lanes (`gathered`), written to the pair buffer (force on first, torque on first, torque on
 * second) for pass 3 to sum in the same order — and the end of every contact that stopped overlapping
 * (docs/architecture.md §4).
 *
 * Velocities are the predicted full-step ones, v_{n+1/2} + (dt/2)a_n (passes.ts module comment;
 * docs/physics.md §11.2).
 */
import { contactLaw, contactStiffness } from './law';
import {
  AsBound, Hertz, HertzBordbar, HertzHalf, HertzHysteresis, HertzQuarter, Impacts, PerClass, Plain, Rolling,
  RollingImpacts,
} from './laws';
import { endContact, slipSpeed, touchContact } from './records';
import * as bound from './bound';
import { friction, hertzCoef, noTension } from './bound';
import { HISTORY_TANGENTIAL } from './layout';
import {
  force, gathered, gatheredPairs, hasMicroSlip, hasRolling, pairEnded, pairImpact, pairOut, scratch, sharedElastic,
  sharedExponent, torque, trackImpacts,
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
    touchContact(changetype<Options>(0).impacts, this.touching, pairImpact, p, this.t, this.dt, -vn, this.delta, fn,
      slip, i, j);
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
    return trackImpacts ? pairForcesWith<RollingImpacts>(begin, end, dt, t) : pairForcesWith<Rolling>(begin, end, dt, t);
  }
  return trackImpacts ? pairForcesWith<Impacts>(begin, end, dt, t) : pairForcesWith<Plain>(begin, end, dt, t);
}

function pairForcesWith<Options>(begin: i32, end: i32, dt: f64, t: f64): i32 {
  if (sharedElastic == ELASTIC_HERTZ) {
    if (sharedExponent == DAMPING_QUARTER) {
      if (!changetype<Options>(0).rolling && bound.hasFriction) {
        return pairPassX2<Options>(begin, end, dt, t);
      }
      return pairPass<HertzQuarter, Options>(begin, end, dt, t);
    }
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
          slip = slipSpeed(vx, vy, vz, ri * f64At(omega, i3) + rj * f64At(omega, j3),
            ri * f64At(omega, i3 + 1) + rj * f64At(omega, j3 + 1), ri * f64At(omega, i3 + 2) + rj * f64At(omega, j3 + 2),
            nx, ny, nz);
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

// ---- PROTOTYPE (A/B only): two touching pairs per v128, Tsuji + Mindlin, no rolling, no records ----
@inline function lanes(a: f64, b: f64): v128 { return f64x2.replace_lane(f64x2.splat(a), 1, b); }
@inline function gather(a: usize, b: usize): v128 { return v128.load64_lane(b, v128.load64_zero(a), 1); }
@inline function gatherAt(base: usize, a: i32, b: i32): v128 {
  return gather(base + (<usize>a << 3), base + (<usize>b << 3));
}

@inline function lawX2<Options>(
  sums: PairSums<Options>, dt: f64, pa: i32, ia: i32, ja: i32, pb: i32, ib: i32, jb: i32,
  DX: v128, DY: v128, DZ: v128, D2: v128, RI: v128, RJ: v128, both: bool,
): void {
  const predicted = bound.predicted, omega = bound.omega, vel = bound.vel, classOf = bound.pairClass;
  const damping = bound.pairDamping, history = bound.pairHistory, mindlinCoef = bound.mindlinCoef;
  const stride = bound.pairHistoryStride;
  const ZERO = f64x2.splat(0), DT = f64x2.splat(dt);
  const RSUM = f64x2.add(RI, RJ);
  const dist = f64x2.sqrt(D2);
  const inv = f64x2.div(f64x2.splat(1), dist);
  const nx = f64x2.mul(DX, inv), ny = f64x2.mul(DY, inv), nz = f64x2.mul(DZ, inv);
  const uia = f64Address(predicted, 6 * ia), uja = f64Address(predicted, 6 * ja);
  const uib = f64Address(predicted, 6 * ib), ujb = f64Address(predicted, 6 * jb);
  const wix = gather(uia + 24, uib + 24), wiy = gather(uia + 32, uib + 32), wiz = gather(uia + 40, uib + 40);
  const wjx = gather(uja + 24, ujb + 24), wjy = gather(uja + 32, ujb + 32), wjz = gather(uja + 40, ujb + 40);
  const sx = f64x2.add(f64x2.mul(RI, wix), f64x2.mul(RJ, wjx));
  const sy = f64x2.add(f64x2.mul(RI, wiy), f64x2.mul(RJ, wjy));
  const sz = f64x2.add(f64x2.mul(RI, wiz), f64x2.mul(RJ, wjz));
  const clsA = u16At(classOf, pa), clsB = u16At(classOf, pb);
  const reff = f64x2.div(f64x2.mul(RI, RJ), RSUM);
  const sqrtReff = f64x2.sqrt(reff);
  const delta = f64x2.sub(RSUM, dist);
  const vx = f64x2.sub(f64x2.sub(gather(uia, uib), gather(uja, ujb)), f64x2.sub(f64x2.mul(sy, nz), f64x2.mul(sz, ny)));
  const vy = f64x2.sub(f64x2.sub(gather(uia + 8, uib + 8), gather(uja + 8, ujb + 8)), f64x2.sub(f64x2.mul(sz, nx), f64x2.mul(sx, nz)));
  const vz = f64x2.sub(f64x2.sub(gather(uia + 16, uib + 16), gather(uja + 16, ujb + 16)), f64x2.sub(f64x2.mul(sx, ny), f64x2.mul(sy, nx)));
  const K = f64x2.mul(gatherAt(hertzCoef, clsA, clsB), sqrtReff);
  const oia = f64Address(omega, 3 * ia), oja = f64Address(omega, 3 * ja), oib = f64Address(omega, 3 * ib), ojb = f64Address(omega, 3 * jb);
  const hix = gather(oia, oib), hiy = gather(oia + 8, oib + 8), hiz = gather(oia + 16, oib + 16);
  const hjx = gather(oja, ojb), hjy = gather(oja + 8, ojb + 8), hjz = gather(oja + 16, ojb + 16);
  const qx = f64x2.add(f64x2.mul(RI, hix), f64x2.mul(RJ, hjx));
  const qy = f64x2.add(f64x2.mul(RI, hiy), f64x2.mul(RJ, hjy));
  const qz = f64x2.add(f64x2.mul(RI, hiz), f64x2.mul(RJ, hjz));
  const eia = f64Address(vel, 3 * ia), eja = f64Address(vel, 3 * ja), eib = f64Address(vel, 3 * ib), ejb = f64Address(vel, 3 * jb);
  const vhx = f64x2.sub(f64x2.sub(gather(eia, eib), gather(eja, ejb)), f64x2.sub(f64x2.mul(qy, nz), f64x2.mul(qz, ny)));
  const vhy = f64x2.sub(f64x2.sub(gather(eia + 8, eib + 8), gather(eja + 8, ejb + 8)), f64x2.sub(f64x2.mul(qz, nx), f64x2.mul(qx, nz)));
  const vhz = f64x2.sub(f64x2.sub(gather(eia + 16, eib + 16), gather(eja + 16, ejb + 16)), f64x2.sub(f64x2.mul(qx, ny), f64x2.mul(qy, nx)));
  const c = gatherAt(damping, pa, pb);
  const ktCoef = f64x2.mul(gatherAt(mindlinCoef, clsA, clsB), sqrtReff);
  // the law
  const vn = f64x2.add(f64x2.add(f64x2.mul(vx, nx), f64x2.mul(vy, ny)), f64x2.mul(vz, nz));
  const sqrtDelta = f64x2.sqrt(delta);
  const eta = f64x2.mul(c, f64x2.sqrt(sqrtDelta));
  const elasticPart = f64x2.mul(f64x2.mul(K, delta), sqrtDelta);
  let fn = f64x2.sub(elasticPart, f64x2.mul(eta, vn));
  const vhn = f64x2.add(f64x2.add(f64x2.mul(vhx, nx), f64x2.mul(vhy, ny)), f64x2.mul(vhz, nz));
  const deltaOld = f64x2.max(ZERO, f64x2.add(delta, f64x2.mul(vhn, DT)));
  const sqrtMid = f64x2.sqrt(f64x2.mul(f64x2.splat(0.5), f64x2.add(delta, deltaOld)));
  if (noTension) fn = v128.bitselect(ZERO, fn, f64x2.lt(fn, ZERO));
  const vtx = f64x2.sub(vx, f64x2.mul(vn, nx)), vty = f64x2.sub(vy, f64x2.mul(vn, ny)), vtz = f64x2.sub(vz, f64x2.mul(vn, nz));
  const slip = changetype<Options>(0).impacts
    ? f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(vtx, vtx), f64x2.mul(vty, vty)), f64x2.mul(vtz, vtz))) : ZERO;
  const capForce = f64x2.abs(fn);
  let ftx = ZERO, fty = ZERO, ftz = ZERO;
  const muA = f64At(friction, clsA), muB = f64At(friction, clsB);
  if (muA > 0 || muB > 0) {
    const mu = lanes(muA, muB);
    const sa = history + (<usize>(stride * pa) << 3) + (<usize>HISTORY_TANGENTIAL << 3);
    const sb = history + (<usize>(stride * pb) << 3) + (<usize>HISTORY_TANGENTIAL << 3);
    const ux = f64x2.mul(f64x2.neg(f64x2.sub(vhx, f64x2.mul(vhn, nx))), DT);
    const uy = f64x2.mul(f64x2.neg(f64x2.sub(vhy, f64x2.mul(vhn, ny))), DT);
    const uz = f64x2.mul(f64x2.neg(f64x2.sub(vhz, f64x2.mul(vhn, nz))), DT);
    const cap = f64x2.mul(mu, capForce);
    let hx = gather(sa, sb), hy = gather(sa + 8, sb + 8), hz = gather(sa + 16, sb + 16);
    // turn into the tangent plane, length kept
    const oldLen2 = f64x2.add(f64x2.add(f64x2.mul(hx, hx), f64x2.mul(hy, hy)), f64x2.mul(hz, hz));
    const along = f64x2.add(f64x2.add(f64x2.mul(hx, nx), f64x2.mul(hy, ny)), f64x2.mul(hz, nz));
    const tx = f64x2.sub(hx, f64x2.mul(along, nx)), ty = f64x2.sub(hy, f64x2.mul(along, ny)), tz = f64x2.sub(hz, f64x2.mul(along, nz));
    const newLen2 = f64x2.add(f64x2.add(f64x2.mul(tx, tx), f64x2.mul(ty, ty)), f64x2.mul(tz, tz));
    const scale = v128.bitselect(f64x2.sqrt(f64x2.div(oldLen2, newLen2)), ZERO, f64x2.gt(newLen2, ZERO));
    const keep = f64x2.eq(oldLen2, ZERO);
    hx = v128.bitselect(hx, f64x2.mul(tx, scale), keep);
    hy = v128.bitselect(hy, f64x2.mul(ty, scale), keep);
    hz = v128.bitselect(hz, f64x2.mul(tz, scale), keep);
    const kt = f64x2.mul(ktCoef, sqrtMid);
    hx = f64x2.add(hx, f64x2.mul(kt, ux)); hy = f64x2.add(hy, f64x2.mul(kt, uy)); hz = f64x2.add(hz, f64x2.mul(kt, uz));
    ftx = f64x2.sub(hx, f64x2.mul(eta, vtx));
    fty = f64x2.sub(hy, f64x2.mul(eta, vty));
    ftz = f64x2.sub(hz, f64x2.mul(eta, vtz));
    const ft2 = f64x2.add(f64x2.add(f64x2.mul(ftx, ftx), f64x2.mul(fty, fty)), f64x2.mul(ftz, ftz));
    const capped = f64x2.gt(ft2, f64x2.mul(cap, cap));
    if (v128.any_true(capped)) {
      const s = v128.bitselect(f64x2.div(cap, f64x2.sqrt(ft2)), ZERO, f64x2.gt(ft2, ZERO));
      const cx = f64x2.mul(ftx, s), cy = f64x2.mul(fty, s), cz = f64x2.mul(ftz, s);
      hx = v128.bitselect(f64x2.add(cx, f64x2.mul(eta, vtx)), hx, capped);
      hy = v128.bitselect(f64x2.add(cy, f64x2.mul(eta, vty)), hy, capped);
      hz = v128.bitselect(f64x2.add(cz, f64x2.mul(eta, vtz)), hz, capped);
      ftx = v128.bitselect(cx, ftx, capped); fty = v128.bitselect(cy, fty, capped); ftz = v128.bitselect(cz, ftz, capped);
    }
    const has = f64x2.gt(mu, ZERO);
    ftx = v128.bitselect(ftx, ZERO, has); fty = v128.bitselect(fty, ZERO, has); ftz = v128.bitselect(ftz, ZERO, has);
    if (muA > 0) {
      store<f64>(sa, f64x2.extract_lane(hx, 0)); store<f64>(sa, f64x2.extract_lane(hy, 0), 8);
      store<f64>(sa, f64x2.extract_lane(hz, 0), 16);
    }
    if (both && muB > 0) {
      store<f64>(sb, f64x2.extract_lane(hx, 1)); store<f64>(sb, f64x2.extract_lane(hy, 1), 8);
      store<f64>(sb, f64x2.extract_lane(hz, 1), 16);
    }
  }
  const lx = f64x2.neg(f64x2.sub(f64x2.mul(ny, ftz), f64x2.mul(nz, fty)));
  const ly = f64x2.neg(f64x2.sub(f64x2.mul(nz, ftx), f64x2.mul(nx, ftz)));
  const lz = f64x2.neg(f64x2.sub(f64x2.mul(nx, fty), f64x2.mul(ny, ftx)));
  const fx = f64x2.add(f64x2.mul(fn, nx), ftx), fy = f64x2.add(f64x2.mul(fn, ny), fty), fz = f64x2.add(f64x2.mul(fn, nz), ftz);
  const t1x = f64x2.add(f64x2.mul(RI, lx), ZERO), t1y = f64x2.add(f64x2.mul(RI, ly), ZERO), t1z = f64x2.add(f64x2.mul(RI, lz), ZERO);
  const t2x = f64x2.sub(f64x2.mul(RJ, lx), ZERO), t2y = f64x2.sub(f64x2.mul(RJ, ly), ZERO), t2z = f64x2.sub(f64x2.mul(RJ, lz), ZERO);
  sums.pair = pa; sums.first = ia; sums.second = ja;
  if (changetype<Options>(0).impacts) sums.delta = f64x2.extract_lane(delta, 0);
  sums.emit(f64x2.extract_lane(fx, 0), f64x2.extract_lane(fy, 0), f64x2.extract_lane(fz, 0),
    f64x2.extract_lane(t1x, 0), f64x2.extract_lane(t1y, 0), f64x2.extract_lane(t1z, 0),
    f64x2.extract_lane(t2x, 0), f64x2.extract_lane(t2y, 0), f64x2.extract_lane(t2z, 0),
    f64x2.extract_lane(fn, 0), f64x2.extract_lane(vn, 0), 0);
  if (both) {
    sums.pair = pb; sums.first = ib; sums.second = jb;
    if (changetype<Options>(0).impacts) sums.delta = f64x2.extract_lane(delta, 1);
    sums.emit(f64x2.extract_lane(fx, 1), f64x2.extract_lane(fy, 1), f64x2.extract_lane(fz, 1),
      f64x2.extract_lane(t1x, 1), f64x2.extract_lane(t1y, 1), f64x2.extract_lane(t1z, 1),
      f64x2.extract_lane(t2x, 1), f64x2.extract_lane(t2y, 1), f64x2.extract_lane(t2z, 1),
      f64x2.extract_lane(fn, 1), f64x2.extract_lane(vn, 1), f64x2.extract_lane(slip, 1));
  }
}

function pairPassX2<Options>(begin: i32, end: i32, dt: f64, t: f64): i32 {
  const pos = bound.pos, radius = bound.radius;
  const first = bound.pairFirst, second = bound.pairSecond;
  const touching = bound.pairTouching, history = bound.pairHistory, image = bound.image, shift = bound.shift;
  const periodic = bound.periodic;
  const stride = bound.pairHistoryStride;
  const sums = changetype<PairSums<Options>>(scratch + (<usize>SCRATCH_SINK << 3));
  sums.t = t;
  sums.dt = dt;
  sums.slot = firstSlotFrom(begin);
  sums.force = force; sums.torque = torque; sums.gatheredPairs = gatheredPairs; sums.touching = touching;
  let nEnded = 0;
  let pending = false;
  let qp = 0, qi = 0, qj = 0, qdx: f64 = 0, qdy: f64 = 0, qdz: f64 = 0, qd2: f64 = 0, qri: f64 = 0, qrj: f64 = 0;
  for (let p = begin; p < end; p++) {
    const i = i32At(first, p), j = i32At(second, p);
    const i3 = 3 * i, j3 = 3 * j;
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
        if (changetype<Options>(0).impacts) {
          const vel = bound.vel, omega = bound.omega;
          const inv = 1 / Math.sqrt(dist2);
          const nx = dx * inv, ny = dy * inv, nz = dz * inv;
          const vx = f64At(vel, i3) - f64At(vel, j3), vy = f64At(vel, i3 + 1) - f64At(vel, j3 + 1);
          const vz = f64At(vel, i3 + 2) - f64At(vel, j3 + 2);
          slip = slipSpeed(vx, vy, vz, ri * f64At(omega, i3) + rj * f64At(omega, j3),
            ri * f64At(omega, i3 + 1) + rj * f64At(omega, j3 + 1), ri * f64At(omega, i3 + 2) + rj * f64At(omega, j3 + 2),
            nx, ny, nz);
          separation = vx * nx + vy * ny + vz * nz;
        }
        nEnded += endContact(touching, history, stride, pairImpact, pairEnded, p, dt, separation, slip, begin + nEnded);
      }
      continue;
    }
    if (!pending) {
      pending = true;
      qp = p; qi = i; qj = j; qdx = dx; qdy = dy; qdz = dz; qd2 = dist2; qri = ri; qrj = rj;
      continue;
    }
    pending = false;
    lawX2<Options>(sums, dt, qp, qi, qj, p, i, j, lanes(qdx, dx), lanes(qdy, dy), lanes(qdz, dz), lanes(qd2, dist2),
      lanes(qri, ri), lanes(qrj, rj), true);
  }
  if (pending) {
    lawX2<Options>(sums, dt, qp, qi, qj, qp, qi, qj, f64x2.splat(qdx), f64x2.splat(qdy), f64x2.splat(qdz),
      f64x2.splat(qd2), f64x2.splat(qri), f64x2.splat(qrj), false);
  }
  return nEnded;
}
