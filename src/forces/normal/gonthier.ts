/**
 * Gonthier et al. (2004): Z = d/e, with d the root of (1 + d/e)/(1 − d) = exp[d(1 + 1/e)] (seed 003 Eq 5.23;
 * contact-models.md §3.4) — which is the exact relation of §6.1 with h = d/e, so `"form": "exact"` (default)
 * delivers e exactly — or the approximation d ≈ 1 − e², Z = (1 − e²)/e (`"form": "approximate"`, seed 002
 * Eqs 39–42, used in the seeds' worked examples §7.1, §7.4). Seed 002 Eq 40 misprints the implicit equation (D5).
 */
import { exactHysteresisFactor, type HysteresisLaw } from './hysteresis.js';

export const gonthier: HysteresisLaw = {
  model: 'gonthier',
  factor: (e, spec) => (spec.form === 'approximate' ? (1 - e * e) / e : exactHysteresisFactor(e)),
  options: ['form'],
};
