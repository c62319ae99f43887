/**
 * The typed arrays of the contact lists and the per-step constants, as the kernels (engine/passes.ts,
 * contacts/wall-kernel.ts) and the worker lanes see them: plain views, so a worker can rebuild them from shared
 * buffers without the classes that own them.
 */
/** The arrays of the current pair list, as the pair kernel needs them. */
export interface PairArrays {
  i: Int32Array;
  j: Int32Array;
  c: Float64Array;
  cls: Int32Array;
  /** periodic image code of j per pair, and the shift (m) of each code (broadphase/periodic.ts) */
  image: Uint8Array;
  shift: Float64Array;
  touching: Uint8Array;
  history: Float64Array;
  impact: Float64Array;
  out: Float64Array;
  csrStart: Int32Array;
  csrEntry: Int32Array;
  ended: Int32Array;
}

export interface WallArrays {
  /** per primitive (src/walls/primitives.ts): kind, scenario wall, geometry, triangle features */
  kind: Int32Array;
  owner: Int32Array;
  geometry: Float64Array;
  triangleFeatures: Int32Array;
  edgeVertices: Int32Array;
  /** per scenario wall, the state at the current step's end time (src/walls/motion.ts) */
  state: Float64Array;
  start: Int32Array;
  wall: Int32Array;
  c: Float64Array;
  cls: Int32Array;
  touching: Uint8Array;
  history: Float64Array;
  impact: Float64Array;
  ended: Int32Array;
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
