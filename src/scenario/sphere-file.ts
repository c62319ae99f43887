/**
 * Explicit spheres read from a CSV file (`"particles": { "file": "bed.csv" }`), straight into the flat arrays the
 * set-up uses (particles/state.ts InitialParticles, 82 bytes per sphere): no object per sphere, and while it is
 * read nothing more than the file's bytes besides. A million spheres from another code (a settled bed) then cost
 * what LAMMPS's `read_data` costs, not the ~1 KB each of a JSON array of objects.
 *
 * The format (docs/scenario-format.md, "Spheres from a file"): UTF-8 text, comma-separated. The first line is the header naming the
 * columns, in any order: `x, y, z` (centre, m), `radius` (m) and `material` (a name of `materials`) are required;
 * `vx, vy, vz` (velocity, m/s) and `wx, wy, wz` (angular velocity, rad/s) are optional, each triple whole or
 * absent (zero). Every further line is one sphere, and the line order is the sphere ids: line 2 is sphere 0, as
 * `particles[0]` is. Line ends LF or CRLF, a final newline or not, empty lines only at the end; a UTF-8 byte-order
 * mark, spaces around a field and double quotes around it (as R's write.csv writes) are accepted. Numbers are
 * decimal (`-1.5e-3`); each is read as JSON.parse reads it — the nearest double — so a file written with every
 * digit a double needs (JavaScript's String(x), Python's repr) gives bit for bit the spheres of the same JSON array.
 *
 * Every value is checked as the schema checks a listed sphere (finite numbers, centre within ±MAX_COORDINATE m,
 * velocity within ±MAX_SPEED m/s, radius > 0, a known material), and every problem is one ScenarioError under
 * `particles.file` naming the file, the line, the column and the allowed range. The file is read as input files are (base/regular-file.ts: a regular
 * file of at most MAX_SPHERE_FILE_BYTES, counted while reading), so a FIFO, /dev/zero or a 10 GB file is refused
 * before a byte is parsed, and a binary file at its first NUL byte.
 */
import { createHash } from 'node:crypto';
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import { ScenarioError } from '../base/scenario-error.js';
import { MAX_COORDINATE, MAX_SPEED } from '../base/schema-fields.js';
import type { InitialParticles } from '../particles/state.js';
import { unknownMaterial } from './material-names.js';
import { sphereArrays } from './sphere-arrays.js';
import { MAX_EXPLICIT_PARTICLES } from './schema.js';

/** The field every problem of a sphere file is reported under. */
export const SPHERE_FILE_FIELD = 'particles.file';
/**
 * Largest sphere file read (bytes): MAX_EXPLICIT_PARTICLES spheres of all eleven columns written with every digit
 * a double needs take about 0.6 GB; anything larger is the wrong file.
 */
export const MAX_SPHERE_FILE_BYTES = 1024 ** 3;
/**
 * Longest field (bytes): a double in full needs at most 24 characters and a material name at most 256 (MAX_NAME_LENGTH),
 * up to 4 bytes each in UTF-8. Longer fields are refused before they are decoded: a line of 500 MB without a comma
 * would not fit in a JavaScript string.
 */
const MAX_FIELD_BYTES = 1024;
/** Longest header line (bytes): eleven column names need about 40. */
const MAX_HEADER_BYTES = 4096;

/** What a column holds: a centre coordinate, a velocity component, the radius, another finite number, or the material name. */
type Kind = 'coordinate' | 'speed' | 'radius' | 'finite' | 'material';

/** The allowed range of each kind of number, for messages. */
const RANGES: Record<Exclude<Kind, 'material'>, string> = {
  coordinate: `must be within ±${MAX_COORDINATE} m`,
  speed: `must be within ±${MAX_SPEED} m/s, the speed of light`,
  radius: 'must be a finite number > 0',
  finite: 'must be a finite number',
};

/** Whether a number read for a column of this kind is in its range (a NaN is in none). */
function withinRange(kind: Exclude<Kind, 'material'>, value: number): boolean {
  switch (kind) {
    case 'coordinate': return Math.abs(value) <= MAX_COORDINATE;
    case 'speed': return Math.abs(value) <= MAX_SPEED;
    case 'radius': return value > 0 && value < Infinity;
    case 'finite': return Number.isFinite(value);
  }
}

interface ColumnSpec {
  name: string;
  /** the quantity and its unit, for messages */
  what: string;
  kind: Kind;
  /** the InitialParticles array it fills, and the component (vectors are interleaved xyz) */
  array: 'position' | 'velocity' | 'angularVelocity' | 'radius' | 'material';
  component: number;
}

const vector = (array: 'position' | 'velocity' | 'angularVelocity', names: string[], what: string, kind: Kind): ColumnSpec[] =>
  names.map((name, component) => ({ name, what: `${what} ${'xyz'[component]}`, kind, array, component }));

/** Every column a sphere file may have; the first five are required. */
const COLUMNS: readonly ColumnSpec[] = [
  ...vector('position', ['x', 'y', 'z'], 'centre', 'coordinate').map((c) => ({ ...c, what: `${c.what} in m` })),
  { name: 'radius', what: 'sphere radius in m', kind: 'radius', array: 'radius', component: 0 },
  { name: 'material', what: 'material name, a key of `materials`', kind: 'material', array: 'material', component: 0 },
  ...vector('velocity', ['vx', 'vy', 'vz'], 'velocity', 'speed').map((c) => ({ ...c, what: `${c.what} in m/s` })),
  ...vector('angularVelocity', ['wx', 'wy', 'wz'], 'angular velocity', 'finite').map((c) => ({ ...c, what: `${c.what} in rad/s` })),
];
const REQUIRED = COLUMNS.slice(0, 5).map((c) => c.name);
const OPTIONAL_TRIPLES = [['vx', 'vy', 'vz'], ['wx', 'wy', 'wz']];
const COLUMN_NAMES = COLUMNS.map((c) => c.name).join(', ');
/** Column names from other codes' files, with what to write instead. */
const COLUMN_HINTS: Record<string, string> = {
  id: 'the sphere ids are the line order: leave the column out',
  diameter: 'give "radius" (m), half the diameter',
  d: 'give "radius" (m), half the diameter',
  type: 'name each sphere\'s material in a "material" column',
};

/** The spheres of a file, and what identifies the file. */
export interface SphereFile {
  /** the file as read (absolute once the scenario is loaded: load.ts resolves it against the scenario's directory) */
  path: string;
  /** SHA-256 (hex) of the file's bytes, which a resume checks (src/checkpoint/scenario-hash.ts) */
  sha256: string;
  /** the spheres in line order; material indices into the given material names */
  spheres: InitialParticles;
  /** each column's number (1-based) in the header, by name */
  columns: ReadonlyMap<string, number>;
}

export interface SphereFileLimits {
  maxBytes?: number;
  maxSpheres?: number;
}

const LF = 0x0a, CR = 0x0d, COMMA = 0x2c, QUOTE = 0x22, SPACE = 0x20, TAB = 0x09;
const PLUS = 0x2b, MINUS = 0x2d, DOT = 0x2e, ZERO = 0x30, NINE = 0x39, LOWER_E = 0x65, UPPER_E = 0x45;

/**
 * Reads the spheres of a CSV file.
 * @param materials the scenario's material names; a sphere's material index is its name's position here
 * @throws ScenarioError (field `particles.file`) naming the file, the line, the column and the allowed range
 */
export function readSphereFile(path: string, materials: readonly string[], limits: SphereFileLimits = {}): SphereFile {
  const { maxBytes = MAX_SPHERE_FILE_BYTES, maxSpheres = MAX_EXPLICIT_PARTICLES } = limits;
  const bytes = fileBytes(path, maxBytes);
  /** `where` is ` line 3, column 2` or empty: the problem is then the file's as a whole. */
  const fail = (where: string, message: string): never => {
    throw new ScenarioError(SPHERE_FILE_FIELD, `${path}${where}${where === '' ? ' ' : ': '}${message}`);
  };
  const nul = bytes.indexOf(0);
  if (nul >= 0) fail(` line ${lineOf(bytes, nul)}`, 'holds a NUL byte: this is a binary file, not CSV text');
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.length === bom) fail('', `is empty; the first line must name the columns, e.g. "${REQUIRED.join(',')}"`);
  const headerEnd = lineEnd(bytes, bom, bytes.length);
  const header = new Fields(bytes, path, 1);
  header.start(bom, headerEnd);
  if (bytes.subarray(bom, header.stop).includes(CR)) fail(' line 1', 'a line ends in CR alone; lines must end in LF or CRLF');
  if (isBlankRange(bytes, bom, header.stop)) fail(' line 1', `the line is empty; the first line must name the columns, e.g. "${REQUIRED.join(',')}"`);
  if (header.stop - bom > MAX_HEADER_BYTES) {
    fail(' line 1', `the header is ${header.stop - bom} bytes long (at most ${MAX_HEADER_BYTES}); the first line must name the `
      + `columns, e.g. "${REQUIRED.join(',')}"`);
  }
  const columns = readHeader(header, fail);
  // The spheres: every line after the header up to the last one holding more than spaces.
  let end = bytes.length;
  while (end > headerEnd && isBlank(bytes[end - 1])) end--;
  const first = Math.min(headerEnd + 1, bytes.length);
  const n = end > first ? countLines(bytes, first, end) : 0;
  if (n === 0) fail('', `has a header but no spheres; each line after the header is one sphere (${COLUMN_NAMES})`);
  if (n > maxSpheres) {
    fail('', `holds ${n} lines of spheres; at most ${maxSpheres} explicit spheres are allowed (use insert blocks for larger scenes)`);
  }
  const spheres = sphereArrays(n);
  readSpheres(bytes, path, first, end, columns, materials, spheres);
  return {
    path,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    spheres,
    columns: new Map(columns.map((c, k) => [c.name, k + 1])),
  };
}

/**
 * The bytes of a sphere file, read as input files are; ScenarioError (field `particles.file`) when it cannot be.
 * Declared as Uint8Array: the public declarations must not need Node's types (a user's tsconfig may have none).
 */
export function sphereFileBytes(path: string, maxBytes?: number): Uint8Array {
  return fileBytes(path, maxBytes);
}

function fileBytes(path: string, maxBytes = MAX_SPHERE_FILE_BYTES): Buffer {
  try {
    return readRegularFile(path, maxBytes);
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    throw new ScenarioError(SPHERE_FILE_FIELD, error.tooLarge
      ? `sphere file ${path} ${error.message} (at most ${MAX_EXPLICIT_PARTICLES} spheres; larger scenes use insert blocks)`
      : `cannot read sphere file ${path}: ${error.message}`);
  }
}

/** The header's columns in file order; refuses unknown, repeated and missing ones and a partial triple. */
function readHeader(header: Fields, fail: (where: string, message: string) => never): ColumnSpec[] {
  const columns: ColumnSpec[] = [];
  const expected = `the header must name the columns ${REQUIRED.join(', ')} and optionally vx, vy, vz and wx, wy, wz`;
  while (header.next()) {
    const name = header.text();
    const where = ` line 1, column ${header.column}`;
    const spec = COLUMNS.find((c) => c.name === name);
    if (spec === undefined) {
      if (header.column === 1 && name.startsWith('#')) {
        fail(where, `the header starts with "#"; ${expected}, with no "#" before them (numpy.savetxt: pass comments="")`);
      }
      if (header.column === 1 && name !== '' && !/[a-z]/i.test(name)) {
        fail(where, `${JSON.stringify(show(name))} is not a column name: the first line must be the header (${expected})`);
      }
      const sameLetters = COLUMNS.find((c) => c.name === name.toLowerCase());
      const hint = sameLetters ? `did you mean "${sameLetters.name}"? ` : COLUMN_HINTS[name.toLowerCase()] ? `${COLUMN_HINTS[name.toLowerCase()]}; ` : '';
      fail(where, `unknown column ${JSON.stringify(show(name))} (${hint}allowed: ${COLUMN_NAMES})`);
    }
    const again = columns.indexOf(spec);
    if (again >= 0) fail(where, `column "${name}" is named a second time (first in column ${again + 1})`);
    columns.push(spec);
  }
  const named = new Set(columns.map((c) => c.name));
  const missing = REQUIRED.filter((name) => !named.has(name));
  if (missing.length > 0) fail(' line 1', `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; ${expected}`);
  for (const triple of OPTIONAL_TRIPLES) {
    const given = triple.filter((name) => named.has(name));
    if (given.length > 0 && given.length < 3) {
      fail(' line 1', `the header names ${given.join(', ')} but not ${triple.filter((name) => !named.has(name)).join(', ')}; `
        + `give all of ${triple.join(', ')} or none (then they are 0)`);
    }
  }
  return columns;
}

/** Parses lines `first`…`end` (bytes) into `out`, one sphere per line. */
function readSpheres(
  bytes: Buffer, path: string, first: number, end: number, columns: readonly ColumnSpec[], materials: readonly string[],
  out: InitialParticles,
): void {
  const materialIndex = new Map(materials.map((name, k) => [name, k]));
  const fields = new Fields(bytes, path, 2, columns);
  let at = first;
  for (let k = 0; k < out.n; k++, at = fields.lineStop + 1) {
    fields.start(at, lineEnd(bytes, at, end));
    if (isBlankRange(bytes, fields.lineStart, fields.stop)) {
      fields.fail('the line is empty; every line after the header is one sphere (empty lines only at the end)', null);
    }
    for (const column of columns) {
      if (!fields.next()) fields.fieldCount();
      if (column.kind === 'material') {
        const name = fields.text();
        const index = materialIndex.get(name);
        if (index === undefined) fields.fail(unknownMaterial(name, materials), column);
        out.material[k] = index!;
        continue;
      }
      const value = fields.number(column);
      const kind = column.kind;
      if (!withinRange(kind, value)) {
        fields.fail(`${RANGES[kind]} (${column.what}); got ${fields.shown()}`, column);
      }
      const array = out[column.array] as Float64Array;
      array[column.array === 'radius' ? k : 3 * k + column.component] = value;
    }
    if (fields.next()) fields.fieldCount();
  }
}

/**
 * The fields of one line, in place: `next()` moves to the following field and sets `from`…`to` (its bytes without
 * surrounding spaces and quotes) and `column` (1-based). Also the messages about the current field.
 */
class Fields {
  /** the line's first byte, the end of its content (before CR LF), and the byte after it (its LF, or the end) */
  lineStart = 0;
  stop = 0;
  lineStop = 0;
  /** 1-based line number and column of the current field */
  line: number;
  column = 0;
  from = 0;
  to = 0;
  /** the field was in double quotes and held a doubled quote inside them */
  escaped = false;
  private at = 0;

  /** @param columns the header's columns, for the lines after it */
  constructor(
    private readonly bytes: Buffer, private readonly path: string, firstLine: number,
    private readonly columns?: readonly ColumnSpec[],
  ) {
    this.line = firstLine - 1;
  }

  /** Starts the next line, which runs from `start` to `lineStop` (its LF or the end of the data). */
  start(start: number, lineStop: number): void {
    this.lineStart = this.at = start;
    this.lineStop = lineStop;
    this.stop = lineStop > start && this.bytes[lineStop - 1] === CR ? lineStop - 1 : lineStop;
    this.line++;
    this.column = 0;
  }

  /** Moves to the next field; false when the line has no more. */
  next(): boolean {
    const b = this.bytes;
    if (this.at > this.stop || (this.column === 0 && this.stop === this.lineStart)) return false;
    this.column++;
    let i = this.at;
    while (i < this.stop && (b[i] === SPACE || b[i] === TAB)) i++;
    this.escaped = false;
    if (b[i] === QUOTE && i < this.stop) {
      this.from = ++i;
      for (;;) {
        if (i >= this.stop) this.fail('a double quote opened here is not closed on this line');
        if (b[i] === QUOTE) {
          if (b[i + 1] !== QUOTE || i + 1 >= this.stop) break;
          this.escaped = true;
          i++;
        }
        i++;
      }
      this.to = i++;
      while (i < this.stop && (b[i] === SPACE || b[i] === TAB)) i++;
      if (i < this.stop && b[i] !== COMMA) this.fail('text after the closing double quote; a quoted field ends at its quote');
    } else {
      this.from = i;
      while (i < this.stop && b[i] !== COMMA) i++;
      let to = i;
      while (to > this.from && (b[to - 1] === SPACE || b[to - 1] === TAB)) to--;
      this.to = to;
    }
    this.at = i + 1;
    if (this.to - this.from > MAX_FIELD_BYTES) {
      this.fail(`a field of ${this.to - this.from} bytes; numbers and material names are at most ${MAX_FIELD_BYTES} bytes`);
    }
    return true;
  }

  /** The current field as text (UTF-8). */
  text(): string {
    const text = this.bytes.toString('utf8', this.from, this.to);
    return this.escaped ? text.replaceAll('""', '"') : text;
  }

  /** The current field as a number, read as JSON.parse reads one; refuses anything but a decimal number. */
  number(column: ColumnSpec): number {
    if (!isDecimal(this.bytes, this.from, this.to)) {
      const text = this.text();
      const why = text === '' ? `missing (empty field); must be a number (${column.what})`
        : /^[+-]?(nan|inf(inity)?)$/i.test(text) ? `${RANGES[column.kind as Exclude<Kind, 'material'>]} (${column.what}); got ${this.shown()}`
          : `must be a number, e.g. -1.5e-3 (${column.what}); got ${this.shown()}`;
      this.fail(why, column);
    }
    return Number(this.bytes.toString('latin1', this.from, this.to));
  }

  /** The current field for a message: quoted, cut short. */
  shown(): string {
    return JSON.stringify(show(this.text()));
  }

  /** Refuses a line with another number of fields than the header has columns. */
  fieldCount(): never {
    const columns = this.columns!;
    const count = this.fieldsOnLine();
    return this.fail(`${count} field${count === 1 ? '' : 's'}, but the header names ${columns.length} `
      + `columns (${columns.map((c) => c.name).join(', ')})${count > columns.length ? ' (a decimal comma? numbers use a point)' : ''}`,
    null);
  }

  /** The fields of the current line, counted without moving from the current one (for messages only). */
  private fieldsOnLine(): number {
    const { at, column, from, to, escaped, line } = this;
    let count = 0;
    this.start(this.lineStart, this.lineStop);
    while (this.next()) count++;
    Object.assign(this, { at, column, from, to, escaped, line });
    return count;
  }

  /**
   * Throws the problem at the current line and field (`column` null: the line as a whole). A bad value on a line
   * with a field too many or too few is reported as that: a decimal comma shifts every field after it.
   */
  fail(message: string, column: ColumnSpec | null | undefined = undefined): never {
    if (column && this.columns !== undefined && this.fieldsOnLine() !== this.columns.length) this.fieldCount();
    const where = column === null ? '' : `, column ${this.column}${column ? ` (${column.name})` : ''}`;
    throw new ScenarioError(SPHERE_FILE_FIELD, `${this.path} line ${this.line}${where}: ${message}`);
  }
}

/** A decimal number as JSON writes one, with an optional sign, leading point and digits: `-1.5e-3`, `+2`, `.5`, `3.`. */
function isDecimal(b: Buffer, from: number, to: number): boolean {
  let i = from;
  if (b[i] === PLUS || b[i] === MINUS) i++;
  let digits = 0;
  while (i < to && b[i] >= ZERO && b[i] <= NINE) i++, digits++;
  if (i < to && b[i] === DOT) {
    i++;
    while (i < to && b[i] >= ZERO && b[i] <= NINE) i++, digits++;
  }
  if (digits === 0) return false;
  if (i < to && (b[i] === LOWER_E || b[i] === UPPER_E)) {
    i++;
    if (b[i] === PLUS || b[i] === MINUS) i++;
    const exponent = i;
    while (i < to && b[i] >= ZERO && b[i] <= NINE) i++;
    if (i === exponent) return false;
  }
  return i === to;
}

/** The end of the line starting at `from`: its LF, or `end`. */
function lineEnd(bytes: Buffer, from: number, end: number): number {
  const lf = bytes.indexOf(LF, from);
  return lf < 0 || lf > end ? end : lf;
}

/** Lines in `from`…`to`, the last one with or without its LF. */
function countLines(bytes: Buffer, from: number, to: number): number {
  let lines = 1;
  for (let lf = bytes.indexOf(LF, from); lf >= 0 && lf < to; lf = bytes.indexOf(LF, lf + 1)) lines++;
  return lines;
}

/** 1-based line number of byte `offset`. */
function lineOf(bytes: Buffer, offset: number): number {
  return countLines(bytes, 0, offset);
}

function isBlank(byte: number): boolean {
  return byte === LF || byte === CR || byte === SPACE || byte === TAB;
}

function isBlankRange(bytes: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isBlank(bytes[i])) return false;
  return true;
}

/** Longest value quoted in a message. */
const SHOWN_LENGTH = 40;

function show(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 3)}...` : text;
}
