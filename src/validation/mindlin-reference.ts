/**
 * An independent integration of one oblique impact with the contact model of docs/physics.md §2.1 and §9 — the
 * reference for the tangentially compliant regimes of Chung & Ooi's tests 4, 5, 6 and 8, where no closed form
 * holds (the rigid-body formulas assume the contact slides throughout or sticks at once; a Mindlin spring does
 * neither). Written from the documented equations, not from the engine's kernel: a planar problem in three
 * scalars (overlap δ, its rate δ̇, the tangential slip s of the contact points), stepped by symplectic Euler at
 * 100 000 steps per contact time, where the engine takes about 50 velocity-Verlet steps in three dimensions.
 *
 *   normal      F_n = Kδ^{3/2} + c δ^m δ̇, clamped at 0 ("no-tension"),  m* δ̈ = −F_n;
 *   tangential  spring force Ḟ_s = −k_t s with k_t = 8G*√(R_eff δ), F_t = F_s − c δ^m s, capped at μF_n, after
 *               which F_s = F_t + c δ^m s;  ṡ = κ F_t with κ = Σ (1/m + R²/I) over both bodies (7/(2m) for one
 *               solid sphere; the plane adds nothing).
 *   mindlin-deresiewicz (docs/physics.md §9.9): Mindlin & Deresiewicz's theory solved exactly whatever the load
 *               history, F_s the sum of a fine row of springs that each slip at their own Coulomb limit
 *               (mdr-springs.ts, 100 springs where the engine has 8); the damped force is capped at μF_n as above, the
 *               row keeping its own state.
 * The impulses ∫F_n dt and ∫F_t dt then give every body's velocities and spins after the impact.
 */
import { MdrSpringRow } from './mdr-springs.js';

export interface ObliqueContact {
  /** Hertz K (N m^-3/2) */
  stiffness: number;
  /** damping coefficient c of the normal law and its exponent m (Tsuji: 1/4); 0 for Hertz */
  damping: number;
  dampingExponent: number;
  /** 8G*√R_eff (N m^-3/2): k_t = this·√δ */
  tangentialCoefficient: number;
  friction: number;
  /** the tangential law: Mindlin's no-slip spring, or Mindlin & Deresiewicz's micro-slip (needs effectiveRadius) */
  tangential: 'mindlin' | 'mindlin-deresiewicz';
  /** R_eff (m), for mindlin-deresiewicz */
  effectiveRadius?: number;
  /** m* (kg) */
  effectiveMass: number;
  /** κ (1/kg): rate of change of the slip per unit tangential force */
  slipCompliance: number;
}

export interface ObliqueImpact {
  /** normal impulse on body 1 (N s), > 0 */
  normalImpulse: number;
  /** tangential impulse on body 1 (N s), against the initial slip */
  tangentialImpulse: number;
  /** δ̇ after the impact (m/s): −e times the approach speed */
  finalApproachSpeed: number;
  /** slip of the contact points after the impact (m/s) */
  finalSlip: number;
  /** whether the force sat on the Coulomb cap at every step of the contact */
  slidThroughout: boolean;
}

/** Springs of the exact theory's row over the largest contact radius: e_t of the Kharaz impacts moves by < 1e-5 from 100 to 1 600. */
const THEORY_SPRINGS = 100;

/** Steps per undamped Hertz contact time: first-order in h, the results move by about 1e-5 when it is halved. */
const STEPS_PER_CONTACT = 100_000;

/** The impact at approach speed `approach` (m/s, > 0) with initial slip `slip` (m/s). */
export function obliqueImpact(c: ObliqueContact, approach: number, slip: number): ObliqueImpact {
  const K = c.stiffness, meff = c.effectiveMass;
  const contactTime = 2.94 * ((5 * meff * approach * approach) / (4 * K)) ** 0.4 / approach;
  const h = contactTime / STEPS_PER_CONTACT;
  const row = c.tangential === 'mindlin-deresiewicz' ? theoryRow(c, approach) : null;
  let delta = 0, rate = approach, s = slip, spring = 0, jn = 0, jt = 0;
  let slidThroughout = true;
  for (let k = 0; k < 100 * STEPS_PER_CONTACT; k++) {
    const damping = delta > 0 ? c.damping * delta ** c.dampingExponent : 0;
    const fn = delta > 0 ? Math.max(0, K * delta ** 1.5 + damping * rate) : 0;
    let ft = 0;
    if (delta > 0 && c.friction > 0) {
      if (row !== null) {
        spring = -row.advance(delta, s * h, c.friction);
      } else {
        spring -= c.tangentialCoefficient * Math.sqrt(delta) * s * h;
      }
      ft = spring - damping * s;
      const cap = c.friction * fn;
      if (Math.abs(ft) > cap) {
        ft = Math.sign(ft) * cap;
        spring = ft + damping * s;
      } else if (fn > 0) {
        slidThroughout = false;
      }
    }
    rate -= (fn / meff) * h;
    s += c.slipCompliance * ft * h;
    delta += rate * h;
    jn += fn * h;
    jt += ft * h;
    if (delta <= 0 && rate < 0) {
      return { normalImpulse: jn, tangentialImpulse: jt, finalApproachSpeed: rate, finalSlip: s, slidThroughout };
    }
  }
  throw new Error('the reference impact did not end');
}

/** The exact theory's spring row for this impact, long enough for the elastic Hertz contact's largest radius. */
function theoryRow(c: ObliqueContact, approach: number): MdrSpringRow {
  if (c.effectiveRadius === undefined) throw new Error('mindlin-deresiewicz needs effectiveRadius');
  const deepest = ((5 * c.effectiveMass * approach * approach) / (4 * c.stiffness)) ** 0.4;
  return new MdrSpringRow(c.effectiveRadius, 1.02 * Math.sqrt(c.effectiveRadius * deepest), THEORY_SPRINGS,
    c.tangentialCoefficient, c.stiffness);
}
