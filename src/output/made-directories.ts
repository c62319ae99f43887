/**
 * The directories an output's writer makes above the output (`--out newdir/a.mp4` makes `newdir`, where the lock
 * file and the staging directory must live), so that an output abandoned before it appears takes them away again:
 * a command leaves no half-written output, and deletes nothing it did not make (docs/outputs.md, "Safety of your
 * files"). A directory that existed before the writer is never removed, nor one that holds anything when the
 * output is abandoned (another writer's lock, a file the user put there).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Makes `dir` and its missing ancestors; returns the outermost directory made, or null when `dir` existed. */
export function makeDirectories(dir: string): string | null {
  return fs.mkdirSync(dir, { recursive: true }) ?? null;
}

/**
 * Removes `dir`, then each of its ancestors up to `outermost` (what makeDirectories(dir) returned), while they are
 * empty; the first one that is not empty (or cannot be removed) is kept, and so is every ancestor of it.
 */
export function removeEmptyDirectories(dir: string, outermost: string): void {
  const last = path.resolve(outermost);
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      // rmdir, never a recursive removal: it fails on a directory holding anything, which is then not ours to remove.
      fs.rmdirSync(current);
    } catch (error) {
      if (typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
      return;
    }
    if (current === last || current === path.dirname(current)) return;
  }
}
