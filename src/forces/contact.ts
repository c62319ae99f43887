/**
 * The one contact kernel: normal law + tangential friction + rolling resistance for a single contact.
 * Sphere–sphere pairs and sphere–wall contacts both call it (a wall is the second body: R_eff = R, m* = m,
 * no spin; docs/physics.md §1.6).
 *
 * Conventions: n is the unit normal pointing from body j to body i; δ > 0 is the overlap; δ̇ = −v_rel·n > 0
 * while approaching; v_rel is the velocity of i's contact point minus j's.
 *
 * Normal (docs/physics.md §2.1):   F_n = F_el(δ) + c g(δ) δ̇,   clamped at 0 under "no-tension" (§6.2), with
 *   F_el = Kδ^{3/2} (Hertz), kδ (Kelvin–Voigt) or Hertz loading / permanent-indentation unloading (§5.3);
 *   g = δ^m (m = 0, 1/4, 1/2, 0.65), δ^{1/4} on compression only (Jankowski), or δ^{3/2}/v₀ with v₀ the impact
 *   speed latched at first touch, raised if the contact is later driven closed faster, and floored v₀ ≥ v_min
 *   (Hunt–Crossley family, §4.1, §4.2; c = Z(e)·K).
 *   Small integer ids pick each part (normal/law.ts), so the existing laws keep their one-switch hot path.
 * Tangential (§9.2–§9.5, Mindlin no-slip stiffness, Cundall–Strack history):
 *   history ξ rotated into the current tangent plane (length kept), ξ += v_t dt, k_t = 8 G* √(R_eff δ),
 *   F_t = −k_t ξ − η_t v_t with η_t = c δ^m (Tsuji applied the normal damping tangentially [Corral 2021]; §9.4),
 *   Coulomb cap |F_t| ≤ μ F_n, after which ξ = −(F_t + η_t v_t)/k_t.
 * Rolling (§9.7, EPSD, Ai et al. 2011): k_r = 2.25 μ_r² k_n R_eff², k_n = dF_el/dδ = (3/2)K√δ,
 *   M_r −= k_r ω_r dt with ω_r the tangential part of ω_i − ω_j, capped at μ_r R_eff F_n.
 */
import { DampingExponent, ElasticLaw } from './normal/law.js';
import type { KernelTable } from './contact-table.js';

/**
 * Layout of the per-contact history: tangential spring ξ (m), rolling torque M_r (N m), then one scalar of the
 * normal law: the latched impact speed v₀ (m/s) for the Hunt–Crossley family, or the largest overlap δ_m (m) for
 * the permanent-indentation law. Zeroed when a contact ends (0 = "not latched yet").
 */
export const HISTORY = { tangential: 0, rolling: 3, lawState: 6 } as const;
export const HISTORY_STRIDE = 7;
/** History slots that are vectors (they change sign when the two bodies of a contact swap roles). */
export const HISTORY_VECTOR_SLOTS = 6;

/**
 * Inputs of one contact evaluation: a per-lane parameter block the kernels (src/contacts) fill before calling
 * evaluateContact, so the law reads named values instead of twenty positional arguments.
 */
export const CONTACT = {
  /** overlap δ (m), > 0 */
  delta: 0,
  /** unit normal from the second body to the first, xyz */
  nx: 1, ny: 2, nz: 3,
  /** velocity of the first body's contact point minus the second's (m/s), xyz */
  vx: 4, vy: 5, vz: 6,
  /** ω_first − ω_second (rad/s), xyz */
  wx: 7, wy: 8, wz: 9,
  /** Hertz K (N m^-3/2) or linear k (N/m): contactStiffness */
  stiffness: 10,
  /** damping coefficient c of the normal law */
  damping: 11,
  /** 8G*√R_eff: k_t = this·√δ */
  tangentialCoefficient: 12,
  /** R_eff (m) */
  reff: 13,
  /** lever arm of each body for the tangential torque: its radius (m), 0 for a wall */
  radiusFirst: 14, radiusSecond: 15,
} as const;
export const CONTACT_LENGTH = 16;

/** Output slots of evaluateContact. */
export const OUT = {
  /** force on the first body (N), 3 components; the second gets the opposite */
  force: 0,
  /** torque on the first body (N m): R_first (−n × F_t) + rolling torque */
  torqueFirst: 3,
  /** torque on the second body (N m): R_second (−n × F_t) − rolling torque */
  torqueSecond: 6,
  /** normal force magnitude (N), after clamping */
  normalForce: 9,
  /** |v_t| (m/s), tangential slip speed at the contact point */
  slipSpeed: 10,
} as const;
export const OUT_LENGTH = 11;

/**
 * g(δ) of the law's damping term c·g(δ)·δ̇; 1/4 and 1/2 by square roots (3–5× faster than Math.pow).
 * vn = −δ̇. The Hunt–Crossley family keeps v₀ = max(largest δ̇ so far, v_min) in the history.
 */
function dampingShape(
  table: KernelTable, cls: number, delta: number, sqrtDelta: number, vn: number, hist: Float64Array, h: number,
): number {
  switch (table.exponent[cls]) {
    case DampingExponent.quarter: return Math.sqrt(sqrtDelta);
    case DampingExponent.half: return sqrtDelta;
    case DampingExponent.bordbar: return Math.pow(delta, 0.65);
    case DampingExponent.hysteresis: {
      // v₀: the approach speed at first touch, floored, and raised whenever a third body drives the contact closed
      // faster (an isolated impact only decelerates while loading, so there it stays the first-touch speed).
      // Keeping δ̇/v₀ <= 1 while loading bounds the damping force by Z·F_el: without it a contact that closed
      // slowly and is then rammed in a dense bed gets a damping rate beyond explicit stability (measured in the
      // 2 000-sphere pour of test/engine/determinism.test.ts).
      let v0 = hist[h + HISTORY.lawState];
      if (-vn > v0 || v0 === 0) {
        v0 = Math.max(-vn, v0, table.minimumImpactSpeed[cls]);
        hist[h + HISTORY.lawState] = v0;
      }
      return (delta * sqrtDelta) / v0;
    }
    case DampingExponent.quarterLoading: return vn < 0 ? Math.sqrt(sqrtDelta) : 0;
    case DampingExponent.zero: return 1;
    default: return 0;
  }
}

/**
 * F_el(δ). Permanent indentation (Lankarani 1994, Eqs 11–19; docs/physics.md §5.3): Hertz while δ reaches a new
 * maximum δ_m (kept in the history), else f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2}, δ_p = (1−e²)δ_m,
 * and 0 below δ_p; the unloading work is then e² times the loading work, so the rebound speed is e·v₀.
 */
function elasticForce(
  table: KernelTable, cls: number, K: number, delta: number, sqrtDelta: number, hist: Float64Array, h: number,
): number {
  const law = table.elastic[cls];
  if (law === ElasticLaw.hertz) return K * delta * sqrtDelta;
  if (law === ElasticLaw.linear) return K * delta;
  const peak = hist[h + HISTORY.lawState];
  if (delta >= peak) {
    hist[h + HISTORY.lawState] = delta;
    return K * delta * sqrtDelta;
  }
  const set = table.plasticSet[cls] * peak;
  if (delta <= set) return 0;
  const x = (delta - set) / (peak - set);
  return K * peak * Math.sqrt(peak) * x * Math.sqrt(x);
}

/**
 * Evaluates one contact described by `contact` (CONTACT slots) and advances its history in place
 * (hist[h .. h+HISTORY_STRIDE−1]); writes the forces and torques on both bodies to `out` (OUT slots).
 */
export function evaluateContact(
  out: Float64Array, hist: Float64Array, h: number, table: KernelTable, cls: number, contact: Float64Array, dt: number,
): void {
  const delta = contact[CONTACT.delta];
  const nx = contact[CONTACT.nx], ny = contact[CONTACT.ny], nz = contact[CONTACT.nz];
  const vx = contact[CONTACT.vx], vy = contact[CONTACT.vy], vz = contact[CONTACT.vz];
  const K = contact[CONTACT.stiffness], reff = contact[CONTACT.reff];
  const sqrtDelta = Math.sqrt(delta);
  const vn = vx * nx + vy * ny + vz * nz;
  const eta = contact[CONTACT.damping] * dampingShape(table, cls, delta, sqrtDelta, vn, hist, h);
  let fn = elasticForce(table, cls, K, delta, sqrtDelta, hist, h) - eta * vn; // δ̇ = −v_n
  if (fn < 0 && table.noTension) fn = 0;
  out[OUT.normalForce] = fn;

  const vtx = vx - vn * nx, vty = vy - vn * ny, vtz = vz - vn * nz;
  out[OUT.slipSpeed] = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
  // The caps of friction and rolling resistance scale with |F_n| (docs/physics.md §9.5): under "free" the force may
  // pull, and a negative cap would turn the friction force along the slip. LAMMPS's pair granular does the same.
  const capForce = Math.abs(fn);
  const mu = table.friction[cls];
  if (mu > 0) {
    tangentialForce(out, hist, h + HISTORY.tangential, nx, ny, nz, vtx, vty, vtz,
      contact[CONTACT.tangentialCoefficient] * sqrtDelta, eta, mu * capForce, dt);
  } else {
    out[0] = 0; out[1] = 0; out[2] = 0;
  }
  // out[0..2] holds F_t now: the lever −n × F_t, then the total force on the first body.
  const ftx = out[0], fty = out[1], ftz = out[2];
  const lx = -(ny * ftz - nz * fty);
  const ly = -(nz * ftx - nx * ftz);
  const lz = -(nx * fty - ny * ftx);
  out[0] = fn * nx + ftx;
  out[1] = fn * ny + fty;
  out[2] = fn * nz + ftz;

  const muRoll = table.rollingFriction[cls];
  if (muRoll > 0) {
    // k_n = dF_el/dδ: k for a linear spring, (3/2)K√δ for the Hertz-type springs.
    const kn = table.elastic[cls] === ElasticLaw.linear ? K : 1.5 * K * sqrtDelta;
    rollingTorque(out, hist, h + HISTORY.rolling, nx, ny, nz,
      contact[CONTACT.wx], contact[CONTACT.wy], contact[CONTACT.wz], 2.25 * muRoll * muRoll * kn * reff * reff,
      muRoll * reff * capForce, dt);
  } else {
    out[6] = 0; out[7] = 0; out[8] = 0;
  }
  // out[6..8] holds the rolling torque on the first body M_r; the second body gets −M_r.
  const ri = contact[CONTACT.radiusFirst], rj = contact[CONTACT.radiusSecond];
  const mx = out[6], my = out[7], mz = out[8];
  out[3] = ri * lx + mx;
  out[4] = ri * ly + my;
  out[5] = ri * lz + mz;
  out[6] = rj * lx - mx;
  out[7] = rj * ly - my;
  out[8] = rj * lz - mz;
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
    // Keep the spring consistent with the capped force (docs/physics.md §9.5).
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
 * rotated back into the current plane with its length kept (docs/physics.md §9.3, §9.7).
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
