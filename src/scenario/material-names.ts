/**
 * Materials as spheres name them: the index of each name (the order of `materials`, which is the contact table's,
 * src/forces/contact-table.ts) and the one message for a name that is not among them.
 */
import type { Scenario } from './schema.js';

/** Index of each material name: its position among the keys of `materials`. */
export function materialIndices(materials: Scenario['materials']): Map<string, number> {
  return new Map(Object.keys(materials).map((name, k) => [name, k]));
}

/** `unknown material "glass"; known materials: "steel", "ice"` */
export function unknownMaterial(name: string, known: Iterable<string>): string {
  const names = [...known].map((n) => JSON.stringify(n));
  return `unknown material ${JSON.stringify(name)}; known materials: ${names.length > 0 ? names.join(', ') : '(none: materials is empty)'}`;
}
