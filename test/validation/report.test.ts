/** The report's text: every check a row, open disagreements marked, cases left out said so, figures listed. */
import { describe, expect, it } from 'vitest';
import { absolute, check, markOpen, shown, type ValidationCase } from '../../src/validation/checks.js';
import { allPass, reportMarkdown, reportTable } from '../../src/validation/report.js';

const plot = { title: 't', x: { label: 'x' }, y: { label: 'y' }, series: [] };
const one: ValidationCase = { id: 'one', module: import.meta.url, title: 'Case one', long: false, run: () => ({ checks: [], plot }) };
const two: ValidationCase = { id: 'two', module: import.meta.url, title: 'Case two', long: true, run: () => ({ checks: [], plot }) };
const tolerance = absolute(0.01, 'because');

describe('validation report', () => {
  const passing = check('e', 'exact', 0.5, 0.505, tolerance);
  const failing = markOpen([check('β', 'rigid', 0.2, 0.3, tolerance)], 'open: under study')[0];

  it('a failing check fails the report, open or not', () => {
    expect(allPass([{ case: one, checks: [passing] }])).toBe(true);
    expect(allPass([{ case: one, checks: [passing, failing] }])).toBe(false);
  });

  it('writes one row per check, the reason of each tolerance, the open note, skipped cases and figures', () => {
    const text = reportMarkdown([
      { case: one, checks: [passing, failing], figures: ['p = 2.08'] },
      { case: two, checks: [], skipped: 'long case, left out by --fast' },
    ]);
    expect(text).toContain('| [one](#one) | e | exact: 0.5 | 0.505 | 0.005 | 0.01 | pass |');
    expect(text).toContain('| [one](#one) | β | rigid: 0.2 | 0.3 | 0.1 | 0.01 | FAIL (open) |');
    expect(text).toContain('because');
    expect(text).toContain('**open: under study.**');
    expect(text).toContain('not run: long case, left out by --fast');
    expect(text).toContain('- one: p = 2.08');
    expect(text).toContain('![Case one](one.svg)');
    expect(reportTable([{ case: one, checks: [passing] }]).split('\n')).toHaveLength(2);
  });

  it('a row shown, not checked, never fails the report and says why it is not a check', () => {
    const row = shown('k', 'range 1 to 3', 1.5, 40, 'no plausible value falls outside');
    expect(allPass([{ case: one, checks: [passing, row] }])).toBe(true);
    const text = reportMarkdown([{ case: one, checks: [passing, row] }]);
    expect(text).toContain('| [one](#one) | k | range 1 to 3: 1.5 | 40 | 38.5 | – | shown, not checked |');
    expect(text).toContain('- k: shown, not checked — no plausible value falls outside.');
    expect(text).toContain('1 checks, 0 failing; 1 rows shown, not checked.');
  });

  it('names each commit the outcomes were produced at, with its cases, and none for a case not run', () => {
    const text = reportMarkdown([
      { case: one, checks: [passing], provenance: { commit: 'a'.repeat(40), dirty: false } },
      { case: { ...two, id: 'three' }, checks: [passing], provenance: { commit: 'b'.repeat(40), dirty: true } },
      { case: two, checks: [passing], provenance: { commit: 'a'.repeat(40), dirty: false } },
      { case: { ...two, id: 'four' }, checks: [], skipped: 'left out by --leave-out' },
    ]);
    expect(text).toContain('The outcomes were produced at:\n\n'
      + `- commit ${'a'.repeat(12)}: one, two\n- commit ${'b'.repeat(12)} with uncommitted changes: three\n\nEach was checked current`);
    expect(text).not.toMatch(/commit .*four/);
  });
});
