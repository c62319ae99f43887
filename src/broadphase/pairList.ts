/**
 * What the broad-phase implementations share, so their outputs are identical element by element: the pair list
 * factory, the writing of candidate rows into a list sorted by (i, j), the candidate buffer of a broad phase that
 * finds candidates out of particle order, the bounding box pass, and the argument checks.
 */
import type { BroadPhase, Ghosts, PairList, RowSink } from './types.js';

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
 * Where a RowWriter writes: a pair list's arrays, or one lane's segment of a build (engine/parallel/pair-search.ts),
 * which travels to a worker thread as plain data.
 */
export type PairTarget = Pick<PairList, 'i' | 'j'>;

/**
 * A sink that writes rows into a pair list in place, while they fit, and counts every pair it is given, so that
 * fillPairList can tell a list that was too small (whose entries are then incomplete) from a complete one.
 */
export abstract class RowWriter<L extends PairTarget = PairList> implements RowSink {
  /** pairs of the rows so far, written or not */
  count = 0;
  protected capacity = 0;
  /** the list's arrays (a build may grow the list into new ones) */
  protected i: Int32Array = new Int32Array(0);
  protected j: Int32Array = new Int32Array(0);

  /** Starts writing into `out` from its first entry. */
  begin(out: L): void {
    this.count = 0;
    this.capacity = out.i.length;
    this.i = out.i;
    this.j = out.j;
  }

  abstract row(i: number, partners: Int32Array, start: number, end: number): void;
}

/** Rows as they come: pair (i, j) for every partner j. */
export class PlainRowWriter extends RowWriter<PairTarget> {
  row(i: number, partners: Int32Array, start: number, end: number): void {
    for (let s = start; s < end; s++, this.count++) {
      if (this.count >= this.capacity) continue;
      this.i[this.count] = i;
      this.j[this.count] = partners[s];
    }
  }
}

/**
 * Fills `out` with the rows `search` hands to `writer`. The rows go straight into the list (neither a second pair
 * list nor candidate runs in between: 38 + 28 B per sphere at 10⁶ spheres), so its size must be known before they
 * come: a search whose rows did not fit is run again into a list grown to hold them. A list grows with room to spare
 * (contacts/pair-contacts.ts), so that is the first build and one in which the pairs outgrew that room.
 */
export function fillPairList<T extends PairTarget>(out: PairList & T, writer: RowWriter<T>, search: (sink: RowSink) => void): void {
  writer.begin(out);
  search(writer);
  if (writer.count > out.i.length) {
    out.reserve(writer.count);
    writer.begin(out);
    search(writer);
  }
  out.count = writer.count;
}

/** BroadPhase.findPairs of a broad phase that implements findRows. */
export function findPairsByRows(
  broadphase: BroadPhase, pos: Float64Array, radius: Float64Array, n: number, skin: number, out: PairList,
): void {
  fillPairList(out, new PlainRowWriter(), (sink) => broadphase.findRows(pos, radius, n, skin, sink));
}

/**
 * Candidates appended one particle at a time, in whatever particle order the spatial structure is walked
 * (tree order keeps memory access local even when particle indices are shuffled), then handed on by ascending i.
 *
 * Hot-loop protocol: keep `j` and `j.length` in locals; when full, `j = buffer.grow(count)`.
 * After particle i's candidates [first, count): `buffer.endRun(i, first, count)`.
 */
export class CandidateBuffer {
  j: Int32Array = new Int32Array(1024);
  private runStart = new Int32Array(0);
  private runEnd = new Int32Array(0);
  private n = 0;

  /** Starts a build of n particles' runs: each is then recorded by endRun, or the build found none (none()). */
  begin(n: number): void {
    this.n = n;
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
    sortRow(this.j, first, count);
    this.runStart[i] = first;
    this.runEnd[i] = count;
  }

  /** Records a build that found no pair (n < 2, or every cut-off 0). */
  none(): void {
    this.runStart.fill(0, 0, this.n);
    this.runEnd.fill(0, 0, this.n);
  }

  /** Hands the runs of particles 0 … spheres − 1 of the last build to `sink`, in order of i. */
  emitRows(spheres: number, sink: RowSink): void {
    for (let i = 0; i < spheres; i++) sink.row(i, this.j, this.runStart[i], this.runEnd[i]);
  }
}

/** Sorts a[start, end) ascending, in place. */
export function sortRow(a: Int32Array, start: number, end: number): void {
  // Rows are short (~3–15) and nearly sorted, where insertion sort beats anything with set-up cost.
  for (let k = start + 1; k < end; k++) {
    const v = a[k];
    let b = k - 1;
    while (b >= start && a[b] > v) {
      a[b + 1] = a[b];
      b--;
    }
    a[b + 1] = v;
  }
}

/** A position or radius the neighbour search cannot place: the integration has blown up (run/watchdog.ts names it). */
export class NonFiniteStateError extends RangeError {}

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
      throw new NonFiniteStateError(
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
