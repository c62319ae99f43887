/**
 * The README's gallery (src/render/gallery.ts, `npm run gallery`):
 *  - the README shows exactly the stills docs/gallery holds, one per shipped scenario, each 640×360, all of them
 *    listed in the gallery's marker (so a regeneration may replace them) and together under 1.5 MB;
 *  - every still time names a shipped scenario and falls within its run;
 *  - the command end to end on one small scenario (the suite stays fast): a 256-colour PNG of the drawn spheres,
 *    replaced by a second run, and refused — one line, status 2, nothing changed — once the directory holds a
 *    file the gallery did not write.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, describe, expect, it } from 'vitest';
import { readMarker } from '../../src/output/output-marker.js';
import { GALLERY_KIND, STILL_SIZE, STILL_TIMES } from '../../src/render/gallery.js';
import { browserTests } from '../helpers/viewer-page.js';

const GALLERY = 'docs/gallery';
const shipped = fs.readdirSync('scenarios').filter((f) => f.endsWith('.json')).map((f) => path.basename(f, '.json')).sort();
const pngs = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort();

describe('the gallery in the README', () => {
  it('shows exactly the stills docs/gallery holds, one per shipped scenario', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const shown = [...new Set([...readme.matchAll(/docs\/gallery\/([\w.-]+\.png)/g)].map((m) => m[1]))].sort();
    expect(shown).toEqual(pngs(GALLERY));
    expect(pngs(GALLERY)).toEqual(shipped.map((name) => `${name}.png`).sort());
  });

  it('holds stills the gallery wrote, 640×360, under 1.5 MB together', () => {
    const marker = readMarker(GALLERY);
    expect(marker?.kind).toBe(GALLERY_KIND);
    let total = 0;
    for (const file of pngs(GALLERY)) {
      expect(marker!.paths.has(file), file).toBe(true);
      const bytes = fs.readFileSync(path.join(GALLERY, file));
      const image = decode(bytes);
      expect([image.width, image.height], file).toEqual([STILL_SIZE.width, STILL_SIZE.height]);
      total += bytes.length;
    }
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('takes each still at a time within its shipped scenario\'s run', () => {
    for (const [name, time] of Object.entries(STILL_TIMES)) {
      expect(shipped, name).toContain(name);
      const { duration } = JSON.parse(fs.readFileSync(`scenarios/${name}.json`, 'utf8')).time;
      expect(time, name).toBeGreaterThan(0);
      expect(time, name).toBeLessThan(duration);
    }
  });
});

browserTests('npm run gallery', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-gallery-test-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const out = path.join(scratch, 'gallery');
  const gallery = (...args: string[]) => spawnSync(process.execPath, ['dist/src/render/gallery-main.js', ...args], { encoding: 'utf8' });

  it('draws the still of a scenario, replaces its own gallery and refuses one holding a file of yours', () => {
    const first = gallery('--only', 'two-spheres', '--out', out);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/two-spheres\.png {2}t = 0\.002 s/);
    expect(pngs(out)).toEqual(['two-spheres.png']);
    const image = decode(fs.readFileSync(path.join(out, 'two-spheres.png')));
    expect([image.width, image.height, image.channels]).toEqual([STILL_SIZE.width, STILL_SIZE.height, 1]);
    expect(image.palette!.length).toBeLessThanOrEqual(256);
    // The spheres are drawn: green-to-yellow pixels of the speed colours cover a good part of the picture, where
    // the page's background (#eef0f3) and overlay are grey.
    let coloured = 0;
    for (const k of image.data) {
      const [, g, b] = image.palette![k];
      if (g - b > 40) coloured++;
    }
    expect(coloured / image.data.length).toBeGreaterThan(0.05);
    expect(readMarker(out)?.kind).toBe(GALLERY_KIND);

    const again = gallery('--only', 'two-spheres', '--out', out);
    expect(again.status, again.stderr).toBe(0);

    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine');
    const before = fs.readFileSync(path.join(out, 'two-spheres.png'));
    const refused = gallery('--only', 'two-spheres', '--out', out);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/^gallery: --out .* holds "notes.txt", which grainflow did not write there; .*npm run gallery never deletes/);
    expect(fs.readFileSync(path.join(out, 'notes.txt'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(out, 'two-spheres.png'))).toEqual(before);
  });

  it('refuses a scenario it does not know with one line and status 2', () => {
    const r = gallery('--only', 'sillo', '--out', path.join(scratch, 'never'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^gallery: --only: no scenario sillo in scenarios\/ \(.*silo.*\)\n$/);
    expect(fs.existsSync(path.join(scratch, 'never'))).toBe(false);
  });
});
