/**
 * Errors that escape a command's own handling, as one line on stderr and an exit status (exit-status.ts): an output
 * refused by the output rule (2: choose another output, or pass --force when the message says so) and file-system
 * failures — a full disk, a read-only mount, no permission, a path under /proc, a short write — (1: the work could
 * not be written), each naming the path and the cause; kernel memory the system will not give (1: ulimit -v, a
 * full machine), naming the limit. Anything else is a bug and keeps its stack trace.
 */
import { KernelMemoryError, OutputExistsError } from '../api/index.js';
import { CLI_OPTION_NAMES, describeFileError, type OutputOptionNames } from '../api/output-directory.js';
import { EXIT_BAD_INPUT, EXIT_FAILED } from './exit-status.js';

export interface Failure {
  status: number;
  message: string;
}

/**
 * The line and status for `error`, or null when it is none of the above. `names`: how the command calls its output
 * options; `where`: the output a file-system error without a path of its own happened in.
 */
export function describeFailure(error: unknown, names: OutputOptionNames = CLI_OPTION_NAMES, where?: string): Failure | null {
  if (error instanceof OutputExistsError) return { status: EXIT_BAD_INPUT, message: error.describe(names) };
  if (error instanceof KernelMemoryError) return { status: EXIT_FAILED, message: error.message };
  const line = describeFileError(error);
  if (line === null) return null;
  const pathless = (error as { path?: unknown }).path === undefined;
  return { status: EXIT_FAILED, message: pathless && where !== undefined ? `${line} (writing ${where})` : line };
}

/** Prints the failure's line and returns its status; rethrows an error that is not one. */
export function reportFailure(error: unknown, names?: OutputOptionNames, where?: string): number {
  const failure = describeFailure(error, names, where);
  if (failure === null) throw error;
  process.stderr.write(`grainflow: ${failure.message}\n`);
  return failure.status;
}
