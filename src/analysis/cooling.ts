/**
 * Cooling of a homogeneous granular gas: the granular temperature and a fit of its decay law.
 *
 * Temperature (energy units, J): T = (1/(3N)) Σ_k m_k |v_k − v̄|², v̄ = Σ m_k v_k / Σ m_k — two thirds of the
 * kinetic energy of the velocity fluctuations per particle (Brilliantov & Pöschel, *Kinetic Theory of Granular
 * Gases*, 2004, eq. 6.3 with k_B = 1). Rotation is not counted (a frictionless gas does not exchange it).
 *
 * Decay law: T(t) = T0 / (1 + t/τ)^p. Haff (1983): constant restitution gives dT/dt = −B T^{3/2}, so p = 2
 * exactly. Viscoelastic spheres (Brilliantov, Pöschel 2000, PRE 61, 5573): 1 − e ∝ v^{1/5} ∝ T^{1/10}, so
 * dT/dt ∝ −T^{8/5} and p = 5/3 in the small-dissipation limit, T ∝ t^{−5/3} once t ≫ τ.
 */
import { fitLine } from './linear-fit.js';

export function granularTemperature(mass: Float64Array, vel: Float64Array, n: number): number {
  let m = 0, px = 0, py = 0, pz = 0;
  for (let k = 0; k < n; k++) {
    m += mass[k];
    px += mass[k] * vel[3 * k];
    py += mass[k] * vel[3 * k + 1];
    pz += mass[k] * vel[3 * k + 2];
  }
  const ux = px / m, uy = py / m, uz = pz / m;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const dx = vel[3 * k] - ux, dy = vel[3 * k + 1] - uy, dz = vel[3 * k + 2] - uz;
    sum += mass[k] * (dx * dx + dy * dy + dz * dz);
  }
  return sum / (3 * n);
}

export interface CoolingFit {
  /** T at t = 0 of the fitted curve (J) */
  T0: number;
  /** time scale τ (s) */
  tau: number;
  /** decay exponent p of T0/(1 + t/τ)^p; the late-time log–log slope is −p */
  exponent: number;
  /** one standard error of p from the least-squares covariance (residuals treated as independent) */
  exponentStdError: number;
  /** root-mean-square residual of ln T */
  rmsLogResidual: number;
  /** samples used and the time window they span (s) */
  samples: number;
  from: number;
  to: number;
}

/**
 * Least-squares fit of ln T = ln T0 − p ln(1 + t/τ) to the samples with from <= t <= to. For a fixed τ the model
 * is linear in (ln T0, p); τ is found by a scan over 5 decades around the window then golden-section refinement
 * of the residual in ln τ. Throws when fewer than 4 usable samples (finite, T > 0) lie in the window.
 */
export function fitCooling(t: readonly number[], T: readonly number[], from = 0, to = Infinity): CoolingFit {
  const xs: number[] = [], ys: number[] = [];
  for (let k = 0; k < t.length; k++) {
    if (t[k] >= from && t[k] <= to && T[k] > 0 && Number.isFinite(T[k])) {
      xs.push(t[k]);
      ys.push(Math.log(T[k]));
    }
  }
  if (xs.length < 4) throw new RangeError(`cooling fit: ${xs.length} samples with T > 0 in [${from}, ${to}] s, needs >= 4`);
  const span = xs[xs.length - 1];
  const residual = (logTau: number) => linearFit(xs, ys, Math.exp(logTau)).sse;
  // Scan, then refine inside the best bracket (the residual is smooth and, in practice, unimodal there).
  const lo = Math.log(span * 1e-4), hi = Math.log(span * 10), steps = 100;
  let best = 0, bestValue = Infinity;
  for (let s = 0; s <= steps; s++) {
    const value = residual(lo + ((hi - lo) * s) / steps);
    if (value < bestValue) { bestValue = value; best = s; }
  }
  const logTau = goldenMinimum(residual, lo + ((hi - lo) * Math.max(0, best - 1)) / steps,
    lo + ((hi - lo) * Math.min(steps, best + 1)) / steps);
  const tau = Math.exp(logTau);
  const { a, p, sse } = linearFit(xs, ys, tau);
  const exponentStdError = exponentError(xs, sse, tau, p);
  // A temperature that does not fall (spheres that never collide) fits p = 0, where τ is free: no error to give.
  if (!Number.isFinite(exponentStdError)) {
    throw new RangeError(`cooling fit: the temperature does not fall in [${xs[0]}, ${span}] s (from `
      + `${Math.exp(ys[0]).toPrecision(3)} to ${Math.exp(ys[ys.length - 1]).toPrecision(3)} J): no cooling to fit`);
  }
  return {
    T0: Math.exp(a), tau, exponent: p, exponentStdError,
    rmsLogResidual: Math.sqrt(sse / xs.length), samples: xs.length, from: xs[0], to: span,
  };
}

/** The fitted curve T0/(1 + t/τ)^p at time t (s), in J. */
export function coolingCurve(fit: CoolingFit, t: number): number {
  return fit.T0 * (1 + t / fit.tau) ** -fit.exponent;
}

/** Ordinary least squares y = a − p·ln(1 + x/τ) (a straight line in u = ln(1 + x/τ)) and its residual sum of squares. */
function linearFit(xs: number[], ys: number[], tau: number): { a: number; p: number; sse: number } {
  const u = xs.map((x) => Math.log1p(x / tau));
  const { intercept, slope } = fitLine(u, ys);
  let sse = 0;
  for (let k = 0; k < u.length; k++) sse += (ys[k] - intercept - slope * u[k]) ** 2;
  return { a: intercept, p: -slope, sse };
}

/**
 * Standard error of p: σ² (JᵀJ)⁻¹ at the optimum, σ² = SSE/(n − 3), J the derivatives of the model with respect
 * to (ln T0, p, ln τ): 1, −ln(1 + t/τ), p (t/τ)/(1 + t/τ).
 */
function exponentError(xs: number[], sse: number, tau: number, p: number): number {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const x of xs) {
    const r = x / tau;
    const j = [1, -Math.log1p(r), (p * r) / (1 + r)];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) m[3 * a + b] += j[a] * j[b];
  }
  const variance = sse / Math.max(1, xs.length - 3);
  // (JᵀJ)⁻¹ entry (p, p) = cofactor / determinant.
  const det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  const cofactor = m[0] * m[8] - m[2] * m[6];
  return Math.sqrt((variance * cofactor) / det);
}

/** Minimum of a unimodal f on [a, b] by golden-section search, to a relative bracket of 1e-10. */
function goldenMinimum(f: (x: number) => number, a: number, b: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a), d = a + g * (b - a);
  let fc = f(c), fd = f(d);
  while (Math.abs(b - a) > 1e-10 * (1 + Math.abs(a) + Math.abs(b))) {
    if (fc < fd) { b = d; d = c; fd = fc; c = b - g * (b - a); fc = f(c); }
    else { a = c; c = d; fc = fd; d = a + g * (b - a); fd = f(d); }
  }
  return 0.5 * (a + b);
}
