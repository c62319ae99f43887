/**
 * Morton (Z-order) ordering of particle centres: nearby particles get nearby positions in the order. The R-tree
 * packs its leaves in this order, and the simulation re-numbers particles in it at neighbour rebuilds so that
 * the force passes walk memory mostly in sequence (docs/architecture.md §3; measured: 5× faster force passes at
 * 300k particles).
 */

const RADIX_BITS = 10;
const RADIX = 1 << RADIX_BITS;
/** Each level is 1024× finer: after 6 a run spans < 2^-60 of the first box, below a double's resolution. */
const MAX_REFINE_DEPTH = 6;

/** Spreads the low 10 bits of v so bit k lands on bit 3k (the x, y or z lane of a 30-bit Morton code). */
function spreadBits3(v: number): number {
  v = (v | (v << 16)) & 0x030000ff;
  v = (v | (v << 8)) & 0x0300f00f;
  v = (v | (v << 4)) & 0x030c30c3;
  v = (v | (v << 2)) & 0x09249249;
  return v;
}

export class MortonOrder {
  /**
   * The sort's four arrays of n in one buffer, in this order: code, codeB | order, orderB. After a sort only `order`
   * is the result; the rest is free until the next sort (spare()).
   */
  private code = new Int32Array(0);
  private codeB = new Int32Array(0);
  /** Particle indices in Morton order after sort(). */
  private order = new Int32Array(0);
  private orderB = new Int32Array(0);
  private readonly digitCount = new Int32Array(RADIX);

  /** @param refineRun equal-code runs longer than this are ordered again inside their own box */
  constructor(private readonly refineRun: number) {}

  /** Indices 0..n−1 sorted by the Morton code of pos (stable); valid until the next call. */
  sort(pos: Float64Array, n: number): Int32Array {
    if (this.order.length < n) {
      const buffer = new ArrayBuffer(16 * n);
      this.code = new Int32Array(buffer, 0, n);
      this.codeB = new Int32Array(buffer, 4 * n, n);
      this.order = new Int32Array(buffer, 8 * n, n);
      this.orderB = new Int32Array(buffer, 12 * n, n);
    }
    for (let k = 0; k < n; k++) this.order[k] = k;
    this.sortRange(pos, 0, n, 0);
    return this.order;
  }

  /**
   * What the last sort of n leaves free until the next sort: n doubles (where the codes were) and n 32-bit
   * integers, for a caller that permutes by the order it returned (the simulation's re-numbering: 12 B per sphere
   * at 10⁶ spheres that would otherwise sit beside these).
   */
  spare(n: number): { doubles: Float64Array; integers: Int32Array } {
    return { doubles: new Float64Array(this.code.buffer, 0, n), integers: this.orderB.subarray(0, n) };
  }

  /**
   * Sorts order[start, end) by the Morton code of the centres inside their own bounding box (stable, so ties
   * keep their order). A far outlier squeezes the bulk into one Morton cell, which would make every leaf span
   * the bulk and an R-tree query O(n²): runs of more than `refineRun` equal codes are therefore sorted again inside
   * their own box, each level 1024× finer.
   */
  private sortRange(pos: Float64Array, start: number, end: number, depth: number): void {
    const order = this.order, code = this.code, orderB = this.orderB, codeB = this.codeB;
    let minX = Infinity, minY = Infinity, minZ = Infinity;
    let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
    for (let s = start; s < end; s++) {
      const k = order[s];
      const x = pos[3 * k], y = pos[3 * k + 1], z = pos[3 * k + 2];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
    const extent = Math.max(maxX - minX, maxY - minY, maxZ - minZ);
    if (!(extent > 0)) return; // coincident centres: every order is as good
    // One scale for all axes keeps Morton cells cubic; 1023.99 maps the far face to 1023, never 1024.
    const scale = 1023.99 / extent;
    for (let s = start; s < end; s++) {
      const k = order[s];
      code[s] =
        spreadBits3(((pos[3 * k] - minX) * scale) | 0) |
        (spreadBits3(((pos[3 * k + 1] - minY) * scale) | 0) << 1) |
        (spreadBits3(((pos[3 * k + 2] - minZ) * scale) | 0) << 2);
    }
    // LSD radix sort, 3 passes of 10 bits: A → B → A → B, then B is copied back.
    const count = this.digitCount;
    for (let pass = 0; pass < 3; pass++) {
      const shift = pass * RADIX_BITS;
      const fromCode = pass === 1 ? codeB : code, fromOrder = pass === 1 ? orderB : order;
      const toCode = pass === 1 ? code : codeB, toOrder = pass === 1 ? order : orderB;
      count.fill(0);
      for (let s = start; s < end; s++) count[(fromCode[s] >>> shift) & (RADIX - 1)]++;
      let sum = start;
      for (let d = 0; d < RADIX; d++) {
        const c = count[d];
        count[d] = sum;
        sum += c;
      }
      for (let s = start; s < end; s++) {
        const t = count[(fromCode[s] >>> shift) & (RADIX - 1)]++;
        toCode[t] = fromCode[s];
        toOrder[t] = fromOrder[s];
      }
    }
    for (let s = start; s < end; s++) {
      code[s] = codeB[s];
      order[s] = orderB[s];
    }
    if (depth === MAX_REFINE_DEPTH) return;
    for (let a = start; a < end; ) {
      let b = a + 1;
      while (b < end && code[b] === code[a]) b++;
      if (b - a > this.refineRun) this.sortRange(pos, a, b, depth + 1);
      a = b;
    }
  }
}
