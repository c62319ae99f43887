// Loads a run's frames (see src/output/frames.ts for the format) from the viewer server's /run/ path.
// Frames are fetched on demand and kept while they fit in FRAME_CACHE_BYTES, so replaying a run is smooth.
const FRAME_CACHE_BYTES = 256 * 1024 * 1024;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

const arrayOf = async (url, Type) => new Type(await (await fetchOk(url)).arrayBuffer());

export async function loadRun(base = '/run') {
  const index = await (await fetchOk(`${base}/frames/index.json`)).json();
  const dir = `${base}/frames`;
  const [radius, material, walls, summary] = await Promise.all([
    arrayOf(`${dir}/${index.radius.file}`, Float32Array),
    arrayOf(`${dir}/${index.material.file}`, Uint16Array),
    arrayOf(`${dir}/${index.walls.file}`, Float32Array),
    // summary.json is written at the end of a run; the viewer works without it.
    fetch(`${base}/summary.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null),
  ]);
  const perSphere = index.layout.reduce((sum, block) => sum + block.components, 0);
  const frameBytes = 4 * index.particles * perSphere;
  const cacheLimit = Math.max(2, Math.floor(FRAME_CACHE_BYTES / frameBytes));
  const cache = new Map();

  /**
   * Frame k as { t, count, position (Float32 xyz by id), speed (Float32 by id) }: `count` spheres (ids 0..count−1)
   * were present at t; a pour makes later frames longer.
   */
  async function frame(k) {
    if (!cache.has(k)) {
      if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value);
      cache.set(k, arrayOf(`${dir}/${index.frames[k].file}`, Float32Array).then((data) => {
        const n = data.length / perSphere;
        return { t: index.frames[k].t, count: n, position: data.subarray(0, 3 * n), speed: data.subarray(3 * n, 4 * n) };
      }));
    }
    return cache.get(k);
  }

  return { index, radius, material, walls, summary, frame };
}
