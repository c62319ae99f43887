/**
 * Packed static 3-D R-tree broad phase on typed arrays, rebuilt (bulk-loaded) at every neighbour-list rebuild.
 *
 * Build: particles sorted by 30-bit Morton code of their centre (LSD radix sort; runs of equal codes, as a far
 * outlier produces, re-sorted inside their own box), packed FANOUT at a time into leaves whose boxes enclose
 * [x − r − skin/2, x + r + skin/2], then nodes packed bottom-up the same way. Query: one walk per leaf with an
 * explicit typed-array stack collects the overlapping leaves; each particle of the leaf tests its own box against
 * those, keeps j > i and applies the exact test of PairList.
 *
 * Why this and not rbush-3d 0.1.2 (the rbush family the product design names): rbush-3d returns the right pairs
 * (it matched brute force on 2 000 spheres 1:5 at four skins and on line/coincident/tiny-n cases), but its bulk
 * `load` swaps the two STR slab sizes (N1 = N3·⌈M^(1/3)⌉, N2 = N3·⌈M^(2/3)⌉ ≥ N1), so y is never split: mean leaf
 * height 38 mm in a 42 mm box at 10k (8.5 × 6.2 × 7.1 mm with the two swapped back). Even fixed, the object
 * tree is 3–9× slower than this one, and it allocates an object per particle per rebuild.
 *
 * Measured (Node 20.20, 2 shared cores, min of 7 runs; 2 for rbush-3d at 100k, whose times vary 2× with GC):
 * ms per full rebuild + query of all pairs, dense random packing φ ≈ 0.55, radii 1 mm (mono) or 1–5 mm (1:5),
 * skin 0.1 mm; particles in random order / Morton order.
 *
 *   N        sizes   this R-tree   per-particle walk   rbush-3d      rbush-3d, slabs fixed   cell grid
 *   2 000    mono     2.4 / 2.0      2.5 / 2.1            8.8 / 6.1       6.5 / 4.9           1.6 / 0.8
 *   2 000    1:5      2.2 / 1.9      2.4 / 2.1            8.0 / 5.9       5.3 / 4.6           1.2 / 1.0
 *   10 000   mono    13.8 / 11.9    15.1 / 13.0          62 / 43         39 / 30             4.2 / 3.9
 *   10 000   1:5     13.1 / 11.6    14.5 / 12.7          62 / 43         39 / 29             6.3 / 5.3
 *   100 000  mono     165 / 143      190 / 163         3077 / 704       915 / 381             44 / 39
 *   100 000  1:5      154 / 133      178 / 156         1776 / 749       801 / 384             67 / 56
 *   300 000  mono     517 / 433      636 / 525            —               —                  139 / 121
 *   300 000  1:5      485 / 416      588 / 507            —               —                  214 / 172
 *
 * "Per-particle walk" is the same tree queried once per particle instead of once per leaf. Fanouts 4–16 measured
 * within noise of each other, 32 about 2× slower. With one particle 1 km away from 300k others in random
 * order, the Morton refinement keeps the rebuild at 0.6 s (without it: 3.2 s already at 30k, O(n²)).
 * The cell grid stays 2.5–4× faster than this tree on sphere packings.
 */
import type { BroadPhase, Ghosts, PairList, RowSink } from './types.js';
import { CandidateBuffer, checkFindPairsArgs, findPairsByRows, JoinedSpheres, particleBounds } from './pairList.js';
import { MortonOrder } from './morton.js';

/** Children per node and particles per leaf (4–16 measured within noise of each other; 32 is 2× slower). */
const FANOUT = 8;
/** Equal-code runs longer than this are re-sorted in their own box; shorter ones fit in a few leaves. */
const REFINE_RUN = 4 * FANOUT;
export class PackedRTreeBroadPhase implements BroadPhase {
  readonly name = 'rtree';
  private readonly bounds = new Float64Array(7);
  private readonly candidates = new CandidateBuffer();
  /** spheres and ghosts in one array (the tree's build reads items by index) */
  private readonly joined = new JoinedSpheres();
  /** Particle indices in tree order. */
  private readonly morton = new MortonOrder(REFINE_RUN);
  /** Items (particles) in tree order: x y z r, and their particle index. */
  private itemXyzr = new Float64Array(0);
  private itemIndex = new Int32Array(0);
  /**
   * Nodes, leaves first (node < leafCount: children are items), root last. Box = min xyz, max xyz.
   * Children of a node are the contiguous range [childStart, childEnd) of items or of the level below.
   */
  private nodeBox = new Float64Array(0);
  private childStart = new Int32Array(0);
  private childEnd = new Int32Array(0);
  private stack = new Int32Array(0);
  /** Leaves found by the current leaf's walk. */
  private leafHits = new Int32Array(0);

  findPairs(pos: Float64Array, radius: Float64Array, n: number, skin: number, out: PairList): void {
    findPairsByRows(this, pos, radius, n, skin, out);
  }

  findRows(pos: Float64Array, radius: Float64Array, spheres: number, skin: number, sink: RowSink, ghosts?: Ghosts): void {
    checkFindPairsArgs(pos, radius, spheres, skin);
    if (ghosts === undefined) {
      this.findRuns(pos, radius, spheres, skin);
    } else {
      this.joined.join(pos, radius, spheres, ghosts);
      this.findRuns(this.joined.pos, this.joined.radius, spheres + ghosts.count, skin);
    }
    this.candidates.emitRows(spheres, sink);
  }

  /** The candidate runs of the n items, left in `candidates`. */
  private findRuns(pos: Float64Array, radius: Float64Array, n: number, skin: number): void {
    const candidates = this.candidates;
    candidates.begin(n);
    if (n < 2) return candidates.none();
    this.reserve(n);
    const bounds = this.bounds;
    particleBounds(pos, radius, n, bounds);
    const minX = bounds[0], minY = bounds[1], minZ = bounds[2], maxX = bounds[3], maxY = bounds[4], maxZ = bounds[5];
    const rMax = bounds[6];

    const order = this.morton.sort(pos, n);
    const leafCount = Math.ceil(n / FANOUT);
    const root = this.pack(pos, radius, n, skin, order, leafCount);

    // Boxes are rounded sums like x + r + skin/2; widening every query by a few ulps of the largest coordinate
    // makes the box test strictly more permissive than the exact test it guards.
    const maxAbs = Math.max(-minX, maxX, -minY, maxY, -minZ, maxZ);
    const pad = (maxAbs + rMax + skin) * 2 ** -44;
    const halfSkin = 0.5 * skin;
    const nodeBox = this.nodeBox, childStart = this.childStart, childEnd = this.childEnd, stack = this.stack;
    const itemXyzr = this.itemXyzr, itemIndex = this.itemIndex;
    const leafHits = this.leafHits;
    let cj = candidates.j, capacity = cj.length, count = 0;
    // One tree walk per leaf finds the leaves that can hold a partner of any of its items (their boxes overlap
    // the leaf's box); each item then checks only those leaves' boxes against its own box. This shares the
    // walk among FANOUT neighbours, and running in tree order keeps it cache-local whatever the numbering.
    for (let leaf = 0; leaf < leafCount; leaf++) {
      const lb = 6 * leaf;
      const lx0 = nodeBox[lb] - pad, ly0 = nodeBox[lb + 1] - pad, lz0 = nodeBox[lb + 2] - pad;
      const lx1 = nodeBox[lb + 3] + pad, ly1 = nodeBox[lb + 4] + pad, lz1 = nodeBox[lb + 5] + pad;
      let hits = 0;
      stack[0] = root;
      let sp = 1;
      while (sp > 0) {
        const node = stack[--sp];
        if (node < leafCount) {
          leafHits[hits++] = node;
          continue;
        }
        for (let c = childStart[node], end = childEnd[node]; c < end; c++) {
          const b = 6 * c;
          if (
            nodeBox[b] <= lx1 && nodeBox[b + 3] >= lx0 &&
            nodeBox[b + 1] <= ly1 && nodeBox[b + 4] >= ly0 &&
            nodeBox[b + 2] <= lz1 && nodeBox[b + 5] >= lz0
          ) {
            stack[sp++] = c;
          }
        }
      }
      for (let si = childStart[leaf], siEnd = childEnd[leaf]; si < siEnd; si++) {
        const i = itemIndex[si];
        const xi = itemXyzr[4 * si], yi = itemXyzr[4 * si + 1], zi = itemXyzr[4 * si + 2], ri = itemXyzr[4 * si + 3];
        const e = ri + halfSkin + pad;
        const qx0 = xi - e, qy0 = yi - e, qz0 = zi - e, qx1 = xi + e, qy1 = yi + e, qz1 = zi + e;
        const first = count;
        for (let h = 0; h < hits; h++) {
          const hit = leafHits[h];
          const b = 6 * hit;
          if (
            nodeBox[b] > qx1 || nodeBox[b + 3] < qx0 ||
            nodeBox[b + 1] > qy1 || nodeBox[b + 4] < qy0 ||
            nodeBox[b + 2] > qz1 || nodeBox[b + 5] < qz0
          ) {
            continue;
          }
          for (let s = childStart[hit], end = childEnd[hit]; s < end; s++) {
            const j = itemIndex[s];
            if (j <= i) continue;
            // The canonical test of PairList, term for term.
            const dx = itemXyzr[4 * s] - xi, dy = itemXyzr[4 * s + 1] - yi, dz = itemXyzr[4 * s + 2] - zi;
            const c = ri + itemXyzr[4 * s + 3] + skin;
            if (dx * dx + dy * dy + dz * dz < c * c) {
              if (count === capacity) {
                cj = candidates.grow(count);
                capacity = cj.length;
              }
              cj[count++] = j;
            }
          }
        }
        candidates.endRun(i, first, count);
      }
    }
  }

  /** Copies particles into tree order and packs the levels bottom-up; returns the root node. */
  private pack(
    pos: Float64Array, radius: Float64Array, n: number, skin: number, order: Int32Array, leafCount: number,
  ): number {
    const itemXyzr = this.itemXyzr, itemIndex = this.itemIndex;
    const nodeBox = this.nodeBox, childStart = this.childStart, childEnd = this.childEnd;
    const halfSkin = 0.5 * skin;
    for (let leaf = 0; leaf < leafCount; leaf++) {
      const start = leaf * FANOUT, end = Math.min(n, start + FANOUT);
      let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
      for (let s = start; s < end; s++) {
        const k = order[s];
        const x = pos[3 * k], y = pos[3 * k + 1], z = pos[3 * k + 2], r = radius[k];
        itemXyzr[4 * s] = x;
        itemXyzr[4 * s + 1] = y;
        itemXyzr[4 * s + 2] = z;
        itemXyzr[4 * s + 3] = r;
        itemIndex[s] = k;
        const e = r + halfSkin;
        if (x - e < x0) x0 = x - e;
        if (y - e < y0) y0 = y - e;
        if (z - e < z0) z0 = z - e;
        if (x + e > x1) x1 = x + e;
        if (y + e > y1) y1 = y + e;
        if (z + e > z1) z1 = z + e;
      }
      childStart[leaf] = start;
      childEnd[leaf] = end;
      setBox(nodeBox, leaf, x0, y0, z0, x1, y1, z1);
    }
    let levelStart = 0, levelCount = leafCount, next = leafCount;
    while (levelCount > 1) {
      const parents = Math.ceil(levelCount / FANOUT);
      for (let p = 0; p < parents; p++) {
        const start = levelStart + p * FANOUT, end = Math.min(levelStart + levelCount, start + FANOUT);
        let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
        for (let c = start; c < end; c++) {
          const b = 6 * c;
          if (nodeBox[b] < x0) x0 = nodeBox[b];
          if (nodeBox[b + 1] < y0) y0 = nodeBox[b + 1];
          if (nodeBox[b + 2] < z0) z0 = nodeBox[b + 2];
          if (nodeBox[b + 3] > x1) x1 = nodeBox[b + 3];
          if (nodeBox[b + 4] > y1) y1 = nodeBox[b + 4];
          if (nodeBox[b + 5] > z1) z1 = nodeBox[b + 5];
        }
        childStart[next + p] = start;
        childEnd[next + p] = end;
        setBox(nodeBox, next + p, x0, y0, z0, x1, y1, z1);
      }
      levelStart = next;
      levelCount = parents;
      next += parents;
    }
    return next - 1;
  }

  /** Grows the scratch buffers (never shrinks), so a warmed-up instance allocates nothing. */
  private reserve(n: number): void {
    if (this.itemIndex.length >= n) return;
    this.itemXyzr = new Float64Array(4 * n);
    this.itemIndex = new Int32Array(n);
    // Levels shrink by FANOUT: n/F + n/F² + … < n/(F − 1) + one node per level.
    let nodes = 0, height = 0;
    for (let level = Math.ceil(n / FANOUT); ; level = Math.ceil(level / FANOUT)) {
      nodes += level;
      height++;
      if (level === 1) break;
    }
    this.nodeBox = new Float64Array(6 * nodes);
    this.childStart = new Int32Array(nodes);
    this.childEnd = new Int32Array(nodes);
    // Depth-first: at most FANOUT − 1 siblings wait per level above the current node, plus the node.
    this.stack = new Int32Array(height * FANOUT + 1);
    this.leafHits = new Int32Array(Math.ceil(n / FANOUT));
  }
}

function setBox(box: Float64Array, node: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): void {
  box[6 * node] = x0;
  box[6 * node + 1] = y0;
  box[6 * node + 2] = z0;
  box[6 * node + 3] = x1;
  box[6 * node + 4] = y1;
  box[6 * node + 5] = z1;
}
