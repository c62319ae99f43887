/**
 * Broad-phase benchmark: milliseconds per full rebuild (build + query of all candidate pairs) of the cell grid and
 * the packed R-tree on dense random packings (φ ≈ 0.55), monodisperse and 1:10, with particles in random order
 * and in Morton order (as the simulation keeps them). Also provides the packings the broad-phase tests use.
 *
 *   npm run build && node dist/bench/broadphase.js
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import seedrandom from 'seedrandom';
import type { BroadPhase } from '../src/broadphase/index.js';
import { createBroadPhase, createPairList } from '../src/broadphase/index.js';

export interface Packing {
  n: number;
  /** Interleaved xyz (m). */
  pos: Float64Array;
  /** Radii (m), uniform in [R_MIN, sizeRatio · R_MIN]. */
  radius: Float64Array;
}

/** Smallest radius of every packing (m). */
export const R_MIN = 1e-3;

/** Jacobi push-apart sweeps of makePacking. */
const RELAX_SWEEPS = 12;

/**
 * n spheres with radii uniform in [R_MIN, sizeRatio·R_MIN], dropped uniformly into a cube sized for solid
 * fraction 0.55, then pushed apart (half the overlap each, several Jacobi sweeps) until overlaps are mostly a
 * few per cent of a radius: a dense, nearly non-overlapping random packing in a second or two at 300k.
 */
export function makePacking(n: number, sizeRatio: number, seed: string): Packing {
  const rng = seedrandom(seed);
  const radius = new Float64Array(n);
  let volume = 0;
  for (let k = 0; k < n; k++) {
    const r = R_MIN * (1 + (sizeRatio - 1) * rng());
    radius[k] = r;
    volume += (4 / 3) * Math.PI * r * r * r;
  }
  const side = Math.cbrt(volume / 0.55);
  const pos = new Float64Array(3 * n);
  for (let k = 0; k < n; k++) {
    const r = radius[k];
    for (let a = 0; a < 3; a++) pos[3 * k + a] = r + (side - 2 * r) * rng();
  }
  const grid = createBroadPhase('grid');
  const pairs = createPairList();
  const shift = new Float64Array(3 * n);
  for (let sweep = 0; sweep < RELAX_SWEEPS; sweep++) {
    grid.findPairs(pos, radius, n, 0, pairs);
    shift.fill(0);
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.i[p], j = pairs.j[p];
      const dx = pos[3 * j] - pos[3 * i], dy = pos[3 * j + 1] - pos[3 * i + 1], dz = pos[3 * j + 2] - pos[3 * i + 2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d === 0) continue;
      const s = (0.5 * (radius[i] + radius[j] - d)) / d;
      shift[3 * i] -= s * dx;
      shift[3 * i + 1] -= s * dy;
      shift[3 * i + 2] -= s * dz;
      shift[3 * j] += s * dx;
      shift[3 * j + 1] += s * dy;
      shift[3 * j + 2] += s * dz;
    }
    for (let k = 0; k < n; k++) {
      const r = radius[k];
      for (let a = 0; a < 3; a++) pos[3 * k + a] = Math.min(side - r, Math.max(r, pos[3 * k + a] + shift[3 * k + a]));
    }
  }
  return { n, pos, radius };
}

/** The same particles renumbered along a Z-order curve (10 bits per axis), as the simulation sorts them. */
export function mortonSorted(p: Packing): Packing {
  let min = Infinity, max = -Infinity;
  for (const v of p.pos) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const scale = 1023.99 / (max - min || 1);
  const code = new Float64Array(p.n);
  for (let k = 0; k < p.n; k++) {
    let c = 0;
    for (let bit = 9; bit >= 0; bit--) {
      for (let a = 0; a < 3; a++) c = 2 * c + ((((p.pos[3 * k + a] - min) * scale) >> bit) & 1);
    }
    code[k] = c;
  }
  const order = Array.from({ length: p.n }, (_, k) => k).sort((a, b) => code[a] - code[b] || a - b);
  const pos = new Float64Array(3 * p.n);
  const radius = new Float64Array(p.n);
  order.forEach((k, s) => {
    pos.set(p.pos.subarray(3 * k, 3 * k + 3), 3 * s);
    radius[s] = p.radius[k];
  });
  return { n: p.n, pos, radius };
}

/** Median wall time (ms) of `reps` rebuilds after one warm-up call that sizes every buffer. */
function msPerRebuild(bp: BroadPhase, p: Packing, skin: number, reps: number): { ms: number; pairs: number } {
  const out = createPairList();
  bp.findPairs(p.pos, p.radius, p.n, skin, out);
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    bp.findPairs(p.pos, p.radius, p.n, skin, out);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[reps >> 1], pairs: out.count };
}

export async function runBroadphaseBench(): Promise<void> {
  const grid = createBroadPhase('grid');
  const rtree = createBroadPhase('rtree');
  const skin = 0.1 * R_MIN;
  console.log(`broad phase, ms per rebuild (median), skin = 0.1·r_min, φ ≈ 0.55, node ${process.version}`);
  console.log('       N  sizes  order    pairs/N   grid ms   rtree ms');
  for (const n of [10_000, 100_000, 300_000]) {
    const reps = n <= 10_000 ? 9 : n <= 100_000 ? 5 : 3;
    for (const sizeRatio of [1, 10]) {
      const random = makePacking(n, sizeRatio, `bench-${n}-${sizeRatio}`);
      for (const [order, p] of [['random', random], ['morton', mortonSorted(random)]] as const) {
        const g = msPerRebuild(grid, p, skin, reps);
        const t = msPerRebuild(rtree, p, skin, reps);
        if (g.pairs !== t.pairs) throw new Error(`grid found ${g.pairs} pairs, rtree ${t.pairs}`);
        console.log(
          `${String(n).padStart(8)}  ${(sizeRatio === 1 ? 'mono' : `1:${sizeRatio}`).padStart(5)}  ${order.padEnd(6)}` +
            `  ${(g.pairs / n).toFixed(2).padStart(8)}  ${g.ms.toFixed(1).padStart(8)}  ${t.ms.toFixed(1).padStart(9)}`,
        );
      }
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runBroadphaseBench();
}
