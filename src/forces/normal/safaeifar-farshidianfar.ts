/**
 * Safaeifar & Farshidianfar (2020): Z = 5(1−e)/(4e) (seed 001 Eqs 54–62; seed 003 Eqs 5.65–5.66;
 * contact-models.md §3.4, §6.3: profile a = 3/2, b = 11/2, exact coefficient 1.2578 rounded to 5/4 as published).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const safaeifarFarshidianfar: HysteresisLaw = {
  model: 'safaeifar-farshidianfar',
  factor: (e) => (5 * (1 - e)) / (4 * e),
};
