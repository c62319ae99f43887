/**
 * Periodic boundaries: a box whose faces along chosen axes wrap around (Allen & Tildesley, *Computer Simulation
 * of Liquids*, §1.5). Particles are wrapped back into the box at each neighbour rebuild; pairs that touch
 * through a periodic face are found by adding ghost images of the spheres near the faces to the broad phase's
 * input, and each pair carries an image code: the contact acts between sphere i and sphere j shifted by
 * shift[image] (a whole number of box lengths per axis). Works with any BroadPhase without changing it.
 *
 * Why one image per pair is enough: the box length along a periodic axis exceeds 2·(largest diameter + skin)
 * (checked when the scenario is set up), so two images of sphere j lie further apart than twice the largest
 * candidate distance r_i + r_j + skin and at most one can be a candidate of i. Contact history keyed on (i, j)
 * therefore stays attached to the one physical contact, whatever image code it has after a re-wrap.
 */
import type { BroadPhase, Ghosts, PairList } from './types.js';
import { createPairList, fillPairList, RowWriter, type PairTarget } from './pairList.js';

export type Axes3 = [boolean, boolean, boolean];
export type Vec3 = [number, number, number];

/** Axis-aligned box (m); only the axes marked periodic wrap, the others are unbounded. */
export interface PeriodicBox {
  min: Vec3;
  max: Vec3;
  periodic: Axes3;
}

/** Image codes 0 … 26: per axis a digit 0 (no shift), 1 (+L) or 2 (−L), code = d_x + 3 d_y + 9 d_z; 0 = no shift. */
export const IMAGE_CODES = 27;
const DIGIT_SIGN = [0, 1, -1];
/** The digit of −s for digit s. */
const NEGATED_DIGIT = [0, 2, 1];

/** A pair list whose pair p acts between sphere i[p] and sphere j[p] shifted by shift[image[p]]. */
export interface ImagedPairList extends PairList {
  image: Uint8Array;
}

/** A build's ghosts as its pairs need them: ghost g (item spheres + g) is sphere ghostOf[g] shifted by ghostImage[g]. */
export interface GhostMap {
  spheres: number;
  /** SharedArrayBuffer views, so lanes on worker threads can map their rows (engine/parallel/pair-search.ts) */
  ghostOf: Int32Array;
  ghostImage: Uint8Array;
}

/** The shift vector of every image code, interleaved xyz (length 3·IMAGE_CODES), in m. */
export function imageShifts(box: PeriodicBox): Float64Array {
  const shifts = new Float64Array(3 * IMAGE_CODES);
  for (let code = 0; code < IMAGE_CODES; code++) {
    for (let axis = 0, rest = code; axis < 3; axis++, rest = Math.floor(rest / 3)) {
      shifts[3 * code + axis] = DIGIT_SIGN[rest % 3] * (box.max[axis] - box.min[axis]);
    }
  }
  return shifts;
}

/** The code of the opposite shift. */
export function negatedImage(code: number): number {
  return NEGATED_DIGIT[code % 3] + 3 * NEGATED_DIGIT[Math.floor(code / 3) % 3] + 9 * NEGATED_DIGIT[Math.floor(code / 9)];
}

/** Moves every centre back into [min, max) along the periodic axes (by whole box lengths). */
export function wrapPositions(pos: Float64Array, n: number, box: PeriodicBox): void {
  for (let axis = 0; axis < 3; axis++) {
    if (!box.periodic[axis]) continue;
    const lo = box.min[axis], length = box.max[axis] - lo;
    for (let k = axis; k < 3 * n; k += 3) {
      const x = pos[k];
      if (x < lo || x >= lo + length) pos[k] = x - length * Math.floor((x - lo) / length);
    }
  }
}

/**
 * Candidate pairs in a periodic box: the broad phase runs on the spheres plus ghost images of those within
 * 2·r_max + skin of a periodic face (the largest candidate distance), and every pair found between a sphere and
 * a ghost is mapped back to the two spheres with the ghost's image code. Output is sorted by (i, j) like any
 * PairList, i < j, each pair once.
 */
export class PeriodicPairFinder {
  /** the ghosts: centre (xyz), radius, origin sphere and image code of ghost g (broad-phase item n + g) */
  private ghostPos = new Float64Array(0);
  private ghostRadius = new Float64Array(0);
  private ghostOf: Int32Array = new Int32Array(0);
  private ghostImage: Uint8Array = new Uint8Array(0);

  constructor(private readonly broadphase: BroadPhase, private readonly box: PeriodicBox) {}

  /** Positions should be wrapped (wrapPositions) first; a sphere far outside the box gets no ghosts. */
  findPairs(pos: Float64Array, radius: Float64Array, n: number, skin: number, out: ImagedPairList): void {
    const ghosts = this.ghosts(pos, radius, n, skin);
    const writer = new ImagedRowWriter(this.ghostMap(n));
    fillPairList(out, writer, (sink) => this.broadphase.findRows(pos, radius, n, skin, sink, ghosts));
  }

  /** The ghosts of a build: images of the spheres within the largest candidate distance of a periodic face. */
  ghosts(pos: Float64Array, radius: Float64Array, n: number, skin: number): Ghosts {
    let rMax = 0;
    for (let k = 0; k < n; k++) if (radius[k] > rMax) rMax = radius[k];
    const count = this.makeGhosts(pos, radius, n, 2 * rMax + skin);
    return { pos: this.ghostPos, radius: this.ghostRadius, count };
  }

  /** Which sphere and image each ghost of the last `ghosts` call stands for. */
  ghostMap(spheres: number): GhostMap {
    return { spheres, ghostOf: this.ghostOf, ghostImage: this.ghostImage };
  }

  /** Fills the ghost arrays, in order of sphere; returns the ghost count. */
  private makeGhosts(pos: Float64Array, radius: Float64Array, n: number, margin: number): number {
    const { min, max, periodic } = this.box;
    this.reserve(0, Math.ceil(n / 4));
    const digit = [0, 0, 0];
    let g = 0;
    for (let k = 0; k < n; k++) {
      // Per axis: shift +L for a sphere near the low face (its image appears beyond the high face), −L near the
      // high face; never both, as L > 2·margin.
      let any = false;
      for (let axis = 0; axis < 3; axis++) {
        const x = pos[3 * k + axis];
        digit[axis] = !periodic[axis] ? 0 : x - min[axis] < margin ? 1 : max[axis] - x < margin ? 2 : 0;
        if (digit[axis] !== 0) any = true;
      }
      if (!any) continue;
      // Every non-empty subset of the shifted axes is one image.
      for (let subset = 1; subset < 8; subset++) {
        let code = 0, valid = true;
        for (let axis = 0, weight = 1; axis < 3; axis++, weight *= 3) {
          if ((subset >> axis) & 1) {
            if (digit[axis] === 0) valid = false;
            code += digit[axis] * weight;
          }
        }
        if (!valid) continue;
        if (g >= this.ghostRadius.length) this.reserve(g, 2 * g + 16);
        for (let axis = 0, rest = code; axis < 3; axis++, rest = Math.floor(rest / 3)) {
          this.ghostPos[3 * g + axis] = pos[3 * k + axis] + DIGIT_SIGN[rest % 3] * (max[axis] - min[axis]);
        }
        this.ghostRadius[g] = radius[k];
        this.ghostOf[g] = k;
        this.ghostImage[g] = code;
        g++;
      }
    }
    return g;
  }

  /** Room for `capacity` ghosts, keeping the first `keep`; grows only. */
  private reserve(keep: number, capacity: number): void {
    if (this.ghostRadius.length >= capacity) return;
    const grow = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: (len: number) => T, stride: number): T => {
      const b = make(stride * capacity);
      b.set(a.subarray(0, stride * keep));
      return b;
    };
    this.ghostPos = grow(this.ghostPos, (len) => new Float64Array(len), 3);
    this.ghostRadius = grow(this.ghostRadius, (len) => new Float64Array(len), 1);
    this.ghostOf = grow(this.ghostOf, (len) => new Int32Array(new SharedArrayBuffer(4 * len)), 1);
    this.ghostImage = grow(this.ghostImage, (len) => new Uint8Array(new SharedArrayBuffer(len)), 1);
  }
}

/**
 * Rows of spheres and ghosts written as pairs of spheres: sphere–sphere pairs are kept as they are; sphere a – ghost
 * of q becomes (a, q) with the ghost's image when a < q. The same contact is also found as q – ghost of a with the
 * opposite image (the ghost rule is symmetric), which is dropped (ghost–ghost pairs never come: each would repeat a
 * sphere–ghost pair).
 */
export class ImagedRowWriter extends RowWriter<ImagedTarget> {
  private image: Uint8Array = new Uint8Array(0);
  private readonly n: number;
  private readonly ghostOf: Int32Array;
  private readonly ghostImage: Uint8Array;

  constructor(map: GhostMap) {
    super();
    this.n = map.spheres;
    this.ghostOf = map.ghostOf;
    this.ghostImage = map.ghostImage;
  }

  override begin(out: ImagedTarget): void {
    super.begin(out);
    this.image = out.image;
  }

  row(a: number, partners: Int32Array, start: number, end: number): void {
    const { i: oi, j: oj, image: oimage, n } = this;
    const rowStart = this.count;
    for (let s = start; s < end; s++) {
      const b = partners[s];
      let j = b, code = 0;
      if (b >= n) {
        j = this.ghostOf[b - n];
        if (j <= a) continue;
        code = this.ghostImage[b - n];
      }
      if (this.count >= this.capacity) {
        this.count++; // the list is too small: only counted (fillPairList)
        continue;
      }
      // Insertion into the row: sphere neighbours and ghost neighbours each come sorted; rows are short.
      oi[this.count] = a;
      let t = this.count++;
      while (t > rowStart && oj[t - 1] > j) {
        oj[t] = oj[t - 1];
        oimage[t] = oimage[t - 1];
        t--;
      }
      oj[t] = j;
      oimage[t] = code;
    }
  }
}

/** Where an ImagedRowWriter writes: an imaged pair list's arrays, or one lane's segment of a build. */
export type ImagedTarget = PairTarget & Pick<ImagedPairList, 'image'>;

/** An empty imaged pair list; findPairs grows it as needed (a pair list, its images grown with it). */
export function createImagedPairList(initialCapacity = 1024): ImagedPairList {
  const list = Object.assign(createPairList(initialCapacity), { image: new Uint8Array(initialCapacity) });
  const reservePairs = list.reserve;
  list.reserve = (needed: number) => {
    reservePairs(needed);
    if (list.image.length < list.i.length) list.image = new Uint8Array(list.i.length);
  };
  return list;
}
