/**
 * Buffered CSV file writer: rows are joined into chunks and written with one system call per chunk, so
 * writing a row per collision does not dominate a run. Numbers are written with JavaScript's shortest
 * round-trip representation, which is deterministic and loses no precision.
 *
 * A resumed run reopens its files at the position a checkpoint recorded (`CsvPosition`): the part kept is checked
 * against the checkpoint's length and SHA-256 (resume-check.ts), anything written after the checkpoint is cut off,
 * so the continued file has neither duplicated nor missing rows nor rows of another history. Every chunk is
 * written whole or reported (file-writes.ts).
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { errnoCode, openForWriting, OutputWriteError, writeFully } from './file-writes.js';
import { checkedPrefix } from './resume-check.js';

const FLUSH_BYTES = 1 << 16;

/** Length of a CSV file, its data rows and the SHA-256 of its bytes at some point of a run. */
export interface CsvPosition {
  bytes: number;
  rows: number;
  /** hex digest of the file's first `bytes` bytes */
  sha256: string;
}

export class CsvWriter {
  private readonly fd: number;
  private chunk: string[] = [];
  private bytes = 0;
  private written = 0;
  /** of every byte written so far */
  private readonly hash: Hash;
  rows = 0;

  /**
   * A new file with `header`, or, given `resumeAt`, the existing file checked against that position and cut back
   * to it (ResumeError naming the file when it is missing, shorter or different).
   */
  constructor(private readonly file: string, header: readonly string[], resumeAt?: CsvPosition) {
    if (resumeAt === undefined) {
      this.hash = createHash('sha256');
      this.fd = openForWriting(file, 'w');
      this.push(header.join(','));
      return;
    }
    this.hash = checkedPrefix(file, resumeAt.bytes, resumeAt.sha256);
    fs.truncateSync(file, resumeAt.bytes);
    this.fd = openForWriting(file, 'a');
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
    try {
      fs.fsyncSync(this.fd);
    } catch (error) {
      throw new OutputWriteError(this.file, errnoCode(error) ?? 'EIO', 'fsync');
    }
    return { bytes: this.written, rows: this.rows, sha256: this.hash.copy().digest('hex') };
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
    const text = Buffer.from(this.chunk.join('\n') + '\n');
    this.written += writeFully(this.fd, text, this.file);
    this.hash.update(text);
    this.chunk = [];
    this.bytes = 0;
  }
}
