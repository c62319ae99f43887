/**
 * Bounds on the shape of a scenario's JSON, checked in one pass before the schema looks at it: nesting depth, the
 * length of names (object keys) and of strings, and names JavaScript gives a meaning of its own. Beyond them the
 * schema's own work would exhaust the process — a key of 8 MB costs gigabytes in the typo suggestion, nesting deeper
 * than the call stack overflows every recursive formatter, `"__proto__"` as a material name would silently set an
 * object's prototype instead of adding a material — and no real scenario comes near them.
 */
import { ScenarioError } from '../base/scenario-error.js';
import { formatPath, type FieldPath } from './field-path.js';

/** Deepest nesting of arrays and objects; the scenario format itself needs 5 (`insert[0].radius.values[0]`). */
export const MAX_JSON_DEPTH = 32;
/** Longest object key (a field or material name), in characters. */
export const MAX_NAME_LENGTH = 256;
/** Longest string value (a name, or a mesh file path: PATH_MAX on Linux is 4096 bytes), in characters. */
export const MAX_STRING_LENGTH = 4096;
/** Keys refused anywhere: assigning them sets an object's prototype instead of adding an entry. */
const RESERVED_NAMES = new Set(['__proto__']);

/** An array or object being walked: the keys (null for an array) and the next one to look at. */
interface Frame {
  container: object;
  keys: string[] | null;
  next: number;
  path: FieldPath;
}

/** Throws a ScenarioError naming the first value (depth first, in key order) that breaks a bound. */
export function checkJsonBounds(json: unknown): void {
  // An explicit stack of the containers on the current path (at most MAX_JSON_DEPTH): the walk must not itself
  // overflow the call stack on the nesting it is there to refuse, nor allocate per element of a long sphere list.
  const stack: Frame[] = [];
  const enter = (value: unknown, path: FieldPath): void => {
    if (typeof value === 'string' && value.length > MAX_STRING_LENGTH) {
      throw new ScenarioError(formatPath(path),
        `a string of ${value.length} characters; strings are at most ${MAX_STRING_LENGTH} characters`);
    }
    if (value === null || typeof value !== 'object') return;
    if (stack.length >= MAX_JSON_DEPTH) {
      throw new ScenarioError(formatPath(path),
        `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects; the scenario format needs at most 5`);
    }
    const keys = Array.isArray(value) ? null : Object.keys(value);
    for (const key of keys ?? []) {
      if (key.length > MAX_NAME_LENGTH) {
        throw new ScenarioError(formatPath([...path, key]),
          `a name of ${key.length} characters; names are at most ${MAX_NAME_LENGTH} characters`);
      }
      if (RESERVED_NAMES.has(key)) {
        throw new ScenarioError(formatPath([...path, key]),
          `"${key}" cannot be used as a name (JavaScript reserves it for an object's prototype); rename it`);
      }
    }
    stack.push({ container: value, keys, next: 0, path });
  };
  enter(json, []);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const { container, keys } = frame;
    const length = keys === null ? (container as unknown[]).length : keys.length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const key = keys === null ? frame.next : keys[frame.next];
    frame.next++;
    const value: unknown = (container as Record<PropertyKey, unknown>)[key];
    // Numbers, booleans and null need no look; skipping them keeps the pass cheap on long sphere lists.
    if (value !== null && (typeof value === 'object' || typeof value === 'string')) enter(value, [...frame.path, key]);
  }
}
