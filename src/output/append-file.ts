/**
 * An output file a run only appends to (series.csv, impact-statistics.csv, impacts.bin): bytes are gathered into
 * chunks and written with one system call per chunk, every chunk whole or reported (file-writes.ts), and the
 * SHA-256 of everything written is kept, so a checkpoint can record the file's position (`FilePosition`).
 *
 * A resumed run reopens the file at the position its checkpoint recorded: the part kept is checked against the
 * checkpoint's length and SHA-256 (resume-check.ts) and anything written after the checkpoint is cut off, so the
 * continued file has neither duplicated nor missing records nor records of another history.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { errnoCode, openForWriting, OutputWriteError, writeFully } from './file-writes.js';
import { checkedPrefix } from './resume-check.js';

/** Length of an appended file, its records (data rows) and the SHA-256 of its bytes at some point of a run. */
export interface FilePosition {
  bytes: number;
  rows: number;
  /** hex digest of the file's first `bytes` bytes */
  sha256: string;
}

export class AppendFile {
  private readonly fd: number;
  private written = 0;
  /** of every byte written so far */
  private readonly hash: Hash;
  /** records appended, the file's header not counted */
  rows = 0;

  /**
   * A new file starting with `header`, or, given `resumeAt`, the existing file checked against that position and
   * cut back to it (ResumeError naming the file when it is missing, shorter or different).
   */
  constructor(readonly file: string, header: string | Uint8Array, resumeAt?: FilePosition) {
    if (resumeAt === undefined) {
      this.hash = createHash('sha256');
      this.fd = openForWriting(file, 'w');
      this.write(header);
      return;
    }
    this.hash = checkedPrefix(file, resumeAt.bytes, resumeAt.sha256);
    fs.truncateSync(file, resumeAt.bytes);
    this.fd = openForWriting(file, 'a');
    this.written = resumeAt.bytes;
    this.rows = resumeAt.rows;
  }

  /** Appends `data`, which holds `rows` records. */
  write(data: string | Uint8Array, rows = 0): void {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    this.written += writeFully(this.fd, bytes, this.file);
    this.hash.update(bytes);
    this.rows += rows;
  }

  /** Makes what was written durable and returns the file's position, for a checkpoint. */
  position(): FilePosition {
    try {
      fs.fsyncSync(this.fd);
    } catch (error) {
      throw new OutputWriteError(this.file, errnoCode(error) ?? 'EIO', 'fsync');
    }
    return { bytes: this.written, rows: this.rows, sha256: this.hash.copy().digest('hex') };
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

/**
 * A writer that gathers records in memory and appends them a chunk at a time (csv.ts, impact-file.ts): what it has
 * gathered is written out before the file's position is taken, since the records a checkpoint counts must be on
 * disk before the checkpoint is, and before the file is closed.
 */
export abstract class GatheringWriter {
  protected abstract readonly file: AppendFile;

  /** Appends the records gathered so far, if any. */
  protected abstract flush(): void;

  /** Writes out gathered records, makes them durable and returns the file's position, for a checkpoint. */
  position(): FilePosition {
    this.flush();
    return this.file.position();
  }

  close(): void {
    this.flush();
    this.file.close();
  }
}
