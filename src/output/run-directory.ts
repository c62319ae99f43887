/**
 * Where a run writes its files. Two kinds:
 *  - RunDirectory: appears whole or not at all. Files are written into a sibling staging directory, which
 *    replaces the target only when the run has finished; a failed run removes its staging directory, so no
 *    half-written output is ever left behind.
 *  - ResumableRunDirectory (runs with checkpoints): written in place, because a run that stops — failure, signal,
 *    kill -9 — must leave its checkpoints where `--resume <dir>` finds them. Every whole file is written to a
 *    temporary name and renamed; summary.json is written last, so its presence marks a finished run. The CSV
 *    files grow during the run and are cut back to the checkpoint's length on resume.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RunOutputDirectory {
  /** path of an output file */
  file(name: string): string;
  writeFile(name: string, content: string): void;
  /** the run finished: its outputs become the run directory */
  commit(): void;
  /** the run is over, finished or not (called last, always) */
  discard(): void;
}

/**
 * Whether `dir` may be replaced by a new run (--force): it is empty or holds a run's scenario.json. Guards
 * against `--out .` or a typo pointing at a source tree.
 */
export function isReplaceableRunDirectory(dir: string): boolean {
  const entries = fs.readdirSync(dir);
  return entries.length === 0 || entries.includes('scenario.json');
}

export class RunDirectory implements RunOutputDirectory {
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

export class ResumableRunDirectory implements RunOutputDirectory {
  /** @param fresh a new run: an earlier run at `target` is removed first (the CLI asks for --force) */
  constructor(readonly target: string, fresh: boolean) {
    if (fresh) fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true });
  }

  file(name: string): string {
    return path.join(this.target, name);
  }

  writeFile(name: string, content: string): void {
    const temporary = `${this.file(name)}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(temporary), { recursive: true });
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, this.file(name));
  }

  commit(): void {}

  /** Nothing to remove: an unfinished run keeps its checkpoints for --resume. */
  discard(): void {}
}
