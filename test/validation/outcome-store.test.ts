/**
 * A stored outcome (src/validation/outcome-store.ts) reads back to the same bits, is written the same way whatever
 * order its fields were built in, and a corrupt or foreign file is refused in one line naming the file and field.
 */
import { describe, expect, it } from 'vitest';
import { absolute, check, shown } from '../../src/validation/checks.js';
import { OUTCOME_FORMAT, OutcomeFileError, outcomeText, parseOutcome, type StoredOutcome } from '../../src/validation/outcome-store.js';

const outcome: StoredOutcome = {
  format: OUTCOME_FORMAT, id: 'case', commit: 'a'.repeat(40), dirty: false, ranAt: '2026-11-28T05:00:00.000Z',
  inputDigest: 'b'.repeat(64), dataFiles: ['scenarios/pile.json'],
  // a shown row has a NaN tolerance; a failed run an infinite error; a signed zero survives
  checks: [check('e', 'exact', 0.1 + 0.2, -0, absolute(0.01, 'why')), shown('k', 'range', 1.5, Number.POSITIVE_INFINITY, 'cannot fail')],
  figures: ['p = 2.08'],
  plot: { title: 't', x: { label: 'x' }, y: { label: 'y', log: true }, series: [{ name: 's', x: [1, 2], y: [Number.NaN, 1e-300], mark: 'point' }] },
};

describe('stored outcome of a validation case', () => {
  it('reads back to the same values, bit for bit', () => {
    const back = parseOutcome(outcomeText(outcome), 'case.json', 'case');
    expect(back).toEqual(outcome);
    expect(Object.is(back.checks[0].value, -0)).toBe(true);
    expect(back.checks[0].referenceValue).toBe(0.1 + 0.2);
    expect(Number.isNaN(back.checks[1].tolerance)).toBe(true);
    expect(back.checks[1].value).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(back.plot.series[0].y[0])).toBe(true);
  });

  it('is written the same whatever order its fields were built in, provenance first', () => {
    const reordered = Object.fromEntries(Object.entries(outcome).reverse()) as unknown as StoredOutcome;
    reordered.checks = outcome.checks.map((c) => Object.fromEntries(Object.entries(c).reverse()) as typeof c);
    expect(outcomeText(reordered)).toBe(outcomeText(outcome));
    expect(Object.keys(JSON.parse(outcomeText(outcome)) as object).slice(0, 7))
      .toEqual(['format', 'id', 'commit', 'dirty', 'ranAt', 'inputDigest', 'dataFiles']);
    expect(outcomeText(outcome)).toContain('"x": [1, 2]');
  });

  it('refuses a corrupt or foreign file in one line naming the file and the field', () => {
    const text = outcomeText(outcome);
    const refusal = (t: string, id = 'case') => {
      try {
        parseOutcome(t, 'outcomes/case.json', id);
      } catch (error) {
        expect(error).toBeInstanceOf(OutcomeFileError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(text.slice(0, 50))).toMatch(/^outcomes\/case\.json: not JSON \(/);
    expect(refusal(text.replace(OUTCOME_FORMAT, 'something else'))).toMatch(/^outcomes\/case\.json: not a stored validation outcome: field format must be "grainflow validation outcome, version 1"/);
    expect(refusal(text, 'other')).toBe('outcomes/case.json: holds the outcome of case "case", not "other"');
    expect(refusal(text.replace('b'.repeat(64), 'b'.repeat(63)))).toMatch(/field inputDigest must be 64 hexadecimal digits/);
    expect(refusal(text.replace('"value": { "number": "-0" }', '"value": "0"'))).toMatch(/field checks\.0\.value must be a number/);
    expect(refusal('[]')).toMatch(/^outcomes\/case\.json: not a stored validation outcome: the file /);
    for (const message of [refusal(text.slice(0, 50)), refusal('[]')]) expect(message).not.toContain('\n');
  });
});
