/**
 * SIGINT and SIGTERM during a run: the first one asks the run to stop after the current step (run.ts polls
 * `requested`, writes a checkpoint when the run has checkpoints, and ends with RunInterrupted); a second one
 * ends the process at once, for a run that does not come back to the event loop — its exit handlers still remove
 * the staging directory and the lock file (src/output/exit-cleanup.ts). The same signal again within
 * DUPLICATE_MS of the first is the same request delivered twice, not a second one: GNU `timeout` sends its signal
 * to the process and then to the whole process group, so the run receives it twice at once.
 */
const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

/** A repeat of the first signal within this many ms is its duplicate (GNU timeout sends both at once). */
export const DUPLICATE_MS = 100;

/** Exit status of a process ended by `signal`, by shell convention 128 + its number. */
export function signalExitStatus(signal: string): number {
  return 128 + (SIGNAL_NUMBERS[signal as StopSignal] ?? 0);
}

export interface StopSignals {
  /** the signal received, or null */
  requested(): string | null;
  dispose(): void;
}

export function watchStopSignals(onFirst: (signal: string) => void): StopSignals {
  let received: string | null = null;
  let receivedAt = 0;
  const handler = (signal: NodeJS.Signals) => {
    if (received !== null) {
      if (signal === received && performance.now() - receivedAt < DUPLICATE_MS) return;
      process.exit(signalExitStatus(signal));
    }
    received = signal;
    receivedAt = performance.now();
    onFirst(signal);
  };
  const names = Object.keys(SIGNAL_NUMBERS) as StopSignal[];
  for (const name of names) process.on(name, handler);
  return {
    requested: () => received,
    dispose: () => {
      for (const name of names) process.off(name, handler);
    },
  };
}
