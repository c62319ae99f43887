/**
 * Chung & Ooi's benchmarks 1–8 through the engine, with the tolerances the validation report states
 * (src/validation/chung-ooi.ts): the same cases and checks `npm run validate` runs, not copies of them.
 */
import { describe, it } from 'vitest';
import { CHUNG_OOI_CASES } from '../../src/validation/chung-ooi.js';
import { expectCaseHolds } from './expect-case.js';

describe('Chung & Ooi (2011) benchmarks', () => {
  for (const c of CHUNG_OOI_CASES.filter((k) => !k.long)) {
    it(c.title, () => expectCaseHolds(c), 120_000);
  }
});
