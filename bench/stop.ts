/**
 * A bench stopped before its end leaves nothing behind. Ctrl-C (SIGINT), `kill PID` (SIGTERM), SIGHUP and a closed
 * pipe on its output (`npm run bench … | head`) each end the process without running a `finally`; here they first
 * stop every run the bench started and is still waiting for (code-runs.ts), then remove its live temporary
 * directories (scratch-dir.ts), then exit as a shell reports a process ended by that signal: 128 + its number, and
 * SIGPIPE's 141 for the closed pipe. Runs go first so that none writes into a directory being removed.
 *
 * Each run is a process group of its own (code-runs.ts starts it detached) and is stopped as a group, by SIGTERM:
 * /usr/bin/time, which wraps most runs to read their memory, ignores SIGINT, and killing it alone would leave the
 * code it timed running; mpirun ends its ranks on SIGTERM. Being a group of its own also means Ctrl-C in a terminal
 * reaches only the bench, which passes the stop on.
 */
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** process ids of the runs still going, each its group's leader */
const liveRuns = new Set<number>();
const liveDirectories = new Set<string>();
let handlersInstalled = false;

/** Exit statuses of the signals handled: 128 + the signal's number. */
const SIGNAL_STATUS: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
const STOP_STATUSES = new Set(Object.values(SIGNAL_STATUS));
const SIGPIPE_STATUS = 141;

/** Ends the bench with `status`: its runs stopped, then its live directories removed. */
function endAs(status: number): never {
  for (const pid of liveRuns) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // the run's group has already gone
    }
  }
  liveRuns.clear();
  for (const dir of liveDirectories) rmSync(dir, { recursive: true, force: true });
  liveDirectories.clear();
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
 * Ends the bench as the signal would when a run it waited for was ended by one of the signals above (`signal`, or
 * its exit status 128 + n when /usr/bin/time ran it): someone stopped the run itself, and the bench would otherwise
 * report the stop as a failed run, with a stack trace.
 */
export function exitIfStopped(status: number | null, signal: NodeJS.Signals | null): void {
  const stopped = signal !== null ? SIGNAL_STATUS[signal] : status;
  if (stopped !== undefined && stopped !== null && STOP_STATUSES.has(stopped)) endAs(stopped);
}

/** A run (a detached child, the leader of its own process group) to stop if the bench is stopped before it ends. */
export function stopWithBench(run: ChildProcess): void {
  installHandlers();
  const pid = run.pid;
  if (pid === undefined) return; // it never started: its 'error' event reports that
  liveRuns.add(pid);
  run.once('exit', () => liveRuns.delete(pid));
}

/** A directory to remove if the bench is stopped before it does so itself. */
export function removeWhenStopped(dir: string): void {
  installHandlers();
  liveDirectories.add(dir);
}

/** Stops tracking `dir`, which the bench now removes itself; false if it was not tracked. */
export function forgetWhenStopped(dir: string): boolean {
  return liveDirectories.delete(dir);
}
