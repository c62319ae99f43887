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
   * The same pairs as findPairs, handed to `sink` one sphere at a time in ascending i, with any ghosts after the n
   * spheres (ghost g is item n + g): for a caller that maps them on its way into its list (periodic images). Pairs
   * of two ghosts are not reported.
   */
  findRows(pos: Float64Array, radius: Float64Array, n: number, skin: number, sink: RowSink, ghosts?: Ghosts): void;
}

/** Spheres added after the n of a build (periodic images, broadphase/periodic.ts): ghost g is item n + g. */
export interface Ghosts {
  /** interleaved xyz, length >= 3·count */
  readonly pos: Float64Array;
  readonly radius: Float64Array;
  readonly count: number;
}

/**
 * Receives a build's candidates row by row: sphere i's partners j > i are partners[start] … partners[end − 1],
 * ascending; rows come in ascending i, and `partners` is valid only during the call.
 */
export interface RowSink {
  row(i: number, partners: Int32Array, start: number, end: number): void;
}
