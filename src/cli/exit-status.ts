/**
 * Exit statuses of every command: 0 done; 1 the work itself failed (an unstable run, a render that failed);
 * 2 bad input (usage, scenario, options, an existing --out), with one line on stderr naming what to change;
 * 128 + the signal number for a run stopped by SIGINT/SIGTERM (stop-signals.ts).
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_BAD_INPUT = 2;
