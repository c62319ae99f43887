/**
 * Writing output files so that a failure is seen, never hidden: writeFully loops until every byte is written
 * (`writeSync` may write fewer bytes than asked, e.g. as the disk fills) and reports a write that makes no progress;
 * every error names the file (Node's errors from `writeSync` on a descriptor carry no path). writeFileAtomically
 * writes a whole file under a temporary name, flushes it and renames it into place only once every byte is on
 * disk, so a half-written file never takes the place of a good one. describeFileError words any of these errors, or
 * Node's own file-system errors, as one line naming the path and the cause.
 */
import fs from 'node:fs';

/** A failed write of an output file: `file` and a cause a user can act on. Mirrors Node's errors (code, path). */
export class OutputWriteError extends Error {
  override name = 'OutputWriteError';
  constructor(
    /** the file being written */
    readonly path: string,
    /** the errno code (ENOSPC, EACCES, …), or 'ESHORT' for a write that stopped short without an error */
    readonly code: string,
    readonly syscall = 'write',
  ) {
    super('');
    this.message = `${VERBS[syscall] ?? 'cannot write'} ${path}: ${causeOf(code)}`;
  }
}

/** Writes all of `data` at the descriptor's position; throws OutputWriteError naming `file` if it cannot. */
export function writeFully(fd: number, data: string | Uint8Array, file: string): number {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let done = 0;
  while (done < bytes.length) {
    let written: number;
    try {
      written = fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      throw new OutputWriteError(file, errnoCode(error) ?? 'EIO');
    }
    // A regular file returns 0 only when nothing more fits; looping on 0 would never end.
    if (written <= 0) throw new OutputWriteError(file, 'ESHORT');
    done += written;
  }
  return done;
}

/** Writes a whole file (created or truncated), every error naming it. */
export function writeWholeFile(file: string, data: string | Uint8Array): void {
  const fd = openForWriting(file, 'w');
  try {
    writeFully(fd, data, file);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `file` whole or not at all: into `<file>.<pid>.tmp`, flushed to disk when `durable`, then renamed over
 * `file`. On any failure the temporary file is removed and `file` keeps what it held before.
 */
export function writeFileAtomically(file: string, data: string | Uint8Array, durable = false): void {
  const temporary = temporaryName(file);
  const fd = openForWriting(temporary, 'w');
  try {
    try {
      writeFully(fd, data, file);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** The temporary name writeFileAtomically uses for `file` in this process. */
function temporaryName(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

/** Opens `file` for writing; an error names the file (Node's does too) and is an OutputWriteError. */
export function openForWriting(file: string, flags: string): number {
  try {
    return fs.openSync(file, flags);
  } catch (error) {
    throw new OutputWriteError(file, errnoCode(error) ?? 'EIO', 'open');
  }
}

/** What a directory entry is, for a message: "a file", "a directory", "a FIFO", … */
export function fileTypeOf(stat: fs.Stats): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFile()) return 'a file';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The errno code of a Node file-system error, or undefined for anything else. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EEXIST: 'it already exists',
  ENOTEMPTY: 'the directory is not empty',
  EBUSY: 'it is busy (a mount point?)',
  EXDEV: 'it is on another file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the system',
  EIO: 'input/output error',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  ENXIO: 'no such device',
  ENODEV: 'the file system does not support it',
  EINVAL: 'the file system does not allow it (invalid argument)',
  ESHORT: 'the write stopped short (the disk is probably full)',
};

/** What an errno code means, for a message: "no space left on the device (ENOSPC)". */
export function causeOf(code: string): string {
  return code === 'ESHORT' ? CAUSES.ESHORT : `${CAUSES[code] ?? 'failed'} (${code})`;
}

const VERBS: Record<string, string> = {
  open: 'cannot open', write: 'cannot write', read: 'cannot read', mkdir: 'cannot create the directory',
  rmdir: 'cannot remove', rm: 'cannot remove', unlink: 'cannot remove', rename: 'cannot move', scandir: 'cannot list',
  opendir: 'cannot list', stat: 'cannot read', lstat: 'cannot read', fstat: 'cannot read', access: 'cannot use',
  fsync: 'cannot flush', ftruncate: 'cannot truncate', copyfile: 'cannot copy', link: 'cannot link',
  symlink: 'cannot link', realpath: 'cannot resolve', utime: 'cannot touch', chmod: 'cannot change',
};

/**
 * One line for a file-system error (OutputWriteError or Node's own): the operation, the path and the cause, e.g.
 * "cannot create the directory /proc/x: no such file or directory (ENOENT)". Null for any other error.
 */
export function describeFileError(error: unknown): string | null {
  if (error instanceof OutputWriteError) return error.message;
  const code = errnoCode(error);
  if (code === undefined) return null;
  const e = error as NodeJS.ErrnoException & { dest?: string };
  const verb = VERBS[e.syscall ?? ''] ?? 'cannot use';
  const where = e.path === undefined ? '' : ` ${e.path}${e.dest === undefined ? '' : ` to ${e.dest}`}`;
  return `${verb}${where}: ${causeOf(code)}`;
}
