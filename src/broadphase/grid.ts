/**
 * Cell-grid broad phase: counting sort of particles into cubic cells whose edge is at least the largest cut-off
 * (2·r_max + skin); then, sphere by sphere in index order, each sphere i scans its own and the 26 surrounding
 * cells for partners j > i and hands them on as one sorted row. The simulation numbers its spheres in Morton order
 * (docs/architecture.md §3), so index order visits the cells nearly in space order and reads stay local; walking
 * by index writes the rows in the list's own order, with no candidate list between the search and the list.
 *
 * Cells are addressed through a table, key = cx + B·cy + C·cz (32-bit integer arithmetic):
 * - dense mode (the box of particle centres, plus one empty layer, has at most 4n + 64 cells): B = nx,
 *   C = nx·ny, one table slot per cell; the empty layer lets neighbour rows be read without bounds checks;
 * - hashed mode (far outliers or a dilute cloud): B, C are large odd constants and the table has ~2n slots
 *   (key mod 2^k), so memory stays O(n) wherever particles are. Distinct cells may share a slot, hence each
 *   candidate's cell coordinates are compared with the row being visited.
 * The three cells of a row (cx − 1 … cx + 1) have consecutive keys, so their particles are one slot range:
 * 9 ranges per particle instead of 27 cells made the rebuild 1.6–2.3× faster at 300k (Morton order).
 *
 * Measured (bench/broadphase.ts, φ ≈ 0.55, skin 0.1 r_min, 2026-11-27): 300k spheres in Morton order 140 ms mono,
 * 195 ms 1:10; in random order 336 / 496 ms, as walking by index then reads the cells all over memory (walking the
 * cells, as this grid did before, took 140 / 230 ms there, and needed a candidate list of 28 B per sphere).
 * Earlier, walking the cells: one particle 1 km away (hashed mode) 185 / 240 ms mono.
 *
 * A build is two steps: sorting the items into cells (`bin`, one thread) and searching the rows (`searchGridRows`),
 * which reads the cells only, so lanes on other threads search contiguous ranges of spheres at once
 * (engine/parallel/pair-search.ts). That is why the cells live in SharedArrayBuffers.
 */
import type { BroadPhase, Ghosts, PairList, RowSink } from './types.js';
import { checkFindPairsArgs, findPairsByRows, mergeBounds, particleBounds, sortRow } from './pairList.js';

/** Odd multipliers (golden-ratio and murmur3 constants) that scatter y and z cell indices in hashed mode. */
const HASH_B = 0x9e3779b1 | 0;
const HASH_C = 0x85ebca77 | 0;
/** The 9 visited rows of cells, as (dy, dz) pairs. */
const ROW_D = new Int32Array([-1, -1, 0, -1, 1, -1, -1, 0, 0, 0, 1, 0, -1, 1, 0, 1, 1, 1]);

/**
 * The items of one build sorted into cells: what a row search reads. Arrays may be longer than the build needs;
 * they are SharedArrayBuffer views, so they can be posted to worker threads without a copy.
 */
export interface GridCells {
  /** spheres of the build (items 0 … spheres − 1); ghosts follow them */
  spheres: number;
  /** spheres + ghosts */
  items: number;
  skin: number;
  hashed: boolean;
  /** table key = (cx + strideY·cy + strideZ·cz) & mask */
  mask: number;
  strideY: number;
  strideZ: number;
  /** per item: table key, and cell coordinates (hashed mode only) */
  keyOf: Int32Array;
  cellOf: Int32Array;
  /** bucket k holds slots [bucketStart[k], bucketStart[k + 1]) */
  bucketStart: Int32Array;
  /**
   * per slot (items in bucket order, ascending index inside a bucket): index, x y z r, and cell coordinates (hashed
   * mode only). In hashed mode buckets 0 and 1 are repeated after slot n − 1, so a row that wraps around the end of
   * the table is still one slot range.
   */
  slotIndex: Int32Array;
  slotXyzr: Float64Array;
  slotCell: Int32Array;
}

/** One thread's buffer for the row being found: partners of one sphere; grows as needed. */
export class RowBuffer {
  row: Int32Array = new Int32Array(64);

  /** Doubles the buffer, keeping its first `count` partners. */
  grow(count: number): Int32Array {
    const row = new Int32Array(2 * this.row.length);
    row.set(this.row.subarray(0, count));
    this.row = row;
    return row;
  }
}

const sharedInt32 = (length: number) => new Int32Array(new SharedArrayBuffer(4 * length));
const sharedFloat64 = (length: number) => new Float64Array(new SharedArrayBuffer(8 * length));


export class GridBroadPhase implements BroadPhase {
  readonly name = 'grid';
  private readonly bounds = new Float64Array(7);
  private readonly ghostBounds = new Float64Array(7);
  private readonly rowBuffer = new RowBuffer();
  /** the scratch of every build: grown, never shrunk, so a warmed-up instance allocates nothing */
  private readonly cells: GridCells = {
    spheres: 0, items: 0, skin: 0, hashed: false, mask: -1, strideY: 0, strideZ: 0,
    keyOf: sharedInt32(0), cellOf: sharedInt32(0), bucketStart: sharedInt32(1),
    slotIndex: sharedInt32(0), slotXyzr: sharedFloat64(0), slotCell: sharedInt32(0),
  };

  findPairs(pos: Float64Array, radius: Float64Array, n: number, skin: number, out: PairList): void {
    findPairsByRows(this, pos, radius, n, skin, out);
  }

  findRows(pos: Float64Array, radius: Float64Array, spheres: number, skin: number, sink: RowSink, ghosts?: Ghosts): void {
    const cells = this.bin(pos, radius, spheres, skin, ghosts);
    if (cells === null) {
      for (let i = 0; i < spheres; i++) sink.row(i, this.rowBuffer.row, 0, 0);
      return;
    }
    searchGridRows(cells, pos, radius, 0, spheres, sink, this.rowBuffer);
  }

  /**
   * Sorts the spheres and their ghosts into cells; null when no pair can be found (fewer than two items, or every
   * radius and the skin 0: no distance is < 0). The result is this instance's scratch, valid until the next call.
   */
  bin(pos: Float64Array, radius: Float64Array, spheres: number, skin: number, ghosts?: Ghosts): GridCells | null {
    checkFindPairsArgs(pos, radius, spheres, skin);
    // Ghost g is item spheres + g; items are read from either array as they are sorted into cells (never copied
    // into one array of all items: 40 B per sphere at 10⁶ spheres in a periodic box).
    const ghostPos = ghosts?.pos ?? pos, ghostRadius = ghosts?.radius ?? radius;
    const n = spheres + (ghosts?.count ?? 0);
    if (n < 2) return null;
    const bounds = this.bounds;
    particleBounds(pos, radius, spheres, bounds);
    if (ghosts !== undefined) mergeBounds(bounds, ghosts, this.ghostBounds);
    const minX = bounds[0], minY = bounds[1], minZ = bounds[2];
    const cut = 2 * bounds[6] + skin;
    if (!(cut > 0)) return null;
    const extent = Math.max(bounds[3] - minX, bounds[4] - minY, bounds[5] - minZ);
    // Two centres closer than `cut` must land in cells at most 1 apart per axis even after rounding of
    // (x − min)/h, whose error grows with the distance from the box corner: hence both margins.
    const h = cut * (1 + 2 ** -20) + extent * 2 ** -46;
    const invH = 1 / h;
    const nx = Math.floor((bounds[3] - minX) * invH) + 3;
    const ny = Math.floor((bounds[4] - minY) * invH) + 3;
    const nz = Math.floor((bounds[5] - minZ) * invH) + 3;
    const hashed = !(nx * ny * nz <= 4 * n + 64);
    const tableSize = hashed ? 2 ** Math.ceil(Math.log2(2 * n)) : nx * ny * nz;
    const mask = hashed ? tableSize - 1 : -1;
    const strideY = hashed ? HASH_B : nx;
    const strideZ = hashed ? HASH_C : nx * ny;
    const cells = this.cells;
    Object.assign(cells, { spheres, items: n, skin, hashed, mask, strideY, strideZ });
    this.reserve(n, tableSize, hashed);

    const { keyOf, cellOf, bucketStart } = cells;
    bucketStart.fill(0, 0, tableSize + 1);
    for (let k = 0; k < n; k++) {
      const at = k < spheres ? pos : ghostPos, a3 = 3 * (k < spheres ? k : k - spheres);
      // `| 0` wraps cell indices beyond 2^31 modulo 2^32 (hashed mode only): adjacency survives the wrap, and
      // cells that alias cost only extra exact tests.
      const cx = (Math.floor((at[a3] - minX) * invH) + 1) | 0;
      const cy = (Math.floor((at[a3 + 1] - minY) * invH) + 1) | 0;
      const cz = (Math.floor((at[a3 + 2] - minZ) * invH) + 1) | 0;
      const key = (cx + Math.imul(cy, strideY) + Math.imul(cz, strideZ)) & mask;
      keyOf[k] = key;
      if (hashed) {
        cellOf[3 * k] = cx;
        cellOf[3 * k + 1] = cy;
        cellOf[3 * k + 2] = cz;
      }
      bucketStart[key]++;
    }
    // Inclusive prefix sums: bucketStart[k] = end of bucket k. Filling backwards by decrement leaves
    // bucketStart[k] = start of bucket k, with indices ascending inside each bucket.
    for (let k = 1; k < tableSize; k++) bucketStart[k] += bucketStart[k - 1];
    bucketStart[tableSize] = n;
    const repeated = hashed ? bucketStart[1] : 0;
    this.reserveSlots(n + repeated, hashed);
    const { slotIndex, slotXyzr, slotCell } = cells;
    for (let k = n - 1; k >= 0; k--) {
      const s = --bucketStart[keyOf[k]];
      const sphere = k < spheres, a = sphere ? k : k - spheres, at = sphere ? pos : ghostPos;
      slotIndex[s] = k;
      slotXyzr[4 * s] = at[3 * a];
      slotXyzr[4 * s + 1] = at[3 * a + 1];
      slotXyzr[4 * s + 2] = at[3 * a + 2];
      slotXyzr[4 * s + 3] = sphere ? radius[a] : ghostRadius[a];
      if (hashed) {
        slotCell[3 * s] = cellOf[3 * k];
        slotCell[3 * s + 1] = cellOf[3 * k + 1];
        slotCell[3 * s + 2] = cellOf[3 * k + 2];
      }
    }
    if (hashed) {
      slotIndex.copyWithin(n, 0, repeated);
      slotXyzr.copyWithin(4 * n, 0, 4 * repeated);
      slotCell.copyWithin(3 * n, 0, 3 * repeated);
    }
    return cells;
  }

  /**
   * Grows the scratch buffers (never shrinks). The cell coordinates (24 B per sphere) are allocated only once a
   * build is hashed: dense builds never read them.
   */
  private reserve(n: number, tableSize: number, hashed: boolean): void {
    const cells = this.cells;
    if (cells.keyOf.length < n) cells.keyOf = sharedInt32(n);
    if (hashed && cells.cellOf.length < 3 * n) cells.cellOf = sharedInt32(3 * n);
    if (cells.bucketStart.length < tableSize + 1) cells.bucketStart = sharedInt32(tableSize + 1);
  }

  private reserveSlots(slots: number, hashed: boolean): void {
    const cells = this.cells;
    if (cells.slotIndex.length < slots) {
      cells.slotIndex = sharedInt32(slots);
      cells.slotXyzr = sharedFloat64(4 * slots);
    }
    if (hashed && cells.slotCell.length < 3 * slots) cells.slotCell = sharedInt32(3 * slots);
  }
}

/**
 * Hands the rows of spheres begin … end − 1 to `sink`, in ascending i: each sphere scans its own and the 26
 * surrounding cells (9 slot ranges) for partners j > i. Reads `cells` and the positions only, so threads can search
 * disjoint ranges of one build at once, each with its own row buffer.
 */
export function searchGridRows(
  cells: GridCells, pos: Float64Array, radius: Float64Array, begin: number, end: number, sink: RowSink,
  buffer: RowBuffer,
): void {
  const { items: n, skin, hashed, mask, strideY, strideZ, keyOf, cellOf, bucketStart, slotIndex, slotXyzr, slotCell } = cells;
  const rowKey = new Int32Array(9);
  for (let m = 0; m < 9; m++) rowKey[m] = (Math.imul(ROW_D[2 * m], strideY) + Math.imul(ROW_D[2 * m + 1], strideZ)) | 0;
  let row = buffer.row;
  for (let i = begin; i < end; i++) {
    const key = keyOf[i];
    const xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2], ri = radius[i];
    const cx = hashed ? cellOf[3 * i] : 0, cy = hashed ? cellOf[3 * i + 1] : 0, cz = hashed ? cellOf[3 * i + 2] : 0;
    let count = 0;
    for (let m = 0; m < 9; m++) {
      const centre = (key + rowKey[m]) & mask;
      const ty = (cy + ROW_D[2 * m]) | 0, tz = (cz + ROW_D[2 * m + 1]) | 0;
      const lo = (centre - 1) & mask, hi = (centre + 1) & mask;
      // Only a hashed row can wrap (hi < lo); it continues into the repeated buckets 0 and 1.
      const last = hi < lo ? n + bucketStart[hi + 1] : bucketStart[hi + 1];
      for (let s = bucketStart[lo]; s < last; s++) {
        const j = slotIndex[s];
        if (j <= i) continue;
        if (
          hashed &&
          (((slotCell[3 * s] - cx + 1) | 0) >>> 0 > 2 || slotCell[3 * s + 1] !== ty || slotCell[3 * s + 2] !== tz)
        ) {
          continue;
        }
        // The canonical test of PairList, term for term.
        const dx = slotXyzr[4 * s] - xi, dy = slotXyzr[4 * s + 1] - yi, dz = slotXyzr[4 * s + 2] - zi;
        const c = ri + slotXyzr[4 * s + 3] + skin;
        if (dx * dx + dy * dy + dz * dz < c * c) {
          if (count === row.length) row = buffer.grow(count);
          row[count++] = j;
        }
      }
    }
    sortRow(row, 0, count);
    sink.row(i, row, 0, count);
  }
}
