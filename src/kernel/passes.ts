/**
 * The three per-step passes of velocity Verlet with contact forces (docs/architecture.md §3; docs/physics.md §11.1),
 * each run by every lane on the particles it holds, or their rows of the pair list (engine/parallel/lane.ts):
 *   1. kickDrift      — by particle range: v += (dt/2)a, ω += (dt/2)α, x += v dt
 *                       (and the predicted velocities below; the force restarts at m·g)
 *   2. pairForces     — by pair range: contact forces of each candidate pair, added into both bodies' forces
 *                       (or into the pair buffer for a body with a pair another lane computes): pairs.ts
 *   3. gatherAndKick  — by particle range: the particle's force (m·g + its pairs in ascending pair order, added by
 *                       pass 2 or gathered from the pair buffer by the CSR), plus wall contacts, then
 *                       v += (dt/2)a, ω += (dt/2)α
 * Each pass writes only its own range, and every particle's sum runs in ascending pair order whichever way the
 * pairs are split over lanes, so any split over threads gives bit-identical results.
 *
 * Velocity-dependent forces (damping, friction) see the predicted full-step velocity v_{n+1/2} + (dt/2)a_n
 * rather than the half-step velocity v_{n+1/2}: the half-step value lags by dt/2 and makes the damping work,
 * hence the restitution, first-order in dt; the prediction makes it second order (docs/physics.md §11.2). Pass 1
 * writes it per particle (particles/state.ts predicted), so the force array is free to sum the new forces.
 *
 * Sphere–wall contacts are resolved in pass 3 (walls.ts) from the geometry JavaScript writes for the lane's
 * candidates just before it (contacts/wall-kernel.ts: the wall shapes, the mesh rule).
 */
import * as bound from './bound';
import { PAIR_OUT_FORCE, PAIR_OUT_STRIDE, PAIR_OUT_TORQUE_FIRST, PAIR_OUT_TORQUE_SECOND } from './layout';
import { f64Address, f64At, i32At, setF64, u8At } from './memory';
import { laneWallSum, wallContacts } from './walls';


/**
 * Pass 1 over particles [begin, end): v += (dt/2)a, ω += (dt/2)α, x += v dt; then the predicted full-step velocity
 * and spin the contact forces see (v + (dt/2)a, ω + (dt/2)α with the new v, ω), and the force and torque restart
 * at m·g and 0 for the sums of passes 2 and 3. Returns the largest squared displacement since the last neighbour
 * build within the range.
 */
export function kickDrift(begin: i32, end: i32, dt: f64): f64 {
  const half = 0.5 * dt;
  const pos = bound.pos, vel = bound.vel, omega = bound.omega, force = bound.force, torque = bound.torque;
  const invMass = bound.invMass, invInertia = bound.invInertia, posAtBuild = bound.posAtBuild;
  const predicted = bound.predicted, mass = bound.mass;
  const gx = bound.gravityX, gy = bound.gravityY, gz = bound.gravityZ;
  let maxDisp2: f64 = 0;
  for (let p = begin; p < end; p++) {
    const hm = half * f64At(invMass, p), hi = half * f64At(invInertia, p);
    // The particle's rows, read and written at constant offsets from their addresses (memory.ts f64Address).
    const b = 3 * p;
    const fa = f64Address(force, b), ta = f64Address(torque, b), va = f64Address(vel, b), wa = f64Address(omega, b);
    const xa = f64Address(pos, b), pa = f64Address(predicted, 6 * p), ba = f64Address(posAtBuild, b);
    const fx = load<f64>(fa), fy = load<f64>(fa, 8), fz = load<f64>(fa, 16);
    const tx = load<f64>(ta), ty = load<f64>(ta, 8), tz = load<f64>(ta, 16);
    const vx = load<f64>(va) + hm * fx, vy = load<f64>(va, 8) + hm * fy, vz = load<f64>(va, 16) + hm * fz;
    const wx = load<f64>(wa) + hi * tx, wy = load<f64>(wa, 8) + hi * ty, wz = load<f64>(wa, 16) + hi * tz;
    store<f64>(va, vx); store<f64>(va, vy, 8); store<f64>(va, vz, 16);
    store<f64>(wa, wx); store<f64>(wa, wy, 8); store<f64>(wa, wz, 16);
    store<f64>(pa, vx + hm * fx); store<f64>(pa, vy + hm * fy, 8); store<f64>(pa, vz + hm * fz, 16);
    store<f64>(pa, wx + hi * tx, 24); store<f64>(pa, wy + hi * ty, 32); store<f64>(pa, wz + hi * tz, 40);
    const m = f64At(mass, p);
    store<f64>(fa, m * gx); store<f64>(fa, m * gy, 8); store<f64>(fa, m * gz, 16);
    store<f64>(ta, 0); store<f64>(ta, 0, 8); store<f64>(ta, 0, 16);
    const x = load<f64>(xa) + dt * vx, y = load<f64>(xa, 8) + dt * vy, z = load<f64>(xa, 16) + dt * vz;
    store<f64>(xa, x); store<f64>(xa, y, 8); store<f64>(xa, z, 16);
    const dx = x - load<f64>(ba), dy = y - load<f64>(ba, 8), dz = z - load<f64>(ba, 16);
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > maxDisp2) maxDisp2 = d2;
  }
  return maxDisp2;
}

/**
 * What pass 1 does for the forces, without the kick and the drift: the predicted velocity and spin of particles
 * [begin, end) and the force and torque restarted at m·g and 0. For the forces of the initial state (dt = 0: the
 * velocities as they are).
 */
export function beginForces(begin: i32, end: i32, dt: f64): void {
  const half = 0.5 * dt;
  const vel = bound.vel, omega = bound.omega, force = bound.force, torque = bound.torque, predicted = bound.predicted;
  const g0 = bound.gravityX, g1 = bound.gravityY, g2 = bound.gravityZ;
  for (let p = begin; p < end; p++) {
    const hm = half * f64At(bound.invMass, p), hi = half * f64At(bound.invInertia, p), m = f64At(bound.mass, p);
    const b = 3 * p, q = 6 * p;
    for (let a = 0; a < 3; a++) {
      setF64(predicted, q + a, f64At(vel, b + a) + hm * f64At(force, b + a));
      setF64(predicted, q + 3 + a, f64At(omega, b + a) + hi * f64At(torque, b + a));
      setF64(force, b + a, m * (a == 0 ? g0 : a == 1 ? g1 : g2));
      setF64(torque, b + a, 0);
    }
  }
}

/**
 * Pass 3 over particles [begin, end): the particle's force and torque — m·g and its pairs in ascending pair order,
 * added up by the pair pass, or gathered here from the pair buffer through the CSR index for a particle with a
 * pair another lane computes — plus its wall contacts, then the second half-kick. `only` < 0: every particle of the
 * range; 0 or 1: just those whose gathered mark is `only`, so that a lane sums its own particles while the lanes
 * below still compute the pairs its gathered ones wait for (engine/parallel/lane.ts). Wall contacts whose collision
 * ended are listed from wallStart[begin] + endedBefore on (those of an earlier call over the range come first);
 * returns how many.
 */
export function gatherAndKick(begin: i32, end: i32, dt: f64, t: f64, only: i32, endedBefore: i32): i32 {
  const half = 0.5 * dt;
  const vel = bound.vel, omega = bound.omega, force = bound.force, torque = bound.torque;
  const invMass = bound.invMass, invInertia = bound.invInertia, gathered = bound.gathered, wallStart = bound.wallStart;
  const walls = laneWallSum();
  const firstEnded = i32At(wallStart, begin) + endedBefore;
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    if (only >= 0 && u8At(gathered, p) != only) continue;
    // The particle's rows at constant offsets from their addresses (memory.ts f64Address).
    const b = 3 * p;
    const fa = f64Address(force, b), ta = f64Address(torque, b), va = f64Address(vel, b), wa = f64Address(omega, b);
    let fx = load<f64>(fa), fy = load<f64>(fa, 8), fz = load<f64>(fa, 16);
    let tx = load<f64>(ta), ty = load<f64>(ta, 8), tz = load<f64>(ta, 16);
    if (u8At(gathered, p) == 1) {
      const csrEntry = bound.csrEntry, touching = bound.pairTouching, gatheredPairs = bound.gatheredPairs;
      const out = bound.pairOut;
      for (let e = i32At(bound.csrStart, p), eEnd = i32At(bound.csrStart, p + 1); e < eEnd; e++) {
        const entry = i32At(csrEntry, e);
        const slot = entry >> 1;
        if (u8At(touching, i32At(gatheredPairs, slot)) == 0) continue;
        const o = PAIR_OUT_STRIDE * slot, f = o + PAIR_OUT_FORCE;
        if ((entry & 1) == 0) {
          const t1 = o + PAIR_OUT_TORQUE_FIRST;
          fx += f64At(out, f); fy += f64At(out, f + 1); fz += f64At(out, f + 2);
          tx += f64At(out, t1); ty += f64At(out, t1 + 1); tz += f64At(out, t1 + 2);
        } else {
          const t2 = o + PAIR_OUT_TORQUE_SECOND;
          fx -= f64At(out, f); fy -= f64At(out, f + 1); fz -= f64At(out, f + 2);
          tx += f64At(out, t2); ty += f64At(out, t2 + 1); tz += f64At(out, t2 + 2);
        }
      }
    }
    if (i32At(wallStart, p + 1) > i32At(wallStart, p)) {
      nEnded += wallContacts(p, dt, t, firstEnded + nEnded);
      fx += walls.fx; fy += walls.fy; fz += walls.fz;
      tx += walls.tx; ty += walls.ty; tz += walls.tz;
    }
    store<f64>(fa, fx); store<f64>(fa, fy, 8); store<f64>(fa, fz, 16);
    store<f64>(ta, tx); store<f64>(ta, ty, 8); store<f64>(ta, tz, 16);
    const hm = half * f64At(invMass, p), hi = half * f64At(invInertia, p);
    store<f64>(va, load<f64>(va) + hm * fx); store<f64>(va, load<f64>(va, 8) + hm * fy, 8);
    store<f64>(va, load<f64>(va, 16) + hm * fz, 16);
    store<f64>(wa, load<f64>(wa) + hi * tx); store<f64>(wa, load<f64>(wa, 8) + hi * ty, 8);
    store<f64>(wa, load<f64>(wa, 16) + hi * tz, 16);
  }
  return nEnded;
}
