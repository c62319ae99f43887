/**
 * Running the compiled CLI where a test needs what root does not meet: as an unprivileged user (permission
 * errors: a directory of mode 0555, a file of mode 000, a port below 1024), or inside a private mount namespace on
 * a small or read-only tmpfs (a full disk, a read-only file system). The tests run as root here and in CI:
 * setpriv drops to the user nobody, `unshare -m` gives a mount namespace; run as another user, the CLI already
 * is unprivileged and `unshare -rm` maps it to root in a user namespace. Nothing is skipped: without these tools
 * the test fails and says why.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

export const CLI = path.resolve('bin/grainflow.js');
export const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** The result of a CLI run, stderr split into lines. */
export interface CliResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

function result(r: SpawnSyncReturns<string>): CliResult {
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, lines: r.stderr.trimEnd().split('\n') };
}

/** `grainflow <args>` as this process's user, in `cwd`. */
export function grainflow(args: string[], cwd?: string): CliResult {
  return result(spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd }));
}

/** `grainflow <args>` as the user nobody (as root: setpriv; otherwise as this user, already unprivileged). */
export function grainflowAsNobody(args: string[], cwd?: string): CliResult {
  const command = isRoot
    ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, CLI, ...args]
    : [process.execPath, CLI, ...args];
  const r = spawnSync(command[0], command.slice(1), { encoding: 'utf8', cwd, env: { ...process.env, HOME: '/nonexistent' } });
  if (r.error) throw new Error(`cannot run as nobody (${command[0]}): ${r.error.message}`);
  return result(r);
}

/**
 * `grainflow <args>` in a private mount namespace where `dir` is a fresh tmpfs mounted with `mountOptions`
 * (e.g. "size=256k"); `prepare` runs in the shell after the mount (e.g. "mkdir d/x && mount -o remount,ro d"),
 * `after` once grainflow has ended (its output goes to stdout, after grainflow's); the status is grainflow's.
 */
export function grainflowOnTmpfs(
  dir: string, mountOptions: string, args: string[], shell: { prepare?: string; after?: string } = {},
): CliResult {
  const script = 'mount -t tmpfs -o "$1" tmpfs "$2" || exit 90; eval "$3" || exit 91; after=$4; shift 4; '
    + '"$@"; status=$?; eval "$after"; exit $status';
  const unshare = process.getuid?.() === 0 ? ['-m'] : ['-r', '-m'];
  const r = spawnSync('unshare', [...unshare, '--', '/bin/sh', '-c', script, 'sh', mountOptions, dir, shell.prepare ?? 'true',
    shell.after ?? 'true', process.execPath, CLI, ...args], { encoding: 'utf8' });
  if (r.error || r.status === 90 || r.status === 91) {
    throw new Error(`cannot mount a tmpfs in a private namespace: ${r.error?.message ?? r.stderr.trim()}`);
  }
  return result(r);
}
