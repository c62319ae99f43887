/**
 * What a test does when a program it needs is not one npm installs (LAMMPS's `lmp` and `mpirun`; a browser or
 * ffmpeg where npm ships none for this platform): on a developer's machine its tests skip; under CI=true they run
 * and fail (.ci/run installs the Debian packages) — except in CI's bare-machine run (.ci/bare-machine,
 * GRAINFLOW_BARE_MACHINE=1), which hides the system programs on purpose to prove that `npm ci && npm test` passes
 * with what npm installs: there the tests of system-only programs skip and every other test must pass.
 */
import { execFileSync } from 'node:child_process';

/** Whether `command` is on the PATH (the shell's `command -v`: nothing is run). */
export function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** CI's full run: a missing system program fails its tests instead of skipping them. */
export const systemProgramsRequired = process.env.CI === 'true' && process.env.GRAINFLOW_BARE_MACHINE !== '1';
