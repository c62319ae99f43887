/**
 * The one contact kernel: normal law + tangential friction + rolling resistance for a single contact.
 * Sphere–sphere pairs and sphere–wall contacts both call it (a wall is body j with zero radius and velocity).
 *
 * Conventions: n is the unit normal pointing from body j to body i; δ > 0 is the overlap; δ̇ = −v_rel·n > 0
 * while approaching; v_rel is the velocity of i's contact point minus j's.
 *
 * Normal (contact-models.md §3.3, §5):   F_n = K δ^{3/2} + c δ^m δ̇,   clamped at 0 under "no-tension" (§5.6).
 * Tangential (§10, Mindlin no-slip stiffness, Cundall–Strack history):
 *   history ξ rotated into the current tangent plane (length kept), ξ += v_t dt, k_t = 8 G* √(R_eff δ),
 *   F_t = −k_t ξ − η_t v_t with η_t = c δ^m (Tsuji applied the normal damping tangentially, seed 003),
 *   Coulomb cap |F_t| ≤ μ F_n, after which ξ = −(F_t + η_t v_t)/k_t.
 * Rolling (§10, EPSD, Ai et al. 2011): k_r = 2.25 μ_r² k_n R_eff², k_n = dF_el/dδ = (3/2)K√δ,
 *   M_r −= k_r ω_r dt with ω_r the tangential part of ω_i − ω_j, capped at μ_r R_eff F_n.
 */
import { DampingExponent } from './normal/law.js';
import type { KernelTable } from './contact-table.js';

/** Layout of the per-contact history: tangential spring ξ (m) then rolling torque M_r (N m). */
export const HISTORY_STRIDE = 6;

/** Output slots of evaluateContact. */
export const OUT = {
  /** force on body i (N), 3 components */
  force: 0,
  /** −n × F_t (N): the tangential torque on a body is its lever radius times this */
  leverTorque: 3,
  /** rolling-resistance torque on body i (N m); body j gets the opposite */
  rollingTorque: 6,
  /** normal force magnitude (N), after clamping */
  normalForce: 9,
  /** |v_t| (m/s), tangential slip speed at the contact point */
  slipSpeed: 10,
} as const;
export const OUT_LENGTH = 11;

/** δ^m for the law's damping exponent; 1/4 and 1/2 by square roots (3–5× faster than Math.pow). */
function dampingPower(exponent: number, delta: number, sqrtDelta: number): number {
  switch (exponent) {
    case DampingExponent.quarter: return Math.sqrt(sqrtDelta);
    case DampingExponent.half: return sqrtDelta;
    case DampingExponent.bordbar: return Math.pow(delta, 0.65);
    default: return 0;
  }
}

/**
 * Evaluates one contact and advances its history in place (hist[h .. h+5]).
 * `K`, `c`, `ktCoef` (= 8 G* √R_eff) and `reff` are the pair's constants.
 */
export function evaluateContact(
  out: Float64Array,
  hist: Float64Array, h: number,
  table: KernelTable, cls: number,
  delta: number, nx: number, ny: number, nz: number,
  vx: number, vy: number, vz: number,
  wx: number, wy: number, wz: number,
  K: number, c: number, ktCoef: number, reff: number,
  dt: number,
): void {
  const sqrtDelta = Math.sqrt(delta);
  const vn = vx * nx + vy * ny + vz * nz;
  const eta = c * dampingPower(table.exponent[cls], delta, sqrtDelta);
  let fn = K * delta * sqrtDelta - eta * vn; // δ̇ = −v_n
  if (fn < 0 && table.noTension) fn = 0;
  out[OUT.normalForce] = fn;

  const vtx = vx - vn * nx, vty = vy - vn * ny, vtz = vz - vn * nz;
  out[OUT.slipSpeed] = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
  const mu = table.friction[cls];
  if (mu > 0) {
    tangentialForce(out, hist, h, nx, ny, nz, vtx, vty, vtz, ktCoef * sqrtDelta, eta, mu * fn, dt);
  } else {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }
  // out[0..2] holds F_t now: torque lever −n × F_t, then the total force on i.
  const ftx = out[0], fty = out[1], ftz = out[2];
  out[3] = -(ny * ftz - nz * fty);
  out[4] = -(nz * ftx - nx * ftz);
  out[5] = -(nx * fty - ny * ftx);
  out[0] = fn * nx + ftx;
  out[1] = fn * ny + fty;
  out[2] = fn * nz + ftz;

  const muRoll = table.rollingFriction[cls];
  if (muRoll > 0) {
    rollingTorque(out, hist, h + 3, nx, ny, nz, wx, wy, wz,
      2.25 * muRoll * muRoll * (1.5 * K * sqrtDelta) * reff * reff, muRoll * reff * fn, dt);
  } else {
    out[6] = 0; out[7] = 0; out[8] = 0;
  }
}

/**
 * Tangential spring with history (hist[h .. h+2]) and Coulomb cap; writes F_t to out[0..2].
 * kt = k_t = 8G*√(R_eff δ), eta = tangential damping, cap = μ F_n.
 */
function tangentialForce(
  out: Float64Array, hist: Float64Array, h: number, nx: number, ny: number, nz: number,
  vtx: number, vty: number, vtz: number, kt: number, eta: number, cap: number, dt: number,
): void {
  rotateIntoTangentPlane(hist, h, nx, ny, nz);
  let sx = hist[h], sy = hist[h + 1], sz = hist[h + 2];
  sx += vtx * dt; sy += vty * dt; sz += vtz * dt;
  let ftx = -kt * sx - eta * vtx;
  let fty = -kt * sy - eta * vty;
  let ftz = -kt * sz - eta * vtz;
  const ft2 = ftx * ftx + fty * fty + ftz * ftz;
  if (ft2 > cap * cap) {
    const s = ft2 > 0 ? cap / Math.sqrt(ft2) : 0;
    ftx *= s; fty *= s; ftz *= s;
    // Keep the spring consistent with the capped force (contact-models.md §10).
    if (kt > 0) {
      sx = -(ftx + eta * vtx) / kt;
      sy = -(fty + eta * vty) / kt;
      sz = -(ftz + eta * vtz) / kt;
    }
  }
  hist[h] = sx; hist[h + 1] = sy; hist[h + 2] = sz;
  out[0] = ftx; out[1] = fty; out[2] = ftz;
}

/**
 * EPSD rolling resistance with history (hist[h .. h+2]); writes the torque on body i to out[6..8].
 * kr = k_r, cap = μ_r R_eff F_n.
 */
function rollingTorque(
  out: Float64Array, hist: Float64Array, h: number, nx: number, ny: number, nz: number,
  wx: number, wy: number, wz: number, kr: number, cap: number, dt: number,
): void {
  rotateIntoTangentPlane(hist, h, nx, ny, nz);
  let mx = hist[h], my = hist[h + 1], mz = hist[h + 2];
  const wn = wx * nx + wy * ny + wz * nz;
  mx -= kr * (wx - wn * nx) * dt;
  my -= kr * (wy - wn * ny) * dt;
  mz -= kr * (wz - wn * nz) * dt;
  const m2 = mx * mx + my * my + mz * mz;
  if (m2 > cap * cap) {
    const s = m2 > 0 ? cap / Math.sqrt(m2) : 0;
    mx *= s; my *= s; mz *= s;
  }
  hist[h] = mx; hist[h + 1] = my; hist[h + 2] = mz;
  out[6] = mx; out[7] = my; out[8] = mz;
}

/**
 * History vectors live in the tangent plane of their contact; as the normal turns, the stored vector is
 * rotated back into the current plane with its length kept (contact-models.md §10).
 */
function rotateIntoTangentPlane(hist: Float64Array, h: number, nx: number, ny: number, nz: number): void {
  let x = hist[h], y = hist[h + 1], z = hist[h + 2];
  const oldLen2 = x * x + y * y + z * z;
  if (oldLen2 === 0) return;
  const along = x * nx + y * ny + z * nz;
  x -= along * nx; y -= along * ny; z -= along * nz;
  const newLen2 = x * x + y * y + z * z;
  const scale = newLen2 > 0 ? Math.sqrt(oldLen2 / newLen2) : 0;
  hist[h] = x * scale; hist[h + 1] = y * scale; hist[h + 2] = z * scale;
}
