/**
 * Why grainflow will not write an output where it was asked to (run-directory.ts decides, output-lock.ts reports a
 * busy output), as one error class whose message the caller words with its own option names: `--out`/`--force` on
 * the command line, `out`/`force: true` in the library.
 */
/** How the caller names the output and force options in messages. */
export interface OutputOptionNames {
  out: string;
  force: string;
}

/** The library's names: the fields of runScenario's options. */
export const LIBRARY_OPTION_NAMES: OutputOptionNames = { out: 'out', force: 'force: true' };

/** The command line's names. */
export const CLI_OPTION_NAMES: OutputOptionNames = { out: '--out', force: '--force' };

/** What each command's output is, in the words of the refusal that keeps another command from replacing it. */
const KIND_NAMES: Record<string, string> = {
  run: 'a run directory (grainflow run made it)',
  frames: 'a directory of rendered frames (grainflow render made it)',
  export: 'a LAMMPS deck (grainflow export made it)',
  import: 'an imported LAMMPS run (grainflow import made it)',
  calibrate: 'a calibration table (grainflow calibrate made it)',
  impact: 'an impact table (grainflow impact made it)',
};

/** What is where a directory's marker belongs when it holds none grainflow wrote (output-marker.ts markerAbsence). */
export type MarkerAbsence = 'missing' | 'empty' | 'foreign';

export type Refusal =
  /** a directory grainflow made, or a file output: replacing it needs force */
  | { reason: 'exists'; directory: boolean }
  /** `/`, the home directory, the working directory or one of its ancestors: never written to, whatever it holds */
  | { reason: 'protected'; what: string }
  /** a file, device, FIFO, socket or symbolic link where a directory is wanted (or the reverse) */
  | { reason: 'wrong-type'; what: string; wanted: 'directory' | 'file' }
  /** a non-empty directory without grainflow's marker file (`found`: none, an empty one, or one grainflow did not write) */
  | { reason: 'not-ours'; marker: string; found: MarkerAbsence }
  /** a directory grainflow made that now holds, at any depth, something grainflow did not write there */
  | { reason: 'foreign-entry'; entry: string }
  /** a file that is not what the command writes (a user's file, a run's summary.json as a CSV's target): never replaced */
  | { reason: 'foreign-file'; what: string }
  /** an output another command made (a run directory, as the output of render): never replaced */
  | { reason: 'other-kind'; kind: string }
  /** what the command reads (the run being rendered), or a directory holding it (`same`: it, through links too): never replaced */
  | { reason: 'input'; input: string; same: boolean }
  /** another process is writing it */
  | { reason: 'busy'; pid: number | null; host: string | null; lockFile: string };

/** An output that may not be written or replaced; `describe` words it with the caller's option names. */
export class OutputExistsError extends Error {
  override name = 'OutputExistsError';

  constructor(
    /** the output refused, as the caller gave it */
    readonly directory: string,
    readonly refusal: Refusal,
  ) {
    super('');
    this.message = this.describe(LIBRARY_OPTION_NAMES);
  }

  /** Why the output is refused (`refusal.reason`). */
  get reason(): Refusal['reason'] {
    return this.refusal.reason;
  }

  /** The one-line message with the caller's option names. */
  describe(names: OutputOptionNames): string {
    const { out, force } = names;
    const subject = `${out} ${this.directory}`;
    const r = this.refusal;
    switch (r.reason) {
      case 'exists':
        return `${subject} already exists${r.directory ? ' (an earlier run?)' : ''}; pass ${force} to replace it`;
      case 'protected':
        return `${subject} is ${r.what}; grainflow never writes its output there, whatever it holds: name a new directory`;
      case 'wrong-type':
        return `${subject} is ${r.what}, not a ${r.wanted}; ${r.wanted === 'directory'
          ? `${force} replaces only directories grainflow made` : `${force} replaces only regular files`}`;
      case 'not-ours':
        return `${subject} is not empty and grainflow did not make it (${markerFound(r.marker, r.found)}); grainflow `
          + `never replaces it: choose a new directory`;
      case 'other-kind':
        return `${subject} is ${KIND_NAMES[r.kind] ?? `an output of grainflow ${r.kind}`}; ${force} replaces only an `
          + `output of the same command: choose another ${out}`;
      case 'foreign-file':
        return `${subject} is a file grainflow did not write (not ${r.what}); ${force} replaces only ${r.what}: `
          + `choose another ${out}`;
      case 'input':
        return `${subject} ${r.same ? 'is' : 'holds'} ${r.input}, which `
          + `this command reads; grainflow never writes its output over its input: choose another ${out}`;
      case 'foreign-entry':
        return `${subject} holds ${JSON.stringify(r.entry)}, which grainflow did not write there; move it out or `
          + `choose another ${out} (${force} never deletes what grainflow did not write)`;
      case 'busy': {
        const holder = r.pid === null ? 'another process' : `process ${r.pid}${r.host === null ? '' : ` on ${r.host}`}`;
        return `${subject} is being written by ${holder} (lock file ${r.lockFile}); wait for it to finish or choose `
          + `another ${out}`;
      }
    }
  }
}

/** What a directory grainflow did not make has in place of its marker, in the refusal's words. */
function markerFound(marker: string, found: MarkerAbsence): string {
  switch (found) {
    case 'missing':
      return `it has no ${marker}`;
    case 'empty':
      return `its ${marker} is empty`;
    case 'foreign':
      return `its ${marker} is not one grainflow wrote`;
  }
}
