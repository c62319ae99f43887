/**
 * Reading a file the user names as input (a scenario, an STL mesh) without trusting it: only a regular file is
 * read — a directory, FIFO, socket or device (/dev/zero, /dev/stdin) is refused before a byte is read — and its
 * size is counted while reading, never taken from stat (a /proc file reports 0 bytes, a file may grow while it
 * is read), so no input can make grainflow wait forever or fill its memory.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * Why an input file was not read, in words for a one-line message: "it is a FIFO (named pipe), not a regular file",
 * or, with tooLarge, a predicate for the file ("is 885 bytes; the limit is 100 bytes").
 */
export class InputFileError extends Error {
  /** true when the file was refused for holding more than the limit, so the caller can say what to do instead */
  constructor(message: string, readonly tooLarge = false) {
    super(message);
  }
}

/** Bytes asked of the kernel per read. */
const CHUNK = 1 << 20;

/**
 * The bytes of the regular file `path`, at most `maxBytes` of them.
 * @throws InputFileError when the file cannot be opened, is not a regular file, or holds more than maxBytes
 */
export function readRegularFile(path: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever if none comes. It changes
    // nothing for the regular files that are read.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new InputFileError(describeOpenError(error));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new InputFileError(`it is ${fileKind(stats)}, not a regular file`);
    // A regular file's size refuses it before a byte is read; the count while reading catches one that grows.
    if (stats.size > maxBytes) throw new InputFileError(`is ${stats.size} bytes; the limit is ${maxBytes} bytes`, true);
    return readAtMost(fd, maxBytes, stats.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads to the end, refusing once more than maxBytes have come; `sizeHint` (stat's size) only sizes the buffer: one
 * byte more than it, so that the read that finds the end of a file of that size needs no larger buffer (a copy of
 * twice the file).
 */
function readAtMost(fd: number, maxBytes: number, sizeHint: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(sizeHint + 1, CHUNK), maxBytes + 1));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(2 * buffer.length, maxBytes + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const read = readSync(fd, buffer, length, Math.min(CHUNK, buffer.length - length), null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
    if (length > maxBytes) throw new InputFileError(`holds more than ${maxBytes} bytes; the limit is ${maxBytes} bytes`, true);
  }
}

/** What a file that is not a regular one is, in words: "a FIFO (named pipe)", "a character device", … */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

function describeOpenError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'ELOOP') return 'too many symbolic links';
  if (code === 'ENXIO') return 'it is a socket or a device without a reader, not a regular file';
  return error instanceof Error ? error.message : String(error);
}
