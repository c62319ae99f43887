/**
 * Sphere–wall contact candidates: the contact-list core (contact-list.ts) with `second` a wall primitive. The
 * scenario's walls are expanded into primitives (planes, segments of revolution, triangles: src/walls/) at
 * set-up; a sphere touches a primitive when its distance to it is below its radius, and the contact uses the same
 * kernel as sphere pairs with R_eff = R and m* = m (docs/physics.md §1.6; contacts/wall-kernel.ts).
 *
 * Like sphere pairs, candidates are found at neighbour rebuilds (distance < R + skin at the walls' current
 * positions; mesh triangles through an R-tree over their boxes), sorted by particle, so a bed far from the walls
 * costs and stores nothing for them. Moving walls: the simulation rebuilds when the largest particle displacement
 * plus the largest wall displacement since the build exceeds skin/2 (walls/motion.ts).
 *
 * A checkpoint saves the contact-list core only: the geometry is the wall model's, the walls' state WallStates'.
 */
import type { KernelMemory } from '../base/kernel-memory.js';
import type { ParticleState } from '../particles/state.js';
import type { ContactTable } from '../forces/contact-table.js';
import type { WallModel } from '../walls/build.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../walls/primitives.js';
import { MOTION_STRIDE, toWallFrame, type WallStates } from '../walls/motion.js';
import type { WallArrays } from './contact-arrays.js';
import { WALL_CANDIDATE_STRIDE } from '../kernel-interface/layout.js';
import { CONTACT_LIST_FIELDS, ContactList } from './contact-list.js';
import { extendDeclaration, type StateDeclaration } from '../base/saved-state.js';

const WALL_CONTACTS_STATE = extendDeclaration(CONTACT_LIST_FIELDS, {
  part: 'wallContacts',
  // 3: the tangential history holds a spring force (N), no longer a displacement (docs/physics.md §9.3);
  // 4: the history has the Mindlin–Deresiewicz turning point after the spring (rolling torque and law state moved);
  // 5: no turning point; the micro-slip spring row (its reach and springs) after the law state (docs/physics.md §9.9)
  version: 6,
  saved: [],
  excluded: {
    kind: 'fixed: wall model, built from the scenario',
    owner: 'fixed: wall model, built from the scenario',
    geometry: 'fixed: wall model, built from the scenario',
    triangleFeatures: 'fixed: wall model, built from the scenario',
    edgeVertices: 'fixed: wall model, built from the scenario',
    model: 'fixed: wall model, built from the scenario',
    wallMaterial: "fixed: each wall's material, from the scenario",
    state: "derived: the walls' state at the current time: WallStates.state, the same array",
    candidateGeometry: 'scratch: written for every candidate in the step before the kernel reads it',
    walls: 'part: walls',
    closest: 'scratch: closest-point result of one distance query',
    local: "scratch: a sphere centre in a wall's rest frame",
  },
});

export class WallContactList extends ContactList implements WallArrays {
  /** per primitive, see WallModel */
  readonly kind: Int32Array;
  readonly owner: Int32Array;
  readonly geometry: Float64Array;
  readonly triangleFeatures: Int32Array;
  readonly edgeVertices: Int32Array;
  /** per scenario wall: position and velocity at the current time */
  readonly state: Float64Array;
  candidateGeometry: Float64Array;
  private readonly closest = new Float64Array(CLOSEST_LENGTH);
  /** a point in a wall's rest frame */
  private readonly local = new Float64Array(3);

  /** @param wallMaterial material index of each scenario wall */
  constructor(
    memory: KernelMemory, historyStride: number, private readonly model: WallModel, private readonly walls: WallStates,
    private readonly wallMaterial: readonly number[], nParticles: number, impactStride: number,
  ) {
    super(memory, historyStride, nParticles, impactStride, false);
    this.kind = model.kind;
    this.owner = model.owner;
    this.geometry = model.geometry;
    this.triangleFeatures = model.triangleFeatures;
    this.edgeVertices = model.edgeVertices;
    this.state = walls.state;
    this.candidateGeometry = memory.float64(0);
    this.grow(Math.max(16, nParticles >> 3));
  }

  protected override grow(capacity: number, keep = 0): void {
    super.grow(capacity, keep);
    this.memory.release(this.candidateGeometry);
    this.candidateGeometry = this.memory.float64(WALL_CANDIDATE_STRIDE * capacity);
  }

  get stateDeclaration(): StateDeclaration {
    return WALL_CONTACTS_STATE;
  }

  /** Rebuilds the candidate list at the walls' current positions; `newIndexOf` as in PairContactList.rebuild. */
  rebuild(st: ParticleState, skin: number, table: ContactTable, newIndexOf: Int32Array | null): void {
    this.beginRebuild(newIndexOf);
    const { model, walls } = this;
    walls.markBuilt();
    const n = st.n;
    const nm = table.materialNames.length;
    const { closest, local, state } = this;
    let m = 0;
    let p = 0, x = 0, y = 0, z = 0, r = 0;
    const add = (prim: number) => {
      const w = this.owner[prim];
      if (walls.isGone(w)) return;
      toWallFrame(state, MOTION_STRIDE * w, x, y, z, local);
      const d = primitiveClosest(this.kind[prim], this.geometry, GEO_STRIDE * prim, local[0], local[1], local[2], closest);
      if (d >= r + skin) return;
      if (m === this.capacity) this.grow(Math.ceil(1.5 * this.capacity), m);
      this.setContact(m, p, prim, table.kernel, table.classIndex[st.material[p] * nm + this.wallMaterial[w]], r, st.mass[p]);
      m++;
    };
    // The triangle tree is in the rest frame: it is queried once per distinct wall pose, keeping the
    // triangles of the walls in that pose (moving meshes are few).
    const { walls: representative, groupOf } = walls.poseGroups();
    let group = 0;
    const addTriangle = (prim: number) => {
      if (groupOf[this.owner[prim]] === group) add(prim);
    };
    for (p = 0; p < n; p++) {
      x = st.pos[3 * p]; y = st.pos[3 * p + 1]; z = st.pos[3 * p + 2]; r = st.radius[p];
      for (let k = 0; k < model.analytic.length; k++) add(model.analytic[k]);
      for (group = 0; group < representative.length; group++) {
        toWallFrame(state, MOTION_STRIDE * representative[group], x, y, z, local);
        model.triangles.query(local[0], local[1], local[2], r + skin, addTriangle);
      }
    }
    this.endRebuild(m);
  }

  /** Overlap δ (m) of candidate s at the current positions (≤ 0: apart). */
  overlap(st: ParticleState, s: number): number {
    const p = this.first[s], prim = this.second[s], w = this.owner[prim], { local } = this;
    toWallFrame(this.state, MOTION_STRIDE * w, st.pos[3 * p], st.pos[3 * p + 1], st.pos[3 * p + 2], local);
    const d = primitiveClosest(this.kind[prim], this.geometry, GEO_STRIDE * prim, local[0], local[1], local[2], this.closest);
    return st.radius[p] - d;
  }
}
