/**
 * How a place in the scenario is named in messages: `particles[2].radius`; names that are not identifiers are
 * quoted, `materials["stainless steel"].density`, and cut short when long, so that a key of a megabyte names its
 * field in a line of normal length.
 */

export type FieldPath = readonly PropertyKey[];

/** Longest part of a quoted name shown in a path. */
const SHOWN_NAME_LENGTH = 40;

export function formatPath(path: FieldPath): string {
  if (path.length === 0) return '(scenario)';
  return path.map((key, index) => {
    if (typeof key === 'number') return `[${key}]`;
    const name = String(key);
    if (name.length > SHOWN_NAME_LENGTH) {
      return `[${JSON.stringify(name.slice(0, SHOWN_NAME_LENGTH))}… (${name.length} characters)]`;
    }
    if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `[${JSON.stringify(name)}]`;
    return index === 0 ? name : `.${name}`;
  }).join('');
}
