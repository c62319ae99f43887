/**
 * `grainflow calibrate … | head` or `npm run validate -- --check | head` closes standard output early: that is the
 * reader's choice, not a failure to report with a stack trace. The process then ends quietly, as a command-line tool
 * does on SIGPIPE, but with its exit status so far (0 if none is set) where such a tool is killed by the signal.
 */
export function endQuietlyWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
