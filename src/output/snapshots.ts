/**
 * Snapshots of the particles at the output interval, in id order (the simulation re-numbers particles for
 * memory locality; outputs must not), handed to the frame and VTK writers the scenario asks for. The walls are
 * drawn at the end, once the particles' extent over the whole run is known (see wall-surfaces.ts).
 */
import type { ParticleState } from '../particles/state.js';
import type { SimulationSetup } from '../engine/setup.js';
import type { RunOutputDirectory } from './run-directory.js';
import { FrameWriter } from './frames.js';
import { VtkWriter } from './vtk.js';
import { wallSurfaces, type Extent } from './wall-surfaces.js';
import type { Snapshot, SnapshotWriter } from './snapshot.js';

export class SnapshotOutputs {
  private readonly writers: SnapshotWriter[] = [];
  private readonly extent: Extent = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  private maxRadius: number;

  constructor(private readonly setup: SimulationSetup, dir: RunOutputDirectory) {
    const { outputs } = setup.scenario;
    if (outputs.frames) this.writers.push(new FrameWriter(setup, dir));
    if (outputs.vtk) this.writers.push(new VtkWriter(dir));
    this.maxRadius = 0;
  }

  record(t: number, st: ParticleState): void {
    if (this.writers.length === 0) return;
    const snapshot = byId(t, st);
    for (const r of snapshot.radius) this.maxRadius = Math.max(this.maxRadius, r);
    const { min, max } = this.extent;
    const p = snapshot.position;
    for (let k = 0; k < p.length; k++) {
      const a = k % 3;
      if (p[k] < min[a]) min[a] = p[k];
      if (p[k] > max[a]) max[a] = p[k];
    }
    for (const w of this.writers) w.write(snapshot);
  }

  save(): unknown {
    return { extent: this.extent, maxRadius: this.maxRadius, writers: this.writers.map((w) => w.save()) };
  }

  load(saved: unknown): void {
    const s = saved as { extent: Extent; maxRadius: number; writers: unknown[] };
    for (let a = 0; a < 3; a++) {
      this.extent.min[a] = s.extent.min[a];
      this.extent.max[a] = s.extent.max[a];
    }
    this.maxRadius = s.maxRadius;
    this.writers.forEach((w, k) => w.load(s.writers[k]));
  }

  finish(): void {
    if (this.writers.length === 0) return;
    const r = this.maxRadius;
    // The extent of the spheres, not just of their centres.
    const extent: Extent = {
      min: this.extent.min.map((v) => v - r) as Extent['min'],
      max: this.extent.max.map((v) => v + r) as Extent['max'],
    };
    const walls = wallSurfaces(this.setup.walls, extent, r);
    for (const w of this.writers) w.finish(walls, extent);
  }
}

function byId(t: number, st: ParticleState): Snapshot {
  const { n, id, pos, vel, omega } = st;
  const position = new Float64Array(3 * n);
  const velocity = new Float64Array(3 * n);
  const angularVelocity = new Float64Array(3 * n);
  const radius = new Float64Array(n);
  const material = new Uint16Array(n);
  for (let p = 0; p < n; p++) {
    radius[id[p]] = st.radius[p];
    material[id[p]] = st.material[p];
    const q = 3 * id[p];
    for (let a = 0; a < 3; a++) {
      position[q + a] = pos[3 * p + a];
      velocity[q + a] = vel[3 * p + a];
      angularVelocity[q + a] = omega[3 * p + a];
    }
  }
  return { t, position, velocity, angularVelocity, radius, material };
}
