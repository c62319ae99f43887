/**
 * The command table of the CLI (src/cli/main.ts), through the compiled CLI (`npm test` builds first):
 *  - `grainflow --help` / `-h` lists every command with a summary and exits 0; so does the README;
 *  - `grainflow <command> --help` / `-h` prints that command's usage on stdout and exits 0, for every command,
 *    whatever other arguments are given (nothing runs);
 *  - `grainflow --version` prints package.json's version;
 *  - a bare `grainflow`, an unknown command or an option before the command: one line, the list, status 2.
 * The cases of one behaviour call the CLI's main in this process (helpers/cli-in-process.ts); one of each is also
 * spawned end to end: `--help`, a command's --help among other arguments, `--version`, a bare `grainflow`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { grainflowInProcess } from '../helpers/cli-in-process.js';

const CLI = path.resolve('bin/grainflow.js');
const COMMANDS = ['run', 'view', 'render', 'calibrate', 'impact', 'export', 'import'];

function grainflow(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The commands of a command list, in order, with their summaries. */
function listed(text: string): { name: string; summary: string }[] {
  const block = text.split('\ncommands:\n')[1].split('\n\n')[0];
  return block.split('\n').map((line) => {
    const m = /^ {2}(\S+) {2,}(\S.*)$/.exec(line);
    expect(m, line).not.toBeNull();
    return { name: m![1], summary: m![2] };
  });
}

describe('grainflow --help', () => {
  it.each([['--help', 'spawned'], ['-h', 'in process']])('%s (%s) lists every command with its summary and exits 0', async (flag, how) => {
    const r = how === 'spawned' ? grainflow(flag) : await grainflowInProcess([flag]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const commands = listed(r.stdout);
    expect(commands.map((c) => c.name)).toEqual(COMMANDS);
    for (const c of commands) expect(c.summary.length).toBeGreaterThan(20);
    expect(r.stdout).toContain('grainflow --version');
  });

  it('the README lists the same commands', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.split('\n## Command line\n')[1].split('\n## ')[0];
    const names = [...section.matchAll(/^\| `grainflow (\S+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(COMMANDS);
  });
});

describe('grainflow <command> --help', () => {
  it.each(COMMANDS.flatMap((c) => [[c, '--help'], [c, '-h']]))('%s %s prints its usage and exits 0', async (command, flag) => {
    const r = await grainflowInProcess([command, flag]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith(`usage: grainflow ${command} `)).toBe(true);
  });

  it('wins over the other arguments: nothing runs', () => {
    const r = grainflow('run', 'scenarios/two-spheres.json', '--out', '/nonexistent/x', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('usage: grainflow run ')).toBe(true);
  });
});

describe('grainflow --version', () => {
  it('prints the version of package.json', () => {
    const r = grainflow('--version');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`);
  });
});

describe('grainflow without a known command', () => {
  const list = grainflow('--help').stdout;

  it.each([
    [[], 'grainflow: missing command', 'spawned'],
    [['fly', 'x'], 'grainflow: unknown command "fly"', 'in process'],
    [['--quiet', 'run', 'x.json'], 'grainflow: the command comes first (got "--quiet")', 'in process'],
  ])('%j: one line (%s), the command list on stderr, status 2 (%s)', async (args, line, how) => {
    const r = how === 'spawned' ? grainflow(...args) : await grainflowInProcess(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${line}\n${list}`);
  });
});
