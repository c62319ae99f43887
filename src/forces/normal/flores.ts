/**
 * Flores et al. (2011) = Ye, Li & Zhu (2009): Z = 8(1−e)/(5e) (seed 001 Table 1, Eq 40; seed 002 Eqs 45–47;
 * seed 003 Eqs 5.61–5.62; seed 000 Eq 31; contact-models.md §3.4, §6.3: velocity profile a = 2, b = 2).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const flores: HysteresisLaw = { model: 'flores', factor: (e) => (8 * (1 - e)) / (5 * e) };
