/**
 * Clean-up that must happen however the process ends while an output is open: process.exit (a second
 * SIGINT/SIGTERM, stop-signals.ts) skips every `finally`, but runs the 'exit' handlers, synchronously. Outputs
 * register here what to remove (a staging directory, a lock file) and cancel it once they have done so themselves.
 * A process killed by SIGKILL or aborted runs nothing: the next writer of the same output removes what it left
 * (output-lock.ts, run-directory.ts).
 */
const pending = new Set<() => void>();
let installed = false;

/** Runs `cleanup` when the process exits, unless the returned function is called first. */
export function onProcessExit(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', () => {
      for (const task of [...pending]) {
        try {
          task();
        } catch {
          // Exiting: nothing left to report to, and the other clean-ups must still run.
        }
      }
    });
  }
  pending.add(cleanup);
  return () => {
    pending.delete(cleanup);
  };
}
