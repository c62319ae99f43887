/**
 * Calibration of the Hertz-damp laws F = Kδ^{3/2} + χδ^m δ̇ to a target coefficient of restitution e
 * (docs/physics.md §7; every bare § in this file is a section of docs/physics.md).
 *
 * With δ₀ = (m*v₀²/K)^{2/5} and t₀ = δ₀/v₀ every such law becomes the dimensionless impact (§7.1)
 *     y″ + y^{3/2} + β·y^m·y′ = 0,   y(0) = 0,  y′(0) = 1,   β = (χ/K)(K/m*)^{(3−2m)/5}·v₀^{(4m−1)/5},
 * so e = Φ_m(β) depends on one number per exponent m and end-of-contact convention (§6.2):
 *   "free":       tension allowed, contact ends when y returns to 0, e = −y′ there;
 *   "no-tension": force clamped at 0, contact ends at the first zero of y^{3/2} + β y^m y′ while unloading.
 * Φ_m is integrated numerically here (§7.3) and inverted by root finding (KK, Brilliantov, Bordbar: β* at a
 * reference speed, §7.5); Tsuji (m = 1/4) has closed forms (§7.4).
 */
import { dampingExponentValue } from './law.js';
import type { DampingExponentId, EndOfContact, LawCalibration } from './law.js';
import { DEFAULT_REFERENCE_SPEED, MAX_BETA, restitutionOutOfReach } from './parameters.js';

// ---------------------------------------------------------------------------------------------------------------
// The dimensionless impact, integrated numerically.
//
// y^m is not Lipschitz at y = 0, so y(t) has a t^{m+2} term at touch-down (and the same at lift-off under "free"),
// which ruins the order of any fixed-step scheme in t. Two devices keep classical RK4 at full order:
//  1. A time change dt = g·ds with g = y/(y + LOG_ZONE·S), S ≈ |y′| a smooth speed scale. Where y ≪ LOG_ZONE·S,
//     y(s) is exponential in s (ln y ∝ s), so every power y^p is smooth in s and the step in t shrinks with y;
//     elsewhere s ≈ t. S = √(v² + σ²) with σ = y^{3/2−m}/(1+β), the speed of overdamped creep (y^{3/2} = −β y^m v),
//     keeps S > 0 at the turning point and keeps the heavily damped creep back to y = 0 exponential in s as well.
//  2. The edges of the overlap are done analytically: from dv/dy = −y^{3/2}/v − β y^m (v = y′), while v barely
//     changes across [0, y], v(y) − v(0) = −y^{5/2}/(2.5 v) − β y^{m+1}/(m+1); the damping part is exact and the
//     elastic part is off by ~y^{5/2}/v · (relative change of v), < 1e-12 where it is used.
// Measured: e changes by < 1e-11 when STEP is halved and agrees with the Tsuji closed forms (m = 1/4) to < 1e-11.
// ---------------------------------------------------------------------------------------------------------------

/** Overlap scale (in units of the speed scale S) below which the time change is logarithmic. */
const LOG_ZONE = 0.1;
/** Fixed RK4 step in the regularised time s. */
const STEP = 0.004;
/** Overlap at which the integration starts and below which, under "free", the analytic tail may take over. */
const EDGE = 1e-6;
/** The "free" tail takes over once it changes v by less than this fraction (v is then constant enough). */
const TAIL_CHANGE = 1e-3;
/** Guard against impacts that do not end (Tsuji under "free" with α ≥ √5 creeps back forever, §7.4). */
const MAX_STEPS = 200_000;

/**
 * Φ_m(β): the coefficient of restitution of the dimensionless impact y″ + y^{3/2} + β y^m y′ = 0 (§7.1) under the
 * given end-of-contact convention (§6.2). Valid for 0 <= m < 3/2 (m = 0: a constant dashpot, whose y^m is smooth
 * anyway) and β ≥ 0; throws a RangeError when the overlap does not close (e = 0 for practical purposes).
 */
export function restitutionFromBeta(m: number, beta: number, endOfContact: EndOfContact): number {
  if (!(m >= 0 && m < 1.5)) throw new RangeError(`damping exponent m must be in [0, 1.5), got ${m}`);
  if (!(beta >= 0 && Number.isFinite(beta))) throw new RangeError(`β must be finite and >= 0, got ${beta}`);
  if (beta === 0) return 1; // undamped Hertz: elastic
  return integrateImpact(m, beta, endOfContact === 'no-tension');
}

/** State (y, v = dy/dt) and its s-derivative at both ends of a step, for the Hermite interpolant. */
interface Step {
  y0: number; v0: number; dy0: number; dv0: number;
  y1: number; v1: number; dy1: number; dv1: number;
}

function integrateImpact(m: number, beta: number, noTension: boolean): number {
  const slope = (y: number, v: number, out: Float64Array): void => {
    const ym = Math.pow(y, m);
    const creep = (y * Math.sqrt(y)) / (ym * (1 + beta));
    const g = y / (y + LOG_ZONE * Math.sqrt(v * v + creep * creep));
    out[0] = g * v;
    out[1] = g * (-y * Math.sqrt(y) - beta * ym * v);
  };
  const force = (y: number, v: number): number => y * Math.sqrt(y) + beta * Math.pow(y, m) * v;
  const k1 = new Float64Array(2), k2 = new Float64Array(2), k3 = new Float64Array(2), k4 = new Float64Array(2);
  const h = STEP;

  let y = EDGE;
  let v = 1 + edgeSpeedChange(m, beta, EDGE, 1);
  slope(y, v, k1);
  for (let n = 0; n < MAX_STEPS; n++) {
    slope(y + 0.5 * h * k1[0], v + 0.5 * h * k1[1], k2);
    slope(y + 0.5 * h * k2[0], v + 0.5 * h * k2[1], k3);
    slope(y + h * k3[0], v + h * k3[1], k4);
    const y0 = y, v0 = v, dy0 = k1[0], dv0 = k1[1];
    y += (h / 6) * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
    v += (h / 6) * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
    slope(y, v, k1); // first stage of the next step, and the end slope for the interpolant
    if (v >= 0) continue; // still loading
    if (noTension) {
      if (force(y, v) <= 0) {
        return -liftOffSpeed({ y0, v0, dy0, dv0, y1: y, v1: v, dy1: k1[0], dv1: k1[1] }, h, force);
      }
    } else if (y <= EDGE) {
      const tail = edgeSpeedChange(m, beta, y, v);
      if (Math.abs(tail) <= -TAIL_CHANGE * v) return -(v - tail);
    }
  }
  throw new RangeError(`the overlap has not closed after ${MAX_STEPS} steps (β = ${beta}, m = ${m}): e is near 0`);
}

/** v(y) − v(0) across an edge 0..y of the overlap where v barely changes (see the header of this section). */
function edgeSpeedChange(m: number, beta: number, y: number, v: number): number {
  return -(y * y * Math.sqrt(y)) / (2.5 * v) - (beta * Math.pow(y, m + 1)) / (m + 1);
}

/** v at the zero of the contact force inside `step`, on the cubic Hermite interpolant of y and v. */
function liftOffSpeed(step: Step, h: number, force: (y: number, v: number) => number): number {
  const at = (theta: number) => {
    const t2 = theta * theta, t3 = t2 * theta;
    const a0 = 2 * t3 - 3 * t2 + 1, b0 = h * (t3 - 2 * t2 + theta), a1 = 3 * t2 - 2 * t3, b1 = h * (t3 - t2);
    return {
      y: a0 * step.y0 + b0 * step.dy0 + a1 * step.y1 + b1 * step.dy1,
      v: a0 * step.v0 + b0 * step.dv0 + a1 * step.v1 + b1 * step.dv1,
    };
  };
  const forceAt = (theta: number) => {
    const p = at(theta);
    return force(p.y, p.v);
  };
  const theta = findRoot(forceAt, 0, 1, forceAt(0), forceAt(1), 0, 0);
  return at(theta).v;
}

/*
 * β is bracketed up to MAX_BETA (parameters.ts). Measured Φ(1e3) under no-tension: 1.3e-5 (m = ½), 3.7e-5
 * (m = 0.65); under "free" the overlap stops closing beyond β ≈ 30–100 (leastRestitution).
 */

/**
 * β* with Φ_m(β*) = e (§7.5, "β* for a target e"), to |Φ_m(β*) − e| < 1e-10.
 * Throws a RangeError when e is below what the law reaches for β ≤ MAX_BETA.
 */
export function betaForRestitution(m: number, e: number, endOfContact: EndOfContact): number {
  if (!(e > 0 && e <= 1)) throw new RangeError(`restitution must be in (0, 1], got ${e}`);
  if (e === 1) return 0;
  const outOfReach = () => new RangeError(`restitution ${e} needs β > ${MAX_BETA} or an impact that does not end `
    + `(m = ${m}, ${endOfContact})`);
  // Φ falls monotonically from 1 at β = 0; the small-damping law 1 − e ≈ 1.15β (§7.5) sets the first guess.
  let lo = 0, rLo = 1 - e;
  let hi = (1 - e) / 1.15;
  let rHi: number;
  for (;;) {
    const at = restitutionIfEnds(m, hi, endOfContact);
    if (at === undefined) {
      // Past the largest β whose impact ends (below MAX_BETA for some laws: β ≈ 500–900 for m = 0 under
      // "no-tension"): the bracket ends there, where Φ is the least e (leastRestitution), so that exactly the e
      // from that bound up are reached, as its message says.
      hi = largestEndingBeta(m, endOfContact);
      const least = restitutionIfEnds(m, hi, endOfContact);
      if (!(hi > lo && least !== undefined && least <= e)) throw outOfReach();
      rHi = least - e;
      break;
    }
    rHi = at - e;
    if (rHi <= 0) break;
    if (hi >= MAX_BETA) throw outOfReach();
    lo = hi; rLo = rHi;
    hi = Math.min(2 * hi, MAX_BETA);
  }
  return findRoot((beta) => restitutionFromBeta(m, beta, endOfContact) - e, lo, hi, rLo, rHi, 0, 1e-10);
}

/** Φ_m(β) when the impact ends, undefined when its overlap does not close (restitutionFromBeta's RangeError). */
function restitutionIfEnds(m: number, beta: number, endOfContact: EndOfContact): number | undefined {
  try {
    return restitutionFromBeta(m, beta, endOfContact);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Tsuji (m = 1/4): closed forms (§7.4). w = y^{5/4} with ds = y^{1/4} dt turns the impact into the linear
// oscillator w″ + α w′ + (5/4) w = 0, damping ratio ζ = α/√5.
// ---------------------------------------------------------------------------------------------------------------

/** e(α) of Tsuji's law (§7.4); independent of impact speed, K and m*. */
export function tsujiRestitution(alpha: number, endOfContact: EndOfContact): number {
  if (!(alpha >= 0)) throw new RangeError(`α must be >= 0, got ${alpha}`);
  const zeta = alpha / Math.sqrt(5);
  if (endOfContact === 'free') {
    // e = exp(−πζ/√(1−ζ²)); for ζ ≥ 1 the overlap never returns to 0, so e = 0.
    return zeta >= 1 ? 0 : Math.exp((-Math.PI * zeta) / Math.sqrt(1 - zeta * zeta));
  }
  // No tension: contact ends where w″ = 0 (F ∝ −y^{1/4} w″), the Brogliato form
  // e = exp[−(2ζ/√(1−ζ²))·atan(√(1−ζ²)/ζ)], continued for ζ > 1 with artanh. With x = √|1−ζ²|/ζ the exponent is
  // −2·atan(x)/x (resp. −2·artanh(x)/x), which is well conditioned through ζ = 1 (limit e^{−2}).
  const x = Math.sqrt(Math.abs(1 - zeta * zeta)) / zeta;
  const ratio = x === 0 ? 1 : (zeta < 1 ? Math.atan(x) : Math.atanh(x)) / x;
  return Math.exp(-2 * ratio);
}

/** α(e) of Tsuji's law (§7.4): closed form under "free", the inverse of tsujiRestitution under "no-tension". */
export function tsujiAlpha(e: number, endOfContact: EndOfContact): number {
  if (!(e > 0 && e <= 1)) throw new RangeError(`restitution must be in (0, 1], got ${e}`);
  const lnE = Math.log(e);
  if (endOfContact === 'free') return (-Math.sqrt(5) * lnE) / Math.sqrt(Math.PI ** 2 + lnE ** 2);
  if (e === 1) return 0;
  const residual = (alpha: number) => tsujiRestitution(alpha, endOfContact) - e;
  let hi = 1;
  while (residual(hi) > 0) {
    // Beyond MAX_BETA the caller refuses e as out of reach: a bound past it, not the root, is answer enough.
    if (hi > MAX_BETA) return hi;
    hi *= 2;
  }
  return findRoot(residual, 0, hi, 1 - e, residual(hi), 0, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// From a target restitution to the kernel's power product.
// ---------------------------------------------------------------------------------------------------------------

/**
 * §7.1 solved for χ at v₀ = v_ref (§7.5): χ = β·K^{(2+2m)/5}·m*^{(3−2m)/5}·v_ref^{(1−4m)/5}, as the kernel's power
 * product (KK and Brilliantov: β v^{−1/5} K^{3/5} m*^{2/5}; Bordbar: β v^{−0.32} K^{0.66} m*^{0.34}).
 */
function dampingForBeta(m: number, beta: number, referenceSpeed: number):
  Pick<LawCalibration, 'dampingScale' | 'kPower' | 'massPower' | 'radiusPower'> {
  return {
    dampingScale: beta * referenceSpeed ** ((1 - 4 * m) / 5),
    kPower: (2 + 2 * m) / 5,
    massPower: (3 - 2 * m) / 5,
    radiusPower: 0,
  };
}

/**
 * Coefficients of a law with velocity-dependent e (KK, Brilliantov, Bordbar) calibrated to the spec's restitution
 * at its reference speed (default DEFAULT_REFERENCE_SPEED). `field` is the spec's path, for the error when e is out
 * of the law's reach.
 */
export function calibratedLaw(
  model: string,
  exponent: DampingExponentId,
  spec: { restitution?: number; referenceSpeed?: number },
  endOfContact: EndOfContact,
  field: string,
): LawCalibration {
  const restitution = spec.restitution!;
  const referenceSpeed = spec.referenceSpeed ?? DEFAULT_REFERENCE_SPEED;
  const m = dampingExponentValue(exponent);
  let betaStar: number;
  try {
    betaStar = memoised(`β* ${m} ${restitution} ${endOfContact}`, () => betaForRestitution(m, restitution, endOfContact));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw restitutionOutOfReach(field, model, restitution, leastRestitution(m, endOfContact),
      `β* > ${MAX_BETA} under "${endOfContact}", or an impact that never ends`);
  }
  return {
    ...dampingForBeta(m, betaStar, referenceSpeed),
    derived: { restitution, referenceSpeed_m_per_s: referenceSpeed, betaStar },
  };
}

/** Halvings of the β bracket when locating the least restitution. */
const LEAST_BISECTIONS = 8;
/**
 * Halvings of β from MAX_BETA in search of an impact that ends: down to MAX_BETA/2^40 ≈ 1e-9, where e differs
 * from 1 by about 1e-9 (1 − e ≈ 1.15β, §7.5). Every law's impacts end far above it; the floor only keeps a law
 * whose impacts never end from searching forever.
 */
const LEAST_HALVINGS = 40;

/**
 * The largest β <= MAX_BETA whose impact ends under the convention: MAX_BETA when that impact ends; under "free",
 * where strong damping lets the overlap creep back forever (the integration gives up, RangeError), the largest β (to
 * 1/2^8 of the bracket) whose impact still ends; 0 (only the elastic impact) when none ends down to the floor of
 * LEAST_HALVINGS. Several Φ evaluations of up to 0.2 s each, so memoised.
 */
function largestEndingBeta(m: number, endOfContact: EndOfContact): number {
  return memoised(`largest β ${m} ${endOfContact}`, () => {
    const ends = (beta: number) => restitutionIfEnds(m, beta, endOfContact) !== undefined;
    let hi = MAX_BETA;
    if (ends(hi)) return hi;
    let lo = hi / 2;
    // Down in halves to an impact that ends, then bisect between it and the last that did not.
    for (let k = 1; !ends(lo); k++) {
      if (k === LEAST_HALVINGS) return 0;
      hi = lo;
      lo /= 2;
    }
    for (let k = 0; k < LEAST_BISECTIONS; k++) {
      const mid = 0.5 * (lo + hi);
      if (ends(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  });
}

/**
 * The least e a law of damping exponent m reaches with β <= MAX_BETA under the convention: Φ_m at
 * largestEndingBeta, the least e betaForRestitution finds a β* for; 1 when no damped impact ends.
 */
export function leastRestitution(m: number, endOfContact: EndOfContact): number {
  return memoised(`least ${m} ${endOfContact}`, () => restitutionIfEnds(m, largestEndingBeta(m, endOfContact), endOfContact) ?? 1);
}

/**
 * Results of the calibration's pure functions by their inputs: every material pair of a scenario with the same law
 * resolves to the same β*, which costs up to 0.1 s to find. Emptied when full, so a long sweep cannot grow it.
 */
const MEMO = new Map<string, number>();
const MEMO_SIZE = 4096;

function memoised(key: string, compute: () => number): number {
  let value = MEMO.get(key);
  if (value === undefined) {
    value = compute();
    if (MEMO.size >= MEMO_SIZE) MEMO.clear();
    MEMO.set(key, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Brent's method (bracketing: inverse quadratic interpolation, secant, bisection) for f(x) = 0 on [a, b], where
 * fa = f(a) and fb = f(b) have opposite signs. Stops when |f| ≤ tolF or the bracket is below tolX (+ 4ε|x|).
 */
function findRoot(f: (x: number) => number, a: number, b: number, fa: number, fb: number,
  tolX: number, tolF: number): number {
  let c = b, fc = fb, d = b - a, e = d;
  for (let iteration = 0; iteration < 200; iteration++) {
    if ((fb > 0) === (fc > 0)) { c = a; fc = fa; d = e = b - a; }
    if (Math.abs(fc) < Math.abs(fb)) { a = b; b = c; c = a; fa = fb; fb = fc; fc = fa; }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tolX;
    const half = 0.5 * (c - b);
    if (Math.abs(half) <= tol || Math.abs(fb) <= tolF) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number, q: number;
      if (a === c) {
        p = 2 * half * s; q = 1 - s;
      } else {
        const qa = fa / fc, r = fb / fc;
        p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      if (2 * p < Math.min(3 * half * q - Math.abs(tol * q), Math.abs(e * q))) { e = d; d = p / q; }
      else { d = half; e = d; }
    } else {
      d = half; e = d;
    }
    a = b; fa = fb;
    b += Math.abs(d) > tol ? d : Math.sign(half) * tol;
    fb = f(b);
  }
  return b;
}
