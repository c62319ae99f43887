/**
 * Buffered CSV file writer: rows are joined into chunks and written with one system call per chunk, so
 * writing a row per collision does not dominate a run. Numbers are written with JavaScript's shortest
 * round-trip representation, which is deterministic and loses no precision.
 *
 * A resumed run reopens its files at the position a checkpoint recorded (`CsvPosition`): anything written after
 * the checkpoint is cut off, so the continued file has neither duplicated nor missing rows.
 */
import fs from 'node:fs';

const FLUSH_BYTES = 1 << 16;

/** Length of a CSV file and its data rows at some point of a run. */
export interface CsvPosition {
  bytes: number;
  rows: number;
}

export class CsvWriter {
  private readonly fd: number;
  private chunk: string[] = [];
  private bytes = 0;
  private written = 0;
  rows = 0;

  /** A new file with `header`, or, given `resumeAt`, the existing file cut back to that position. */
  constructor(file: string, header: readonly string[], resumeAt?: CsvPosition) {
    if (resumeAt === undefined) {
      this.fd = fs.openSync(file, 'w');
      this.push(header.join(','));
      return;
    }
    fs.truncateSync(file, resumeAt.bytes);
    this.fd = fs.openSync(file, 'a');
    this.written = resumeAt.bytes;
    this.rows = resumeAt.rows;
  }

  row(values: readonly (number | string)[]): void {
    this.push(values.join(','));
    this.rows++;
  }

  /**
   * Writes out buffered rows, makes them durable and returns the file's position, for a checkpoint: the rows a
   * checkpoint counts must be on disk before the checkpoint is.
   */
  position(): CsvPosition {
    this.flush();
    fs.fsyncSync(this.fd);
    return { bytes: this.written, rows: this.rows };
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }

  private push(line: string): void {
    this.chunk.push(line);
    this.bytes += line.length + 1;
    if (this.bytes >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.chunk.length === 0) return;
    const text = this.chunk.join('\n') + '\n';
    fs.writeSync(this.fd, text);
    this.written += Buffer.byteLength(text);
    this.chunk = [];
    this.bytes = 0;
  }
}
