/**
 * The browser that draws the frames, driven by playwright-core (which never downloads one). In order of
 * preference: CHROME_PATH; a system Chromium/Chrome in the usual places; the Chromium shipped on npm
 * (@sparticuz/chromium, Linux x64, see bundled-chromium.ts). Flags, as measured to work with both: headless, no
 * sandbox (we may run as root), GPU off so WebGL2 runs on SwiftShader, no background traffic. playwright gives
 * every launch a fresh temporary profile.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { bundledChromiumVersion, unpackBundledChromium } from './bundled-chromium.js';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const BROWSER_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The browser to launch: an executable (CHROME_PATH or a system one), or the npm-shipped one (unpacked at launch). */
export type ChromiumChoice =
  | { origin: 'CHROME_PATH' | 'system'; executable: string }
  | { origin: 'bundled'; version: string };

/** No usable browser: the message says how to get one. */
export class BrowserMissingError extends Error {}

const REMEDY = 'set CHROME_PATH to a Chromium or Chrome executable, or install one (`apt-get install chromium` on Debian)';

/** CHROME_PATH if set, else the first system Chromium/Chrome found, else the npm-shipped Chromium (Linux x64). */
export function findChromium(env: NodeJS.ProcessEnv = process.env, systemBrowsers = SYSTEM_BROWSERS): ChromiumChoice {
  const override = env.CHROME_PATH;
  if (override) {
    if (fs.existsSync(override)) return { origin: 'CHROME_PATH', executable: override };
    throw new BrowserMissingError(`CHROME_PATH="${override}" does not exist; point it at a Chromium or Chrome executable, `
      + 'or unset it to use the system Chromium (`apt-get install chromium` on Debian) or, on Linux x64, the one npm ci installs');
  }
  const found = systemBrowsers.find((file) => fs.existsSync(file));
  if (found) return { origin: 'system', executable: found };
  const version = bundledChromiumVersion();
  if (version !== null) return { origin: 'bundled', version };
  const why = process.platform === 'linux' && process.arch === 'x64'
    ? '@sparticuz/chromium is missing from node_modules (run npm ci)'
    : `the Chromium shipped on npm runs on Linux x64 only (this is ${process.platform}-${process.arch})`;
  throw new BrowserMissingError(`no Chromium found for rendering: ${why}; ${REMEDY}`);
}

export async function launchChromium(choice: ChromiumChoice = findChromium()): Promise<Browser> {
  // Loaded here, not at start-up: playwright-core takes about a second to import, which every CLI command paid.
  const { chromium } = await import('playwright-core');
  if (choice.origin !== 'bundled') return chromium.launch({ executablePath: choice.executable, args: BROWSER_FLAGS, headless: true });
  const bundled = await unpackBundledChromium();
  return chromium.launch({
    executablePath: bundled.executable, args: BROWSER_FLAGS, headless: true, env: { ...process.env, ...bundled.env },
  });
}
