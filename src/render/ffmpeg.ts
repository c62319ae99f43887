/**
 * The ffmpeg that encodes MP4: `ffmpeg` on the PATH, else the static build shipped on npm
 * (@ffmpeg-installer/linux-x64, an optional dependency npm installs on Linux x64 only; GPL-3.0, run as a separate
 * process). Its file mode comes from the package (executable), so it needs no install script. null: no ffmpeg.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = '@ffmpeg-installer/linux-x64';

export function findFfmpeg(): string | null {
  if (runs('ffmpeg')) return 'ffmpeg';
  const bundled = bundledFfmpeg();
  return bundled !== null && runs(bundled) ? bundled : null;
}

/** The npm-shipped ffmpeg's path if its package is installed, else null. */
export function bundledFfmpeg(): string | null {
  try {
    const file = path.join(path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), 'ffmpeg');
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

function runs(executable: string): boolean {
  return spawnSync(executable, ['-version'], { stdio: 'ignore' }).status === 0;
}
