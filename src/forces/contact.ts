/**
 * The one contact law: normal force + tangential friction + rolling resistance for a single contact, written once
 * as JavaScript source (contactLawSource) and compiled at set-up for what the run uses (KernelFeatures). The pair
 * kernel inlines it in its loop (contacts/pair-kernel.ts); sphere–wall contacts call the one-contact version
 * (compileContactLaw; a wall is the second body: R_eff = R, m* = m, no spin; docs/physics.md §1.6). Source, not a
 * function, because V8 keeps a pair's values in registers only when the law is part of the loop (docs/
 * architecture.md §3 "Where the time goes"); every specialisation computes the general law's bits
 * (test/forces/compiled-law.test.ts).
 *
 * Conventions: n is the unit normal pointing from body j to body i; δ > 0 is the overlap; δ̇ = −v_rel·n > 0
 * while approaching; v_rel is the velocity of i's contact point minus j's.
 *
 * Normal (docs/physics.md §2.1):   F_n = F_el(δ) + c g(δ) δ̇,   clamped at 0 under "no-tension" (§6.2), with
 *   F_el = Kδ^{3/2} (Hertz), kδ (Kelvin–Voigt) or Hertz loading / permanent-indentation unloading (§5.3);
 *   g = δ^m (m = 0, 1/4, 1/2, 0.65), δ^{1/4} on compression only (Jankowski), or δ^{3/2}/v₀ with v₀ the impact
 *   speed latched at first touch, raised if the contact is later driven closed faster, and floored v₀ ≥ v_min
 *   (Hunt–Crossley family, §4.1, §4.2; c = Z(e)·K).
 *   Small integer ids pick each part (normal/law.ts); a run whose classes share a law has no switch at all.
 * Tangential (§9.2–§9.5, Mindlin no-slip stiffness, spring kept as a force [Thornton 2013, Eq 18]):
 *   spring force F_s rotated into the current tangent plane (length kept), F_s −= k_t v_t dt,
 *   k_t = 8 G* √(R_eff δ), F_t = F_s − η_t v_t with η_t = c δ^m (Tsuji applied the normal damping tangentially
 *   [Corral 2021]; §9.4), Coulomb cap |F_t| ≤ μ F_n, after which F_s = F_t + η_t v_t.
 *   (A spring kept as a displacement ξ, F_s = −k_t ξ, makes impacts that slip at touch-down depend on Δt: §9.5.)
 * Rolling (§9.7, EPSD, Ai et al. 2011): k_r = 2.25 μ_r² k_n R_eff², k_n = dF_el/dδ = (3/2)K√δ,
 *   M_r −= k_r ω_r dt with ω_r the tangential part of ω_i − ω_j, capped at μ_r R_eff F_n.
 */
import { DampingExponent, ElasticLaw } from './normal/law.js';
import type { KernelTable } from './contact-table.js';

/**
 * Layout of the per-contact history: tangential spring force F_s (N), rolling torque M_r (N m), then one scalar of the
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
 * What a compiled kernel is specialised for, read once at set-up from the contact table (and the scenario's
 * outputs): a part no contact class uses is left out of the code, and a law every class shares is written without
 * the per-contact switch. `null` keeps the switch on the class's id (several laws in one scenario).
 */
export interface KernelFeatures {
  /** ElasticLaw id of every class, or null */
  elastic: number | null;
  /** DampingExponent id of every class, or null */
  exponent: number | null;
  /** some class has friction μ > 0 */
  friction: boolean;
  /** some class has rolling resistance μ_r > 0 */
  rolling: boolean;
  /** F_n is clamped at 0 ("no-tension"), or null: read from the table */
  noTension: boolean | null;
  /** collision records are kept (outputs.impacts): |v_t| is needed */
  impacts: boolean;
  /** sphere pairs act through periodic images (the pair kernel reads the image shift) */
  periodic: boolean;
}

/** The features of a contact table, the scenario's outputs and its boundaries: only what the run uses. */
export function kernelFeatures(table: KernelTable, trackImpacts: boolean, periodic: boolean): KernelFeatures {
  const shared = (ids: Uint8Array) => (ids.every((id) => id === ids[0]) ? ids[0] : null);
  return {
    elastic: shared(table.elastic),
    exponent: shared(table.exponent),
    friction: table.friction.some((mu) => mu > 0),
    rolling: table.rollingFriction.some((mu) => mu > 0),
    noTension: table.noTension,
    impacts: trackImpacts,
    periodic,
  };
}

/**
 * A kernel compiled for `f`, made once per thread and kept: every Simulation of a process (calibrate and impact
 * run many) then shares code V8 has already optimised, instead of compiling and warming a new copy.
 */
export function compiledFor<K>(cache: Map<string, K>, f: KernelFeatures, compile: () => K): K {
  const key = JSON.stringify(f);
  let kernel = cache.get(key);
  if (kernel === undefined) {
    kernel = compile();
    cache.set(key, kernel);
  }
  return kernel;
}

/** Every part, every switch: what a caller that does not know the table gets (tests, one-off evaluations). */
export const ALL_FEATURES: KernelFeatures = {
  elastic: null, exponent: null, friction: true, rolling: true, noTension: null, impacts: true, periodic: true,
};

/**
 * JavaScript statements of the contact law for one contact, specialised for `f`. The kernels that embed them
 * (contacts/pair-kernel.ts, and compileContactLaw below for sphere–wall contacts) must have in scope:
 *   delta, nx, ny, nz, vx, vy, vz, wx, wy, wz (CONTACT slots, by the same names), K (stiffness), c (damping),
 *   ktCoef (8G*√R_eff), reff, ri, rj (lever arms), cls, hist, h (history offset), dt, table (KernelTable).
 * They declare: fn (normal force), vn (v·n; the approach speed δ̇ is −vn), slip (|v_t|, 0 unless f.impacts),
 * fx, fy, fz (force on the first body),
 * t1x, t1y, t1z and t2x, t2y, t2z (torques on the first and second body).
 * The arithmetic, and its order, is the module comment's; any specialisation computes the same bits.
 */
export function contactLawSource(f: KernelFeatures): string {
  return `
    let fn = 0, slip = 0, fx = 0, fy = 0, fz = 0, t1x = 0, t1y = 0, t1z = 0, t2x = 0, t2y = 0, t2z = 0;
    const vn = vx * nx + vy * ny + vz * nz;
    {
      const sqrtDelta = Math.sqrt(delta);
      let g = 0;
      ${dampingShapeSource(f.exponent)}
      const eta = c * g;
      let fel = 0;
      ${elasticForceSource(f.elastic)}
      fn = fel - eta * vn; // δ̇ = −v_n
      if (fn < 0 && ${f.noTension === null ? 'table.noTension' : f.noTension}) fn = 0;
      const vtx = vx - vn * nx, vty = vy - vn * ny, vtz = vz - vn * nz;
      ${f.impacts ? 'slip = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);' : ''}
      // The caps of friction and rolling resistance scale with |F_n|: under "free" the force may pull.
      const capForce = Math.abs(fn);
      let ftx = 0, fty = 0, ftz = 0;
      ${f.friction ? tangentialSource() : ''}
      // The lever −n × F_t, then the total force on the first body.
      const lx = -(ny * ftz - nz * fty);
      const ly = -(nz * ftx - nx * ftz);
      const lz = -(nx * fty - ny * ftx);
      fx = fn * nx + ftx;
      fy = fn * ny + fty;
      fz = fn * nz + ftz;
      let mx = 0, my = 0, mz = 0;
      ${f.rolling ? rollingSource(f.elastic) : ''}
      t1x = ri * lx + mx; t1y = ri * ly + my; t1z = ri * lz + mz;
      t2x = rj * lx - mx; t2y = rj * ly - my; t2z = rj * lz - mz;
    }`;
}

/**
 * g(δ) of the damping term c·g(δ)·δ̇ into \`g\`; 1/4 and 1/2 by square roots (3–5× faster than Math.pow). The
 * Hunt–Crossley family keeps v₀ in the history: the approach speed at first touch, floored, and raised whenever a
 * third body drives the contact closed faster (an isolated impact only decelerates while loading, so there it
 * stays the first-touch speed). Keeping δ̇/v₀ <= 1 while loading bounds the damping force by Z·F_el: without it a
 * contact that closed slowly and is then rammed in a dense bed gets a damping rate beyond explicit stability
 * (measured in the 2 000-sphere pour of test/engine/determinism.test.ts).
 */
function dampingShapeSource(exponent: number | null): string {
  const shapes: [number, string][] = [
    [DampingExponent.quarter, 'g = Math.sqrt(sqrtDelta);'],
    [DampingExponent.half, 'g = sqrtDelta;'],
    [DampingExponent.bordbar, 'g = Math.pow(delta, 0.65);'],
    [DampingExponent.hysteresis, `{
        let v0 = hist[h + ${HISTORY.lawState}];
        if (-vn > v0 || v0 === 0) {
          v0 = Math.max(-vn, v0, table.minimumImpactSpeed[cls]);
          hist[h + ${HISTORY.lawState}] = v0;
        }
        g = (delta * sqrtDelta) / v0;
      }`],
    [DampingExponent.quarterLoading, 'g = vn < 0 ? Math.sqrt(sqrtDelta) : 0;'],
    [DampingExponent.zero, 'g = 1;'],
  ];
  if (exponent !== null) return shapes.find(([id]) => id === exponent)?.[1] ?? '';
  return `switch (table.exponent[cls]) {
        ${shapes.map(([id, code]) => `case ${id}: ${code} break;`).join('\n        ')}
      }`;
}

/**
 * F_el(δ) into \`fel\`. Permanent indentation (Lankarani 1994, Eqs 11–19; docs/physics.md §5.3): Hertz while δ
 * reaches a new maximum δ_m (kept in the history), else f_m[(δ−δ_p)/(δ_m−δ_p)]^{3/2} with f_m = Kδ_m^{3/2},
 * δ_p = (1−e²)δ_m, and 0 below δ_p; the unloading work is then e² times the loading work, so the rebound speed
 * is e·v₀.
 */
function elasticForceSource(elastic: number | null): string {
  const laws: [number, string][] = [
    [ElasticLaw.hertz, 'fel = K * delta * sqrtDelta;'],
    [ElasticLaw.linear, 'fel = K * delta;'],
    [ElasticLaw.plasticHertz, `{
        const peak = hist[h + ${HISTORY.lawState}];
        if (delta >= peak) {
          hist[h + ${HISTORY.lawState}] = delta;
          fel = K * delta * sqrtDelta;
        } else {
          const set = table.plasticSet[cls] * peak;
          if (delta > set) {
            const x = (delta - set) / (peak - set);
            fel = K * peak * Math.sqrt(peak) * x * Math.sqrt(x);
          }
        }
      }`],
  ];
  if (elastic !== null) return laws.find(([id]) => id === elastic)![1];
  return `switch (table.elastic[cls]) {
        ${laws.map(([id, code]) => `case ${id}: ${code} break;`).join('\n        ')}
      }`;
}

/**
 * History vectors live in the tangent plane of their contact; as the normal turns, the stored vector (hx, hy, hz)
 * is rotated back into the current plane with its length kept (docs/physics.md §9.3, §9.7).
 */
const ROTATE_INTO_TANGENT_PLANE = `{
          const oldLen2 = hx * hx + hy * hy + hz * hz;
          if (oldLen2 !== 0) {
            const along = hx * nx + hy * ny + hz * nz;
            hx -= along * nx; hy -= along * ny; hz -= along * nz;
            const newLen2 = hx * hx + hy * hy + hz * hz;
            const scale = newLen2 > 0 ? Math.sqrt(oldLen2 / newLen2) : 0;
            hx = hx * scale; hy = hy * scale; hz = hz * scale;
          }
        }`;

/**
 * Tangential spring force F_s (hist[h .. h+2]) and Coulomb cap, into (ftx, fty, ftz):
 * F_s −= k_t v_t dt with k_t = 8G*√(R_eff δ), F_t = F_s − η_t v_t with η_t the normal damping c g(δ), cap μ F_n;
 * after the cap F_s = F_t + η_t v_t keeps the spring consistent with the capped force (docs/physics.md §9.3–§9.5).
 */
function tangentialSource(): string {
  return `const mu = table.friction[cls];
      if (mu > 0) {
        let hx = hist[h + ${HISTORY.tangential}], hy = hist[h + ${HISTORY.tangential + 1}], hz = hist[h + ${HISTORY.tangential + 2}];
        ${ROTATE_INTO_TANGENT_PLANE}
        const kt = ktCoef * sqrtDelta, cap = mu * capForce;
        hx -= kt * vtx * dt; hy -= kt * vty * dt; hz -= kt * vtz * dt;
        ftx = hx - eta * vtx;
        fty = hy - eta * vty;
        ftz = hz - eta * vtz;
        const ft2 = ftx * ftx + fty * fty + ftz * ftz;
        if (ft2 > cap * cap) {
          const s = ft2 > 0 ? cap / Math.sqrt(ft2) : 0;
          ftx *= s; fty *= s; ftz *= s;
          hx = ftx + eta * vtx;
          hy = fty + eta * vty;
          hz = ftz + eta * vtz;
        }
        hist[h + ${HISTORY.tangential}] = hx; hist[h + ${HISTORY.tangential + 1}] = hy; hist[h + ${HISTORY.tangential + 2}] = hz;
      }`;
}

/**
 * EPSD rolling resistance with history M_r (hist[h+3 .. h+5]) into (mx, my, mz), the torque on the first body:
 * k_r = 2.25 μ_r² k_n R_eff², k_n = dF_el/dδ (k for a linear spring, (3/2)K√δ for the Hertz-type springs),
 * M_r −= k_r ω_r dt with ω_r the tangential part of ω_i − ω_j, capped at μ_r R_eff F_n.
 */
function rollingSource(elastic: number | null): string {
  const kn = elastic === null ? `table.elastic[cls] === ${ElasticLaw.linear} ? K : 1.5 * K * sqrtDelta`
    : elastic === ElasticLaw.linear ? 'K' : '1.5 * K * sqrtDelta';
  return `const muRoll = table.rollingFriction[cls];
      if (muRoll > 0) {
        let hx = hist[h + ${HISTORY.rolling}], hy = hist[h + ${HISTORY.rolling + 1}], hz = hist[h + ${HISTORY.rolling + 2}];
        ${ROTATE_INTO_TANGENT_PLANE}
        const kn = ${kn};
        const kr = 2.25 * muRoll * muRoll * kn * reff * reff, cap = muRoll * reff * capForce;
        const wn = wx * nx + wy * ny + wz * nz;
        hx -= kr * (wx - wn * nx) * dt;
        hy -= kr * (wy - wn * ny) * dt;
        hz -= kr * (wz - wn * nz) * dt;
        const m2 = hx * hx + hy * hy + hz * hz;
        if (m2 > cap * cap) {
          const s = m2 > 0 ? cap / Math.sqrt(m2) : 0;
          hx *= s; hy *= s; hz *= s;
        }
        hist[h + ${HISTORY.rolling}] = hx; hist[h + ${HISTORY.rolling + 1}] = hy; hist[h + ${HISTORY.rolling + 2}] = hz;
        mx = hx; my = hy; mz = hz;
      }`;
}

/** One contact evaluated from its CONTACT block into OUT slots, its history advanced in place (hist[h ..]). */
export type ContactLaw = (
  out: Float64Array, hist: Float64Array, h: number, table: KernelTable, cls: number, contact: Float64Array, dt: number,
) => void;

/**
 * The law for callers that describe one contact at a time (sphere–wall contacts, tests): reads the CONTACT block,
 * runs contactLawSource(f), writes the OUT slots.
 */
export function compileContactLaw(f: KernelFeatures): ContactLaw {
  return compiledFor(compiledLaws, f, () => lawFunction(f));
}

const compiledLaws = new Map<string, ContactLaw>();

function lawFunction(f: KernelFeatures): ContactLaw {
  const read = Object.entries(CONTACT).map(([name, slot]) => `const ${name} = contact[${slot}];`).join(' ');
  const source = `
    ${read}
    const K = stiffness, c = damping, ktCoef = tangentialCoefficient, ri = radiusFirst, rj = radiusSecond;
    ${contactLawSource(f)}
    out[${OUT.force}] = fx; out[${OUT.force + 1}] = fy; out[${OUT.force + 2}] = fz;
    out[${OUT.torqueFirst}] = t1x; out[${OUT.torqueFirst + 1}] = t1y; out[${OUT.torqueFirst + 2}] = t1z;
    out[${OUT.torqueSecond}] = t2x; out[${OUT.torqueSecond + 1}] = t2y; out[${OUT.torqueSecond + 2}] = t2z;
    out[${OUT.normalForce}] = fn; out[${OUT.slipSpeed}] = slip;`;
  return new Function('out', 'hist', 'h', 'table', 'cls', 'contact', 'dt', source) as ContactLaw;
}
