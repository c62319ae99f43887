/**
 * Gharib & Hurmuzlu (2012): Z = 1/e (seed 000 Eq 33; seed 001 Table 1; seed 003 Eq 5.57; contact-models.md §3.4).
 * Good only at low e; it still dissipates at e = 1 (delivers 0.594, §6.2).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const gharibHurmuzlu: HysteresisLaw = { model: 'gharib-hurmuzlu', factor: (e) => 1 / e };
