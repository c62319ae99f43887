// Loads a run's frames (see src/output/frames.ts for the format, version 2) from the viewer server's /run/ path.
// Frames are fetched on demand and kept while they fit in FRAME_CACHE_BYTES, so replaying a run is smooth.
import { checkFinite } from './frame-values.js';

const FRAME_CACHE_BYTES = 256 * 1024 * 1024;
const FRAME_FORMAT_VERSION = 2;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

const arrayOf = async (url, Type) => new Type(await (await fetchOk(url)).arrayBuffer());
/** A JSON file the viewer works without (summary.json is written at the end of a run). */
const optionalJson = (url) => fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null);

export async function loadRun(base = '/run') {
  const index = await (await fetchOk(`${base}/frames/index.json`)).json();
  if (index.version !== FRAME_FORMAT_VERSION) {
    throw new Error(`frames/index.json is version ${index.version}; this viewer reads version ${FRAME_FORMAT_VERSION}: run the scenario again`);
  }
  const dir = `${base}/frames`;
  const [radius, material, walls, summary, scenario, colorScale] = await Promise.all([
    arrayOf(`${dir}/${index.radius.file}`, Float32Array),
    arrayOf(`${dir}/${index.material.file}`, Uint16Array),
    arrayOf(`${dir}/${index.walls.file}`, Float32Array),
    optionalJson(`${base}/summary.json`),
    optionalJson(`${base}/scenario.json`),
    // The server's robust scale over every frame (src/render/color-scale.ts); without it, the widest frame's.
    optionalJson('/color-scale.json'),
  ]);
  checkFinite(`frames/${index.radius.file}`, radius, 1, 'sphere', 'radius');
  checkFinite(`frames/${index.walls.file}`, walls, 9, 'triangle', 'vertices');
  const perSphere = index.layout.reduce((sum, block) => sum + block.components, 0);
  const frameBytes = 4 * index.particles * perSphere;
  const cacheLimit = Math.max(2, Math.floor(FRAME_CACHE_BYTES / Math.max(frameBytes, 1)));
  const cache = new Map();

  /**
   * Frame k as { t, count, position (Float32 xyz by id), speed (Float32 by id), walls, ranges }: `count` spheres
   * (ids 0..count−1) were present at t (a pour makes later frames longer); walls[w] is wall w's offset from rest
   * (m), the affine map [t, R row-major] of a rotating wall, or null once removed; ranges the frame's robust speed and height ranges.
   */
  async function frame(k) {
    if (!cache.has(k)) {
      if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value);
      const entry = index.frames[k];
      cache.set(k, arrayOf(`${dir}/${entry.file}`, Float32Array).then((data) => {
        const n = data.length / perSphere;
        const position = data.subarray(0, 3 * n);
        checkFinite(`frames/${entry.file}`, position, 3, 'sphere', 'position');
        return {
          t: entry.t, count: n, position, speed: data.subarray(3 * n, 4 * n),
          walls: entry.walls, ranges: entry.ranges,
        };
      }));
    }
    return cache.get(k);
  }

  return { index, radius, material, walls, summary, scenario, colorScale: colorScale ?? index.ranges, frame };
}
