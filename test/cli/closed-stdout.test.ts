/**
 * A reader that closes standard output before a command has printed (`… | head`, a pager quit early) ends the
 * command quietly: no "Unhandled 'error' event" and EPIPE stack trace on stderr (base/closed-stdout.ts). The read
 * end is closed before the child starts writing, so its first write meets the closed pipe on every run.
 * Defect caught: an entry point that does not handle EPIPE (the validation CLI printed a trace until 2026-12-07).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs `script args` with its stdout's read end already closed; resolves to its stderr and how it ended. */
function runWithClosedStdout(script: string, args: string[]): Promise<{ stderr: string; code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve(script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ stderr, code, signal }));
  });
}

describe('a command whose standard output is closed early', () => {
  it.each([
    ['grainflow --help', 'bin/grainflow.js', ['--help']],
    ['the validation report\'s --check', 'dist/src/validation/main.js', ['--check']],
  ])('%s ends without a trace', async (_name, script, args) => {
    const r = await runWithClosedStdout(script, args);
    expect(r.stderr).toBe('');
    // Ended by its own exit with the status it had (the check's depends on the stored report), not by a signal.
    expect(r.signal).toBeNull();
    expect(r.code).not.toBeNull();
  });
});
