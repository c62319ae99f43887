/**
 * Whether a regular file begins or ends with given bytes: how a file output recognises a file it wrote before
 * (run-directory.ts OwnFile) — an impacts CSV by its header, a rendered video or poster by the mark it carries at
 * its end — reading only those bytes, whatever the file's size.
 */
import fs from 'node:fs';

/** Whether the regular file `file` starts with `expected`. */
export function fileStartsWith(file: string, expected: Uint8Array): boolean {
  return readAt(file, expected.length, () => 0, expected);
}

/** Whether the regular file `file` ends with `expected`. */
export function fileEndsWith(file: string, expected: Uint8Array): boolean {
  return readAt(file, expected.length, (size) => size - expected.length, expected);
}

function readAt(file: string, length: number, offset: (size: number) => number, expected: Uint8Array): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return false;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size < length) return false;
    const bytes = Buffer.alloc(length);
    return fs.readSync(fd, bytes, 0, length, offset(stat.size)) === length && bytes.equals(expected);
  } finally {
    fs.closeSync(fd);
  }
}
