/**
 * Sphere–wall contact candidates: the contact-list core (contact-list.ts) with `second` a wall primitive. The
 * scenario's walls are expanded into primitives (planes, segments of revolution, triangles: src/walls/) at
 * set-up; a sphere touches a primitive when its distance to it is below its radius, and the contact uses the same
 * kernel as sphere pairs with R_eff = R and m* = m (docs/physics.md §1.6; contacts/wall-kernel.ts).
 *
 * Like sphere pairs, candidates are found at neighbour rebuilds (distance < R + skin at the walls' current
 * positions; mesh triangles through an R-tree over their boxes), sorted by particle, so a bed far from the walls
 * costs and stores nothing for them; the search runs on every lane, each over a range of spheres
 * (wall-candidates.ts, engine/parallel/executor.ts findWallCandidates). Moving walls: the simulation rebuilds when the largest particle displacement
 * plus the largest wall displacement since the build exceeds skin/2 (walls/motion.ts).
 *
 * A checkpoint saves the contact-list core only: the geometry is the wall model's, the walls' state WallStates'.
 */
import type { KernelMemory } from '../base/kernel-memory.js';
import type { ParticleState } from '../particles/state.js';
import type { ContactTable } from '../forces/contact-table.js';
import type { WallModel } from '../walls/build.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../walls/primitives.js';
import { sharedArrays } from '../base/shared-arrays.js';
import type { WallCandidateColumns, WallSearch } from './wall-candidates.js';
import { MOTION_STRIDE, toWallFrame, type WallStates } from '../walls/motion.js';
import type { WallArrays } from './contact-arrays.js';
import { WALL_CANDIDATE_STRIDE } from '../kernel-interface/layout.js';
import { CONTACT_LIST_FIELDS, ContactList } from './contact-list.js';
import { extendDeclaration, type StateDeclaration } from '../base/saved-state.js';

/** A list that must grow gets room for this many times the candidates of the build (as the pair list's headroom). */
const WALL_HEADROOM = 1.25;

/** The wall list as a candidate search writes it (engine/parallel/executor.ts findWallCandidates). */
export interface WallCandidateList {
  /** lane 0's segment: the list's own columns */
  readonly columns: WallCandidateColumns;
  /** the list's history, dead during a rebuild: the other lanes' segments */
  readonly spare: Float64Array;
  /** grows the list to hold `capacity` candidates (the columns and the spare are then new arrays) */
  reserve(capacity: number): void;
}

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
    wallClass: "fixed: each material's class against each wall, from the scenario",
    output: 'fixed: the view a neighbour build writes the list through (its arrays are the saved ones)',
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
  /** contact class of a sphere of material a against scenario wall w: wallClass[a · walls + w] */
  private readonly wallClass: Uint16Array;
  /** the list as a candidate search's output: its columns, the room for other lanes' segments, its growth */
  private readonly output: WallCandidateList;

  /** @param wallMaterial material index of each scenario wall */
  constructor(
    memory: KernelMemory, historyStride: number, private readonly model: WallModel, private readonly walls: WallStates,
    wallMaterial: readonly number[], table: ContactTable, nParticles: number, impactStride: number,
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
    const nm = table.materialNames.length;
    this.wallClass = sharedArrays.uint16(nm * walls.count);
    for (let a = 0; a < nm; a++) {
      for (let w = 0; w < walls.count; w++) this.wallClass[a * walls.count + w] = table.classIndex[a * nm + wallMaterial[w]];
    }
    const list = this;
    this.output = {
      get columns() { return { first: list.first, second: list.second, cls: list.cls, c: list.c }; },
      get spare() { return list.history; },
      reserve(capacity: number) {
        if (capacity > list.capacity) list.grow(Math.ceil(WALL_HEADROOM * capacity));
      },
    };
  }

  protected override grow(capacity: number, keep = 0): void {
    super.grow(capacity, keep);
    this.memory.release(this.candidateGeometry);
    this.candidateGeometry = this.memory.float64(WALL_CANDIDATE_STRIDE * capacity);
  }

  get stateDeclaration(): StateDeclaration {
    return WALL_CONTACTS_STATE;
  }

  /**
   * Rebuilds the candidate list at the walls' current positions; `newIndexOf` as in PairContactList.rebuild. `find`
   * writes the candidates of every sphere into the list (engine/parallel/executor.ts findWallCandidates: split over
   * the lanes) and returns their count.
   */
  rebuild(find: (search: WallSearch, out: WallCandidateList) => number, skin: number, newIndexOf: Int32Array | null): void {
    this.beginRebuild(newIndexOf);
    const { model, walls } = this;
    walls.markBuilt();
    const { walls: representative, groupOf } = walls.poseGroups();
    const search: WallSearch = {
      kind: model.kind, owner: model.owner, geometry: model.geometry, analytic: model.analytic,
      triangles: model.triangles.arrays, state: this.state, gone: walls.goneFlags(),
      representative: Int32Array.from(representative), groupOf, wallClass: this.wallClass, walls: walls.count, skin,
    };
    this.endRebuild(find(search, this.output));
  }

  /** Overlap δ (m) of candidate s at the current positions (≤ 0: apart). */
  overlap(st: ParticleState, s: number): number {
    const p = this.first[s], prim = this.second[s], w = this.owner[prim], { local } = this;
    toWallFrame(this.state, MOTION_STRIDE * w, st.pos[3 * p], st.pos[3 * p + 1], st.pos[3 * p + 2], local);
    const d = primitiveClosest(this.kind[prim], this.geometry, GEO_STRIDE * prim, local[0], local[1], local[2], this.closest);
    return st.radius[p] - d;
  }
}
