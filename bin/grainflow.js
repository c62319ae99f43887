#!/usr/bin/env node
// Entry point of the published CLI: runs the tsc-compiled code (worker threads need compiled JS on Node 20).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addressSpaceLimit, TRAP_HANDLER_FLAG, trapHandlerDisabled } from '../dist/src/base/address-space.js';
import { FatalReportFilter } from '../dist/src/base/fatal-report.js';

// Under `ulimit -v` a WebAssembly memory cannot reserve the ~10 GiB of guard regions Node's trap handler wants, and
// no run could start: grainflow then runs itself again without the trap handler (explicit bounds checks instead),
// passing on SIGINT/SIGTERM/SIGHUP and ending as that process ends.
const limit = addressSpaceLimit();
if (limit !== null && !trapHandlerDisabled()) {
  const child = spawn(process.execPath, [TRAP_HANDLER_FLAG, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: ['inherit', 'inherit', 'pipe'] });
  // A limit too small for Node.js itself ends the child in a fatal report and a signal: the report is held back and
  // such an end told in one line naming the limit (docs/scenario-format.md, run budget).
  const filter = new FatalReportFilter();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => process.stderr.write(filter.push(chunk)));
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  // 'close', not 'exit': the child's stderr has been read to its end.
  child.on('close', (code, signal) => {
    const fatal = signal === 'SIGTRAP' || signal === 'SIGABRT' || signal === 'SIGSEGV';
    process.stderr.write(filter.end(fatal));
    if (fatal) {
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
  const { endQuietlyWhenStdoutCloses } = await import('../dist/src/base/closed-stdout.js');
  endQuietlyWhenStdoutCloses();
  process.exitCode = await main(process.argv.slice(2));
}
