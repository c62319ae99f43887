/**
 * Generic capture and restore of an object's state for checkpoints: every own property that is a typed array
 * becomes a section `<prefix>.<property>` (copied whole, so strides and capacities need no knowledge here), and
 * every own property that is a finite number (or null, a number not yet set) becomes a value, and a seedrandom generator made with
 * `{ state: true }` (pouring) is saved by its `state()`. Fields other code adds to ParticleState, PairStore
 * or WallSet (capacities, active counts, image shifts, more history slots) are therefore saved without a change
 * here.
 *
 * Restoring copies in place when the live array has the saved type and length — worker threads keep the buffer
 * they mapped — and otherwise replaces the property with a fresh array of the saved length, on a
 * SharedArrayBuffer when the live one was shared (contact lists grow that way; the executor hands the new arrays
 * to the workers, see Simulation.stateRestored).
 */
import seedrandom from 'seedrandom';
import { isSavedArray, type SavedArray } from './format.js';

type Bag = Record<string, unknown>;
/** How a generator's state is stored among the values, so restore can tell it from a plain number. */
interface SavedRandom { seedrandomState: seedrandom.State.Arc4 }

/** A seedrandom generator created with `{ state: true }`: a function with a state() method. */
function isStatefulRandom(value: unknown): value is seedrandom.StatefulPRNG<seedrandom.State.Arc4> {
  return typeof value === 'function' && typeof (value as { state?: unknown }).state === 'function';
}

/**
 * @param scratch names of arrays that hold no state between steps (rewritten before they are read): saved with
 *   their type and length but zeroed, so their leftover contents cannot make checkpoints differ
 */
export function captureObject(
  prefix: string, source: object, sections: Map<string, SavedArray>, values: Record<string, unknown>,
  scratch: ReadonlySet<string> = new Set(),
): void {
  for (const [key, value] of Object.entries(source)) {
    if (isSavedArray(value)) sections.set(`${prefix}.${key}`, scratch.has(key) ? zeroedLike(value) : value);
    else if ((typeof value === 'number' && Number.isFinite(value)) || value === null) values[`${prefix}.${key}`] = value;
    else if (isStatefulRandom(value)) values[`${prefix}.${key}`] = { seedrandomState: value.state() } satisfies SavedRandom;
  }
}

/**
 * Puts back what captureObject saved under `prefix`. Every saved array and number must have a live counterpart
 * of the same kind: a checkpoint from a different build of the data structures is refused rather than half
 * restored.
 */
export function restoreObject(
  prefix: string, target: object, sections: ReadonlyMap<string, SavedArray>, values: Readonly<Record<string, unknown>>,
): void {
  const live = target as Bag;
  const mine = `${prefix}.`;
  for (const [name, saved] of sections) {
    if (!name.startsWith(mine)) continue;
    const key = name.slice(mine.length);
    const current = live[key];
    if (!isSavedArray(current) || current.constructor !== saved.constructor) {
      throw new Error(`checkpoint section ${name} (${saved.constructor.name}) has no matching field here`);
    }
    if (current.length === saved.length) (current as Uint8Array).set(saved as Uint8Array);
    else live[key] = copyLike(current, saved);
  }
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(mine)) continue;
    const key = name.slice(mine.length);
    const saved = value as Partial<SavedRandom> | number;
    if (typeof saved === 'object' && saved !== null && saved.seedrandomState !== undefined && isStatefulRandom(live[key])) {
      // The default (ARC4) generator, as `seedrandom(seed, { state: true })` makes it.
      live[key] = seedrandom('', { state: saved.seedrandomState });
    } else if ((typeof saved === 'number' || saved === null) && (typeof live[key] === 'number' || live[key] === null)) {
      // null: a number not set yet (e.g. the time of the last poured sphere before the first)
      live[key] = saved;
    } else {
      throw new Error(`checkpoint value ${name} has no matching field here`);
    }
  }
}

function zeroedLike(template: SavedArray): SavedArray {
  return new (template.constructor as new (length: number) => SavedArray)(template.length);
}

function copyLike(template: SavedArray, saved: SavedArray): SavedArray {
  const Type = template.constructor as new (buffer: ArrayBufferLike) => SavedArray;
  const buffer = template.buffer instanceof SharedArrayBuffer
    ? new SharedArrayBuffer(saved.byteLength) : new ArrayBuffer(saved.byteLength);
  const fresh = new Type(buffer);
  (fresh as Uint8Array).set(saved as Uint8Array);
  return fresh;
}
