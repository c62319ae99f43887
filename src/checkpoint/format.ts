/**
 * The checkpoint file format: a small JSON header and named binary sections, each a typed array copied byte for
 * byte. What goes in is decided by the stateful parts themselves (base/saved-state.ts): the header lists each
 * part's version and its numbers and JSON values, the sections its arrays, all named `<part>.<field>`.
 *
 *   bytes 0..7    magic "GFCKPT\0\0"
 *   8..11         format version (u32 LE)
 *   12..15        header length H in bytes (u32 LE), padded with spaces so that 16 + H is a multiple of 8
 *   16..16+H      header, UTF-8 JSON: CheckpointHeader and the section table (offsets from 16 + H)
 *   then          section payloads, each starting at a multiple of 8 bytes
 *   last 4 bytes  CRC-32 (IEEE) of everything before it
 *
 * Decoding checks the magic, the lengths and the CRC, so a truncated or bit-flipped file is refused with a reason
 * instead of restoring garbage, and then the version, so that an intact file of another version is told apart
 * from a damaged one.
 *
 * Versions: 1 named its sections after whatever typed-array fields reflection found on the saved objects (so a
 * renamed field changed the format unnoticed); 2 holds the parts' declared fields; 3 adds to the header the SHA-256
 * of the triangles of every STL mesh the run uses (`meshes`), so that a resume notices a mesh changed since
 * (scenario-hash.ts); `meshes` holds the SHA-256 of the sphere file (`particles.file`) too, by the same rule.
 * A checkpoint of an older version is refused as written by an older grainflow, not converted: reading it would
 * keep the private field names of one past commit alive as a format, for files that only serve to continue one run
 * (the older grainflow can).
 */
import type { SavedArray } from '../base/saved-state.js';
import { crc32 } from '../base/crc32.js';

export const CHECKPOINT_MAGIC = 'GFCKPT\0\0';
export const CHECKPOINT_VERSION = 3;
const PREFIX_BYTES = 16;
const CRC_BYTES = 4;

/** Typed-array kinds a section may hold, by constructor name. */
const ARRAY_TYPES = {
  Float64Array, Float32Array, Int32Array, Uint32Array, Int16Array, Uint16Array, Int8Array, Uint8Array,
  BigInt64Array, BigUint64Array, Uint8ClampedArray,
} as const;
export type ArrayTypeName = keyof typeof ARRAY_TYPES;

export interface SectionEntry {
  name: string;
  type: ArrayTypeName;
  /** element count */
  length: number;
  /** byte offset of the payload from the end of the header */
  offset: number;
}

/** Everything about a checkpoint that is not an array: step, time, the parts' versions, numbers and JSON values. */
export interface CheckpointHeader {
  /** hash of the scenario the state belongs to (scenario-hash.ts) */
  scenarioHash: string;
  /**
   * SHA-256 of each input file, by the field naming it: the triangles of each mesh wall ("walls[2].file") and the
   * bytes of the sphere file ("particles.file"): the rest of the scenario's identity. Named for the meshes it held
   * first; the name stays so that format 3 stays one format.
   */
  meshes: Record<string, string>;
  step: number;
  /** simulated time (s) */
  time: number;
  /** version of each part saved, by part name */
  parts: Record<string, number>;
  /** numbers and JSON values (counts, RNG state, output file lengths, analysis state) by `<part>.<field>` */
  values: Record<string, unknown>;
}

export interface Checkpoint extends CheckpointHeader {
  sections: Map<string, SavedArray>;
}

/** A damaged file, or not a checkpoint: the message says why. */
export class CheckpointFormatError extends Error {}

/**
 * An intact checkpoint this grainflow cannot read: written by an older or newer one. `written` says what differs
 * ("checkpoint format 1", "pairContacts state version 3"); `file` is set where the file is known.
 */
export class CheckpointVersionError extends Error {
  constructor(readonly written: string, readonly older: boolean, readonly file?: string) {
    super(`${file === undefined ? 'checkpoint' : `checkpoint ${file}`} was written by ${older ? 'an older' : 'a newer'} `
      + `grainflow (${written}); resume it with that version or start the run again`);
  }
}

export function encodeCheckpoint(cp: Checkpoint): Uint8Array {
  const entries: SectionEntry[] = [];
  let payloadBytes = 0;
  for (const [name, array] of cp.sections) {
    entries.push({ name, type: array.constructor.name as ArrayTypeName, length: array.length, offset: payloadBytes });
    payloadBytes += align8(array.byteLength);
  }
  const header = Buffer.from(JSON.stringify({
    scenarioHash: cp.scenarioHash, meshes: cp.meshes, step: cp.step, time: cp.time, parts: cp.parts, values: cp.values,
    sections: entries,
  }));
  const shift = align8(PREFIX_BYTES + header.length);
  const body = Buffer.alloc(shift + payloadBytes + CRC_BYTES);
  body.write(CHECKPOINT_MAGIC, 0, 'latin1');
  body.writeUInt32LE(CHECKPOINT_VERSION, 8);
  body.writeUInt32LE(shift - PREFIX_BYTES, 12);
  header.copy(body, PREFIX_BYTES);
  body.fill(0x20, PREFIX_BYTES + header.length, shift);
  let k = 0;
  for (const array of cp.sections.values()) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    body.set(bytes, shift + entries[k++].offset);
  }
  body.writeUInt32LE(crc32(body.subarray(0, body.length - CRC_BYTES)), body.length - CRC_BYTES);
  return body;
}

export function decodeCheckpoint(file: Uint8Array): Checkpoint {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buf.length < PREFIX_BYTES + CRC_BYTES || buf.toString('latin1', 0, 8) !== CHECKPOINT_MAGIC) {
    throw new CheckpointFormatError('not a grainflow checkpoint (bad magic or too short)');
  }
  const stored = buf.readUInt32LE(buf.length - CRC_BYTES);
  const actual = crc32(buf.subarray(0, buf.length - CRC_BYTES));
  if (stored !== actual) {
    throw new CheckpointFormatError(`checksum mismatch (file truncated or corrupted: CRC-32 ${hex(actual)}, stored ${hex(stored)})`);
  }
  const version = buf.readUInt32LE(8);
  if (version !== CHECKPOINT_VERSION) {
    throw new CheckpointVersionError(`checkpoint format ${version}`, version < CHECKPOINT_VERSION);
  }
  const headerLength = buf.readUInt32LE(12);
  const shift = PREFIX_BYTES + headerLength;
  let parsed: CheckpointHeader & { sections: SectionEntry[] };
  try {
    parsed = JSON.parse(buf.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength)) as typeof parsed;
  } catch {
    throw new CheckpointFormatError('header is not valid JSON');
  }
  if (!isRecord(parsed?.parts) || !isRecord(parsed.values) || !isRecord(parsed.meshes)
    || !Object.values(parsed.meshes).every((h) => typeof h === 'string') || !Array.isArray(parsed.sections)) {
    throw new CheckpointFormatError('header lacks the parts, values, meshes or sections table');
  }
  const sections = new Map<string, SavedArray>();
  for (const e of parsed.sections) {
    const Type = ARRAY_TYPES[e.type] as (typeof ARRAY_TYPES)[ArrayTypeName] | undefined;
    const byteLength = e.length * (Type?.BYTES_PER_ELEMENT ?? 0);
    const start = shift + e.offset;
    if (Type === undefined || start + byteLength > buf.length - CRC_BYTES) {
      throw new CheckpointFormatError(`section ${e.name} lies outside the file`);
    }
    // Copy out: the payload offset is 8-aligned in the file but not necessarily in the Buffer's pool.
    const copy = new Uint8Array(byteLength);
    copy.set(buf.subarray(start, start + byteLength));
    sections.set(e.name, new Type(copy.buffer) as SavedArray);
  }
  return {
    scenarioHash: parsed.scenarioHash, meshes: parsed.meshes, step: parsed.step, time: parsed.time, parts: parsed.parts,
    values: parsed.values, sections,
  };
}

const isRecord = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const hex = (n: number) => n.toString(16).padStart(8, '0');
