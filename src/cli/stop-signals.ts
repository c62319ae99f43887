/**
 * SIGINT and SIGTERM during a run: the first one asks the run to stop after the current step (run.ts polls
 * `requested`, writes a checkpoint when the run has checkpoints, and ends with RunInterrupted); a second one
 * ends the process at once, for a run that does not come back to the event loop.
 */
const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

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
  const handler = (signal: NodeJS.Signals) => {
    if (received !== null) process.exit(signalExitStatus(signal));
    received = signal;
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
