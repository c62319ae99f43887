/**
 * The sphere–wall candidate search of a neighbour rebuild for one range of spheres (issue #26): the search as plain
 * data (WallSearch, built by wall-contacts.ts on the main thread, posted to the worker lanes by reference to its
 * shared arrays) and the loop every lane runs over its spheres (engine/parallel/executor.ts findWallCandidates).
 *
 * A sphere is a candidate of a primitive when its distance to it, at the walls' current poses, is below R + skin
 * (docs/physics.md §1.6). Spheres come in ascending index and, per sphere, the analytic primitives in model order,
 * then the triangles pose group by pose group in tree order: the list is sorted by particle, then primitive, in
 * the same order for any split of the spheres into ranges (docs/architecture.md §4).
 */
import type { KernelTable } from '../forces/contact-table.js';
import type { ParticleState } from '../particles/state.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../walls/primitives.js';
import { MOTION_STRIDE, toWallFrame } from '../walls/motion.js';
import { BoxTree, type BoxTreeArrays } from '../walls/triangle-tree.js';
import { DampingMemo } from './damping-memo.js';

/** Where a search writes its candidates: the list's columns, or one lane's segment (engine/parallel/segments.ts). */
export interface WallCandidateColumns {
  first: Int32Array;
  second: Int32Array;
  cls: Uint16Array;
  c: Float64Array;
}

/** One rebuild's wall-candidate search, the same for every lane. */
export interface WallSearch {
  /** per primitive (walls/build.ts WallModel) */
  kind: Int32Array;
  owner: Int32Array;
  geometry: Float64Array;
  /** the primitives that are not mesh triangles, in model order */
  analytic: Int32Array;
  /** the mesh triangles' tree, in the walls' rest frame */
  triangles: BoxTreeArrays;
  /** per scenario wall: pose at the current time (walls/motion.ts WallStates.state) */
  state: Float64Array;
  /** per scenario wall: 1 when its contacts have ended since its removal, so the rebuild leaves it out */
  gone: Uint8Array;
  /** one wall of each distinct pose, and each wall's pose group (WallStates.poseGroups) */
  representative: Int32Array;
  groupOf: Int32Array;
  /** contact class of a sphere of material a against scenario wall w: wallClass[a · walls + w] */
  wallClass: Uint16Array;
  walls: number;
  skin: number;
}

/** A thread's searcher: its scratch and its memo of damping coefficients. */
export class WallCandidateSearch {
  private readonly closest = new Float64Array(CLOSEST_LENGTH);
  /** a sphere centre in a wall's rest frame */
  private readonly local = new Float64Array(3);
  private readonly damping = new DampingMemo();

  /**
   * Writes the candidates of spheres begin … end − 1 into `out` while they fit; returns how many there are,
   * written or not, so the caller can tell a segment that was too small.
   */
  search(job: WallSearch, table: KernelTable, st: ParticleState, begin: number, end: number, out: WallCandidateColumns): number {
    const { kind, owner, geometry, state, gone, groupOf, representative, analytic, wallClass, walls, skin } = job;
    const { closest, local, damping } = this;
    const capacity = out.first.length;
    const tree = new BoxTree(job.triangles);
    let m = 0, p = 0, x = 0, y = 0, z = 0, r = 0, group = 0;
    const add = (prim: number) => {
      const w = owner[prim];
      if (gone[w] === 1) return;
      toWallFrame(state, MOTION_STRIDE * w, x, y, z, local);
      const d = primitiveClosest(kind[prim], geometry, GEO_STRIDE * prim, local[0], local[1], local[2], closest);
      if (d >= r + skin) return;
      if (m < capacity) {
        const cls = wallClass[st.material[p] * walls + w];
        out.first[m] = p;
        out.second[m] = prim;
        out.cls[m] = cls;
        out.c[m] = damping.coefficient(table, cls, r, st.mass[p]);
      }
      m++;
    };
    // The triangle tree is in the rest frame: it is queried once per distinct wall pose, keeping the triangles of
    // the walls in that pose (moving meshes are few).
    const addTriangle = (prim: number) => {
      if (groupOf[owner[prim]] === group) add(prim);
    };
    for (p = begin; p < end; p++) {
      x = st.pos[3 * p]; y = st.pos[3 * p + 1]; z = st.pos[3 * p + 2]; r = st.radius[p];
      for (let k = 0; k < analytic.length; k++) add(analytic[k]);
      for (group = 0; group < representative.length; group++) {
        toWallFrame(state, MOTION_STRIDE * representative[group], x, y, z, local);
        tree.query(local[0], local[1], local[2], r + skin, addTriangle);
      }
    }
    return m;
  }
}
