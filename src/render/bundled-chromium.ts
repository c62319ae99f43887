/**
 * The Chromium shipped on npm (@sparticuz/chromium, Linux x64 only: a chrome-headless-shell with SwiftShader and
 * Open Sans, Brotli-compressed inside the package), for machines without a system browser. It is unpacked once
 * per package version into a directory of grainflow's own under the system temp directory (about 200 MB, about
 * 1.5 s), never into the temp directory's root as the package itself does, so another program's or another
 * version's unpacked browser is never picked up. The package's own unpacker does the work, in a child process
 * whose TMPDIR is a staging directory; the staging directory is renamed into place only once complete.
 *
 * Fonts: the package's fonts.conf lists fixed directories (/tmp/fonts …) that are not ours, and without any
 * fontconfig set-up Chromium aborts; so we write our own fonts.conf naming only the bundled fonts, and the
 * browser is launched with FONTCONFIG_PATH pointing at it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const PACKAGE = '@sparticuz/chromium';
/** Written last into an unpacked directory: its presence says the unpack finished. */
const COMPLETE = 'unpacked.json';

export interface BundledChromium {
  executable: string;
  /** environment the browser needs on top of the process's own */
  env: Record<string, string>;
}

/** The package's version if it is installed and this platform can run it, else null. */
export function bundledChromiumVersion(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve(PACKAGE));
  } catch {
    return null;
  }
  // The package's exports do not include package.json: walk up from its entry point to its own manifest.
  for (; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (name === PACKAGE) return version;
  }
  return null;
}

/** Where this version is unpacked: per user and per package version. */
function bundledChromiumDirectory(version: string): string {
  const user = process.getuid?.() ?? os.userInfo().username;
  return path.join(os.tmpdir(), `grainflow-${user}-chromium-${version}`);
}

/** The unpacked browser, unpacking it first if this version has not been. */
export async function unpackBundledChromium(): Promise<BundledChromium> {
  const version = bundledChromiumVersion();
  if (version === null) throw new Error(`${PACKAGE} is not installed or does not run on ${process.platform}-${process.arch}`);
  const dir = bundledChromiumDirectory(version);
  if (!fs.existsSync(path.join(dir, COMPLETE))) await unpackInto(dir, version);
  return { executable: path.join(dir, 'chromium'), env: { FONTCONFIG_PATH: path.join(dir, 'fontconfig') } };
}

/** A staging directory older than this was left by an unpack that was killed (an unpack takes seconds). */
const STALE_STAGING_MS = 10 * 60 * 1000;

async function unpackInto(dir: string, version: string): Promise<void> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  removeStaleStaging(dir);
  const staging = fs.mkdtempSync(`${dir}.partial-`);
  try {
    const entry = createRequire(import.meta.url).resolve(PACKAGE);
    // The package unpacks chromium, its SwiftShader libraries and fonts.tar.br into os.tmpdir().
    const script = `require(${JSON.stringify(entry)}).executablePath().then((p) => process.stdout.write(p))`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script],
      { env: { ...process.env, TMPDIR: staging }, maxBuffer: 1 << 20 });
    if (path.resolve(stdout.trim()) !== path.join(staging, 'chromium')) {
      throw new Error(`${PACKAGE} unpacked to an unexpected place: ${stdout.trim()}`);
    }
    const fontconfig = path.join(staging, 'fontconfig');
    fs.mkdirSync(fontconfig);
    fs.writeFileSync(path.join(fontconfig, 'fonts.conf'), `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${path.join(dir, 'fonts', 'fonts')}</dir>
  <cachedir>${path.join(dir, 'fontconfig', 'cache')}</cachedir>
</fontconfig>
`);
    fs.writeFileSync(path.join(staging, COMPLETE), `${JSON.stringify({ package: PACKAGE, version })}\n`);
    // A directory of this name without the marker is left from elsewhere: ours replaces it.
    if (fs.existsSync(dir) && !fs.existsSync(path.join(dir, COMPLETE))) fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(staging, dir);
    } catch (err) {
      // Another grainflow unpacked the same version meanwhile: use that one.
      if (!fs.existsSync(path.join(dir, COMPLETE))) throw err;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Removes what killed unpacks left (about 200 MB each), never a staging directory another unpack is filling. */
function removeStaleStaging(dir: string): void {
  const prefix = `${path.basename(dir)}.partial-`;
  for (const name of fs.readdirSync(path.dirname(dir))) {
    if (!name.startsWith(prefix)) continue;
    const staging = path.join(path.dirname(dir), name);
    try {
      if (Date.now() - fs.statSync(staging).mtimeMs > STALE_STAGING_MS) fs.rmSync(staging, { recursive: true, force: true });
    } catch {
      // removed meanwhile by another grainflow
    }
  }
}
