/**
 * The typed arrays of the contact lists and the per-step constants, as the kernels (contacts/pair-kernel.ts,
 * contacts/wall-kernel.ts, src/kernel) and the worker lanes see them: plain views, so a worker can rebuild
 * them from shared buffers without the classes that own them (contacts/contact-list.ts).
 */

/**
 * What every contact list holds per contact: the two bodies, the law's constants, whether it touches, its
 * history and collision record. Contacts are sorted by `first`; `rowStart` indexes them by it.
 */
export interface ContactArrays {
  /** a particle index */
  first: Int32Array;
  /** a particle index (pairs, first < second) or a wall primitive index (sphere–wall contacts) */
  second: Int32Array;
  /** damping coefficient of the normal law for this contact (forces/contact-table.ts, contactConstants) */
  c: Float64Array;
  /** contact class (pair of materials; forces/contact-table.ts classIndex) */
  cls: Uint16Array;
  /** 1 while the bodies overlap (set by the kernels) */
  touching: Uint8Array;
  /** historyStride doubles per contact (forces/contact.ts HISTORY) */
  history: Float64Array;
  /** doubles of history per contact: forces/contact.ts historyStride (the spring alone, all but the micro-slip row, or all) */
  historyStride: number;
  /** impactStride doubles per contact when impacts are tracked (contacts/impact-records.ts), else empty */
  impact: Float64Array;
  /** doubles of collision record per contact: 0, the statistics' four or IMPACT_STRIDE (impact-records.ts impactStride) */
  impactStride: number;
  /**
   * contacts whose collision ended in the current step, written by the kernels at each lane's own offset (when
   * collision records are kept; else empty)
   */
  ended: Int32Array;
  /** contacts of particle p (as `first`) are rowStart[p] .. rowStart[p+1]−1 */
  rowStart: Int32Array;
}

/**
 * The pair list: ContactArrays plus periodic images, which particles the pair pass may not add into (another lane
 * computes one of their pairs), the per-pair results of their pairs and the CSR index that sums them (docs/architecture.md §4).
 */
export interface PairArrays extends ContactArrays {
  /** periodic image code of `second` per pair, and the shift (m) of each code (broadphase/periodic.ts) */
  image: Uint8Array;
  shift: Float64Array;
  /**
   * Per particle: 1 if its pairs are split over more than one lane; such a particle's sum is gathered from `out`
   * by the CSR in pass 3, in the same ascending pair order. All 0 with one lane.
   */
  gathered: Uint8Array;
  /** PAIR_OUT_STRIDE per slot: force on first, torque on first, torque on second of the pairs with a gathered body */
  out: Float64Array;
  /**
   * The pairs with a gathered body, ascending, then a sentinel above every pair index (2³¹ − 1): pair
   * gatheredPairs[s] has slot s in `out`. A list of the few such pairs, not a slot per pair (17 B per sphere at 10⁶).
   */
  gatheredPairs: Int32Array;
  gatheredCount: number;
  /**
   * CSR of the gathered particles: the pairs of particle p are entries csrStart[p] .. csrStart[p+1]−1 (none when p
   * is not gathered); entry = 2·slot + (0 if p is first, 1 if second)
   */
  csrStart: Int32Array;
  csrEntry: Int32Array;
}

/** The sphere–wall list: ContactArrays (second = primitive) plus the wall geometry and the walls' current state. */
export interface WallArrays extends ContactArrays {
  /** per primitive (src/walls/primitives.ts): kind, scenario wall, geometry, triangle features */
  kind: Int32Array;
  owner: Int32Array;
  geometry: Float64Array;
  triangleFeatures: Int32Array;
  edgeVertices: Int32Array;
  /** per scenario wall, the state at the current step's end time (src/walls/motion.ts) */
  state: Float64Array;
  /**
   * WALL_CANDIDATE_STRIDE per candidate, this step (src/kernel-interface/spec.json WALL_CANDIDATE): overlap δ (m; −1
   * when the wall is gone or the mesh rule rejects it), unit normal from the wall to the centre, the wall's velocity
   * (m/s), and 1 for a triangle (resolved after the particle's other walls). Written by contacts/wall-kernel.ts, read
   * by the kernel's gather pass.
   */
  candidateGeometry: Float64Array;
}

export interface StepParams {
  dt: number;
  /** time at the end of the step being computed (s) */
  t: number;
  gx: number;
  gy: number;
  gz: number;
  trackImpacts: boolean;
}
