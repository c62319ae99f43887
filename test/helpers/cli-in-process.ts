/**
 * The command line's `main` (src/cli/main.ts) called in the test's own process, with what it writes to stdout and
 * stderr captured: for the many cases of one behaviour (every bad fixture, every command's --help, every refused
 * --out) where the process boundary adds nothing. Each spawned `grainflow` costs a Node.js start and the loading of
 * every module, ~0.45 s of CPU on the 2-core test machine; here the modules load once per file. Each file that uses
 * it keeps spawned end-to-end runs (helpers/privileges.ts `grainflow`) of the same behaviour, which cover what
 * bin/grainflow.js adds: `main`'s result as the exit status, nothing else written.
 */
import { main } from '../../src/cli/main.js';
import type { CliResult } from './privileges.js';

/** `grainflow <args>` as `main(args)` in this process, in `cwd` if given (the forks pool lets a test chdir). */
export async function grainflowInProcess(args: string[], cwd?: string): Promise<CliResult> {
  const written = { stdout: '', stderr: '' };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (stream: 'stdout' | 'stderr') => ((chunk: string | Uint8Array) => {
    written[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  const home = process.cwd();
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    if (cwd !== undefined) process.chdir(cwd);
    const status = await main(args);
    return { status, signal: null, ...written, lines: written.stderr.trimEnd().split('\n') };
  } finally {
    process.chdir(home);
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  }
}
