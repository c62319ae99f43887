/**
 * The system Chromium, driven by playwright-core (which never downloads a browser). Flags, as measured to work:
 * headless, no sandbox (we may run as root), GPU off so WebGL2 runs on SwiftShader, no background traffic.
 * playwright gives every launch a fresh temporary profile.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const BROWSER_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** No usable browser: the message says how to get one. */
export class BrowserMissingError extends Error {}

/** CHROME_PATH if set, else the first Chromium/Chrome found in the usual places. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.CHROME_PATH;
  if (override) {
    if (fs.existsSync(override)) return override;
    throw new BrowserMissingError(`CHROME_PATH="${override}" does not exist; point it at a Chromium or Chrome executable, `
      + 'or unset it and install Chromium with `apt-get install chromium`');
  }
  const found = CANDIDATES.find((file) => fs.existsSync(file));
  if (!found) {
    throw new BrowserMissingError('no Chromium found for rendering: install it with `apt-get install chromium` '
      + '(Debian), or set CHROME_PATH to a Chromium or Chrome executable');
  }
  return found;
}

export async function launchChromium(executablePath = findChromium()): Promise<Browser> {
  // Loaded here, not at start-up: playwright-core takes about a second to import, which every CLI command paid.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: BROWSER_FLAGS, headless: true });
}
