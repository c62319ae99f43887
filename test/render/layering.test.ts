/**
 * The simulation core never depends on rendering: no module outside src/render and src/cli imports from
 * src/render or from a browser package, so a run needs neither Chromium nor playwright.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('layering', () => {
  it('keeps rendering out of the core', () => {
    const core = sources('src').filter((f) => !f.startsWith(path.join('src', 'render')) && !f.startsWith(path.join('src', 'cli')));
    expect(core.length).toBeGreaterThan(20);
    const offenders = core.filter((f) => /from\s+'(\.\.?\/)+render\/|from\s+'(playwright-core|gifenc|fast-png|three)'/
      .test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
