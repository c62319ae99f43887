/**
 * Herbert & McWhannell (1977): Z = 6(1−e)/[(2e−1)² + 3] (seed 002 Eqs 31–32; seed 003 Eqs 5.18–5.19;
 * contact-models.md §3.4). Seed 000 Eq 25 prints (e−1)² + 3; the (2e−1)² form of the two other seeds is used
 * (discrepancy D4).
 */
import type { HysteresisLaw } from './hysteresis.js';

export const herbertMcWhannell: HysteresisLaw = {
  model: 'herbert-mcwhannell',
  factor: (e) => (6 * (1 - e)) / ((2 * e - 1) ** 2 + 3),
};
