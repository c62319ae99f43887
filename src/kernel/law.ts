/**
 * The one contact law: normal force + tangential friction + rolling resistance of a single contact. The pair pass
 * (pairs.ts) and the one-contact entries (contact.ts: sphere–wall contacts, tests) both inline it; what they do with
 * its results is the `sink` they hand it (a class with an inlined `emit`), so the law is written once and the pair
 * pass still keeps a pair's values in registers. Which normal law a contact has comes from its `Law` type, and
 * whether rolling resistance, collision records and micro-slip are computed from its `Options` type (laws.ts): the
 * pair pass is compiled for the law and options of the run.
 *
 * Conventions: n is the unit normal pointing from body j to body i; δ > 0 is the overlap; δ̇ = −v_rel·n > 0 while
 * approaching; v_rel is the velocity of i's contact point minus j's. A wall is the second body: R_eff = R, m* = m,
 * no spin (docs/physics.md §1.6).
 *
 * Normal (docs/physics.md §2.1):   F_n = F_el(δ) + c g(δ) δ̇,   clamped at 0 under "no-tension" (§6.2), with
 *   F_el = Kδ^{3/2} (Hertz), kδ (Kelvin–Voigt) or Hertz loading / permanent-indentation unloading (§5.3);
 *   g = δ^m (m = 0, 1/4, 1/2, 0.65), δ^{1/4} on compression only (Jankowski), or δ^{3/2}/v₀ with v₀ the impact
 *   speed latched at first touch, raised if the contact is later driven closed faster, and floored v₀ ≥ v_min
 *   (Hunt–Crossley family, §4.1, §4.2; c = Z(e)·K).
 * Tangential (§9.2–§9.5, Mindlin no-slip stiffness, spring kept as a force [Thornton 2013, Eq 18]):
 *   spring force F_s rotated into the current tangent plane (length kept), F_s −= k_t v_t½ dt,
 *   k_t = 8 G* √(R_eff δ½), F_t = F_s − η_t v_t with η_t = c g(δ) (Tsuji applied the normal damping tangentially
 *   [Corral 2021]; §9.4), Coulomb cap |F_t| ≤ μ F_n, after which F_s = F_t + η_t v_t.
 *   (A spring kept as a displacement ξ, F_s = −k_t ξ, makes impacts that slip at touch-down depend on Δt: §9.5.)
 *   With `mindlin-deresiewicz` (§9.9) F_s is instead the sum of a row of springs that each slip at μ times their
 *   share of the normal load (spring-row.ts): micro-slip with load history, Mindlin & Deresiewicz's theory.
 * Rolling (§9.7, EPSD, Ai et al. 2011): k_r = 2.25 μ_r² k_n R_eff², k_n = dF_el/dδ ((3/2)K√δ½, or k for a linear
 *   spring), M_r −= k_r ω_r½ dt with ω_r the tangential part of ω_i − ω_j, capped at μ_r R_eff F_n.
 * The springs advance by the step's mid-point values (§9.10): v_t½ and ω_r½ from the half-step velocities and
 * spins the drift used, δ½ the mean overlap of the step, so their increments are second order in Δt like the
 * positions; the forces themselves see the predicted full-step velocities (§11.2).
 *
 * Skipping a part no contact class of the run uses changes no bit (test/forces/compiled-law.test.ts).
 */
import {
  DAMPING_BORDBAR, DAMPING_HALF, DAMPING_HYSTERESIS, DAMPING_QUARTER, DAMPING_QUARTER_LOADING, DAMPING_ZERO,
  ELASTIC_LINEAR, ELASTIC_PLASTIC_HERTZ, HISTORY_LAW_STATE, HISTORY_ROLLING, HISTORY_TANGENTIAL,
  TANGENTIAL_MINDLIN_DERESIEWICZ,
} from './layout';
import { advanceSpringRow } from './spring-row';
import { turnIntoTangentPlane } from './tangent-plane';
import {
  friction, hasFriction, hertzCoef, linearStiffness, minimumImpactSpeed, noTension, plasticSet,
  rollingFriction, tangentialOf,
} from './bound';
import { f64At, u8At } from './memory';

/**
 * One contact: its geometry, velocities and constants in, its forces to `sink.emit`, its history (`hist`: the
 * contact's first history double) advanced in place.
 *   delta: overlap δ (m); n: unit normal from the second body to the first;
 *   v: velocity of the first body's contact point minus the second's (m/s);
 *   vh, wh: the same at the half step and ω_first − ω_second (the velocities and spins the drift used): the springs'
 *   increments (the springs alone see spins, so the predicted spins enter only through v);
 *   K: Hertz K (N m^-3/2) or linear k (N/m); c: damping coefficient of the normal law; ktCoef: 8G*√R_eff;
 *   reff: R_eff (m); ri, rj: each body's lever arm for the tangential torque (its radius; 0 for a wall).
 * The sink receives the force on the first body (the second gets the opposite), the torques on both bodies,
 * F_n after clamping, v·n, and |v_t| (0 without full collision records).
 */
@inline export function contactLaw<Law, Options, Sink>(
  law: Law, options: Options, sink: Sink, delta: f64, nx: f64, ny: f64, nz: f64, vx: f64, vy: f64, vz: f64,
  vhx: f64, vhy: f64, vhz: f64, whx: f64, why: f64, whz: f64,
  K: f64, c: f64, ktCoef: f64, reff: f64, ri: f64, rj: f64, cls: i32, hist: usize, dt: f64,
): void {
  const vn = vx * nx + vy * ny + vz * nz;
  const sqrtDelta = Math.sqrt(delta);
  const elastic = law.elasticId(cls);
  const eta = c * dampingShape(law.shapeId(cls), cls, delta, sqrtDelta, vn, hist);
  const elasticPart = elasticForce(elastic, cls, K, delta, sqrtDelta, hist);
  let fn = elasticPart - eta * vn; // δ̇ = −v_n
  // The overlap a step ago, from the step's drift along n (δ̇ = −v·n with the half-step velocity), and the root of
  // the step's mean overlap δ½, at which the springs' stiffnesses are taken (§9.10); only runs with a spring use them.
  const springs = hasFriction || options.rolling;
  const vhn = springs ? vhx * nx + vhy * ny + vhz * nz : 0;
  const deltaOld = springs ? Math.max(0, delta + vhn * dt) : 0;
  const sqrtMid = springs ? Math.sqrt(0.5 * (delta + deltaOld)) : 0;
  if (fn < 0 && noTension) fn = 0;
  const vtx = vx - vn * nx, vty = vy - vn * ny, vtz = vz - vn * nz;
  const slip = options.fullRecords ? Math.sqrt(vtx * vtx + vty * vty + vtz * vtz) : 0;
  // The caps of friction and rolling resistance scale with |F_n|: under "free" the force may pull.
  const capForce = Math.abs(fn);
  let ftx: f64 = 0, fty: f64 = 0, ftz: f64 = 0;
  const mu = hasFriction ? f64At(friction, cls) : 0;
  if (mu > 0) {
    // Spring force F_s, rotated into the current tangent plane with its length kept (§9.3), then F_s −= k_t v_t dt.
    // The rotation is written out here and for the rolling torque below: a shared helper would hand its three
    // results back through memory, and the law keeps a pair's values in registers (docs/architecture.md §3).
    const spring = hist + (<usize>HISTORY_TANGENTIAL << 3);
    // The slip of the step, −v_t½ dt: the displacement that loads the spring.
    const ux = -(vhx - vhn * nx) * dt, uy = -(vhy - vhn * ny) * dt, uz = -(vhz - vhn * nz) * dt;
    const cap = mu * capForce;
    // Mindlin–Deresiewicz (§9.9): the spring force is the sum of the contact's row of micro-slipping springs.
    const microSlip = options.microSlip && u8At(tangentialOf, cls) == TANGENTIAL_MINDLIN_DERESIEWICZ;
    let hx: f64, hy: f64, hz: f64;
    if (microSlip) {
      advanceSpringRow(hist, delta, deltaOld, nx, ny, nz, ux, uy, uz, reff, ktCoef, mu * elasticPart);
      hx = load<f64>(spring); hy = load<f64>(spring, 8); hz = load<f64>(spring, 16);
    } else {
      // Mindlin's no-slip spring: turned with the contact, then loaded by k_t times the step's slip.
      turnIntoTangentPlane(spring, nx, ny, nz);
      const kt = ktCoef * sqrtMid;
      hx = load<f64>(spring) + kt * ux; hy = load<f64>(spring, 8) + kt * uy; hz = load<f64>(spring, 16) + kt * uz;
    }
    ftx = hx - eta * vtx;
    fty = hy - eta * vty;
    ftz = hz - eta * vtz;
    const ft2 = ftx * ftx + fty * fty + ftz * ftz;
    if (ft2 > cap * cap) {
      // Coulomb cap; the spring keeps what is consistent with the capped force (a spring row keeps its own state:
      // its springs are capped each by its share of the load).
      const s = ft2 > 0 ? cap / Math.sqrt(ft2) : 0;
      ftx *= s; fty *= s; ftz *= s;
      hx = ftx + eta * vtx;
      hy = fty + eta * vty;
      hz = ftz + eta * vtz;
    }
    store<f64>(spring, hx); store<f64>(spring, hy, 8); store<f64>(spring, hz, 16);
  }
  // The lever −n × F_t, then the total force on the first body.
  const lx = -(ny * ftz - nz * fty);
  const ly = -(nz * ftx - nx * ftz);
  const lz = -(nx * fty - ny * ftx);
  const fx = fn * nx + ftx;
  const fy = fn * ny + fty;
  const fz = fn * nz + ftz;
  let mx: f64 = 0, my: f64 = 0, mz: f64 = 0;
  const muRoll = options.rolling ? f64At(rollingFriction, cls) : 0;
  if (muRoll > 0) {
    // Rolling torque M_r, rotated into the current tangent plane (§9.7), then M_r −= k_r ω_r dt, capped.
    const rolling = hist + (<usize>HISTORY_ROLLING << 3);
    turnIntoTangentPlane(rolling, nx, ny, nz);
    let hx = load<f64>(rolling), hy = load<f64>(rolling, 8), hz = load<f64>(rolling, 16);
    const kn = normalStiffness(elastic, K, sqrtMid);
    const kr = 2.25 * muRoll * muRoll * kn * reff * reff, cap = muRoll * reff * capForce;
    const wn = whx * nx + why * ny + whz * nz;
    hx -= kr * (whx - wn * nx) * dt;
    hy -= kr * (why - wn * ny) * dt;
    hz -= kr * (whz - wn * nz) * dt;
    const m2 = hx * hx + hy * hy + hz * hz;
    if (m2 > cap * cap) {
      const s = m2 > 0 ? cap / Math.sqrt(m2) : 0;
      hx *= s; hy *= s; hz *= s;
    }
    store<f64>(rolling, hx); store<f64>(rolling, hy, 8); store<f64>(rolling, hz, 16);
    mx = hx; my = hy; mz = hz;
  }
  sink.emit(
    fx, fy, fz,
    ri * lx + mx, ri * ly + my, ri * lz + mz,
    rj * lx - mx, rj * ly - my, rj * lz - mz,
    fn, vn, slip,
  );
}

/**
 * The stiffness K of a contact of class `cls` whose elastic law is `elastic` (ElasticLaw), √R_eff given: Hertz
 * K = (4/3)E*√R_eff (docs/physics.md §1.5), or a linear spring's own k (§5.1). The pair pass and the sphere–wall
 * contacts hand it to contactLaw; the one-contact entry reads it from the CONTACT block.
 */
@inline export function contactStiffness(elastic: i32, cls: i32, sqrtReff: f64): f64 {
  return elastic == ELASTIC_LINEAR ? f64At(linearStiffness, cls) : f64At(hertzCoef, cls) * sqrtReff;
}

/**
 * k_n = dF_el/dδ of a contact of stiffness K (contactStiffness) at overlap δ, for the rolling stiffness (§9.7): k for
 * a linear spring, (3/2)K√δ for Hertz.
 */
@inline function normalStiffness(elastic: i32, K: f64, sqrtDelta: f64): f64 {
  return elastic == ELASTIC_LINEAR ? K : 1.5 * K * sqrtDelta;
}

/**
 * g(δ) of the damping term c·g(δ)·δ̇ for damping shape `shape` (DampingExponent); 1/4 and 1/2 by square roots
 * (3–5× faster than Math.pow). The Hunt–Crossley family keeps v₀ in the history: the approach speed at first
 * touch, floored, and raised whenever a third body drives the contact closed faster (an isolated impact only
 * decelerates while loading, so there it stays the first-touch speed). Keeping δ̇/v₀ <= 1 while loading bounds the
 * damping force by Z·F_el: without it a contact that closed slowly and is then rammed in a dense bed gets a damping
 * rate beyond explicit stability (measured in the 2 000-sphere pour of test/engine/determinism.test.ts).
 */
@inline function dampingShape(shape: i32, cls: i32, delta: f64, sqrtDelta: f64, vn: f64, hist: usize): f64 {
  if (shape == DAMPING_QUARTER) return Math.sqrt(sqrtDelta);
  if (shape == DAMPING_HALF) return sqrtDelta;
  if (shape == DAMPING_BORDBAR) return Math.pow(delta, 0.65);
  if (shape == DAMPING_HYSTERESIS) {
    let v0 = load<f64>(hist, HISTORY_LAW_STATE << 3);
    if (-vn > v0 || v0 == 0) {
      v0 = Math.max(Math.max(-vn, v0), f64At(minimumImpactSpeed, cls));
      store<f64>(hist, v0, HISTORY_LAW_STATE << 3);
    }
    return (delta * sqrtDelta) / v0;
  }
  if (shape == DAMPING_QUARTER_LOADING) return vn < 0 ? Math.sqrt(sqrtDelta) : 0;
  if (shape == DAMPING_ZERO) return 1;
  return 0;
}

/**
 * F_el(δ) for elastic law `elastic` (ElasticLaw). Permanent indentation (Lankarani 1994, Eqs 11–19;
 * docs/physics.md §5.3): Hertz while δ reaches a new maximum δ_m (kept in the history), else
 * f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2}, δ_p = (1−e²)δ_m, and 0 below δ_p; the unloading work is then
 * e² times the loading work, so the rebound speed is e·v₀.
 */
@inline function elasticForce(elastic: i32, cls: i32, K: f64, delta: f64, sqrtDelta: f64, hist: usize): f64 {
  if (elastic == ELASTIC_LINEAR) return K * delta;
  if (elastic == ELASTIC_PLASTIC_HERTZ) {
    const peak = load<f64>(hist, HISTORY_LAW_STATE << 3);
    if (delta >= peak) {
      store<f64>(hist, delta, HISTORY_LAW_STATE << 3);
      return K * delta * sqrtDelta;
    }
    const set = f64At(plasticSet, cls) * peak;
    if (delta > set) {
      const x = (delta - set) / (peak - set);
      return K * peak * Math.sqrt(peak) * x * Math.sqrt(x);
    }
    return 0;
  }
  return K * delta * sqrtDelta;
}
