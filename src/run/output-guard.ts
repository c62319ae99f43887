/**
 * The rule for starting a run in a directory that already exists: refused unless the caller forces it, and even
 * then only when the directory is a grainflow run (isReplaceableRunDirectory) — so a typo such as `--out .` cannot
 * wipe a source tree. The one place the rule lives: `grainflow run` and the library's `runScenario` both call it.
 */
import { existsSync } from 'node:fs';
import { isReplaceableRunDirectory } from '../output/run-directory.js';

/** How the caller names the output-directory and force options in messages (`--out`/`--force` on the CLI). */
export interface OutputOptionNames {
  out: string;
  force: string;
}

/** The library's names: the fields of runScenario's options. */
export const LIBRARY_OPTION_NAMES: OutputOptionNames = { out: 'out', force: 'force: true' };

/** An existing output directory that a run may not replace; `describe` words it with the caller's option names. */
export class OutputExistsError extends Error {
  constructor(
    /** the directory refused */
    readonly directory: string,
    /** 'exists': replacing it needs force; 'not-a-run': it is not a run directory, which force never replaces */
    readonly reason: 'exists' | 'not-a-run',
  ) {
    super('');
    this.name = 'OutputExistsError';
    this.message = this.describe(LIBRARY_OPTION_NAMES);
  }

  /** The one-line message with the caller's option names. */
  describe(names: OutputOptionNames): string {
    return this.reason === 'exists'
      ? `${names.out} ${this.directory} already exists (an earlier run?); pass ${names.force} to replace it`
      : `${names.out} ${this.directory} is not a grainflow run directory (no scenario.json); ${names.force} replaces only runs`;
  }
}

/** Throws OutputExistsError when a new run may not write to `directory`. */
export function refuseToReplace(directory: string, force: boolean): void {
  if (!existsSync(directory)) return;
  if (!force) throw new OutputExistsError(directory, 'exists');
  if (!isReplaceableRunDirectory(directory)) throw new OutputExistsError(directory, 'not-a-run');
}
