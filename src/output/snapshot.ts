/** One snapshot of the particles and the interface of the writers that store snapshots (frames, VTK). */
import type { SpheresById } from './spheres-at-time.js';
import type { Extent, WallPlacement, WallSurfaces } from './wall-surfaces.js';

/**
 * The spheres at time t, by id (spheres-at-time.ts): only those present then, so spheres poured in during a run
 * make later snapshots longer.
 */
export interface Snapshot extends SpheresById {
  /** simulated time (s): the requested output time (src/output/output-times.ts), the time of the state it holds */
  t: number;
  /** where each wall is at time t */
  walls: WallPlacement;
  /** the centres' robust box (robust-extent.ts); null for no spheres */
  robust: Extent | null;
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
