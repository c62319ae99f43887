/**
 * Shared by the rendering tests that look at the viewer page: whether a browser is there to test with (under
 * CI=true a missing one fails the tests instead of skipping them), a small run of one falling ball, and the page
 * opened on a run in headless Chromium.
 */
import { describe } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium, launchChromium, type ChromiumChoice } from '../../src/render/browser.js';
import { startViewerServer } from '../../src/render/server.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from './edited-scenario.js';

const chromiumInstalled = (() => {
  try {
    return Boolean(findChromium());
  } catch {
    return false;
  }
})();
export const browserTests = describe.runIf(chromiumInstalled || process.env.CI === 'true');

/** The shipped bouncing ball falling freely from 1 m for 0.4 s (it lands at 0.43 s), a frame every `interval` s. */
export async function fallingBallRun(dir: string, interval = 0.05): Promise<void> {
  const scenario = editedScenario('scenarios/bouncing-ball.json', (s) => {
    s.time.duration = 0.4;
    s.outputs = { ...s.outputs, interval, vtk: false };
  });
  await runToDirectory(createSetup(scenario, { workers: 1 }), dir);
}

/**
 * Runs `use` on the viewer page of the run, opened with `query` in a view of `width`×`height`, once it is ready, in
 * the browser a render would find (or the one given).
 */
export async function withViewerPage<T>(
  runDir: string, query: string, [width, height]: [number, number], use: (page: Page) => Promise<T>,
  choice: ChromiumChoice = findChromium(),
): Promise<T> {
  const server = await startViewerServer(runDir, 0);
  try {
    const browser = await launchChromium(choice);
    try {
      const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
      await page.goto(`${server.url}?${query}`);
      await page.waitForFunction('window.grainflow?.ready || window.grainflow?.error', null, { timeout: 60_000 });
      return await use(page);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}
