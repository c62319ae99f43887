/** One snapshot of the particles and the interface of the writers that store snapshots (frames, VTK). */
import type { Extent, WallPlacement, WallSurfaces } from './wall-surfaces.js';

export interface Snapshot {
  /** simulated time (s): the requested output time the snapshot stands for (src/output/output-times.ts) */
  t: number;
  /** the state's own time minus t (s): within ±dt/2 (0 for an imported run's frames) */
  offset?: number;
  /**
   * by particle id: centre (m), velocity (m/s), angular velocity (rad/s), xyz interleaved; radius (m) and material
   * index. Only the spheres present at time t: spheres poured in during a run make later snapshots longer.
   */
  position: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
  radius: Float64Array;
  material: Uint16Array;
  /** where each wall is at time t */
  walls: WallPlacement;
}

/** Extents of the spheres over a run (m), each including the spheres' radii. */
export interface RunExtents {
  /** every sphere at every output time */
  all: Extent;
  /** the robust boxes (robust-extent.ts) of every output time together */
  robust: Extent;
  /** the robust box of the last output time */
  final: Extent;
}

export interface SnapshotWriter {
  write(snapshot: Snapshot): void;
  /** `walls` are at rest (t = 0): each snapshot says where they were */
  finish(walls: WallSurfaces, extents: RunExtents): void;
  /** what finish() needs of the snapshots written so far, as JSON (saved in checkpoints) */
  save(): unknown;
  /** continues after the snapshots save() described (a resumed run; their files are already written) */
  load(saved: unknown): void;
}
