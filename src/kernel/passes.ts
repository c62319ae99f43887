/**
 * The three per-step passes of velocity Verlet with contact forces (docs/architecture.md §3; docs/physics.md §11.1),
 * each run by every lane on its own range (engine/parallel/lane.ts):
 *   1. kickDrift      — by particle range: v += (dt/2)a, ω += (dt/2)α, x += v dt
 *                       (and the predicted velocities below; the force restarts at m·g)
 *   2. pairForces     — by pair range: contact forces of each candidate pair, added into both bodies' forces
 *                       (or into the pair buffer for a body whose pairs span two lanes): pairs.ts
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
import { f64At, i32At, setF64, u8At } from './memory';
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
    const b = 3 * p;
    const fx = f64At(force, b), fy = f64At(force, b + 1), fz = f64At(force, b + 2);
    const tx = f64At(torque, b), ty = f64At(torque, b + 1), tz = f64At(torque, b + 2);
    const vx = f64At(vel, b) + hm * fx, vy = f64At(vel, b + 1) + hm * fy, vz = f64At(vel, b + 2) + hm * fz;
    const wx = f64At(omega, b) + hi * tx, wy = f64At(omega, b + 1) + hi * ty, wz = f64At(omega, b + 2) + hi * tz;
    setF64(vel, b, vx); setF64(vel, b + 1, vy); setF64(vel, b + 2, vz);
    setF64(omega, b, wx); setF64(omega, b + 1, wy); setF64(omega, b + 2, wz);
    const q = 6 * p;
    setF64(predicted, q, vx + hm * fx); setF64(predicted, q + 1, vy + hm * fy); setF64(predicted, q + 2, vz + hm * fz);
    setF64(predicted, q + 3, wx + hi * tx); setF64(predicted, q + 4, wy + hi * ty); setF64(predicted, q + 5, wz + hi * tz);
    const m = f64At(mass, p);
    setF64(force, b, m * gx); setF64(force, b + 1, m * gy); setF64(force, b + 2, m * gz);
    setF64(torque, b, 0); setF64(torque, b + 1, 0); setF64(torque, b + 2, 0);
    const x = f64At(pos, b) + dt * vx, y = f64At(pos, b + 1) + dt * vy, z = f64At(pos, b + 2) + dt * vz;
    setF64(pos, b, x); setF64(pos, b + 1, y); setF64(pos, b + 2, z);
    const dx = x - f64At(posAtBuild, b), dy = y - f64At(posAtBuild, b + 1), dz = z - f64At(posAtBuild, b + 2);
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
 * added up by the pair pass, or gathered here from the pair buffer through the CSR index for a particle whose
 * pairs span two lanes — plus its wall contacts, then the second half-kick. Wall contacts whose collision ended
 * are listed from wallStart[begin] on; returns how many.
 */
export function gatherAndKick(begin: i32, end: i32, dt: f64, t: f64): i32 {
  const half = 0.5 * dt;
  const vel = bound.vel, omega = bound.omega, force = bound.force, torque = bound.torque;
  const invMass = bound.invMass, invInertia = bound.invInertia, gathered = bound.gathered, wallStart = bound.wallStart;
  const walls = laneWallSum();
  const firstEnded = i32At(wallStart, begin);
  let nEnded = 0;
  for (let p = begin; p < end; p++) {
    const b = 3 * p;
    let fx = f64At(force, b), fy = f64At(force, b + 1), fz = f64At(force, b + 2);
    let tx = f64At(torque, b), ty = f64At(torque, b + 1), tz = f64At(torque, b + 2);
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
    setF64(force, b, fx); setF64(force, b + 1, fy); setF64(force, b + 2, fz);
    setF64(torque, b, tx); setF64(torque, b + 1, ty); setF64(torque, b + 2, tz);
    const hm = half * f64At(invMass, p), hi = half * f64At(invInertia, p);
    setF64(vel, b, f64At(vel, b) + hm * fx);
    setF64(vel, b + 1, f64At(vel, b + 1) + hm * fy);
    setF64(vel, b + 2, f64At(vel, b + 2) + hm * fz);
    setF64(omega, b, f64At(omega, b) + hi * tx);
    setF64(omega, b + 1, f64At(omega, b + 1) + hi * ty);
    setF64(omega, b + 2, f64At(omega, b + 2) + hi * tz);
  }
  return nEnded;
}
