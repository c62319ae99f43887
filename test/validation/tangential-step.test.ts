/**
 * The tangential contact at the automatic step and Mindlin–Deresiewicz against its independent integration
 * (src/validation/tangential-step.ts), with the tolerances the validation report states.
 */
import { describe, it } from 'vitest';
import { TANGENTIAL_CASES } from '../../src/validation/tangential-step.js';
import { expectCaseHolds } from './expect-case.js';

describe('tangential contact', () => {
  for (const c of TANGENTIAL_CASES) it(c.title, () => expectCaseHolds(c), 120_000);
});
