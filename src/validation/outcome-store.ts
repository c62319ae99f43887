/**
 * The stored outcome of a validation case, docs/validation/outcomes/<id>.json: what the report needs to rebuild the
 * case's rows, section and plot (its checks, the figures README quotes, the plot's data), and where it came from
 * (commit, whether the tree differed from it, when it ran, its input digest and the data files it read). The file
 * is deterministic — keys in a fixed order (the provenance first, the rest sorted), arrays of numbers on one line,
 * every double written so that it reads back to the same bits (NaN, ±Infinity and −0, which JSON has no words for,
 * as { "number": "NaN" }) — so a rerun that gives the same numbers changes only `ranAt`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { LinePlot } from '../plot/line-plot.js';
import type { Check } from './checks.js';
import type { Provenance } from './provenance.js';

/** The `format` of every outcome file: a file without it is not one (or was written by a later format). */
export const OUTCOME_FORMAT = 'grainflow validation outcome, version 1';

export interface StoredOutcome extends Provenance {
  format: typeof OUTCOME_FORMAT;
  id: string;
  /** when the case ran (ISO 8601): the file's only timestamp */
  ranAt: string;
  /** input-digest.ts over the case's code and `dataFiles` */
  inputDigest: string;
  /** the data files the case read, relative to the working directory */
  dataFiles: string[];
  checks: Check[];
  figures?: string[];
  plot: LinePlot;
}

/** A corrupt, foreign or unreadable outcome file, in one line naming the file and what is wrong. */
export class OutcomeFileError extends Error {}

/** The provenance and identity first, in this order; the rest sorted. */
const LEADING_KEYS = ['format', 'id', 'commit', 'dirty', 'ranAt', 'inputDigest', 'dataFiles'];

// Words for the doubles JSON cannot write; parsed back by Number().
const NON_FINITE_KEY = 'number';
const numberText = (x: number) => (Object.is(x, -0) ? '-0' : Number.isFinite(x) ? null : String(x));

const isPrimitive = (v: unknown) => v === null || typeof v !== 'object';

function keysInOrder(value: object, top: boolean): string[] {
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  const sorted = keys.filter((k) => !top || !LEADING_KEYS.includes(k)).sort();
  return top ? [...LEADING_KEYS.filter((k) => keys.includes(k)), ...sorted] : sorted;
}

function toJson(value: unknown, indent: string, top = false): string {
  if (typeof value === 'number') {
    const word = numberText(value);
    return word === null ? JSON.stringify(value) : `{ "${NON_FINITE_KEY}": "${word}" }`;
  }
  if (isPrimitive(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPrimitive)) return `[${value.map((v) => toJson(v, inner)).join(', ')}]`;
    return `[\n${value.map((v) => inner + toJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = keysInOrder(record, top);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${toJson(record[k], inner)}`).join(',\n')}\n${indent}}`;
}

/** The text of an outcome file. */
export function outcomeText(outcome: StoredOutcome): string {
  return `${toJson(outcome, '', true)}\n`;
}

const numberSchema = z.custom<number>((v) => typeof v === 'number', { error: 'must be a number' });
const checkSchema = z.object({
  quantity: z.string(), reference: z.string(), referenceValue: numberSchema, value: numberSchema, error: numberSchema,
  kind: z.enum(['relative', 'absolute']), tolerance: numberSchema, why: z.string(), pass: z.boolean(),
  open: z.string().optional(), shownOnly: z.literal(true).optional(),
}).strict();
// The plot is checked as far as rendering needs its shape; its other fields are LinePlot's optional ones.
const plotSchema = z.looseObject({
  title: z.string(),
  x: z.looseObject({ label: z.string() }),
  y: z.looseObject({ label: z.string() }),
  series: z.array(z.looseObject({ name: z.string(), x: z.array(numberSchema), y: z.array(numberSchema) })),
});
const outcomeSchema = z.object({
  format: z.literal(OUTCOME_FORMAT, { error: `must be "${OUTCOME_FORMAT}" (not a grainflow validation outcome, or another version)` }),
  id: z.string(),
  commit: z.string(),
  dirty: z.boolean(),
  ranAt: z.string(),
  inputDigest: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 hexadecimal digits (SHA-256)' }),
  dataFiles: z.array(z.string()),
  checks: z.array(checkSchema),
  figures: z.array(z.string()).optional(),
  plot: plotSchema,
}).strict();

/** An outcome file's text read back, checked; `file` and `id` name what was expected in the error. */
export function parseOutcome(text: string, file: string, id: string): StoredOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text, (_key, v: unknown) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const keys = Object.keys(v);
      const word = (v as Record<string, unknown>)[NON_FINITE_KEY];
      return keys.length === 1 && ['NaN', 'Infinity', '-Infinity', '-0'].includes(word as string) ? Number(word) : v;
    });
  } catch (error) {
    throw new OutcomeFileError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = outcomeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length === 0 ? 'the file' : `field ${issue.path.join('.')}`;
    throw new OutcomeFileError(`${file}: not a stored validation outcome: ${field} ${issue.message}`);
  }
  if (parsed.data.id !== id) throw new OutcomeFileError(`${file}: holds the outcome of case "${parsed.data.id}", not "${id}"`);
  return parsed.data as unknown as StoredOutcome;
}

/** Where the outcome of case `id` is stored, under the report's folder `out`. */
export function outcomeFile(out: string, id: string): string {
  return path.join(out, 'outcomes', `${id}.json`);
}

/** The stored outcome of case `id`, or null when there is none. */
export function readOutcome(out: string, id: string): StoredOutcome | null {
  const file = outcomeFile(out, id);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new OutcomeFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return parseOutcome(text, file, id);
}

export function writeOutcome(out: string, outcome: StoredOutcome): void {
  const file = outcomeFile(out, outcome.id);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, outcomeText(outcome));
}
