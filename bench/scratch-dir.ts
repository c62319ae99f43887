/**
 * The benches' temporary directories (inputs for the runs, the runs' outputs), made under the system's temporary
 * directory and removed when the bench is done with them — also when it is stopped before that (stop.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetWhenStopped, removeWhenStopped } from './stop.js';

/** A new directory under the system's temporary directory, named `prefix` + random characters. */
export function makeScratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  removeWhenStopped(dir);
  return dir;
}

/** Removes a directory makeScratchDir made, with everything in it. */
export function removeScratchDir(dir: string): void {
  if (!forgetWhenStopped(dir)) throw new Error(`internal: ${dir} is not a bench's scratch directory`);
  rmSync(dir, { recursive: true, force: true });
}

/** Runs `body` with a scratch directory of its own, removed when `body` returns or throws. */
export async function withScratchDir<T>(prefix: string, body: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = makeScratchDir(prefix);
  try {
    return await body(dir);
  } finally {
    removeScratchDir(dir);
  }
}
