/**
 * A validation case as a test: every check passes, except those marked open (a known disagreement), which must
 * still fail — when one passes, the fix should remove its mark (src/validation/checks.ts, Check.open).
 */
import { expect } from 'vitest';
import type { Check, ValidationCase } from '../../src/validation/checks.js';

const describeCheck = (k: Check) => `${k.quantity}: ${k.value} against ${k.reference} ${k.referenceValue} `
  + `(error ${k.error}, tolerance ${k.tolerance})`;

export async function expectCaseHolds(c: ValidationCase): Promise<void> {
  const { checks } = await c.run({});
  expect(checks.length).toBeGreaterThan(0);
  expect(checks.filter((k) => k.open === undefined && !k.pass).map(describeCheck)).toEqual([]);
  expect(checks.filter((k) => k.open !== undefined && k.pass).map(describeCheck), 'open checks that now pass').toEqual([]);
}
