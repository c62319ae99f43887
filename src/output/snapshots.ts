/**
 * Snapshots of the particles at the requested output times, in id order (spheres-at-time.ts), with where each wall
 * is then, handed to the frame and VTK writers the scenario asks for. The walls are drawn at the end, once the
 * particles' extent over the whole run is known (see wall-surfaces.ts); a plane's patch spans every sphere of the
 * run (issue 28: a patch sized by the robust extent left spheres lying on the floor beyond its edge, floating in the
 * picture). The camera frames the robust extent and the bounded walls only (frames.ts), so a stray sphere widens
 * the floor without shrinking the picture.
 */
import type { ParticleState } from '../particles/state.js';
import type { ScenarioModel } from '../engine/setup.js';
import type { RunOutputDirectory } from './run-directory.js';
import { FrameWriter } from './frames.js';
import { VtkWriter } from './vtk.js';
import { spheresAt } from './spheres-at-time.js';
import { wallPlacement, wallSurfaces, type Extent } from './wall-surfaces.js';
import { grownBox, robustBox, unionBox } from './robust-extent.js';
import type { RunExtents, Snapshot, SnapshotWriter } from './snapshot.js';

interface Extents {
  all: Extent | null;
  robust: Extent | null;
  final: Extent | null;
}

export class SnapshotOutputs {
  private readonly writers: SnapshotWriter[] = [];
  /** of the centres; radii are added at the end */
  private extents: Extents = { all: null, robust: null, final: null };
  private maxRadius = 0;

  constructor(private readonly setup: ScenarioModel, dir: RunOutputDirectory) {
    const { outputs } = setup.scenario;
    if (outputs.frames) this.writers.push(new FrameWriter(setup, dir));
    if (outputs.vtk) this.writers.push(new VtkWriter(dir));
  }

  /**
   * The snapshot of time t (a requested output time, output-times.ts) from the state `st` of time `stateTime`
   * (default t), within dt/2 of it: the spheres carried to t (spheres-at-time.ts), the walls placed at t.
   */
  record(t: number, st: ParticleState, stateTime = t): void {
    if (this.writers.length === 0) return;
    const spheres = spheresAt(st, t - stateTime);
    const p = spheres.position;
    // Taken once: the run's extents and the frames' framing both start from it.
    const robust = robustBox(p);
    const snapshot: Snapshot = { t, ...spheres, walls: wallPlacement(this.setup.walls.motion, t), robust };
    for (const r of snapshot.radius) this.maxRadius = Math.max(this.maxRadius, r);
    const all = p.length > 0 ? centreBox(p) : null;
    this.extents = {
      all: unionBox(this.extents.all, all),
      robust: unionBox(this.extents.robust, robust),
      final: robust,
    };
    for (const w of this.writers) w.write(snapshot);
  }

  save(): unknown {
    return { extents: this.extents, maxRadius: this.maxRadius, writers: this.writers.map((w) => w.save()) };
  }

  load(saved: unknown): void {
    const s = saved as { extents: Extents; maxRadius: number; writers: unknown[] };
    this.extents = structuredClone(s.extents);
    this.maxRadius = s.maxRadius;
    this.writers.forEach((w, k) => w.load(s.writers[k]));
  }

  finish(): void {
    if (this.writers.length === 0) return;
    const r = this.maxRadius;
    const none: Extent = { min: [0, 0, 0], max: [0, 0, 0] };
    // The extent of the spheres, not just of their centres.
    const extents: RunExtents = {
      all: grownBox(this.extents.all ?? none, r),
      robust: grownBox(this.extents.robust ?? none, r),
      final: grownBox(this.extents.final ?? this.extents.robust ?? none, r),
    };
    const walls = wallSurfaces(this.setup.walls, extents.all, r);
    for (const w of this.writers) w.finish(walls, extents);
  }
}

/** The box of the centres (xyz interleaved, at least one). */
function centreBox(p: Float64Array): Extent {
  const min = [p[0], p[1], p[2]], max = [p[0], p[1], p[2]];
  for (let a = 0; a < 3; a++) {
    let low = min[a], high = max[a];
    for (let k = a; k < p.length; k += 3) {
      const x = p[k];
      if (x < low) low = x;
      if (x > high) high = x;
    }
    min[a] = low;
    max[a] = high;
  }
  return { min: min as Extent['min'], max: max as Extent['max'] };
}
