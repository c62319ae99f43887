/**
 * `npm run validate` case by case (src/validation/validate.ts), on three small cases in a temporary build tree and
 * report folder: a full run stores every outcome and writes the README from them, identical to the README rendered
 * from the results directly; `only` rewrites the README and every plot from the store when every other outcome is
 * current, and leaves the README untouched, naming each case to rerun and why, when one is missing, stale (its
 * code or a scenario it read changed) or corrupt; `check` says which outcomes are current.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { renderLinePlotSvg } from '../../src/plot/line-plot.js';
import { absolute, check, definedIn, shown, type CaseResult, type ValidationCase } from '../../src/validation/checks.js';
import { outcomeFile } from '../../src/validation/outcome-store.js';
import { reportMarkdown } from '../../src/validation/report.js';
import { readScenarioFile } from '../../src/validation/scenario-run.js';
import { validate, type ValidateIo, type ValidateOptions } from '../../src/validation/validate.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-validate-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const PROVENANCE = { commit: '0123456789abcdef0123456789abcdef01234567', dirty: false };

/** A build tree with one module per case, a helper only `fast` imports, a plot module and a scenario `slow` reads. */
function buildTree(): string {
  const root = fs.mkdtempSync(path.join(scratch, 'build-'));
  const files: Record<string, string> = {
    'src/validation/fast.js': "import { tolerance } from './tolerance.js';\nexport const fast = tolerance;\n",
    'src/validation/tolerance.js': 'export const tolerance = 0.01;\n',
    'src/validation/slow.js': 'export const slow = 1;\n',
    'src/validation/other.js': "import { plot } from '../plot/line-plot.js';\nexport const other = plot;\n",
    'src/plot/line-plot.js': 'export const plot = 1;\n',
    'scenarios/slow.json': '{"contact": {"friction": 0.5}}\n',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const plotOf = (value: number) => ({ title: 'a plot', x: { label: 'x' }, y: { label: 'y' }, series: [{ name: 'grainflow', x: [0, 1], y: [0, value] }] });

/** The three cases; `value` is what the next run of each gives, so a test can tell a rerun from a stored outcome. */
function casesIn(root: string, value: Record<string, number>): ValidationCase[] {
  const result = (id: string): CaseResult => ({
    checks: [check(`${id} e`, 'exact', 0.5, value[id], absolute(0.01, 'because')), shown(`${id} k`, 'range', 1.5, Number.NaN, 'shown')],
    figures: [`${id} = ${value[id]}`], plot: plotOf(value[id]),
  });
  const scenario = path.join(root, 'scenarios/slow.json');
  const at = (name: string) => pathToFileURL(path.join(root, 'src/validation', name)).href;
  return [
    ...definedIn(at('fast.js'), [{ id: 'fast', title: 'A fast case', long: false, run: () => result('fast') }]),
    ...definedIn(at('slow.js'), [{ id: 'slow', title: 'A slow case', long: true, run: () => { readScenarioFile(scenario); return result('slow'); } }]),
    ...definedIn(at('other.js'), [{ id: 'other', title: 'Another case', long: false, run: () => result('other') }]),
  ];
}

/** An io that keeps what validate prints and notes. */
function recordingIo(): ValidateIo & { printed: string[]; noted: string[] } {
  const printed: string[] = [], noted: string[] = [];
  return { printed, noted, print: (l) => printed.push(l), note: (l) => noted.push(l), provenance: () => PROVENANCE, now: () => new Date(0) };
}

describe('validation report assembled from stored outcomes', () => {
  let root: string, out: string;
  const options = (more: Partial<ValidateOptions> = {}): ValidateOptions => ({ fast: false, leaveOut: [], only: null, check: false, out, ...more });
  const readme = () => fs.readFileSync(path.join(out, 'README.md'), 'utf8');
  const values = { fast: 0.5, slow: 0.505, other: 0.495 };

  beforeEach(async () => {
    root = buildTree();
    out = fs.mkdtempSync(path.join(scratch, 'out-'));
    expect(await validate(casesIn(root, values), options(), recordingIo())).toBe(0);
  });

  it('a full run stores every outcome and writes README and plots identical to rendering the results directly', async () => {
    const cases = casesIn(root, values);
    const direct = reportMarkdown(await Promise.all(cases.map(async (c) => {
      const r = await c.run({});
      return { case: c, checks: r.checks, figures: r.figures, provenance: PROVENANCE };
    })));
    expect(readme()).toBe(`${direct}\n`);
    expect(readme()).toContain('- commit 0123456789ab: fast, slow, other');
    for (const c of cases) expect(fs.existsSync(outcomeFile(out, c.id))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'slow.svg'), 'utf8')).toBe(await renderLinePlotSvg(plotOf(values.slow)));
    expect(JSON.parse(fs.readFileSync(outcomeFile(out, 'slow'), 'utf8'))).toMatchObject({ dataFiles: [expect.stringMatching(/scenarios\/slow\.json$/)] });
  });

  it('--only rewrites README and every plot from the store when every other outcome is current', async () => {
    fs.rmSync(path.join(out, 'other.svg'));
    fs.writeFileSync(path.join(root, 'src/plot/line-plot.js'), 'export const plot = 2;\n');
    const io = recordingIo();
    expect(await validate(casesIn(root, { ...values, fast: 0.7 }), options({ only: ['fast'] }), io)).toBe(1);
    expect(readme()).toContain('| [fast](#fast) | fast e | exact: 0.5 | 0.7 | 0.2 | 0.01 | FAIL |');
    expect(readme()).toContain('| [slow](#slow) | slow e | exact: 0.5 | 0.505 |');
    expect(fs.existsSync(path.join(out, 'other.svg'))).toBe(true);
    expect(io.noted.filter((l) => l.includes('not rewritten'))).toEqual([]);
  });

  for (const [what, spoil, why] of [
    ['its code changed', (r: string) => fs.writeFileSync(path.join(r, 'src/validation/tolerance.js'), 'export const tolerance = 0.02;\n'), /^ {2}fast: input digest differs \(stored [0-9a-f]{12}, now [0-9a-f]{12}\)/],
    ['a scenario it read changed', (r: string) => fs.writeFileSync(path.join(r, 'scenarios/slow.json'), '{"contact": {"friction": 0.4}}\n'), /^ {2}slow: input digest differs/],
    ['its outcome is missing', (_r: string, o: string) => fs.rmSync(outcomeFile(o, 'fast')), /^ {2}fast: no stored outcome$/],
    ['its outcome file is corrupt', (_r: string, o: string) => fs.writeFileSync(outcomeFile(o, 'slow'), '{"format": 1'), /^ {2}.*slow\.json: not JSON/],
    ['its outcome file is another case\'s', (_r: string, o: string) => fs.copyFileSync(outcomeFile(o, 'fast'), outcomeFile(o, 'slow')), /^ {2}.*slow\.json: holds the outcome of case "fast", not "slow"$/],
  ] as const) {
    it(`--only leaves README untouched and names the case to rerun when ${what}`, async () => {
      spoil(root, out);
      const before = readme();
      const io = recordingIo();
      expect(await validate(casesIn(root, { ...values, other: 0.5 }), options({ only: ['other'] }), io)).toBe(1);
      expect(readme()).toBe(before);
      expect(io.noted).toContainEqual(expect.stringMatching(/^README\.md not rewritten: 1 case\(s\) have no current stored outcome/));
      expect(io.noted).toContainEqual(expect.stringMatching(why));
      // the case run is stored and plotted all the same
      expect(fs.readFileSync(outcomeFile(out, 'other'), 'utf8')).toContain('"value": 0.5');
      expect(fs.readFileSync(path.join(out, 'other.svg'), 'utf8')).toBe(await renderLinePlotSvg(plotOf(0.5)));
    });
  }

  it('--check runs nothing and says of each case whether its stored outcome is current', async () => {
    const io = recordingIo();
    expect(await validate(casesIn(root, values), options({ check: true }), io)).toBe(0);
    expect(io.printed).toEqual(['fast', 'slow', 'other'].map((id) => `${id}: current (commit 0123456789ab, ran 1970-01-01T00:00:00.000Z)`));
    fs.writeFileSync(path.join(root, 'src/validation/slow.js'), 'export const slow = 2;\n');
    const after = recordingIo();
    const unrun = casesIn(root, values).map((c) => ({ ...c, run: () => { throw new Error('--check ran a case'); } }));
    expect(await validate(unrun, options({ check: true }), after)).toBe(1);
    expect(after.printed[1]).toMatch(/^slow: stale, rerun: input digest differs/);
    expect(after.printed.filter((l) => l.includes('current ('))).toHaveLength(2);
  });

  it('--fast marks the long case not run and keeps its stored outcome', async () => {
    const stored = fs.readFileSync(outcomeFile(out, 'slow'), 'utf8');
    expect(await validate(casesIn(root, { ...values, slow: 0.9 }), options({ fast: true }), recordingIo())).toBe(0);
    expect(readme()).toContain('| [slow](#slow) | not run: long case, left out by --fast | | | | | |');
    expect(fs.readFileSync(outcomeFile(out, 'slow'), 'utf8')).toBe(stored);
  });
});
