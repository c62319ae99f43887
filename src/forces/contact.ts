/**
 * The contact law's interface on the JavaScript side: the layouts of the per-contact history and of the
 * one-contact blocks (described with every layout the kernel shares in src/kernel-interface/spec.json), and the
 * features a run uses. The law itself — normal force, tangential friction and rolling resistance of one contact
 * (docs/physics.md §2, §9) — is written once, in the WebAssembly kernel (src/kernel/law.ts, its formulas in the
 * module comment there); the pair pass and the sphere–wall contacts inline it, tests and one-off evaluations call
 * its one-contact entry through the CONTACT and OUT blocks below (forces/kernel-instance.ts createContactLaw).
 *
 * Conventions: n is the unit normal pointing from body j to body i; δ > 0 is the overlap; δ̇ = −v_rel·n > 0
 * while approaching; v_rel is the velocity of i's contact point minus j's. A wall is the second body: R_eff = R,
 * m* = m, no spin (docs/physics.md §1.6).
 */
import type { KernelTable } from './contact-table.js';
import { DampingExponent, ElasticLaw } from './normal/law.js';
import { HISTORY, HISTORY_STRIDE, TangentialModel } from '../kernel-interface/layout.js';
import type { ContactInput } from './contact-spec.js';
import { mindlinDeresiewicz } from './tangential/mindlin-deresiewicz.js';

/**
 * HISTORY: the per-contact history, zeroed when a contact ends; CONTACT and OUT: the inputs and outputs of one
 * contact evaluation, the lane's blocks filled and read around the kernel's one-contact law, so the law reads named
 * values instead of twenty positional arguments.
 */
export { CONTACT, CONTACT_LENGTH, HISTORY, HISTORY_STRIDE, OUT, OUT_LENGTH } from '../kernel-interface/layout.js';

/**
 * The history of a contact that has only the tangential spring (HISTORY.tangential, first): a run without rolling
 * resistance whose laws keep no scalar stores it alone (historyStride), 24 bytes a contact; a run without micro-slip
 * stores everything but the spring row of mindlin-deresiewicz (56 bytes); a run with it the whole record.
 */
export const SPRING_HISTORY_STRIDE = HISTORY.rolling;
export const PLAIN_HISTORY_STRIDE = HISTORY.reach;
/** The springs of mindlin-deresiewicz's row (docs/physics.md §9.9): a tangential displacement vector each. */
export const SPRING_ROW_COUNT = (HISTORY_STRIDE - HISTORY.springs) / 3;
/**
 * Whether history slot `c` belongs to a vector (the spring force, the rolling torque, the row's displacements): those
 * change sign when the two bodies of a contact swap roles. The row's reach is a length and keeps its sign.
 */
export function isVectorSlot(c: number): boolean {
  return (c >= HISTORY.tangential && c < HISTORY.tangential + 3) || (c >= HISTORY.rolling && c < HISTORY.rolling + 3)
    || c >= HISTORY.springs;
}

/**
 * What the run uses, read once at set-up from the contact table (and the scenario's outputs) and bound into every
 * kernel instance: a part no contact class uses is skipped, and a law every class shares is not looked up per
 * contact. `null`: the classes differ, each contact reads its class's id. Skipping changes no result
 * (test/forces/compiled-law.test.ts).
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
  /** some class has friction with the tangential model mindlin-deresiewicz (HISTORY.reach and HISTORY.springs) */
  microSlip: boolean;
  /** some class's normal law keeps a scalar in the history (HISTORY.lawState) */
  lawState: boolean;
  /** collision records are kept (outputs.impacts) */
  impacts: boolean;
  /** with `impacts`, every field of the records (times, slips: |v_t| is needed, spins), not only the statistics' */
  fullImpactRecords: boolean;
  /** sphere pairs act through periodic images (the pair kernel reads the image shift) */
  periodic: boolean;
}

/**
 * The features of a contact table, the scenario's outputs and its boundaries: only what the run uses. Collision
 * records are full unless the caller says it reads only their statistics (`fullImpactRecords` false).
 */
export function kernelFeatures(
  table: KernelTable, trackImpacts: boolean, periodic: boolean, fullImpactRecords = true,
): KernelFeatures {
  const shared = (ids: Uint8Array) => (ids.every((id) => id === ids[0]) ? ids[0] : null);
  return {
    elastic: shared(table.elastic),
    exponent: shared(table.exponent),
    friction: table.friction.some((mu) => mu > 0),
    rolling: table.rollingFriction.some((mu) => mu > 0),
    microSlip: table.tangential.some((id, cls) => id === TangentialModel.mindlinDeresiewicz && table.friction[cls] > 0),
    lawState: table.exponent.some((id) => id === DampingExponent.hysteresis)
      || table.elastic.some((id) => id === ElasticLaw.plasticHertz),
    impacts: trackImpacts,
    fullImpactRecords: trackImpacts && fullImpactRecords,
    periodic,
  };
}

/** Every part, every lookup: what a caller that does not know the table gets (tests, one-off evaluations). */
export const ALL_FEATURES: KernelFeatures = {
  elastic: null, exponent: null, friction: true, rolling: true, microSlip: true, lawState: true, impacts: true,
  fullImpactRecords: true, periodic: true,
};

/** Doubles of history per contact in a run with features `f`: the whole layout, all but the spring row, or the spring alone. */
export function historyStride(f: KernelFeatures): number {
  if (f.microSlip) return HISTORY_STRIDE;
  return f.rolling || f.lawState ? PLAIN_HISTORY_STRIDE : SPRING_HISTORY_STRIDE;
}

/**
 * The longest history per contact a scenario's contact models can need, read from the scenario before its contact
 * table exists (the run's memory budget): the spring row when any contact model names `mindlin-deresiewicz`, else
 * the most a run without micro-slip keeps.
 */
export function scenarioHistoryStride({ contact, contactPairs }: Pick<ContactInput, 'contact' | 'contactPairs'>): number {
  const microSlip = [contact, ...contactPairs].some((c) => c.tangential?.model === mindlinDeresiewicz.model);
  return microSlip ? HISTORY_STRIDE : PLAIN_HISTORY_STRIDE;
}

/** One contact of class `cls` evaluated from its CONTACT block into OUT slots, its history advanced in place (hist[h ..]). */
export type ContactLaw = (
  out: Float64Array, hist: Float64Array, h: number, cls: number, contact: Float64Array, dt: number,
) => void;
