/**
 * What a validation case reports: checks (one row of the report's table each: what is compared, the reference
 * value, grainflow's value, the error, the tolerance and whether it passes) and one plot. The report
 * (report.ts), `npm run validate` (main.ts) and the test suite (test/validation) all read these, so a tolerance is
 * stated once, here in the case that owns it.
 */
import type { LinePlot } from '../plot/line-plot.js';

/** How a check's error is measured against its tolerance. */
export type ErrorKind = 'relative' | 'absolute';

export interface Check {
  /** what is compared, e.g. "duration, glass" */
  quantity: string;
  /** where the reference value comes from, e.g. "Hertz closed form" */
  reference: string;
  referenceValue: number;
  value: number;
  /** |value − reference| (absolute) or that over |reference| (relative) */
  error: number;
  kind: ErrorKind;
  tolerance: number;
  /** why this tolerance */
  why: string;
  pass: boolean;
  /**
   * a known disagreement under investigation, said in the report beside the result: the check still counts (a
   * failing one fails the report), and the test suite asserts that it still fails, so a fix must remove the note
   */
  open?: string;
  /**
   * a row that is shown beside the others but not checked (it could not fail in practice, or its reference was
   * fitted to the same data): it always "passes", and the report says "shown, not checked" and why
   */
  shownOnly?: true;
}

/** The checks, each marked as a known open disagreement (see Check.open). */
export function markOpen(checks: readonly Check[], note: string): Check[] {
  return checks.map((c) => ({ ...c, open: note }));
}

/** A case's outcome: its checks and its plot (grainflow against the reference). */
export interface CaseResult {
  checks: Check[];
  plot: LinePlot;
  /**
   * the results README quotes, as README writes them (e.g. "17.5° ± 0.9°"): the report lists them and
   * test/validation/readme-figures.test.ts fails when README does not carry each one
   */
  figures?: string[];
}

/** What `npm run validate` passes every case: the thread count of the scenario runs (`--workers`; cases that run no scenario ignore it). */
export interface CaseContext {
  workers?: number;
}

/** One case of the report. `long` cases take minutes (whole scenarios); the test suite runs the others. */
export interface ValidationCase {
  /** file name of its plot (without .svg) and the key of `--only` */
  id: string;
  /**
   * the URL of the module that defines the case (its import.meta.url, set by `definedIn`): the case's input digest
   * (input-digest.ts) starts from its compiled file
   */
  module: string;
  title: string;
  long: boolean;
  run(context: CaseContext): Promise<CaseResult> | CaseResult;
}

/** A case as its module writes it; `definedIn` adds the module. */
export type CaseDefinition = Omit<ValidationCase, 'module'>;

/** The cases a module defines, each marked with that module (pass the module's import.meta.url). */
export function definedIn(module: string, cases: readonly CaseDefinition[]): ValidationCase[] {
  return cases.map((c) => ({ ...c, module }));
}

/** The tolerance of a check: the error allowed, how it is measured and why that much. */
export interface Tolerance {
  kind: ErrorKind;
  tolerance: number;
  why: string;
}

export function relative(tolerance: number, why: string): Tolerance {
  return { kind: 'relative', tolerance, why };
}

export function absolute(tolerance: number, why: string): Tolerance {
  return { kind: 'absolute', tolerance, why };
}

/** One check of `value` against `referenceValue`. A non-finite value fails. */
export function check(quantity: string, reference: string, referenceValue: number, value: number, t: Tolerance): Check {
  const difference = Math.abs(value - referenceValue);
  const error = t.kind === 'relative' ? difference / Math.abs(referenceValue) : difference;
  return { quantity, reference, referenceValue, value, error, ...t, pass: Number.isFinite(error) && error <= t.tolerance };
}

/**
 * The check of a whole curve by its worst point: the point whose error uses most of the tolerance is the one
 * reported (its label goes into the quantity, e.g. "e_t at 20°").
 */
export function worstOf(
  quantity: string, reference: string, points: readonly { label: string; reference: number; value: number }[], t: Tolerance,
): Check {
  const checks = points.map((p) => check(`${quantity} ${p.label}`, reference, p.reference, p.value, t));
  if (checks.length === 0) throw new Error(`no points to check for ${quantity}`);
  const failed = checks.find((c) => !c.pass && !Number.isFinite(c.error));
  return failed ?? checks.reduce((worst, c) => (c.error > worst.error ? c : worst));
}

/** A check that a quantity stays within [low, high] (a range from the literature, not a single value). */
export function inRange(quantity: string, reference: string, low: number, high: number, value: number, why: string): Check {
  const mid = 0.5 * (low + high), half = 0.5 * (high - low);
  return {
    quantity, reference, referenceValue: mid, value, error: Math.abs(value - mid), kind: 'absolute', tolerance: half, why,
    pass: Number.isFinite(value) && value >= low && value <= high,
  };
}

/**
 * A row that is shown, not checked: the value beside its reference, with the reason it is not a check (`why`). It
 * never fails; the report marks it.
 */
export function shown(quantity: string, reference: string, referenceValue: number, value: number, why: string): Check {
  return {
    quantity, reference, referenceValue, value, error: Math.abs(value - referenceValue), kind: 'absolute',
    tolerance: Number.NaN, why, pass: true, shownOnly: true,
  };
}

/** A check that a quantity is at least `bound` (the error is the shortfall, 0 when it holds). */
export function atLeast(quantity: string, reference: string, bound: number, value: number, why: string): Check {
  return {
    quantity, reference: `at least the ${reference}`, referenceValue: bound, value, error: Math.max(0, bound - value),
    kind: 'absolute', tolerance: 0, why, pass: Number.isFinite(value) && value >= bound,
  };
}
