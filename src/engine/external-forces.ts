/**
 * Forces from outside the simulation on chosen spheres — a coupled fluid solver's drag, a probe's push — set through
 * the library (src/api/simulation.ts) and held until replaced. Each step adds them to the spheres' forces after
 * pass 1 restarted those at m·g and before the pair pass, so a sphere's sum is m·g, its external force, then its
 * pairs in ascending pair order whatever the lanes (docs/architecture.md §4), and the force enters both half-kicks
 * of velocity Verlet as gravity does (LAMMPS's `fix addforce` acts at the same point of the step).
 */
import type { ParticleState } from '../particles/state.js';

export class ExternalForces {
  /** stable sphere ids, and their forces (N) three by three */
  private readonly ids: Uint32Array;
  private readonly forces: Float64Array;
  /** the current index of each sphere of `ids`: re-found after every neighbour rebuild, which may re-number */
  private readonly indices: Int32Array;
  private indexedAtRebuild = -1;

  /** @param ids sphere ids, each once; `forces` their forces (N), x, y, z per sphere */
  constructor(ids: ArrayLike<number>, forces: ArrayLike<number>) {
    this.ids = Uint32Array.from(ids);
    this.forces = Float64Array.from(forces);
    this.indices = new Int32Array(this.ids.length);
  }

  /** Adds the forces into the state's force sums; `rebuilds` counts the neighbour rebuilds so far. */
  addTo(st: ParticleState, rebuilds: number): void {
    if (rebuilds !== this.indexedAtRebuild) this.index(st, rebuilds);
    const { force } = st;
    for (let k = 0; k < this.indices.length; k++) {
      const b = 3 * this.indices[k];
      force[b] += this.forces[3 * k];
      force[b + 1] += this.forces[3 * k + 1];
      force[b + 2] += this.forces[3 * k + 2];
    }
  }

  private index(st: ParticleState, rebuilds: number): void {
    // Ids run 0…capacity−1 (the pourer numbers spheres in the order they come): one slot per id.
    const slotOfId = new Int32Array(st.capacity).fill(-1);
    this.ids.forEach((id, k) => { slotOfId[id] = k; });
    for (let p = 0; p < st.n; p++) {
      const k = slotOfId[st.id[p]];
      if (k >= 0) this.indices[k] = p;
    }
    this.indexedAtRebuild = rebuilds;
  }
}
