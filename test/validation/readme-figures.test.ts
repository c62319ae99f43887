/**
 * Every scenario result README quotes comes from a command: `npm run validate` lists, in the committed report
 * (docs/validation/README.md, "Figures README quotes"), each result as README writes it, and README must carry
 * each one verbatim. Re-running the report after a change that moves a result makes this fail until README follows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** README with its line breaks as spaces: a figure may wrap. */
const README = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
const REPORT = readFileSync('docs/validation/README.md', 'utf8');

function reportFigures(): string[] {
  const section = REPORT.split('## Figures README quotes')[1]?.split('\n## ')[0] ?? '';
  return section.split('\n').filter((line) => line.startsWith('- ')).map((line) => line.replace(/^- [\w-]+: /, ''));
}

describe("README quotes the validation report's figures", () => {
  it('the report lists figures', () => {
    expect(reportFigures().length).toBeGreaterThan(0);
  });
  it('README carries every figure the report lists, as the report writes it', () => {
    expect(reportFigures().filter((f) => !README.includes(f))).toEqual([]);
  });
});
