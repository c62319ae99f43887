/**
 * Buffered CSV file writer: rows are joined into chunks and written with one system call per chunk, so
 * writing a row per collision does not dominate a run. Numbers are written with JavaScript's shortest
 * round-trip representation, which is deterministic and loses no precision.
 */
import fs from 'node:fs';

const FLUSH_BYTES = 1 << 16;

export class CsvWriter {
  private readonly fd: number;
  private chunk: string[] = [];
  private bytes = 0;
  rows = 0;

  constructor(file: string, header: readonly string[]) {
    this.fd = fs.openSync(file, 'w');
    this.push(header.join(','));
  }

  row(values: readonly (number | string)[]): void {
    this.push(values.join(','));
    this.rows++;
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
    fs.writeSync(this.fd, this.chunk.join('\n') + '\n');
    this.chunk = [];
    this.bytes = 0;
  }
}
