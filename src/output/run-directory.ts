/**
 * A run directory that appears whole or not at all: files are written into a sibling staging directory,
 * which replaces the target only when the run has finished. A failed run removes its staging directory,
 * so no half-written output is ever left behind.
 */
import fs from 'node:fs';
import path from 'node:path';

export class RunDirectory {
  readonly staging: string;
  private finished = false;

  constructor(readonly target: string) {
    const abs = path.resolve(target);
    this.staging = path.join(path.dirname(abs), `.${path.basename(abs)}.partial-${process.pid}`);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.rmSync(this.staging, { recursive: true, force: true });
    fs.mkdirSync(this.staging);
  }

  file(name: string): string {
    return path.join(this.staging, name);
  }

  writeFile(name: string, content: string): void {
    fs.writeFileSync(this.file(name), content);
  }

  /** Moves the staging directory into place, replacing an earlier run at the same path. */
  commit(): void {
    const abs = path.resolve(this.target);
    const previous = `${this.staging}.old`;
    if (fs.existsSync(abs)) fs.renameSync(abs, previous);
    fs.renameSync(this.staging, abs);
    fs.rmSync(previous, { recursive: true, force: true });
    this.finished = true;
  }

  /** Removes the staging directory of a run that did not finish. */
  discard(): void {
    if (!this.finished) fs.rmSync(this.staging, { recursive: true, force: true });
  }
}
