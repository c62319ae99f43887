/**
 * Sphere–wall contact candidates. The scenario's walls are expanded into primitives (planes, segments of
 * revolution, triangles: src/walls/) at set-up; a sphere touches a primitive when its distance to it is below
 * its radius, and the contact uses the same kernel as sphere pairs with R_eff = R and m* = m
 * (contact-models.md §9.1; src/walls/wall-contacts.ts).
 *
 * Like sphere pairs, candidates are found at neighbour rebuilds (distance < R + skin at the walls' current
 * positions; mesh triangles through an R-tree over their boxes), sorted by particle, with a CSR start per
 * particle, so a bed far from the walls costs and stores nothing for them. Moving walls: the simulation rebuilds
 * when the largest particle displacement plus the largest wall displacement since the build exceeds skin/2.
 */
import type { ParticleState } from '../particles/state.js';
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from '../forces/contact.js';
import { contactConstants, type ContactTable } from '../forces/contact-table.js';
import { IMPACT_STRIDE } from './impact-records.js';
import { CarriedContacts, type ContactList } from './carried-contacts.js';
import type { WallModel } from '../walls/build.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../walls/primitives.js';
import { MOTION, MOTION_STRIDE, writeWallState } from '../walls/motion.js';

export class WallSet implements ContactList {
  /** number of scenario walls */
  readonly walls: number;
  /** per primitive, see WallModel */
  readonly kind: Int32Array;
  readonly owner: Int32Array;
  readonly geometry: Float64Array;
  readonly triangleFeatures: Int32Array;
  readonly edgeVertices: Int32Array;
  /** per scenario wall: position and velocity at the current time (src/walls/motion.ts) */
  readonly state: Float64Array;
  /** wall offsets at the last build, for the rebuild criterion */
  private readonly offsetAtBuild: Float64Array;
  /**
   * 1 for a removed wall whose contacts the kernel has already ended (it was inactive during the last step):
   * only then may a rebuild drop its candidates, since touching contacts must survive a rebuild.
   */
  private readonly gone: Uint8Array;
  /** contacts of particle p are start[p] .. start[p+1]−1 */
  readonly start: Int32Array;
  count = 0;
  private capacity = 0;
  particle = sharedInt32(0);
  /** primitive index */
  wall = sharedInt32(0);
  /** damping coefficient of the normal law for this sphere and wall */
  c = sharedFloat64(0);
  cls = sharedInt32(0);
  /** 1 while the sphere overlaps the wall */
  touching = sharedUint8(0);
  history = sharedFloat64(0);
  impact = sharedFloat64(0);
  /** contacts whose collision ended this step, written by the particle kernel */
  ended = sharedInt32(0);
  private readonly carried = new CarriedContacts();
  private readonly scratch = new Float64Array(3);
  private readonly closest = new Float64Array(CLOSEST_LENGTH);

  /** @param wallMaterial material index of each scenario wall */
  constructor(
    private readonly model: WallModel, private readonly wallMaterial: readonly number[], nParticles: number,
    readonly trackImpacts: boolean,
  ) {
    this.walls = model.count;
    this.kind = model.kind;
    this.owner = model.owner;
    this.geometry = model.geometry;
    this.triangleFeatures = model.triangleFeatures;
    this.edgeVertices = model.edgeVertices;
    this.state = sharedFloat64(MOTION_STRIDE * Math.max(1, model.count));
    this.offsetAtBuild = new Float64Array(3 * model.count);
    this.gone = new Uint8Array(model.count);
    writeWallState(model.motion, 0, this.state);
    this.start = sharedInt32(nParticles + 1);
    this.grow(Math.max(16, nParticles >> 3));
  }

  /** Moves the walls to time t (s): called by the main thread before a step's phases run. */
  setTime(t: number): void {
    for (let w = 0; w < this.walls; w++) this.gone[w] = this.state[MOTION_STRIDE * w + MOTION.active] === 0 ? 1 : 0;
    writeWallState(this.model.motion, t, this.state);
  }

  /** Largest distance a wall has moved since the last rebuild (m). */
  maxDisplacementSinceBuild(): number {
    let largest = 0;
    for (let w = 0; w < this.walls; w++) {
      const o = MOTION_STRIDE * w + MOTION.offset;
      largest = Math.max(largest, Math.hypot(this.state[o] - this.offsetAtBuild[3 * w],
        this.state[o + 1] - this.offsetAtBuild[3 * w + 1], this.state[o + 2] - this.offsetAtBuild[3 * w + 2]));
    }
    return largest;
  }

  get first(): Int32Array { return this.particle; }
  get second(): Int32Array { return this.wall; }

  /** Rebuilds the candidate list; `newIndexOf` as in PairStore.rebuild. */
  rebuild(st: ParticleState, skin: number, table: ContactTable, newIndexOf: Int32Array | null): void {
    this.carried.save(this, newIndexOf, false);
    const { model, state } = this;
    const n = st.n;
    const nm = table.materialNames.length;
    const closest = this.closest;
    for (let w = 0; w < this.walls; w++) {
      for (let a = 0; a < 3; a++) this.offsetAtBuild[3 * w + a] = state[MOTION_STRIDE * w + MOTION.offset + a];
    }
    let m = 0;
    let lastCls = -1, lastR = -1, lastM = -1, lastC = 0;
    let p = 0, x = 0, y = 0, z = 0, r = 0;
    const add = (prim: number) => {
      const w = this.owner[prim];
      if (this.gone[w] === 1) return;
      const o = MOTION_STRIDE * w + MOTION.offset;
      const d = primitiveClosest(this.kind[prim], this.geometry, GEO_STRIDE * prim,
        x - state[o], y - state[o + 1], z - state[o + 2], closest);
      if (d >= r + skin) return;
      if (m === this.capacity) this.grow(Math.ceil(1.5 * this.capacity), m);
      const cls = table.classIndex[st.material[p] * nm + this.wallMaterial[w]];
      if (cls !== lastCls || r !== lastR || st.mass[p] !== lastM) {
        contactConstants(this.scratch, table.kernel, cls, r, st.mass[p]);
        lastC = this.scratch[1];
        lastCls = cls; lastR = r; lastM = st.mass[p];
      }
      this.particle[m] = p;
      this.wall[m] = prim;
      this.cls[m] = cls;
      this.c[m] = lastC;
      this.touching[m] = 0;
      m++;
    };
    // The triangle tree is in the rest frame: it is queried once per distinct wall offset, keeping the
    // triangles of the walls at that offset (moving meshes are few).
    const { offsets, groupOf } = this.offsetGroups();
    let group = 0;
    const addTriangle = (prim: number) => {
      if (groupOf[this.owner[prim]] === group) add(prim);
    };
    for (p = 0; p < n; p++) {
      this.start[p] = m;
      x = st.pos[3 * p]; y = st.pos[3 * p + 1]; z = st.pos[3 * p + 2]; r = st.radius[p];
      for (let k = 0; k < model.analytic.length; k++) add(model.analytic[k]);
      for (group = 0; group < offsets.length; group++) {
        const [ox, oy, oz] = offsets[group];
        model.triangles.query(x - ox, y - oy, z - oz, r + skin, addTriangle);
      }
    }
    this.start[n] = m;
    this.count = m;
    this.history.fill(0, 0, HISTORY_STRIDE * m);
    this.carried.restore(this);
  }

  /** Distinct current offsets of the walls, and the group (index into offsets) of each wall. */
  private offsetGroups(): { offsets: number[][]; groupOf: Int32Array } {
    const index = new Map<string, number>();
    const offsets: number[][] = [];
    const groupOf = new Int32Array(this.walls);
    for (let w = 0; w < this.walls; w++) {
      const o = MOTION_STRIDE * w + MOTION.offset;
      const offset = [this.state[o], this.state[o + 1], this.state[o + 2]];
      const key = offset.join(',');
      if (!index.has(key)) {
        index.set(key, offsets.length);
        offsets.push(offset);
      }
      groupOf[w] = index.get(key)!;
    }
    return { offsets, groupOf };
  }

  /** Overlap δ (m) of candidate s at the current positions (≤ 0: apart). */
  overlap(st: ParticleState, s: number): number {
    const p = this.particle[s], prim = this.wall[s], o = MOTION_STRIDE * this.owner[prim] + MOTION.offset;
    const d = primitiveClosest(this.kind[prim], this.geometry, GEO_STRIDE * prim, st.pos[3 * p] - this.state[o],
      st.pos[3 * p + 1] - this.state[o + 1], st.pos[3 * p + 2] - this.state[o + 2], this.closest);
    return st.radius[p] - d;
  }

  find(particle: number, wall: number): number {
    for (let e = this.start[particle], end = this.start[particle + 1]; e < end; e++) if (this.wall[e] === wall) return e;
    return -1;
  }

  /** New, larger shared buffers keeping the first `keep` entries (the list being built). */
  private grow(capacity: number, keep = 0): void {
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(fresh: T, old: T, stride: number): T => {
      fresh.set(old.subarray(0, keep * stride));
      return fresh;
    };
    this.capacity = capacity;
    this.particle = copy(sharedInt32(capacity), this.particle, 1);
    this.wall = copy(sharedInt32(capacity), this.wall, 1);
    this.c = copy(sharedFloat64(capacity), this.c, 1);
    this.cls = copy(sharedInt32(capacity), this.cls, 1);
    this.touching = copy(sharedUint8(capacity), this.touching, 1);
    // History and impact records are rewritten after the list is complete (carried contacts).
    this.history = sharedFloat64(HISTORY_STRIDE * capacity);
    this.impact = sharedFloat64(this.trackImpacts ? IMPACT_STRIDE * capacity : 0);
    this.ended = sharedInt32(capacity);
  }
}
