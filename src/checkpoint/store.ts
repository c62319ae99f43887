/**
 * The checkpoints of one run: files `step-<step>.gfck` in `<run>/checkpoints/`. Each is written whole to a temporary
 * name, flushed to disk and renamed (a short or failed write is reported and never renamed into place), so a crash
 * (kill -9, power loss) or a full disk leaves only complete files. The newest KEPT files are kept; loading takes the
 * newest one that decodes and belongs to the scenario, reporting every damaged, unreadable or foreign one it skips.
 * A checkpoint of another grainflow version is not skipped but refused: the ones before it were written by the same
 * version; so is a directory or device under a checkpoint's name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { causeOf, errnoCode, fileTypeOf, writeFileAtomically } from '../output/file-writes.js';
import { ResumeError } from '../output/resume-error.js';
import {
  CheckpointFormatError, CheckpointVersionError, decodeCheckpoint, encodeCheckpoint, type Checkpoint,
} from './format.js';

/** Older checkpoints kept besides the newest, to fall back on when the newest is damaged. */
export const KEPT = 3;
const FILE_PATTERN = /^step-(\d+)\.gfck$/;
/** What an interrupted write leaves: writeFileAtomically's temporary name. */
const TEMPORARY_PATTERN = /^step-\d+\.gfck\.\d+\.tmp$/;

export class CheckpointStore {
  /** @param record told of each checkpoint file before it is written (the run directory lists it in its marker) */
  constructor(readonly directory: string, private readonly record: (file: string) => void = () => {}) {}

  write(cp: Checkpoint): string {
    fs.mkdirSync(this.directory, { recursive: true });
    const file = path.join(this.directory, `step-${String(cp.step).padStart(10, '0')}.gfck`);
    this.record(file);
    writeFileAtomically(file, encodeCheckpoint(cp), true);
    syncDirectory(this.directory);
    for (const old of this.files().slice(KEPT)) {
      if (isRegularFile(old.file)) fs.rmSync(old.file, { force: true });
    }
    return file;
  }

  /** Removes temporary files of writes that a crash interrupted (kill -9 during write()). */
  removeInterruptedWrites(): void {
    if (!fs.existsSync(this.directory)) return;
    for (const name of fs.readdirSync(this.directory)) {
      const file = path.join(this.directory, name);
      if (TEMPORARY_PATTERN.test(name) && isRegularFile(file)) fs.rmSync(file, { force: true });
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
   * written by another grainflow version; ResumeError when one is not a regular file.
   */
  newestValid(scenarioHash: string, onSkip: (message: string) => void): Checkpoint | undefined {
    for (const { file } of this.files()) {
      const name = path.relative(process.cwd(), file);
      const bytes = readCheckpointFile(file, (why) => onSkip(`checkpoint ${name} ${why}; trying the previous one`));
      if (bytes === null) continue;
      try {
        const cp = decodeCheckpoint(bytes);
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

/**
 * The bytes of a checkpoint file, or null (said through `skip`) when it cannot be read. Something other than a
 * regular file under a checkpoint's name is refused (ResumeError): grainflow never makes one, and the run would
 * fail when it comes to write that checkpoint.
 */
function readCheckpointFile(file: string, skip: (why: string) => void): Uint8Array | null {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile()) {
      throw new ResumeError(`${path.relative(process.cwd(), file)} is ${fileTypeOf(stat)}, not a checkpoint grainflow `
        + 'wrote; remove it and resume again');
    }
    return fs.readFileSync(file);
  } catch (error) {
    const code = errnoCode(error);
    if (code === undefined) throw error;
    skip(`cannot be read: ${causeOf(code)}`);
    return null;
  }
}

function isRegularFile(file: string): boolean {
  try {
    return fs.lstatSync(file).isFile();
  } catch {
    return false;
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
