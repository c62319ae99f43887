/**
 * What happens to one contact in a step, the same for a sphere pair and a sphere–wall contact: while the bodies
 * overlap, its collision record is opened or updated (when impacts are tracked) and it is marked touching; when the
 * overlap ends, its history is cleared and the record closed.
 *
 * Collision records (impacts.csv; layout IMPACT_* in layout.ts, read by contacts/impact-records.ts): the start and
 * end times are the moments the overlap crosses zero, placed inside the step in which it changes sign by linear
 * interpolation along the normal approach speed (docs/physics.md §11.4), so a collision's duration is not a whole
 * number of steps.
 *
 * A run that keeps only impact-statistics.csv (`fullImpactRecords` off: no impacts.bin, no analysis that reads each
 * collision) keeps only what the statistics read — impact speed, peak overlap and force, rebound speed, the first
 * four fields of the layout — in records of those four doubles (32 B instead of 128), so a touching contact's step
 * reads its two peaks from a compact array and computes no slip speed (docs/architecture.md §3 "Where the time
 * goes").
 */
import {
  IMPACT_IMPACT_SPEED, IMPACT_LAST_OVERLAP, IMPACT_LAST_TOUCH, IMPACT_MAX_NORMAL_FORCE,
  IMPACT_MAX_OVERLAP, IMPACT_OMEGA_I_BEFORE, IMPACT_OMEGA_J_BEFORE, IMPACT_REBOUND_SPEED, IMPACT_SLIP_AFTER,
  IMPACT_SLIP_BEFORE, IMPACT_STRIDE, IMPACT_T_END, IMPACT_T_START,
} from './layout';
import { fullImpactRecords, omega, trackImpacts } from './bound';
import { f64At, setF64, setI32, setU8, u8At, zeroF64 } from './memory';

/** Doubles per record of a run that keeps only the statistics' fields, which lead the layout (IMPACT in layout.ts). */
const IMPACT_STATISTICS_STRIDE: i32 = IMPACT_REBOUND_SPEED + 1;

/** Where record s starts (in doubles): full records, or the statistics' four fields alone. */
@inline function recordStart(full: bool, s: i32): i32 {
  return (full ? IMPACT_STRIDE : IMPACT_STATISTICS_STRIDE) * s;
}

/**
 * Time (s) between a step where the overlap is δ > 0 and the zero crossing next to it, when the overlap moves
 * towards zero at `rate` (m/s) across the step of length dt: δ/rate, the zero of the straight line through the two
 * steps' overlaps (docs/physics.md §11.4). A rate too small to reach zero within the step (a wall removed under a
 * resting sphere, a contact that opens while the bodies already separate) gives the whole step.
 */
@inline function timeToZeroOverlap(delta: f64, rate: f64, dt: f64): f64 {
  return rate * dt > delta ? delta / rate : dt;
}

/**
 * Contact s of a list (its `touching` flags and collision records) overlaps by δ after the law ran in the step
 * ending at t: with `impacts`, opens its record (approach speed δ̇, normal force; with `full` also the start, the
 * slip at first touch and the spins of both bodies: particle index i, and j or −1 for a wall) or updates it; marks
 * it touching.
 */
@inline export function touchContact(
  impacts: bool, full: bool, touching: usize, impact: usize, s: i32, t: f64, dt: f64, approach: f64, delta: f64,
  normalForce: f64, slip: f64, i: i32, j: i32,
): void {
  if (impacts) {
    const b = recordStart(full, s);
    if (u8At(touching, s) == 0) {
      setF64(impact, b + IMPACT_IMPACT_SPEED, approach);
      setF64(impact, b + IMPACT_MAX_OVERLAP, delta);
      setF64(impact, b + IMPACT_MAX_NORMAL_FORCE, normalForce);
      if (full) {
        setF64(impact, b + IMPACT_T_START, t - timeToZeroOverlap(delta, approach, dt));
        setF64(impact, b + IMPACT_SLIP_BEFORE, slip);
        for (let a = 0; a < 3; a++) {
          setF64(impact, b + IMPACT_OMEGA_I_BEFORE + a, f64At(omega, 3 * i + a));
          setF64(impact, b + IMPACT_OMEGA_J_BEFORE + a, j < 0 ? 0 : f64At(omega, 3 * j + a));
        }
      }
    } else {
      if (delta > f64At(impact, b + IMPACT_MAX_OVERLAP)) setF64(impact, b + IMPACT_MAX_OVERLAP, delta);
      if (normalForce > f64At(impact, b + IMPACT_MAX_NORMAL_FORCE)) setF64(impact, b + IMPACT_MAX_NORMAL_FORCE, normalForce);
    }
    if (full) {
      // The latest step with δ > 0, from which endContact interpolates the end.
      setF64(impact, b + IMPACT_LAST_TOUCH, t);
      setF64(impact, b + IMPACT_LAST_OVERLAP, delta);
    }
  }
  setU8(touching, s, 1);
}

/**
 * Contact s (of a list with `historyStride` doubles of history per contact) has just stopped overlapping: its
 * history is forgotten and, when impacts are tracked, its record closed
 * with the separation speed (m/s) and, for full records, the end — the overlap fell through zero at the
 * separation speed after the last touch — and the slip (m/s); s is listed in `ended` at `endedAt`. Returns how
 * many records it closed (0 or 1).
 */
export function endContact(
  touching: usize, history: usize, historyStride: i32, impact: usize, ended: usize, s: i32, dt: f64,
  separationSpeed: f64, slip: f64, endedAt: i32,
): i32 {
  setU8(touching, s, 0);
  zeroF64(history, historyStride * s, historyStride);
  if (!trackImpacts) return 0;
  const b = recordStart(fullImpactRecords, s);
  setF64(impact, b + IMPACT_REBOUND_SPEED, separationSpeed);
  if (fullImpactRecords) {
    const lastTouch = f64At(impact, b + IMPACT_LAST_TOUCH);
    setF64(impact, b + IMPACT_T_END, lastTouch + timeToZeroOverlap(f64At(impact, b + IMPACT_LAST_OVERLAP), separationSpeed, dt));
    setF64(impact, b + IMPACT_SLIP_AFTER, slip);
  }
  setI32(ended, endedAt, s);
  return 1;
}

/**
 * |v_t| at the contact point, for the collision record: v is the relative centre velocity (first minus second)
 * and s = R_i ω_i + R_j ω_j, so the contact-point velocity is v − s × n.
 */
@inline export function slipSpeed(vx: f64, vy: f64, vz: f64, sx: f64, sy: f64, sz: f64, nx: f64, ny: f64, nz: f64): f64 {
  const cx = vx - (sy * nz - sz * ny), cy = vy - (sz * nx - sx * nz), cz = vz - (sx * ny - sy * nx);
  const cn = cx * nx + cy * ny + cz * nz;
  const tx = cx - cn * nx, ty = cy - cn * ny, tz = cz - cn * nz;
  return Math.sqrt(tx * tx + ty * ty + tz * tz);
}
