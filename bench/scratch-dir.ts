/**
 * The benches' temporary directories (inputs for the runs, the runs' outputs), made under the system's temporary
 * directory and removed when the bench is done with them — also when it is stopped before that: Ctrl-C (SIGINT),
 * SIGTERM, SIGHUP, or a closed pipe on its output (`npm run bench … | head`), each of which ends the process without
 * running a `finally`. The bench then exits as a shell reports a process ended by that signal (128 + its number),
 * which for the closed pipe is SIGPIPE's 141.
 *
 * A run the bench started as a child process is in the bench's process group, so Ctrl-C in a terminal reaches it
 * too; a signal sent to the bench alone does not, and a run started without waiting (code-runs.ts timedTogether)
 * then finishes in a directory that is gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const live = new Set<string>();
let handlersInstalled = false;

/** Exit statuses of the signals handled: 128 + the signal's number. */
const SIGNAL_STATUS: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
const STOP_STATUSES = new Set(Object.values(SIGNAL_STATUS));
const SIGPIPE_STATUS = 141;

/** Ends the bench with `status`, every live directory removed first. */
function endAs(status: number): never {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
  process.exit(status);
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, status] of Object.entries(SIGNAL_STATUS)) {
    process.once(signal, () => endAs(status));
  }
  // Writing to a pipe whose reader has gone fails with EPIPE, an 'error' event that would otherwise end the
  // process with a stack trace and the directory left behind.
  const closedPipe = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    endAs(SIGPIPE_STATUS);
  };
  process.stdout.on('error', closedPipe);
  process.stderr.on('error', closedPipe);
}

/**
 * Ends the bench as the signal would, its directories removed, when a child run it waited for was ended by one of
 * the signals above (`signal`, or its exit status 128 + n when /usr/bin/time ran it): Ctrl-C reaches the whole process
 * group, and a synchronous wait returns with the stopped child before the bench's own handler can run, so the bench
 * would report the stop as a failed run, with a stack trace.
 */
export function exitIfStopped(status: number | null, signal: NodeJS.Signals | null): void {
  const stopped = signal !== null ? SIGNAL_STATUS[signal] : status;
  if (stopped !== undefined && stopped !== null && STOP_STATUSES.has(stopped)) endAs(stopped);
}

/** A new directory under the system's temporary directory, named `prefix` + random characters. */
export function makeScratchDir(prefix: string): string {
  installHandlers();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  live.add(dir);
  return dir;
}

/** Removes a directory makeScratchDir made, with everything in it. */
export function removeScratchDir(dir: string): void {
  if (!live.delete(dir)) throw new Error(`internal: ${dir} is not a bench's scratch directory`);
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
