/**
 * A simulation's complete dynamic state as a checkpoint, and back. The stateful parts say what they save
 * (base/saved-state.ts; Simulation.savedParts, and the run's own values): this module only walks them, names each
 * entry `<part>.<field>`, holds every part to its declaration when saving, and on restore hands each part its own
 * entries. A restore refuses a checkpoint whose parts, versions or entries are not exactly this grainflow's, so a
 * checkpoint is never half restored.
 */
import type { Simulation } from '../engine/simulation.js';
import {
  SavedStateError, type ArrayType, type SavedArray, type SavedState, type StateReader, type StateWriter,
} from '../base/saved-state.js';
import { CheckpointVersionError, type Checkpoint } from './format.js';

/**
 * `identity`: the scenario's (scenario-hash.ts); `run`: the caller's own part (output file lengths, analysis state),
 * saved alongside the simulation's; none for a library simulation, which has no run directory.
 */
export function captureSimulation(
  sim: Simulation, identity: Pick<Checkpoint, 'scenarioHash' | 'meshes'>, run?: SavedState,
): Checkpoint {
  const cp: Checkpoint = {
    scenarioHash: identity.scenarioHash, meshes: identity.meshes, step: sim.stepCount, time: sim.time, parts: {}, values: {},
    sections: new Map(),
  };
  for (const part of partsOf(sim, run)) {
    const { part: name, version, saved } = part.stateDeclaration;
    if (name in cp.parts) throw new Error(`internal: two checkpoint parts are named ${name}`);
    cp.parts[name] = version;
    const writer = new PartWriter(name, saved, cp);
    part.saveState(writer);
    writer.checkComplete();
  }
  return cp;
}

/**
 * Overwrites the simulation's state and `run`'s with the checkpoint's. Throws CheckpointVersionError when a part
 * has another version, SavedStateError when the checkpoint does not fit this simulation.
 */
export function restoreSimulation(sim: Simulation, cp: Checkpoint, run?: SavedState): void {
  const parts = partsOf(sim, run);
  const names = parts.map((part) => part.stateDeclaration.part);
  const foreign = Object.keys(cp.parts).filter((name) => !names.includes(name));
  if (foreign.length > 0) throw new SavedStateError(`it holds parts this simulation does not have: ${foreign.join(', ')}`);
  for (const { stateDeclaration: { part: name, version } } of parts) {
    const saved = cp.parts[name];
    if (saved === undefined) throw new SavedStateError(`it has no part ${name}`);
    if (saved !== version) {
      throw new CheckpointVersionError(`${name} state version ${saved}; this grainflow reads version ${version}`, saved < version);
    }
  }
  const read = new Set<string>();
  for (const part of parts) part.restoreState(new PartReader(part.stateDeclaration.part, cp, read));
  const unread = [...cp.sections.keys(), ...Object.keys(cp.values)].filter((key) => !read.has(key));
  if (unread.length > 0) throw new SavedStateError(`this grainflow reads no entry ${unread.join(', ')}`);
  sim.stateRestored();
}

function partsOf(sim: Simulation, run: SavedState | undefined): SavedState[] {
  return run === undefined ? sim.savedParts() : [...sim.savedParts(), run];
}

/** Writes one part's entries into the checkpoint, refusing any field its declaration does not list as saved. */
class PartWriter implements StateWriter {
  private readonly written = new Set<string>();

  constructor(private readonly part: string, private readonly saved: readonly string[], private readonly cp: Checkpoint) {}

  array(field: string, values: SavedArray): void {
    this.cp.sections.set(this.key(field), values);
  }

  number(field: string, value: number | null): void {
    // JSON would turn NaN and ±Infinity into null: a counter or time that is not finite is a bug, not state.
    if (value !== null && !Number.isFinite(value)) throw new Error(`internal: ${this.part}.${field} is ${value}`);
    this.cp.values[this.key(field)] = value;
  }

  json(field: string, value: unknown): void {
    if (value === undefined) throw new Error(`internal: ${this.part}.${field} is undefined (JSON would drop it)`);
    this.cp.values[this.key(field)] = value;
  }

  /** Every declared field was written. */
  checkComplete(): void {
    const missing = this.saved.filter((field) => !this.written.has(field));
    if (missing.length > 0) throw new Error(`internal: part ${this.part} does not write its saved ${missing.join(', ')}`);
  }

  private key(field: string): string {
    if (!this.saved.includes(field)) throw new Error(`internal: part ${this.part} writes ${field}, which it does not declare saved`);
    if (this.written.has(field)) throw new Error(`internal: part ${this.part} writes ${field} twice`);
    this.written.add(field);
    return `${this.part}.${field}`;
  }
}

/** One part's entries of a checkpoint, by name and type; records which were read. */
class PartReader implements StateReader {
  constructor(private readonly part: string, private readonly cp: Checkpoint, private readonly read: Set<string>) {}

  array<T extends SavedArray>(field: string, type: ArrayType<T>, length: number): T {
    const key = this.key(field);
    const saved = this.cp.sections.get(key);
    if (saved === undefined) throw new SavedStateError(`it has no section ${key}`);
    if (!(saved instanceof type)) throw new SavedStateError(`section ${key} holds a ${saved.constructor.name}, not a ${type.name}`);
    if (saved.length !== length) throw new SavedStateError(`section ${key} holds ${saved.length} values; this simulation has ${length}`);
    return saved;
  }

  number(field: string): number {
    const value = this.numberOrNull(field);
    if (value === null) throw new SavedStateError(`entry ${this.part}.${field} is null, not a number`);
    return value;
  }

  numberOrNull(field: string): number | null {
    const value = this.value(field);
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new SavedStateError(`entry ${this.part}.${field} is ${JSON.stringify(value)}, not a number`);
    }
    return value;
  }

  count(field: string, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.number(field);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new SavedStateError(`entry ${this.part}.${field} is ${value}; it must be an integer in 0..${max} here`);
    }
    return value;
  }

  json(field: string): unknown;
  json<T>(field: string, is: (value: unknown) => value is T, what: string): T;
  json(field: string, is?: (value: unknown) => boolean, what?: string): unknown {
    const value = this.value(field);
    if (is !== undefined && !is(value)) throw new SavedStateError(`entry ${this.part}.${field} is not ${what}`);
    return value;
  }

  private value(field: string): unknown {
    const key = this.key(field);
    if (!Object.hasOwn(this.cp.values, key)) throw new SavedStateError(`it has no entry ${key}`);
    return this.cp.values[key];
  }

  private key(field: string): string {
    const key = `${this.part}.${field}`;
    this.read.add(key);
    return key;
  }
}
