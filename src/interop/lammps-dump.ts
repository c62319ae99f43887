/**
 * Reads LAMMPS text dumps (`dump custom`, `write_dump … custom`) frame by frame:
 *
 *   ITEM: TIMESTEP / step / ITEM: NUMBER OF ATOMS / n / ITEM: BOX BOUNDS … / three lines /
 *   ITEM: ATOMS col col … / n lines of numbers
 *
 * A frame's values are a Float64Array of n rows × the columns, in file order. Anything else — a missing item, other
 * columns, a line with the wrong count of numbers or a value that is not a number, a file that ends inside a frame —
 * is a DeckError that says where. The file is read in chunks, so a dump of any size streams through a bounded
 * buffer; numbers of up to 15 significant digits are converted exactly without building strings (Clinger's fast
 * path: an integer mantissa times or over an exact power of ten is one correctly rounded operation).
 */
import fs from 'node:fs';
import { fileKind } from '../base/regular-file.js';
import { DeckError } from './deck-manifest.js';

export interface DumpFrame {
  step: number;
  atoms: number;
  /** atoms × columns values, row-major */
  values: Float64Array;
}

const CHUNK_BYTES = 1 << 24;
/** More atoms than grainflow runs (docs/scenario-format.md, Limits: 6.3 million spheres) in one frame: not a dump of one of its decks. */
export const MAX_DUMP_ATOMS = 10_000_000;
const NEWLINE = 10, SPACE = 32, TAB = 9, CR = 13;

/** Lines of a file as byte ranges of a shared buffer, read in chunks; `number` is the 1-based line number. */
class LineReader {
  private readonly fd: number;
  private buffer = Buffer.alloc(CHUNK_BYTES);
  private start = 0;
  private end = 0;
  private eof = false;
  number = 0;
  /** the current line is the file's last and has no newline: a file cut short */
  unterminated = false;
  /** the current line: buffer[lineStart, lineEnd) */
  lineStart = 0;
  lineEnd = 0;

  /** Opens `file` if it is a regular file (run-files.ts's rule: a FIFO or device is refused before a byte is read). */
  constructor(readonly file: string) {
    // O_NONBLOCK: opening a FIFO otherwise waits for a writer, forever if none comes.
    this.fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stats = fs.fstatSync(this.fd);
    if (!stats.isFile()) {
      fs.closeSync(this.fd);
      throw new DeckError(`cannot read ${file}: it is ${fileKind(stats)}, not a regular file`);
    }
  }

  get bytes(): Buffer {
    return this.buffer;
  }

  /** Advances to the next line; false at the end of the file. */
  next(): boolean {
    for (;;) {
      const newline = this.buffer.indexOf(NEWLINE, this.start);
      if (newline >= 0 && newline < this.end) {
        this.lineStart = this.start;
        this.lineEnd = newline > this.start && this.buffer[newline - 1] === CR ? newline - 1 : newline;
        this.start = newline + 1;
        this.number++;
        return true;
      }
      if (this.eof) {
        if (this.start >= this.end) return false;
        // A last line without a newline.
        this.unterminated = true;
        this.lineStart = this.start;
        this.lineEnd = this.end;
        this.start = this.end;
        this.number++;
        return true;
      }
      this.fill();
    }
  }

  text(): string {
    return this.buffer.toString('latin1', this.lineStart, this.lineEnd);
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private fill(): void {
    const rest = this.end - this.start;
    if (this.start > 0) this.buffer.copy(this.buffer, 0, this.start, this.end);
    if (rest === this.buffer.length) {
      const bigger = Buffer.alloc(2 * this.buffer.length);
      this.buffer.copy(bigger, 0, 0, rest);
      this.buffer = bigger;
    }
    this.start = 0;
    this.end = rest;
    const read = fs.readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
    if (read === 0) this.eof = true;
    this.end += read;
  }
}

/** Exact powers of ten 10^0 … 10^22. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Parses the whitespace-separated numbers of bytes[from, to) into out[offset …]; returns how many it found, or −1
 * when a token is not a number.
 */
function parseNumbers(bytes: Buffer, from: number, to: number, out: Float64Array, offset: number, limit: number): number {
  let count = 0, k = from;
  while (k < to) {
    while (k < to && (bytes[k] === SPACE || bytes[k] === TAB)) k++;
    if (k >= to) break;
    const tokenStart = k;
    let negative = false;
    if (bytes[k] === 45 /* - */ || bytes[k] === 43 /* + */) negative = bytes[k++] === 45;
    const unsignedStart = k;
    // digits counts the significant ones: past 15 the mantissa is no longer exact and Number takes over.
    let mantissa = 0, digits = 0, exponent = 0, any = false;
    for (; k < to && bytes[k] >= 48 && bytes[k] <= 57; k++, any = true) {
      mantissa = mantissa * 10 + (bytes[k] - 48);
      if (mantissa !== 0) digits++;
    }
    if (k < to && bytes[k] === 46 /* . */) {
      for (k++; k < to && bytes[k] >= 48 && bytes[k] <= 57; k++, any = true) {
        mantissa = mantissa * 10 + (bytes[k] - 48);
        if (mantissa !== 0) digits++;
        exponent--;
      }
    }
    if (any && k < to && (bytes[k] === 101 || bytes[k] === 69) /* e E */) {
      k++;
      let expNegative = false;
      if (bytes[k] === 45 || bytes[k] === 43) expNegative = bytes[k++] === 45;
      let e = 0, expDigits = false;
      for (; k < to && bytes[k] >= 48 && bytes[k] <= 57; k++, expDigits = true) e = e * 10 + (bytes[k] - 48);
      if (!expDigits) return -1;
      exponent += expNegative ? -e : e;
    }
    const tokenEnd = k;
    if (k < to && bytes[k] !== SPACE && bytes[k] !== TAB) {
      // Not a plain decimal (inf, nan, a stray character): let Number decide, then the caller.
      while (k < to && bytes[k] !== SPACE && bytes[k] !== TAB) k++;
      const value = Number(bytes.toString('latin1', tokenStart, k));
      if (!Number.isFinite(value)) return -1;
      if (count < limit) out[offset + count] = value;
      count++;
      continue;
    }
    if (!any) return -1;
    let value: number;
    if (digits <= 15 && Math.abs(exponent) <= 22) value = exponent < 0 ? mantissa / POW10[-exponent] : mantissa * POW10[exponent];
    else value = Number(bytes.toString('latin1', unsignedStart, tokenEnd));
    // 1e400 is a plain decimal too, but no number a dump may hold.
    if (!Number.isFinite(value)) return -1;
    if (count < limit) out[offset + count] = negative ? -value : value;
    count++;
  }
  return count;
}

/**
 * The frames of a dump whose ATOMS item has exactly `columns` and at most `maxAtoms` rows, in file order. `onFrame`
 * may keep the frame's values only until it returns (the buffer is reused).
 */
export function readDump(
  file: string, columns: readonly string[], onFrame: (frame: DumpFrame) => void, maxAtoms = MAX_DUMP_ATOMS,
): void {
  for (const frame of dumpFrames(file, columns, maxAtoms)) onFrame(frame);
}

/**
 * readDump's frames one at a time, so that a caller can return to the event loop between two (a signal's handler
 * runs there); a frame's values are valid until the next is asked for. The file is closed when the iteration ends,
 * is left, or throws.
 */
export function* dumpFrames(file: string, columns: readonly string[], maxAtoms = MAX_DUMP_ATOMS): Generator<DumpFrame> {
  if (!fs.existsSync(file)) throw new DeckError(`${file} is missing: run LAMMPS in the deck directory first`);
  const lines = new LineReader(file);
  const where = () => `${file}, line ${lines.number}`;
  const expectLine = (what: string) => {
    if (!lines.next()) throw new DeckError(`${file} ends at line ${lines.number}, before ${what}: the dump is cut short`);
  };
  const expectItem = (item: string) => {
    expectLine(`ITEM: ${item}`);
    const text = lines.text();
    if (!text.startsWith(`ITEM: ${item}`)) throw new DeckError(`${where()}: expected "ITEM: ${item}", got "${text.slice(0, 60)}"`);
    return text;
  };
  const wholeNumber = (what: string) => {
    expectLine(what);
    const x = Number(lines.text().trim());
    if (!Number.isInteger(x) || x < 0) throw new DeckError(`${where()}: ${what} must be a whole number, got "${lines.text().slice(0, 60)}"`);
    return x;
  };
  let values = new Float64Array(0);
  const width = columns.length;
  try {
    while (lines.next()) {
      if (lines.lineEnd === lines.lineStart) continue;
      const first = lines.text();
      if (!first.startsWith('ITEM: TIMESTEP')) throw new DeckError(`${where()}: expected "ITEM: TIMESTEP", got "${first.slice(0, 60)}"`);
      const step = wholeNumber('the timestep');
      expectItem('NUMBER OF ATOMS');
      const atoms = wholeNumber('the number of atoms');
      // Checked before the frame's buffer is made: a count of 10^15 would otherwise be a RangeError.
      if (atoms > maxAtoms) throw new DeckError(`${where()}: ${atoms} atoms, at most ${maxAtoms} are read (the deck's spheres)`);
      expectItem('BOX BOUNDS');
      for (let a = 0; a < 3; a++) expectLine('the box bounds');
      const header = expectItem('ATOMS').slice('ITEM: ATOMS'.length).trim().split(/\s+/);
      if (header.join(' ') !== columns.join(' ')) {
        throw new DeckError(`${where()}: the dump's columns are "${header.join(' ')}", expected "${columns.join(' ')}"`);
      }
      if (values.length < atoms * width) values = new Float64Array(atoms * width);
      for (let a = 0; a < atoms; a++) {
        if (!lines.next()) {
          throw new DeckError(`${file} ends inside the frame of step ${step} (${a} of ${atoms} atoms): the LAMMPS run did `
            + 'not finish or the file was cut short');
        }
        const count = parseNumbers(lines.bytes, lines.lineStart, lines.lineEnd, values, a * width, width);
        if (count !== width && lines.unterminated) {
          throw new DeckError(`${file} ends inside the frame of step ${step} (atom ${a + 1} of ${atoms}): the LAMMPS run did `
            + 'not finish or the file was cut short');
        }
        if (count !== width) {
          throw new DeckError(`${where()}: expected ${width} numbers (${columns.join(' ')}), got `
            + `${count < 0 ? 'something else' : count}: "${lines.text().slice(0, 80)}"`);
        }
      }
      yield { step, atoms, values: values.subarray(0, atoms * width) };
    }
  } finally {
    lines.close();
  }
}

/**
 * The rows of `width` numbers of a text file such as `fix print` output, skipping comment lines (#) and blank ones;
 * `onRow` may keep the values only until it returns. A DeckError names the line of anything else.
 */
export function readNumberRows(file: string, width: number, onRow: (values: Float64Array) => void): void {
  if (!fs.existsSync(file)) throw new DeckError(`${file} is missing: run LAMMPS in the deck directory first`);
  const lines = new LineReader(file);
  const values = new Float64Array(width);
  try {
    while (lines.next()) {
      if (lines.lineEnd === lines.lineStart || lines.bytes[lines.lineStart] === 35 /* # */) continue;
      const count = parseNumbers(lines.bytes, lines.lineStart, lines.lineEnd, values, 0, width);
      if (count !== width) {
        throw new DeckError(`${file}, line ${lines.number}: expected ${width} numbers, got "${lines.text().slice(0, 80)}"`);
      }
      onRow(values);
    }
  } finally {
    lines.close();
  }
}
