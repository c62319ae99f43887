/**
 * A resumed run continues files it wrote before its checkpoint, so those files must still be what it wrote:
 * otherwise the continued file would silently mix two histories (or, cut to a length it no longer has, be padded
 * with NUL bytes). A CSV file is checked against its position in the checkpoint — its length, and the SHA-256 of
 * the part kept — and the files a checkpoint lists (frames, VTK steps) must exist as regular files. A mismatch is
 * refused with a ResumeError naming the file. The only repair is the exact one: the rows written after the
 * checkpoint are cut off, because the checkpoint holds the state that writes them again bit for bit.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { fileTypeOf } from './file-writes.js';
import { ResumeError } from './resume-error.js';

const REMEDY = 'put the original back or start the run again';
const CHUNK_BYTES = 1 << 20;

/**
 * Checks that the first `bytes` bytes of `file` hash to `sha256` and returns the hash of exactly those bytes, to
 * be continued by the rows that follow. Throws ResumeError naming the file otherwise.
 */
export function checkedPrefix(file: string, bytes: number, sha256: string): Hash {
  requireRegularFile(file, `the checkpoint continues it after its first ${bytes} bytes`);
  const size = fs.statSync(file).size;
  if (size < bytes) {
    throw new ResumeError(`${file} has ${size} bytes, fewer than the ${bytes} the checkpoint continues after `
      + `(it was cut after the run stopped): ${REMEDY}`);
  }
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(1, bytes)));
    for (let done = 0; done < bytes;) {
      const n = fs.readSync(fd, chunk, 0, Math.min(chunk.length, bytes - done), done);
      if (n <= 0) throw new ResumeError(`${file} ended after ${done} of ${bytes} bytes while being read: ${REMEDY}`);
      hash.update(chunk.subarray(0, n));
      done += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  if (hash.copy().digest('hex') !== sha256) {
    throw new ResumeError(`${file} differs from what the run wrote before its checkpoint (SHA-256 of the first `
      + `${bytes} bytes): it was changed after the run stopped; ${REMEDY}`);
  }
  return hash;
}

/** Every file of `files` exists as a regular file; `what` says why it must ("listed among the run's frames"). */
export function requireFiles(files: readonly string[], what: string): void {
  for (const file of files) requireRegularFile(file, what);
}

function requireRegularFile(file: string, why: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ResumeError(`${file} is missing (${why}): ${REMEDY}`);
  }
  if (!stat.isFile()) throw new ResumeError(`${file} is ${fileTypeOf(stat)}, not the file the run wrote (${why}): ${REMEDY}`);
}
