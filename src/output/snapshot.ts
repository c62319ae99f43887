/** One snapshot of the particles and the interface of the writers that store snapshots (frames, VTK). */
import type { Extent, WallSurfaces } from './wall-surfaces.js';

export interface Snapshot {
  /** simulated time (s) */
  t: number;
  /**
   * by particle id: centre (m), velocity (m/s), angular velocity (rad/s), xyz interleaved; radius (m) and material
   * index. Only the spheres present at time t: spheres poured in during a run make later snapshots longer.
   */
  position: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
  radius: Float64Array;
  material: Uint16Array;
}

export interface SnapshotWriter {
  write(snapshot: Snapshot): void;
  finish(walls: WallSurfaces, extent: Extent): void;
  /** what finish() needs of the snapshots written so far, as JSON (saved in checkpoints) */
  save(): unknown;
  /** continues after the snapshots save() described (a resumed run; their files are already written) */
  load(saved: unknown): void;
}
