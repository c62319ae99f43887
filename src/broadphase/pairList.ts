/**
 * What the broad-phase implementations share, so their outputs are identical element by element: the pair list
 * factory, the candidate buffer that turns per-particle candidate runs into a list sorted by (i, j), the bounding
 * box pass, and the argument checks.
 */
import type { CandidateRuns, Ghosts, PairList } from './types.js';

/** An empty pair list; findPairs grows it as needed. */
export function createPairList(initialCapacity = 1024): PairList {
  const capacity = Math.max(0, Math.floor(initialCapacity));
  const list: PairList = {
    count: 0, i: new Int32Array(capacity), j: new Int32Array(capacity),
    reserve(needed: number) {
      if (list.i.length >= needed) return;
      const grown = Math.max(needed, 2 * list.i.length);
      list.i = new Int32Array(grown);
      list.j = new Int32Array(grown);
    },
  };
  return list;
}

/**
 * Candidates appended one particle at a time, in whatever particle order the spatial structure is walked
 * (tree or cell order keeps memory access local even when particle indices are shuffled), then laid out in
 * `out` by ascending i.
 *
 * Hot-loop protocol: keep `j` and `j.length` in locals; when full, `j = buffer.grow(count)`.
 * After particle i's candidates [first, count): `buffer.endRun(i, first, count)`.
 */
export class CandidateBuffer implements CandidateRuns {
  j: Int32Array = new Int32Array(1024);
  runStart = new Int32Array(0);
  runEnd = new Int32Array(0);
  n = 0;
  total = 0;

  /** Starts a build of n particles' runs: each is then recorded by endRun, and the build completed by end or none. */
  begin(n: number): void {
    this.n = n;
    this.total = 0;
    if (this.runStart.length >= n) return;
    this.runStart = new Int32Array(n);
    this.runEnd = new Int32Array(n);
  }

  /**
   * Grows the candidate array by half, keeping the first `count`, and returns it. By half, not double: at 10⁶
   * spheres a doubled buffer left a third of its 34 B per sphere unused.
   */
  grow(count: number): Int32Array {
    const j = new Int32Array(Math.ceil(1.5 * this.j.length));
    j.set(this.j.subarray(0, count));
    this.j = j;
    return j;
  }

  /** Sorts particle i's candidates by j and records where they are. */
  endRun(i: number, first: number, count: number): void {
    const j = this.j;
    // Runs are short (~3–15) and nearly sorted, where insertion sort beats anything with set-up cost.
    for (let a = first + 1; a < count; a++) {
      const v = j[a];
      let b = a - 1;
      while (b >= first && j[b] > v) {
        j[b + 1] = j[b];
        b--;
      }
      j[b + 1] = v;
    }
    this.runStart[i] = first;
    this.runEnd[i] = count;
  }

  /** Completes a build whose runs hold `total` pairs in all. */
  end(total: number): CandidateRuns {
    this.total = total;
    return this;
  }

  /** Completes a build that found no pair (n < 2, or every cut-off 0). */
  none(): CandidateRuns {
    this.runStart.fill(0, 0, this.n);
    this.runEnd.fill(0, 0, this.n);
    return this.end(0);
  }

  /** Copies the runs of the last build into `out`, in order of i. */
  gather(out: PairList): void {
    out.reserve(this.total);
    const oi = out.i, oj = out.j, j = this.j, runStart = this.runStart, runEnd = this.runEnd;
    let p = 0;
    for (let i = 0; i < this.n; i++) {
      for (let s = runStart[i], end = runEnd[i]; s < end; s++) {
        oi[p] = i;
        oj[p++] = j[s];
      }
    }
    out.count = p;
  }
}

/**
 * Bounding box of the centres and the largest radius, written to `bounds` as
 * [minX, minY, minZ, maxX, maxY, maxZ, rMax]. Throws on a NaN or infinite position (the integration has blown
 * up) or a negative radius, which would otherwise turn into wrong cells or an O(n²) scan.
 */
export function particleBounds(pos: Float64Array, radius: Float64Array, n: number, bounds: Float64Array): void {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  let rMax = 0;
  for (let k = 0; k < n; k++) {
    const x = pos[3 * k], y = pos[3 * k + 1], z = pos[3 * k + 2], r = radius[k];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z) && r >= 0 && r < Infinity)) {
      throw new RangeError(
        `broadphase: particle ${k} has position (${x}, ${y}, ${z}) and radius ${r}; ` +
          'positions must be finite and radii finite and >= 0',
      );
    }
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    if (r > rMax) rMax = r;
  }
  bounds[0] = minX;
  bounds[1] = minY;
  bounds[2] = minZ;
  bounds[3] = maxX;
  bounds[4] = maxY;
  bounds[5] = maxZ;
  bounds[6] = rMax;
}

/** Grows `bounds` (as particleBounds writes them) to hold the ghosts too; `scratch` holds 7 values. */
export function mergeBounds(bounds: Float64Array, ghosts: Ghosts, scratch: Float64Array): void {
  if (ghosts.count === 0) return;
  particleBounds(ghosts.pos, ghosts.radius, ghosts.count, scratch);
  for (let a = 0; a < 3; a++) {
    bounds[a] = Math.min(bounds[a], scratch[a]);
    bounds[a + 3] = Math.max(bounds[a + 3], scratch[a + 3]);
  }
  bounds[6] = Math.max(bounds[6], scratch[6]);
}

/**
 * The n spheres and their ghosts as one pair of arrays, for a broad phase that reads items by index while it
 * builds (the R-tree's Morton sort and packing); the arrays are kept and reused.
 */
export class JoinedSpheres {
  pos = new Float64Array(0);
  radius = new Float64Array(0);

  join(pos: Float64Array, radius: Float64Array, n: number, ghosts: Ghosts): void {
    const total = n + ghosts.count;
    if (this.radius.length < total) {
      this.pos = new Float64Array(3 * total);
      this.radius = new Float64Array(total);
    }
    this.pos.set(pos.subarray(0, 3 * n));
    this.pos.set(ghosts.pos.subarray(0, 3 * ghosts.count), 3 * n);
    this.radius.set(radius.subarray(0, n));
    this.radius.set(ghosts.radius.subarray(0, ghosts.count), n);
  }
}

/** Checks the arguments of `findPairs` once per call, so a bad call fails with a message, not a wrong list. */
export function checkFindPairsArgs(pos: Float64Array, radius: Float64Array, n: number, skin: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`broadphase: n must be a whole number >= 0, got ${n}`);
  if (pos.length < 3 * n) throw new RangeError(`broadphase: pos has ${pos.length} entries, needs 3n = ${3 * n}`);
  if (radius.length < n) throw new RangeError(`broadphase: radius has ${radius.length} entries, needs n = ${n}`);
  if (!(skin >= 0) || skin === Infinity) throw new RangeError(`broadphase: skin must be finite and >= 0, got ${skin}`);
}
