/**
 * The broad phase's contract: candidate contact pairs (i < j) within r_i + r_j + skin, found at each
 * neighbour-list rebuild, and the growable list they are written to.
 */

/**
 * Candidate contact pairs: all (i, j), i < j, with |x_i − x_j| < r_i + r_j + skin, sorted by i then j.
 *
 * Every implementation decides membership with the same floating-point expression, evaluated left to right,
 *   dx = x_j − x_i, dy = y_j − y_i, dz = z_j − z_i,  c = r_i + r_j + skin,  dx·dx + dy·dy + dz·dz < c·c,
 * and only uses its spatial structure to skip pairs that fail it by a margin, so all give the same list.
 */
export interface PairList {
  count: number;
  /** Growable; capacity (length) >= count. Entries at and beyond `count` are garbage. */
  i: Int32Array;
  j: Int32Array;
  /**
   * Makes i and j (and any companion array of the list) at least `capacity` long before a build writes them; what
   * they held may be dropped. The list owns its arrays, so a contact list can take the pairs in place (no copy).
   */
  reserve(capacity: number): void;
}

export interface BroadPhase {
  readonly name: 'rtree' | 'grid';
  /**
   * pos is interleaved xyz (length >= 3n), radius length >= n; only the first n particles are used.
   * Fills `out` (growing its arrays if needed). Positions must be finite, radii finite and >= 0, skin >= 0.
   * An instance keeps its scratch buffers between calls: once warmed up to the largest n it allocates nothing.
   */
  findPairs(pos: Float64Array, radius: Float64Array, n: number, skin: number, out: PairList): void;
  /**
   * The same pairs as findPairs, of the n spheres and any ghosts after them, left in the broad phase's buffer as
   * one run of partners per item (valid until the next call): for a caller that maps them on its way out (periodic
   * images), with no list in between.
   */
  findRuns(pos: Float64Array, radius: Float64Array, n: number, skin: number, ghosts?: Ghosts): CandidateRuns;
}

/** Spheres added after the n of a build (periodic images, broadphase/periodic.ts): ghost g is item n + g. */
export interface Ghosts {
  /** interleaved xyz, length >= 3·count */
  readonly pos: Float64Array;
  readonly radius: Float64Array;
  readonly count: number;
}

/** Candidate pairs by particle: the partners j > i of particle i are j[runStart[i]] … j[runEnd[i] − 1], ascending. */
export interface CandidateRuns {
  readonly j: Int32Array;
  readonly runStart: Int32Array;
  readonly runEnd: Int32Array;
  /** particles with a run: 0 … n − 1 */
  readonly n: number;
  /** pairs in all runs */
  readonly total: number;
}
