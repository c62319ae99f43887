/**
 * One writer per output: a lock file beside the output, `.<name>.grainflow-lock` in its parent directory, created
 * with O_EXCL (so exactly one of two processes creates it) and holding the writer's pid and host name. It sits
 * beside the output rather than in it because a run that appears whole at the end replaces the directory itself.
 * A second writer is refused with the holder's pid (OutputExistsError, reason 'busy'). A lock whose process is no
 * longer running (killed with SIGKILL, or aborted) is taken over with a notice; a lock from another host is never
 * judged stale, since its process cannot be looked up from here. The lock is removed when the writer releases it,
 * and by the process's exit handler if it ends before (a second SIGINT/SIGTERM ends it with process.exit).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutputExistsError, type Refusal } from './output-refusal.js';
import { onProcessExit } from './exit-cleanup.js';
import { writeFully } from './file-writes.js';

export const LOCK_SUFFIX = '.grainflow-lock';

/** A lock file left empty this long is a writer that died between creating and filling it. */
const EMPTY_LOCK_STALE_MS = 10_000;

/** Locks this process holds, by lock file: a lock naming this pid but not listed was left by an earlier process. */
const held = new Set<string>();

/** The lock file of the output at `target` (its parent directory resolved through symbolic links). */
function lockFileOf(target: string): string {
  const absolute = path.resolve(target);
  return path.join(fs.realpathSync(path.dirname(absolute)), `.${path.basename(absolute)}${LOCK_SUFFIX}`);
}

/** Whether process `pid` is running on this host (a process of another user counts: EPERM). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The refusal for an output a running process holds the lock of (not this process's own lock), or null: to refuse
 * early, before any work, what acquire would refuse later.
 */
export function busyRefusal(target: string): Refusal | null {
  let file: string;
  try {
    file = lockFileOf(target);
  } catch {
    return null; // no parent directory yet: no lock either
  }
  const holder = readHolder(file);
  if (holder === undefined || held.has(file) || holder.pid === null || holder.host !== os.hostname()) return null;
  return holder.pid !== process.pid && processIsAlive(holder.pid)
    ? { reason: 'busy', pid: holder.pid, host: null, lockFile: file } : null;
}

export class OutputLock {
  private released = false;
  private readonly cancelExitHook: () => void;

  private constructor(readonly file: string) {
    held.add(file);
    this.cancelExitHook = onProcessExit(() => this.release());
  }

  /**
   * Takes the lock of the output at `target` (its parent directory must exist). Throws OutputExistsError (busy)
   * when a running process holds it; a stale lock is taken over, said through `onNotice`.
   */
  static acquire(target: string, onNotice: (message: string) => void = () => {}): OutputLock {
    const file = lockFileOf(target);
    const host = os.hostname();
    // Two rounds: a stale lock removed in the first is created afresh in the second, unless another process won.
    for (let round = 0; round < 2; round++) {
      let fd: number;
      try {
        fd = fs.openSync(file, 'wx', 0o644);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(file);
        if (holder === undefined) continue; // removed meanwhile: try again
        const stale = holder.pid === null
          ? Date.now() - holder.modified > EMPTY_LOCK_STALE_MS
          : holder.host === host && (holder.pid === process.pid ? !held.has(file) : !processIsAlive(holder.pid));
        if (!stale) {
          throw new OutputExistsError(target, { reason: 'busy', pid: holder.pid, host: holder.host === host ? null : holder.host, lockFile: file });
        }
        // Remove the stale file only if it is still the one read (another process may have replaced it since).
        if (sameFile(file, holder.inode)) fs.rmSync(file, { force: true });
        onNotice(`took over the lock ${file} of ${holder.pid === null ? 'a process' : `process ${holder.pid}`}, `
          + 'which is no longer running');
        continue;
      }
      try {
        writeFully(fd, `${process.pid} ${host}\n`, file);
      } finally {
        fs.closeSync(fd);
      }
      return new OutputLock(file);
    }
    const holder = readHolder(file);
    throw new OutputExistsError(target, { reason: 'busy', pid: holder?.pid ?? null, host: null, lockFile: file });
  }

  /** Removes the lock file, if it is still this process's. */
  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this.file);
    this.cancelExitHook();
    const holder = readHolder(this.file);
    if (holder?.pid === process.pid) fs.rmSync(this.file, { force: true });
  }
}

interface Holder {
  /** null: the file is empty or garbled */
  pid: number | null;
  host: string | null;
  inode: number;
  /** ms since the epoch */
  modified: number;
}

/** The process named in a lock file; undefined when the file is gone. */
function readHolder(file: string): Holder | undefined {
  let text: string, stat: fs.Stats;
  try {
    stat = fs.statSync(file);
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const m = /^(\d+) (\S+)\n$/.exec(text);
  return { pid: m ? Number(m[1]) : null, host: m ? m[2] : null, inode: stat.ino, modified: stat.mtimeMs };
}

function sameFile(file: string, inode: number): boolean {
  try {
    return fs.statSync(file).ino === inode;
  } catch {
    return false;
  }
}
