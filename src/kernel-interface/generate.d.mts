/** Types of generate.mjs (plain JavaScript, run by the build before anything is compiled), for its test. */

/** The kernel boundary's description (spec.json). */
export type KernelInterfaceSpec = Record<string, unknown>;

/** A spec the generator cannot use: one line naming the field. */
export class SpecError extends Error {}

/** The repository's root. */
export const ROOT: string;

/** camelCase → SNAKE_CASE, the kernel's constant names. */
export function snake(name: string): string;

/** The generated files' text, by path relative to the root. */
export function generate(spec: KernelInterfaceSpec): Record<string, string>;

/** The spec as committed. */
export function readSpec(root?: string): KernelInterfaceSpec;
