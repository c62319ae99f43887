/**
 * Every completed collision, one fixed-size binary record each (`outputs.impactRecords`): impacts.bin. A record
 * holds exactly the doubles the kernel closed (src/kernel/records.ts), so nothing is rounded; it takes 168 B
 * against about 400 B as a CSV row, and writing it formats no text. `grainflow export impacts <run>` and
 * `impactsCsv` turn it into the impacts.csv of older runs, row for row and digit for digit (docs/outputs.md).
 *
 * Layout (little-endian): a 16-byte header — the 8 ASCII bytes `GFIMPACT`, u32 format version (1), u32 record
 * size (168) — then one record per collision in the order they ended:
 *   0 f64 t_start (s) · 8 f64 duration (s) · 16 u32 i (sphere id) · 20 i32 j (sphere id, or −1 − K for walls[K])
 *   24 f64 impact_speed · 32 f64 rebound_speed (m/s) · 40 f64 max_overlap (m) · 48 f64 max_normal_force (N)
 *   56 f64 slip_before · 64 f64 slip_after (m/s)
 *   72 f64×3 ω_i before · 96 f64×3 ω_j before · 120 f64×3 ω_i after · 144 f64×3 ω_j after (rad/s; 0 for a wall)
 * Records are whole: a file cut inside one (a copy broken off) is refused, not read short.
 */
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import type { ImpactRecord } from '../engine/simulation.js';
import { AppendFile, GatheringWriter, type FilePosition } from './append-file.js';
import { fileStartsWith } from './file-ends.js';
import type { OwnFile } from './run-directory.js';

export const IMPACT_FILE = 'impacts.bin';
const MAGIC = 'GFIMPACT';
const VERSION = 1;
const HEADER_BYTES = 16;
export const IMPACT_RECORD_BYTES = 168;
/** Records gathered before one write: 2.7 MB. */
const RECORDS_PER_WRITE = 1 << 14;

/** The columns of impacts.csv (`grainflow export impacts`, and runs made before impacts.bin). */
export const IMPACTS_HEADER = [
  't_start', 'duration', 'i', 'j', 'impact_speed', 'rebound_speed', 'restitution', 'max_overlap', 'max_normal_force',
  'slip_before', 'slip_after',
  'omega_i_before_x', 'omega_i_before_y', 'omega_i_before_z', 'omega_j_before_x', 'omega_j_before_y', 'omega_j_before_z',
  'omega_i_after_x', 'omega_i_after_y', 'omega_i_after_z', 'omega_j_after_x', 'omega_j_after_y', 'omega_j_after_z',
] as const;

/** A collision as the cells of an impacts.csv row (restitution empty when the impact speed is 0). */
export function impactRow(r: ImpactRecord): (number | string)[] {
  return [
    r.tStart, r.duration, r.i, r.isWall ? `wall:${r.j}` : r.j, r.impactSpeed, r.reboundSpeed,
    r.impactSpeed > 0 ? r.reboundSpeed / r.impactSpeed : '', r.maxOverlap, r.maxNormalForce,
    r.slipBefore, r.slipAfter, ...r.omegaIBefore, ...r.omegaJBefore, ...r.omegaIAfter, ...r.omegaJAfter,
  ];
}

/** The byte offsets of the doubles after the ids, in the order ImpactRecord lists them. */
const SPEEDS = 24, OMEGA_I_BEFORE = 72, OMEGA_J_BEFORE = 96, OMEGA_I_AFTER = 120, OMEGA_J_AFTER = 144;

function header(): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < MAGIC.length; k++) bytes[k] = MAGIC.charCodeAt(k);
  view.setUint32(8, VERSION, true);
  view.setUint32(12, IMPACT_RECORD_BYTES, true);
  return bytes;
}

/** Appends collisions to impacts.bin, a chunk of records per write; resumable at a checkpoint's position. */
export class ImpactFileWriter extends GatheringWriter {
  protected readonly file: AppendFile;
  private readonly chunk = new Uint8Array(RECORDS_PER_WRITE * IMPACT_RECORD_BYTES);
  private readonly view = new DataView(this.chunk.buffer);
  private pending = 0;

  constructor(file: string, resumeAt?: FilePosition) {
    super();
    this.file = new AppendFile(file, header(), resumeAt);
  }

  get rows(): number {
    return this.file.rows + this.pending;
  }

  record(r: ImpactRecord): void {
    const v = this.view, b = this.pending * IMPACT_RECORD_BYTES;
    v.setFloat64(b, r.tStart, true);
    v.setFloat64(b + 8, r.duration, true);
    v.setUint32(b + 16, r.i, true);
    v.setInt32(b + 20, r.isWall ? -1 - r.j : r.j, true);
    const doubles = [r.impactSpeed, r.reboundSpeed, r.maxOverlap, r.maxNormalForce, r.slipBefore, r.slipAfter];
    for (let k = 0; k < doubles.length; k++) v.setFloat64(b + SPEEDS + 8 * k, doubles[k], true);
    const vectors: [number, number[]][] = [
      [OMEGA_I_BEFORE, r.omegaIBefore], [OMEGA_J_BEFORE, r.omegaJBefore], [OMEGA_I_AFTER, r.omegaIAfter], [OMEGA_J_AFTER, r.omegaJAfter],
    ];
    for (const [at, w] of vectors) for (let a = 0; a < 3; a++) v.setFloat64(b + at + 8 * a, w[a], true);
    if (++this.pending === RECORDS_PER_WRITE) this.flush();
  }

  protected flush(): void {
    if (this.pending === 0) return;
    this.file.write(this.chunk.subarray(0, this.pending * IMPACT_RECORD_BYTES), this.pending);
    this.pending = 0;
  }
}

/** An impacts.bin that cannot be read (not a regular file, too large, not this format, a record cut off). */
export class ImpactFileError extends Error {
  override name = 'ImpactFileError';
}

/** Largest impacts.bin read back: 6.4 million collisions. */
export const MAX_IMPACT_FILE_BYTES = 1 << 30;

/** The collisions of an impacts.bin, read whole and checked; each record is decoded when asked for. */
export class ImpactFileReader {
  readonly count: number;
  private readonly view: DataView;

  /** @throws ImpactFileError naming the file when it is not a complete impacts.bin of this format */
  constructor(readonly file: string) {
    let bytes: Buffer;
    try {
      bytes = readRegularFile(file, MAX_IMPACT_FILE_BYTES);
    } catch (error) {
      if (!(error instanceof InputFileError)) throw error;
      throw new ImpactFileError(error.tooLarge ? `${file} ${error.message}` : `cannot read ${file}: ${error.message}`);
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < HEADER_BYTES || String.fromCharCode(...bytes.subarray(0, MAGIC.length)) !== MAGIC) {
      throw new ImpactFileError(`${file} is not a grainflow impacts.bin (no ${MAGIC} header)`);
    }
    const version = view.getUint32(8, true), size = view.getUint32(12, true);
    if (version !== VERSION || size !== IMPACT_RECORD_BYTES) {
      throw new ImpactFileError(`${file} is impacts format ${version} with ${size}-byte records; this grainflow reads `
        + `format ${VERSION} (${IMPACT_RECORD_BYTES} B)`);
    }
    const body = bytes.length - HEADER_BYTES;
    if (body % IMPACT_RECORD_BYTES !== 0) {
      throw new ImpactFileError(`${file} ends inside a record (${body} bytes after the header, not a multiple of `
        + `${IMPACT_RECORD_BYTES}): the file was cut`);
    }
    this.view = view;
    this.count = body / IMPACT_RECORD_BYTES;
  }

  /** Collision k (0-based, in the order they ended). */
  record(k: number): ImpactRecord {
    const view = this.view, b = HEADER_BYTES + k * IMPACT_RECORD_BYTES;
    const f = (at: number) => view.getFloat64(b + at, true);
    const vector = (at: number) => [f(at), f(at + 8), f(at + 16)];
    const j = view.getInt32(b + 20, true);
    return {
      tStart: f(0), duration: f(8), i: view.getUint32(b + 16, true), j: j < 0 ? -1 - j : j, isWall: j < 0,
      impactSpeed: f(SPEEDS), reboundSpeed: f(SPEEDS + 8), maxOverlap: f(SPEEDS + 16), maxNormalForce: f(SPEEDS + 24),
      slipBefore: f(SPEEDS + 32), slipAfter: f(SPEEDS + 40),
      omegaIBefore: vector(OMEGA_I_BEFORE), omegaJBefore: vector(OMEGA_J_BEFORE),
      omegaIAfter: vector(OMEGA_I_AFTER), omegaJAfter: vector(OMEGA_J_AFTER),
    };
  }
}

/** An impacts.csv written before, as the file output of writeImpactsCsv recognises it: by its header line. */
export const IMPACTS_CSV: OwnFile = {
  test: (file) => fileStartsWith(file, Buffer.from(`${IMPACTS_HEADER.join(',')}\n`)),
  what: 'an impacts CSV grainflow exported',
};

/** Rows of impacts.csv written at a time by writeImpactsCsv: the text of a large file is never one string. */
const CSV_ROWS_PER_WRITE = 10_000;

/**
 * Writes the collisions as impacts.csv into `file` (a new file): the header, then a row per collision, numbers in
 * JavaScript's shortest round-trip form, as runs before impacts.bin wrote it.
 */
export function writeImpactsCsv(reader: ImpactFileReader, file: string): void {
  const out = new AppendFile(file, `${IMPACTS_HEADER.join(',')}\n`);
  try {
    for (let first = 0; first < reader.count; first += CSV_ROWS_PER_WRITE) {
      const rows: string[] = [];
      for (let k = first; k < Math.min(reader.count, first + CSV_ROWS_PER_WRITE); k++) rows.push(`${impactRow(reader.record(k)).join(',')}\n`);
      out.write(rows.join(''), rows.length);
    }
  } finally {
    out.close();
  }
}
