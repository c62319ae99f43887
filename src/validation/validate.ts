/**
 * What `npm run validate` does, as a function of the case list (main.ts parses the command line and passes
 * VALIDATION_CASES; the tests pass cases of their own): run cases, store each one's outcome (outcome-store.ts),
 * and write the report — README.md and every SVG — from the stored outcomes, never from numbers that did not go
 * through the store. A report takes every case: those run now and, under `only`, the stored outcomes of the others,
 * each only if its input digest (input-digest.ts) equals the one computed from this checkout. When one is missing
 * or stale the README is left as it was and each case to rerun is named with why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import type { ValidationCase } from './checks.js';
import { compiledModule, DigestError, inputDigest } from './input-digest.js';
import { OUTCOME_FORMAT, OutcomeFileError, readOutcome, writeOutcome, type StoredOutcome } from './outcome-store.js';
import { gitProvenance, provenanceText, type Provenance } from './provenance.js';
import { allPass, reportMarkdown, reportTable, type CaseOutcome } from './report.js';
import { recordingReads } from './scenario-run.js';

export interface ValidateOptions {
  /** leave out the long cases (the report says they were not run) */
  fast: boolean;
  /** cases to leave out (the report says they were not run) */
  leaveOut: readonly string[];
  /** run only these cases and take the others from the store; null: run every case */
  only: readonly string[] | null;
  /** run nothing; say of each case whether its stored outcome is current */
  check: boolean;
  /** the report's folder: README.md, the SVGs and outcomes/ */
  out: string;
  /** threads of the scenario runs */
  workers?: number;
}

/** Where validate's lines go and what the outcomes it stores are stamped with. */
export interface ValidateIo {
  /** the report's table and --check's answers (stdout) */
  print(line: string): void;
  /** progress and the cases to rerun (stderr) */
  note(line: string): void;
  provenance(): Provenance;
  now(): Date;
}

export const PROCESS_IO: ValidateIo = {
  print: (line) => { process.stdout.write(`${line}\n`); },
  note: (line) => { process.stderr.write(`${line}\n`); },
  provenance: gitProvenance,
  now: () => new Date(),
};

/** A stored outcome that may be used for this checkout, or why the case must be rerun. */
type Currency = { outcome: StoredOutcome } | { rerun: string };

/** Whether the stored outcome of `c` is current: present, readable and of the input digest computed now. */
function currency(c: ValidationCase, out: string): Currency {
  try {
    const outcome = readOutcome(out, c.id);
    if (outcome === null) return { rerun: 'no stored outcome' };
    const now = inputDigest(compiledModule(c.module), outcome.dataFiles);
    if (now !== outcome.inputDigest) {
      return { rerun: `input digest differs (stored ${outcome.inputDigest.slice(0, 12)}, now ${now.slice(0, 12)}): its code, the kernel or a file it read changed` };
    }
    return { outcome };
  } catch (error) {
    if (error instanceof OutcomeFileError || error instanceof DigestError) return { rerun: error.message };
    throw error;
  }
}

/** Runs case `c`, stores its outcome and gives it back as read from the store. */
async function runAndStore(c: ValidationCase, options: ValidateOptions, io: ValidateIo): Promise<StoredOutcome> {
  const started = Date.now();
  const { value: result, files } = await recordingReads(() => c.run({ workers: options.workers }));
  io.note(`${c.id}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  writeOutcome(options.out, {
    format: OUTCOME_FORMAT, id: c.id, ...io.provenance(), ranAt: io.now().toISOString(),
    inputDigest: inputDigest(compiledModule(c.module), files), dataFiles: files,
    checks: result.checks, figures: result.figures, plot: result.plot,
  });
  const stored = readOutcome(options.out, c.id);
  if (stored === null) throw new Error(`${c.id}: its outcome was written but cannot be read back`);
  return stored;
}

const fromStore = (c: ValidationCase, o: StoredOutcome): CaseOutcome => ({
  case: c, checks: o.checks, figures: o.figures, provenance: { commit: o.commit, dirty: o.dirty },
});

/** `--check`: one line per case, whether its stored outcome is current; 1 when any is not. */
function checkStore(cases: readonly ValidationCase[], options: ValidateOptions, io: ValidateIo): number {
  let stale = 0;
  for (const c of cases) {
    const state = currency(c, options.out);
    if ('rerun' in state) stale++;
    io.print('rerun' in state ? `${c.id}: stale, rerun: ${state.rerun}`
      : `${c.id}: current (${provenanceText(state.outcome)}, ran ${state.outcome.ranAt})`);
  }
  return stale === 0 ? 0 : 1;
}

/**
 * `npm run validate` over `cases`: the exit code (0 every check passed, 1 a check failed or, under `only` or
 * `check`, an outcome the report needs is missing or stale).
 */
export async function validate(cases: readonly ValidationCase[], options: ValidateOptions, io: ValidateIo = PROCESS_IO): Promise<number> {
  const selected = options.only === null ? cases : cases.filter((c) => options.only!.includes(c.id));
  if (options.check) return checkStore(selected, options, io);
  fs.mkdirSync(options.out, { recursive: true });
  const stored = new Map<string, StoredOutcome>();
  const ran = new Map<string, CaseOutcome>();
  for (const c of selected) {
    const skipped = options.fast && c.long ? 'long case, left out by --fast'
      : options.leaveOut.includes(c.id) ? 'left out by --leave-out' : undefined;
    if (skipped !== undefined) { ran.set(c.id, { case: c, checks: [], skipped }); continue; }
    const outcome = await runAndStore(c, options, io);
    stored.set(c.id, outcome);
    ran.set(c.id, fromStore(c, outcome));
  }
  const plotsOfRun = [...stored.keys()];
  const report: CaseOutcome[] = [];
  const reruns: string[] = [];
  for (const c of cases) {
    const now = ran.get(c.id);
    if (now !== undefined) { report.push(now); continue; }
    const state = currency(c, options.out);
    if ('rerun' in state) { reruns.push(`${c.id}: ${state.rerun}`); continue; }
    stored.set(c.id, state.outcome);
    report.push(fromStore(c, state.outcome));
  }
  // Every plot of the report when it is rewritten; else only those of the cases run now.
  for (const id of reruns.length === 0 ? stored.keys() : plotsOfRun) {
    fs.writeFileSync(path.join(options.out, `${id}.svg`), await renderLinePlotSvg(stored.get(id)!.plot));
  }
  if (reruns.length === 0) fs.writeFileSync(path.join(options.out, 'README.md'), `${reportMarkdown(report)}\n`);
  else {
    io.note(`README.md not rewritten: ${reruns.length} case(s) have no current stored outcome; rerun them (--only <id>,…):`);
    for (const line of reruns) io.note(`  ${line}`);
  }
  io.print(reportTable(report));
  return allPass(report) && reruns.length === 0 ? 0 : 1;
}
