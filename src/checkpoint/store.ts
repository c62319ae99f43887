/**
 * The checkpoints of one run: files `step-<step>.gfck` in `<run>/checkpoints/`. Each is written to a temporary
 * name, flushed to disk and renamed, so a crash (kill -9, power loss) leaves only complete files. The newest
 * KEPT files are kept; loading takes the newest one that decodes and belongs to the scenario, reporting every
 * damaged or foreign one it skips. A checkpoint of another grainflow version is not skipped but refused: the
 * ones before it were written by the same version.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CheckpointFormatError, CheckpointVersionError, decodeCheckpoint, encodeCheckpoint, type Checkpoint,
} from './format.js';

/** Older checkpoints kept besides the newest, to fall back on when the newest is damaged. */
export const KEPT = 3;
const FILE_PATTERN = /^step-(\d+)\.gfck$/;

export class CheckpointStore {
  constructor(readonly directory: string) {}

  write(cp: Checkpoint): string {
    fs.mkdirSync(this.directory, { recursive: true });
    const file = path.join(this.directory, `step-${String(cp.step).padStart(10, '0')}.gfck`);
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = fs.openSync(temporary, 'w');
    try {
      fs.writeSync(fd, encodeCheckpoint(cp));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    syncDirectory(this.directory);
    for (const old of this.files().slice(KEPT)) fs.rmSync(old.file, { force: true });
    return file;
  }

  /** Removes temporary files of writes that a crash interrupted (kill -9 during write()). */
  removeInterruptedWrites(): void {
    if (!fs.existsSync(this.directory)) return;
    for (const name of fs.readdirSync(this.directory)) {
      if (name.endsWith('.tmp')) fs.rmSync(path.join(this.directory, name), { force: true });
    }
  }

  /** Checkpoint files, newest first. */
  files(): { file: string; step: number }[] {
    if (!fs.existsSync(this.directory)) return [];
    return fs.readdirSync(this.directory).flatMap((name) => {
      const m = FILE_PATTERN.exec(name);
      return m ? [{ file: path.join(this.directory, name), step: Number(m[1]) }] : [];
    }).sort((a, b) => b.step - a.step);
  }

  /**
   * The newest checkpoint that is intact and was written for `scenarioHash`; each one skipped is reported through
   * `onSkip` with the reason. Undefined when none is usable; CheckpointVersionError (naming the file) when one was
   * written by another grainflow version.
   */
  newestValid(scenarioHash: string, onSkip: (message: string) => void): Checkpoint | undefined {
    for (const { file } of this.files()) {
      const name = path.relative(process.cwd(), file);
      try {
        const cp = decodeCheckpoint(fs.readFileSync(file));
        if (cp.scenarioHash === scenarioHash) return cp;
        onSkip(`checkpoint ${name} belongs to a different scenario; trying the previous one`);
      } catch (error) {
        if (error instanceof CheckpointVersionError) throw new CheckpointVersionError(error.written, error.older, name);
        if (!(error instanceof CheckpointFormatError)) throw error;
        onSkip(`checkpoint ${name} is unusable: ${error.message}; trying the previous one`);
      }
    }
    return undefined;
  }
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
function syncDirectory(directory: string): void {
  const fd = fs.openSync(directory, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
