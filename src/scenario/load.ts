/**
 * Reading a scenario: file → JSON → schema → cross-field checks (checks.ts). Every rejection is one ScenarioError whose
 * field is the path of the offending entry (`materials.steel.poissonsRatio`, `particles[2].radius`) and whose
 * message states the allowed range and the value found, on one line, so the CLI can print it as is.
 */
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { checkScenario, type CheckedScenario } from './checks.js';
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import { closestByEdits } from '../base/closest-name.js';
import { ScenarioError } from '../base/scenario-error.js';
import { formatPath } from './field-path.js';
import { checkJsonBounds } from './json-bounds.js';
import { MAX_EXPLICIT_PARTICLES, particleSchema, scenarioSchema } from './schema.js';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** Field name used for problems with the file itself (unreadable, not JSON). */
const FILE_FIELD = '(file)';
/**
 * Largest scenario file read (bytes): 256 MiB holds about two million explicitly listed spheres; anything larger
 * is almost certainly the wrong file (a mesh, a log) and would exhaust memory as a JSON tree.
 */
export const MAX_SCENARIO_BYTES = 256 * 1024 * 1024;

export function loadScenarioFile(path: string, maxBytes = MAX_SCENARIO_BYTES): CheckedScenario {
  let text: string;
  try {
    text = readRegularFile(path, maxBytes).toString('utf8');
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    throw new ScenarioError(FILE_FIELD, error.tooLarge
      ? `scenario file ${path} ${error.message} (use insert blocks instead of listing millions of spheres)`
      : `cannot read scenario file ${path}: ${error.message}`);
  }
  return parseScenario(parseJson(text, path), dirname(path));
}

/**
 * A scenario from its JSON: its shape bounds (json-bounds.ts), the schema (defaults filled), then every
 * cross-field check.
 * @param baseDir directory that relative `file` paths (STL meshes, the sphere file) are relative to (the scenario file's)
 */
export function parseScenario(json: unknown, baseDir = '.'): CheckedScenario {
  checkJsonBounds(json);
  const bad = firstBadSphere(json);
  if (bad !== undefined) throw issueToError(bad, json);
  const result = scenarioSchema.safeParse(json);
  if (!result.success) throw issueToError(reportedIssue(result.error.issues, json), json);
  const scenario = result.data;
  for (const wall of scenario.walls) if (wall.type === 'mesh') wall.file = resolve(baseDir, wall.file);
  if (!Array.isArray(scenario.particles)) scenario.particles.file = resolve(baseDir, scenario.particles.file);
  return checkScenario(scenario);
}

/** A `particles` list longer than this is checked sphere by sphere first (firstBadSphere). */
const LONG_LIST = 1000;

/**
 * The first issue of the first bad sphere of a long `particles` list, or undefined. The schema would report every
 * bad sphere — three issues for each `{}`, gigabytes for a file of a million — where one line needs only the first.
 * (`insert`, `walls` and `contactPairs` are short by the schema's limits; a list longer than its limit is left to the
 * schema's length check, which looks at no element.)
 */
function firstBadSphere(json: unknown): Issue | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const list: unknown = (json as { particles?: unknown }).particles;
  if (!Array.isArray(list) || list.length <= LONG_LIST || list.length > MAX_EXPLICIT_PARTICLES) return undefined;
  for (let k = 0; k < list.length; k++) {
    const result = particleSchema.safeParse(list[k]);
    if (!result.success) {
      const issue = reportedIssue(result.error.issues, list[k]);
      return { ...issue, path: ['particles', k, ...issue.path] } as Issue;
    }
  }
  return undefined;
}

function parseJson(text: string, path: string): unknown {
  // Editors on Windows may save a byte-order mark, which JSON.parse rejects.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const located = locateSyntaxError(body);
    if (located === undefined) throw new ScenarioError(FILE_FIELD, `${path} is not valid JSON: ${(error as Error).message}`);
    const { offset, expected } = located;
    const { line, column } = lineAndColumn(body, offset);
    const found = offset < body.length
      ? `found ${JSON.stringify(/^[^\s,:[\]{}]{1,20}|^./.exec(body.slice(offset))?.[0])}`
      : 'found end of file';
    throw new ScenarioError(FILE_FIELD,
      `${path} is not valid JSON: line ${line}, column ${column}: expected ${expected}, ${found}${syntaxHint(body, offset)}`);
  }
}

/** The usual hand-editing mistakes, named, because "expected a value" alone does not say what to change. */
function syntaxHint(text: string, offset: number): string {
  const before = text.slice(0, offset).trimEnd();
  const rest = text.slice(offset);
  if (before.endsWith(',') && /^[}\]]/.test(rest)) return ' (JSON allows no trailing comma)';
  if (/^(NaN|-?Infinity)/.test(rest)) return ' (JSON has no NaN or Infinity: write a finite number)';
  if (rest.startsWith('//') || rest.startsWith('/*')) return ' (JSON allows no comments)';
  if (rest.startsWith("'")) return ' (JSON strings use double quotes)';
  return '';
}

/** Where the JSON grammar first fails, and what it expected there. */
class SyntaxPosition {
  constructor(readonly offset: number, readonly expected: string) {}
}

/**
 * Position of the first JSON syntax error. JSON.parse on Node 20 reports no position for unexpected tokens
 * (a trailing comma in an array, NaN), so the text is re-scanned here; undefined if the scan finds no error
 * or cannot finish (nesting deeper than the call stack).
 */
function locateSyntaxError(text: string): SyntaxPosition | undefined {
  let i = 0;
  const fail = (expected: string): never => {
    throw new SyntaxPosition(i, expected);
  };
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const token = (pattern: RegExp): boolean => {
    pattern.lastIndex = i;
    const match = pattern.exec(text);
    if (match) i += match[0].length;
    return match !== null;
  };
  const string = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
  const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  const value = (): void => {
    skipSpace();
    if (text[i] === '{') {
      i++;
      skipSpace();
      if (text[i] === '}') return void i++;
      for (;;) {
        skipSpace();
        if (!token(string)) fail('a double-quoted property name');
        skipSpace();
        if (text[i] !== ':') fail("':' after the property name");
        i++;
        value();
        skipSpace();
        if (text[i] === '}') return void i++;
        if (text[i] !== ',') fail("',' or '}' after the property value");
        i++;
      }
    }
    if (text[i] === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        skipSpace();
        if (text[i] === ']') return void i++;
        if (text[i] !== ',') fail("',' or ']' after the array element");
        i++;
      }
    }
    if (!token(string) && !token(literal)) fail('a value (number, string, true, false, null, object or array)');
  };
  try {
    value();
    skipSpace();
    if (i < text.length) fail('end of file after the top-level value');
  } catch (error) {
    if (error instanceof SyntaxPosition) return error;
  }
  return undefined;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * The first issue — except that a required field reported missing next to an unknown key in the same object
 * is usually one typo (`youngModulus` for `youngsModulus`), best reported as the unknown key.
 */
function reportedIssue(issues: readonly Issue[], json: unknown): Issue {
  const [first] = issues;
  if (first.path.length === 0 || valueAt(json, first.path) !== undefined) return first;
  const parent = JSON.stringify(first.path.slice(0, -1));
  return issues.find((i) => i.code === 'unrecognized_keys' && JSON.stringify(i.path) === parent) ?? first;
}

function issueToError(issue: Issue, json: unknown): ScenarioError {
  const { issue: deepest, path } = furthestIssue(issue, []);
  if (deepest.code === 'unrecognized_keys') {
    const key = deepest.keys[0];
    const allowed = allowedKeys(scenarioSchema, path, json);
    const guess = closest(key, allowed);
    return new ScenarioError(formatPath([...path, key]),
      `unknown field${guess ? ` (did you mean "${guess}"?)` : ''}; allowed here: ${allowed.join(', ')}`);
  }
  const value = valueAt(json, path);
  const message = value === undefined ? `missing; ${deepest.message}` : `${deepest.message}; got ${show(value)}`;
  return new ScenarioError(formatPath(path), message);
}

/**
 * A union reports "no option matched" with every option's issues. When one option got past the type test
 * (`dt: -1` is a number, just not > 0; `{distribution: "uniform", min: -1}` is the uniform form), its issue is
 * the useful one, so descend into it.
 */
function furthestIssue(issue: Issue, prefix: Path): { issue: Issue; path: Path } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union') return { issue, path };
  const isTypeMismatch = (i: Issue) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value');
  const branch = issue.errors.find((issues) => issues.length > 0 && !isTypeMismatch(issues[0]));
  return branch ? furthestIssue(branch[0], path) : { issue, path };
}

/** Names the schema allows at `path`, for "unknown field" messages. */
function allowedKeys(schema: z.ZodType, path: Path, json: unknown): string[] {
  const shapes = objectsAt(schema, path);
  // In a union told apart by a literal field ("type" of walls, "model" of contact laws), only the option given.
  const given = valueAt(json, path) as Record<string, unknown> | undefined;
  const matching = shapes.filter((shape) => Object.entries(shape.shape)
    .some(([key, field]) => field instanceof z.ZodLiteral && field.value === given?.[key]));
  return [...new Set((matching.length > 0 ? matching : shapes).flatMap((shape) => Object.keys(shape.shape)))];
}

function objectsAt(schema: z.ZodType, path: Path): z.ZodObject[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return objectsAt(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => objectsAt(option as z.ZodType, path));
  if (path.length === 0) return schema instanceof z.ZodObject ? [schema] : [];
  const [key, ...rest] = path;
  if (schema instanceof z.ZodObject) {
    const field = schema.shape[key as string] as z.ZodType | undefined;
    return field ? objectsAt(field, rest) : [];
  }
  if (schema instanceof z.ZodArray) return objectsAt(schema.element as z.ZodType, rest);
  if (schema instanceof z.ZodRecord) return objectsAt(schema.valueType as z.ZodType, rest);
  if (schema instanceof z.ZodTuple) return objectsAt(schema.def.items[key as number] as z.ZodType, rest);
  return [];
}

/**
 * The allowed name within edit distance 2 (or a third of its length) of `key`, for typos like "partciles";
 * failing that, an allowed name the key contains or is part of ("maxOverlapRatio" → "maxOverlap").
 */
function closest(key: string, candidates: readonly string[]): string | undefined {
  return closestByEdits(key, candidates) ?? candidates.find((c) => c.length >= 4 && key.length >= 4
    && (key.toLowerCase().includes(c.toLowerCase()) || c.toLowerCase().includes(key.toLowerCase())));
}

function valueAt(json: unknown, path: Path): unknown {
  let value = json;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Longest rendering of a value in a message. */
const SHOWN_VALUE_LENGTH = 60;

/**
 * The value as JSON, cut to SHOWN_VALUE_LENGTH characters, rendering only what is shown (a value may be a huge array
 * or nested deeply). Non-finite numbers (a `1e999` in the file) are written as such, not as JSON's `null`.
 */
function show(value: unknown): string {
  let text = '';
  const full = () => text.length > SHOWN_VALUE_LENGTH;
  const render = (v: unknown): void => {
    if (full()) return;
    if (typeof v === 'number') text += Number.isFinite(v) ? JSON.stringify(v) : String(v);
    else if (typeof v === 'string') text += JSON.stringify(v.slice(0, SHOWN_VALUE_LENGTH + 1));
    else if (Array.isArray(v)) {
      text += '[';
      for (let k = 0; k < v.length && !full(); k++) {
        if (k > 0) text += ',';
        render(v[k]);
      }
      text += ']';
    } else if (v !== null && typeof v === 'object') {
      text += '{';
      let first = true;
      for (const key in v) {
        if (full()) break;
        if (!Object.hasOwn(v, key)) continue;
        text += `${first ? '' : ','}${JSON.stringify(key.slice(0, SHOWN_VALUE_LENGTH + 1))}:`;
        first = false;
        render((v as Record<string, unknown>)[key]);
      }
      text += '}';
    } else text += JSON.stringify(v) ?? String(v);
  };
  render(value);
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH - 3)}...` : text;
}
