#!/usr/bin/env node
// Entry point of the published CLI: runs the tsc-compiled code (worker threads need compiled JS on Node 20).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addressSpaceLimit, TRAP_HANDLER_FLAG, trapHandlerDisabled } from '../dist/src/base/address-space.js';

// Under `ulimit -v` a WebAssembly memory cannot reserve the ~10 GiB of guard regions Node's trap handler wants, and
// no run could start: grainflow then runs itself again without the trap handler (explicit bounds checks instead),
// passing on SIGINT/SIGTERM/SIGHUP and ending as that process ends.
const limit = addressSpaceLimit();
if (limit !== null && !trapHandlerDisabled()) {
  const child = spawn(process.execPath, [TRAP_HANDLER_FLAG, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: ['inherit', 'inherit', 'pipe'] });
  // A limit too small for Node.js itself ends the child in one of V8's fatal reports ("Fatal process OOM",
  // "JavaScript heap out of memory": a banner, the last garbage collections, a native stack) and a signal. Those
  // lines are held back, and such an end is told in one line naming the limit (docs/scenario-format.md, run budget).
  const V8_FATAL = /^(#|<--- |\[\d+:0x[0-9a-f]+\]|FATAL ERROR:|\s*\d+: 0x|----- |\s*$)/;
  let held = '';
  child.stderr.on('data', (chunk) => {
    const lines = (held + chunk.toString('utf8')).split('\n');
    held = lines.pop();
    const shown = lines.filter((line) => !V8_FATAL.test(line));
    if (shown.length > 0) process.stderr.write(shown.join('\n') + '\n');
    // A line still being written (a progress bar redrawn with \r) is passed on at once unless it opens a V8 report.
    if (held !== '' && !V8_FATAL.test(held)) {
      process.stderr.write(held);
      held = '';
    }
  });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('exit', (code, signal) => {
    if (held !== '' && !V8_FATAL.test(held)) process.stderr.write(held);
    if (signal === 'SIGTRAP' || signal === 'SIGABRT' || signal === 'SIGSEGV') {
      process.stderr.write(`grainflow: Node.js ran out of address space under this process's limit of `
        + `${Math.floor(limit / 2 ** 20)} MiB (ulimit -v ${Math.floor(limit / 1024)}) and stopped (${signal}); `
        + 'raise the limit to at least 2 GiB or remove it\n');
      process.exit(1);
    }
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
