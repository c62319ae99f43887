/**
 * Zhang & Sharf (2004), exact: Z = h(e), the root of h(1+e) = ln[(1+h)/(1−eh)] (seed 001 Eq 39; seed 003 near
 * Eq 5.23; contact-models.md §3.4, §6.1), solved by Newton once per material pair. Luo & Nahon (seed 000 Eq 32,
 * seed 003 Eqs 5.29–5.30) and Khatiwada et al. (seed 000 Eq 34, seed 003 Eq 5.31) write the same relation, so they
 * are this law. Seed 000 Eq 29 misprints it (2Cv₀e for Cv₀(1+e)), which has only the trivial root (D6).
 * Delivers the target e exactly for an impact without external forces.
 */
import { exactHysteresisFactor, type HysteresisLaw } from './hysteresis.js';

export const zhangSharf: HysteresisLaw = { model: 'zhang-sharf', factor: exactHysteresisFactor };
