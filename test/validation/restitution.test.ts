/** The restitution of every normal law against its exact relation, as the validation report checks it. */
import { describe, expect, it } from 'vitest';
import { hysteresisRestitution, RESTITUTION_CASES } from '../../src/validation/restitution.js';
import { expectCaseHolds } from './expect-case.js';

describe('restitution of every law (src/validation/restitution.ts)', () => {
  it('the reference relation reproduces docs/physics.md §4.4 (Hunt–Crossley Z = 0.45 → 0.768, Gharib–Hurmuzlu 1/0.7 → 0.501)', () => {
    expect(hysteresisRestitution(0.45)).toBeCloseTo(0.768, 3);
    expect(hysteresisRestitution(1 / 0.7)).toBeCloseTo(0.501, 3);
  });
  for (const c of RESTITUTION_CASES) it(c.title, () => expectCaseHolds(c), 120_000);
});
