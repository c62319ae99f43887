#!/usr/bin/env node
// Entry point of the published CLI: runs the tsc-compiled code (worker threads need compiled JS on Node 20).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addressSpaceLimit, TRAP_HANDLER_FLAG, trapHandlerDisabled } from '../dist/src/base/address-space.js';

// Under `ulimit -v` a WebAssembly memory cannot reserve the ~10 GiB of guard regions Node's trap handler wants, and
// no run could start: grainflow then runs itself again without the trap handler (explicit bounds checks instead),
// passing on SIGINT/SIGTERM/SIGHUP and ending as that process ends.
if (addressSpaceLimit() !== null && !trapHandlerDisabled()) {
  const child = spawn(process.execPath, [TRAP_HANDLER_FLAG, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
    process.kill(process.pid, signal);
  });
} else {
  const { main } = await import('../dist/src/cli/main.js');

  // `grainflow calibrate ... | head` closes our stdout early: that is the reader's choice, not an error to report.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });

  process.exitCode = await main(process.argv.slice(2));
}
