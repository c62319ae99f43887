/**
 * Buffered CSV file writer: rows are joined into chunks and appended with one system call per chunk
 * (append-file.ts, which also checks and cuts back a resumed file), so writing many rows does not dominate a run.
 * Numbers are written with JavaScript's shortest round-trip representation, which is deterministic and loses no
 * precision.
 */
import { AppendFile, GatheringWriter, type FilePosition } from './append-file.js';

const FLUSH_BYTES = 1 << 16;

/** Length of a CSV file, its data rows and the SHA-256 of its bytes at some point of a run. */
export type CsvPosition = FilePosition;

export class CsvWriter extends GatheringWriter {
  protected readonly file: AppendFile;
  private chunk: string[] = [];
  private bytes = 0;

  /**
   * A new file with `header`, or, given `resumeAt`, the existing file checked against that position and cut back
   * to it (ResumeError naming the file when it is missing, shorter or different).
   */
  constructor(file: string, header: readonly string[], resumeAt?: CsvPosition) {
    super();
    this.file = new AppendFile(file, resumeAt === undefined ? `${header.join(',')}\n` : '', resumeAt);
  }

  get rows(): number {
    return this.file.rows + this.chunk.length;
  }

  row(values: readonly (number | string)[]): void {
    const line = values.join(',');
    this.chunk.push(line);
    this.bytes += line.length + 1;
    if (this.bytes >= FLUSH_BYTES) this.flush();
  }

  protected flush(): void {
    if (this.chunk.length === 0) return;
    this.file.write(`${this.chunk.join('\n')}\n`, this.chunk.length);
    this.chunk = [];
    this.bytes = 0;
  }
}
