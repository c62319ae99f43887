/**
 * The contact law for callers that describe one contact at a time: the sphere–wall kernel (contacts/wall-kernel.ts)
 * and tests. They write the contact into the lane's CONTACT block (layout.ts; forces/contact.ts CONTACT) and read
 * the results from its OUT block.
 */
import { contactLaw } from './law';
import { AsBound, PerClass } from './laws';
import { endContact, slipSpeed, touchContact } from './records';
import {
  omega, radius, scratch, trackImpacts, vel, wallEnded, wallHistory, wallHistoryStride, wallImpact, wallTouching,
} from './bound';
import {
  CONTACT_DAMPING, CONTACT_DELTA, CONTACT_NX, CONTACT_RADIUS_FIRST, CONTACT_RADIUS_SECOND, CONTACT_REFF,
  CONTACT_STIFFNESS, CONTACT_TANGENTIAL_COEFFICIENT, CONTACT_VX, CONTACT_WX, OUT_FORCE,
  OUT_NORMAL_FORCE, OUT_SLIP_SPEED, OUT_TORQUE_FIRST, OUT_TORQUE_SECOND, SCRATCH_CONTACT, SCRATCH_OUT,
} from './layout';
import { f64At, setF64 } from './memory';

/** Writes the law's results to the lane's OUT block, and keeps F_n and v·n for the collision record. */
@final @unmanaged class OutBlock {
  normalForce: f64;
  vn: f64;
  slip: f64;

  @inline emit(
    fx: f64, fy: f64, fz: f64, t1x: f64, t1y: f64, t1z: f64, t2x: f64, t2y: f64, t2z: f64,
    fn: f64, vn: f64, slip: f64,
  ): void {
    const out = scratch + (<usize>SCRATCH_OUT << 3);
    setF64(out, OUT_FORCE, fx); setF64(out, OUT_FORCE + 1, fy); setF64(out, OUT_FORCE + 2, fz);
    setF64(out, OUT_TORQUE_FIRST, t1x); setF64(out, OUT_TORQUE_FIRST + 1, t1y); setF64(out, OUT_TORQUE_FIRST + 2, t1z);
    setF64(out, OUT_TORQUE_SECOND, t2x); setF64(out, OUT_TORQUE_SECOND + 1, t2y);
    setF64(out, OUT_TORQUE_SECOND + 2, t2z);
    setF64(out, OUT_NORMAL_FORCE, fn);
    setF64(out, OUT_SLIP_SPEED, slip);
    this.normalForce = fn;
    this.vn = vn;
    this.slip = slip;
  }
}

/** The law on the CONTACT block, results to the OUT block; the history at `hist` (a byte offset) advances. */
export function evaluateContact(hist: usize, cls: i32, dt: f64): void {
  lawOnContactBlock(hist, cls, dt);
}

@inline function lawOnContactBlock(hist: usize, cls: i32, dt: f64): OutBlock {
  const c = scratch + (<usize>SCRATCH_CONTACT << 3);
  // The block's record lives in the sink slot of the scratch block (the pair pass is not running on this lane).
  const out = changetype<OutBlock>(scratch);
  contactLaw<PerClass, AsBound, OutBlock>(changetype<PerClass>(0), changetype<AsBound>(0), out, f64At(c, CONTACT_DELTA),
    f64At(c, CONTACT_NX), f64At(c, CONTACT_NX + 1), f64At(c, CONTACT_NX + 2),
    f64At(c, CONTACT_VX), f64At(c, CONTACT_VX + 1), f64At(c, CONTACT_VX + 2),
    f64At(c, CONTACT_WX), f64At(c, CONTACT_WX + 1), f64At(c, CONTACT_WX + 2),
    f64At(c, CONTACT_STIFFNESS), f64At(c, CONTACT_DAMPING), f64At(c, CONTACT_TANGENTIAL_COEFFICIENT),
    f64At(c, CONTACT_REFF), f64At(c, CONTACT_RADIUS_FIRST), f64At(c, CONTACT_RADIUS_SECOND), cls, hist, dt);
  return out;
}

/**
 * Sphere–wall contact s of particle p overlaps, as the CONTACT block describes it, in the step of length dt ending
 * at t: the law (results in the OUT block), then its collision record and touching flag.
 */
export function touchWallContact(s: i32, p: i32, cls: i32, dt: f64, t: f64): void {
  const out = lawOnContactBlock(wallHistory + (<usize>(wallHistoryStride * s) << 3), cls, dt);
  const delta = f64At(scratch + (<usize>SCRATCH_CONTACT << 3), CONTACT_DELTA);
  touchContact(trackImpacts, wallTouching, wallImpact, s, t, dt, -out.vn, delta, out.normalForce, out.slip, p, -1);
}

/**
 * Sphere–wall contact s of particle p stopped overlapping (n: the wall's normal at the sphere, v_w: the wall's
 * velocity): the end of the contact, with the sphere's separation speed and slip for its record. Returns 1 if a
 * record was closed (listed at `endedAt`), else 0.
 */
export function endWallContact(
  s: i32, p: i32, nx: f64, ny: f64, nz: f64, vwx: f64, vwy: f64, vwz: f64, dt: f64, endedAt: i32,
): i32 {
  let separation: f64 = 0, slip: f64 = 0;
  if (trackImpacts) {
    const b = 3 * p, r = f64At(radius, p);
    const vx = f64At(vel, b) - vwx, vy = f64At(vel, b + 1) - vwy, vz = f64At(vel, b + 2) - vwz;
    slip = slipSpeed(vx, vy, vz, r * f64At(omega, b), r * f64At(omega, b + 1), r * f64At(omega, b + 2), nx, ny, nz);
    separation = vx * nx + vy * ny + vz * nz;
  }
  return endContact(wallTouching, wallHistory, wallHistoryStride, wallImpact, wallEnded, s, dt, separation, slip,
    endedAt);
}
