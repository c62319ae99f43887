/**
 * The error of a run directory that cannot be resumed (resume-check.ts, src/checkpoint). A module of its own so
 * that the library's type declarations, which export it, need no Node.js types.
 */

/** A run directory that cannot be resumed; the message says why, on one line. */
export class ResumeError extends Error {
  override name = 'ResumeError';
}
