/**
 * What the force kernel needs to know about a normal contact law, resolved once per material pair.
 *
 * Every law here has the form F_n = K·δ^{3/2} + c·δ^m·δ̇   (contact-models.md §3.3, §5)
 * with K = (4/3)E*√R_eff (Hertz, §2). The damping coefficient c may depend on the pair's K, effective mass m*
 * and effective radius R_eff; it is written as a power product so the kernel can evaluate it once per pair
 * at neighbour-list rebuilds:  c = dampingScale · K^kPower · m*^massPower · R_eff^radiusPower.
 */
import type { NormalLawSpec } from '../../scenario/schema.js';

export type NormalModelName = NormalLawSpec['model'];

/** Numeric ids of the damping exponent m, switched on in the kernel's hot loop (no Math.pow for 1/4, 1/2). */
export const DampingExponent = {
  none: 0,
  /** m = 1/4: Tsuji */
  quarter: 1,
  /** m = 1/2: Kuwabara–Kono, Brilliantov */
  half: 2,
  /** m = 0.65: Bordbar–Hyppänen */
  bordbar: 3,
} as const;
export type DampingExponentId = (typeof DampingExponent)[keyof typeof DampingExponent];

export interface NormalLawCoefficients {
  model: NormalModelName;
  dampingExponent: DampingExponentId;
  dampingScale: number;
  kPower: number;
  massPower: number;
  radiusPower: number;
  /** Derived constants to report in the resolved scenario.json (α, β*, A, χ, …), with units in the key names. */
  derived: Record<string, number | string>;
}

/** The damping exponent m as a number, for reporting and for reference integrations. */
export function dampingExponentValue(id: DampingExponentId): number {
  return [0, 0.25, 0.5, 0.65][id];
}
