/**
 * The contact law for callers that describe one contact at a time (tests, one-off evaluations:
 * forces/kernel-instance.ts createContactLaw). They write the contact into the lane's CONTACT block (layout.ts,
 * generated from src/kernel-interface/spec.json) and read the results from its OUT block.
 */
import { contactLaw } from './law';
import { AsBound, PerClass } from './laws';
import { scratch } from './bound';
import {
  CONTACT_DAMPING, CONTACT_DELTA, CONTACT_NX, CONTACT_NY, CONTACT_NZ, CONTACT_RADIUS_FIRST, CONTACT_RADIUS_SECOND,
  CONTACT_REFF, CONTACT_STIFFNESS, CONTACT_TANGENTIAL_COEFFICIENT, CONTACT_V_HALF, CONTACT_VX, CONTACT_VY, CONTACT_VZ,
  CONTACT_W_HALF, OUT_FORCE, OUT_NORMAL_FORCE, OUT_SLIP_SPEED, OUT_TORQUE_FIRST,
  OUT_TORQUE_SECOND, SCRATCH_CONTACT, SCRATCH_OUT,
} from './layout';
import { f64At, setF64 } from './memory';

/** Writes the law's results to the lane's OUT block. */
@final @unmanaged class OutBlock {
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
  }
}

/** The law on the CONTACT block, results to the OUT block; the history at `hist` (a byte offset) advances. */
export function evaluateContact(hist: usize, cls: i32, dt: f64): void {
  const c = scratch + (<usize>SCRATCH_CONTACT << 3);
  contactLaw<PerClass, AsBound, OutBlock>(
    changetype<PerClass>(0), changetype<AsBound>(0), changetype<OutBlock>(0), f64At(c, CONTACT_DELTA),
    f64At(c, CONTACT_NX), f64At(c, CONTACT_NY), f64At(c, CONTACT_NZ),
    f64At(c, CONTACT_VX), f64At(c, CONTACT_VY), f64At(c, CONTACT_VZ),
    f64At(c, CONTACT_V_HALF), f64At(c, CONTACT_V_HALF + 1), f64At(c, CONTACT_V_HALF + 2),
    f64At(c, CONTACT_W_HALF), f64At(c, CONTACT_W_HALF + 1), f64At(c, CONTACT_W_HALF + 2),
    f64At(c, CONTACT_STIFFNESS), f64At(c, CONTACT_DAMPING), f64At(c, CONTACT_TANGENTIAL_COEFFICIENT),
    f64At(c, CONTACT_REFF), f64At(c, CONTACT_RADIUS_FIRST), f64At(c, CONTACT_RADIUS_SECOND), cls, hist, dt);
}
