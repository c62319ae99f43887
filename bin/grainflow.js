#!/usr/bin/env node
// Entry point of the published CLI: runs the tsc-compiled code (worker threads need compiled JS on Node 20).
import { main } from '../dist/src/cli/main.js';

// `grainflow calibrate ... | head` closes our stdout early: that is the reader's choice, not an error to report.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
