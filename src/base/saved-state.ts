/**
 * What a stateful part of a simulation saves in a checkpoint, said by the part itself (as LAMMPS classes have
 * write_restart/read_restart): its part name, a version, and every field of it either saved or excluded with the
 * reason. The part writes its saved fields to a StateWriter and reads them back from a StateReader by name and
 * type; src/checkpoint puts them in the file as `<part>.<field>` and never looks inside a part. A test builds real
 * instances and fails when a field is neither saved nor excluded (test/checkpoint/saved-state.test.ts).
 *
 * In the lowest layer so that particles, contacts, walls and the engine implement it without importing src/checkpoint.
 */

/** Typed arrays a checkpoint holds, byte for byte. */
export type SavedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array
  | Uint8Array | BigInt64Array | BigUint64Array | Uint8ClampedArray;

/** A typed-array constructor, to read an entry as that type. */
export interface ArrayType<T extends SavedArray> {
  new (length: number): T;
  readonly name: string;
}

/**
 * Why a field is not saved. The word before the colon says how the checkpoint test treats it:
 *  - derived: recomputed on restore from the saved fields (row index, CSR, …), so equal after a restore;
 *  - fixed: set when the part is made, from the scenario, so equal in every instance of the same scenario;
 *  - scratch: rewritten before it is read (per-step or per-rebuild buffers, memos, allocation sizes), or not a
 *    result at all (wall-clock timings): may differ after a restore without changing anything that follows;
 *  - part: a stateful part of its own, saved under its own part name.
 */
export type Exclusion = `derived: ${string}` | `fixed: ${string}` | `scratch: ${string}` | `part: ${string}`;

export interface StateDeclaration {
  /** name of the part in a checkpoint (no dots): its entries are `<part>.<field>` */
  readonly part: string;
  /**
   * Raised whenever what saveState writes changes (a field added, removed, renamed or stored differently): a
   * checkpoint with another version of the part is refused as written by another grainflow.
   */
  readonly version: number;
  /** fields saveState writes, each under its own name, and restoreState reads back (the run's values: its entries) */
  readonly saved: readonly string[];
  /** every other own field of an instance, with the reason */
  readonly excluded: Readonly<Record<string, Exclusion>>;
}

/** A stateful part of a simulation or run. */
export interface SavedState {
  readonly stateDeclaration: StateDeclaration;
  /** Writes every saved field (declaration order is not required). */
  saveState(out: StateWriter): void;
  /** Puts back what saveState wrote, then recomputes the derived fields. */
  restoreState(from: StateReader): void;
}

export interface StateWriter {
  /** A typed array, stored as it is (its type and length included): pass the part that holds state, e.g. a subarray. */
  array(name: string, values: SavedArray): void;
  /** A finite number, or null for a number not set yet. */
  number(name: string, value: number | null): void;
  /** Any JSON value (states other modules define: random streams, output positions, analyses). */
  json(name: string, value: unknown): void;
}

export interface StateReader {
  /** The saved array, which must be of `type` and hold exactly `length` elements. */
  array<T extends SavedArray>(name: string, type: ArrayType<T>, length: number): T;
  /** A finite number. */
  number(name: string): number;
  /** A finite number or null. */
  numberOrNull(name: string): number | null;
  /** An integer in 0..max (counts, indices). */
  count(name: string, max?: number): number;
  /** A JSON value as saved; with `is`, one that passes it (`what` names the kind in the error). */
  json(name: string): unknown;
  json<T>(name: string, is: (value: unknown) => value is T, what: string): T;
}

/** A checkpoint entry that is missing, of the wrong type or out of range for this simulation; the message says which. */
export class SavedStateError extends Error {}

/** Declaration of a class that adds fields to a base class's: the base's fields and the new ones. */
export function extendDeclaration(
  base: Pick<StateDeclaration, 'saved' | 'excluded'>, own: StateDeclaration,
): StateDeclaration {
  return { ...own, saved: [...base.saved, ...own.saved], excluded: { ...base.excluded, ...own.excluded } };
}
