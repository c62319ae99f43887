/**
 * The contact columns of a series.csv row, measured on a state read back from another engine (no contact lists):
 * the contacts, elastic energy (2/5)Kδ^{5/2} and largest overlap ratio of every touching sphere pair and
 * sphere–wall contact (docs/physics.md §1.2, §1.6), found by the broad phase with zero skin and the walls' closest
 * points, as the engine's own measure (src/engine/simulation.ts `measureContacts`) counts them.
 * A sphere touching several triangles of one box wall counts once per distinct closest point (a shared edge or
 * vertex once), which is the engine's one-contact-per-surface rule for the faces of a box.
 */
import { createBroadPhase, createPairList, type BroadPhase, type PairList } from '../broadphase/index.js';
import { createImagedPairList, imageShifts, PeriodicPairFinder, type ImagedPairList } from '../broadphase/periodic.js';
import { contactStiffness } from '../forces/contact-table.js';
import type { RunSetup } from '../run/setup.js';
import type { ParticleState } from '../particles/state.js';
import { MOTION, MOTION_STRIDE, writeWallState } from '../walls/motion.js';
import { CLOSEST_LENGTH, GEO_STRIDE, primitiveClosest } from '../walls/primitives.js';

export interface ContactMeasures {
  contacts: number;
  /** J */
  elasticEnergy: number;
  /** largest δ / min(r_i, r_j) */
  maxOverlapRatio: number;
}

export class ContactMeter {
  private readonly broadphase: BroadPhase;
  private readonly periodic: PeriodicPairFinder | null;
  private readonly pairs: PairList | ImagedPairList;
  private readonly shifts: Float64Array;
  private readonly wallState: Float64Array;
  private readonly closest = new Float64Array(CLOSEST_LENGTH);

  constructor(private readonly setup: RunSetup) {
    this.broadphase = createBroadPhase(setup.broadphase);
    this.periodic = setup.periodic ? new PeriodicPairFinder(this.broadphase, setup.periodic) : null;
    this.pairs = setup.periodic ? createImagedPairList() : createPairList();
    this.shifts = setup.periodic ? imageShifts(setup.periodic) : new Float64Array(3);
    this.wallState = new Float64Array(MOTION_STRIDE * Math.max(1, setup.walls.count));
  }

  /** The measures of state `st` (positions wrapped into a periodic box) at time t (s), walls placed at t. */
  measure(st: ParticleState, t: number): ContactMeasures {
    let contacts = 0, elastic = 0, maxRatio = 0;
    const { table } = this.setup;
    const nm = table.materialNames.length;
    const add = (delta: number, cls: number, reff: number, rmin: number) => {
      contacts++;
      elastic += table.classes[cls].definition.storedEnergy(contactStiffness(table.kernel, cls, Math.sqrt(reff)), delta);
      maxRatio = Math.max(maxRatio, delta / rmin);
    };
    const { pos, radius, material, n } = st;
    if (this.periodic) this.periodic.findPairs(pos, radius, n, 0, this.pairs as ImagedPairList);
    else this.broadphase.findPairs(pos, radius, n, 0, this.pairs);
    const image = (this.pairs as Partial<ImagedPairList>).image;
    for (let p = 0; p < this.pairs.count; p++) {
      const i = this.pairs.i[p], j = this.pairs.j[p];
      const s = image === undefined ? 0 : 3 * image[p];
      const d = Math.hypot(pos[3 * i] - pos[3 * j] - this.shifts[s], pos[3 * i + 1] - pos[3 * j + 1] - this.shifts[s + 1],
        pos[3 * i + 2] - pos[3 * j + 2] - this.shifts[s + 2]);
      const delta = radius[i] + radius[j] - d;
      if (delta > 0) {
        add(delta, table.classIndex[material[i] * nm + material[j]], (radius[i] * radius[j]) / (radius[i] + radius[j]),
          Math.min(radius[i], radius[j]));
      }
    }
    this.placeWalls(t);
    for (let p = 0; p < n; p++) {
      this.wallContacts(pos[3 * p], pos[3 * p + 1], pos[3 * p + 2], radius[p], (delta, wall) =>
        add(delta, table.classIndex[material[p] * nm + this.setup.wallMaterials[wall]], radius[p], radius[p]));
    }
    return { contacts, elasticEnergy: elastic, maxOverlapRatio: maxRatio };
  }

  /** Places the walls where they are at time t (s) for wallContacts. */
  placeWalls(t: number): void {
    writeWallState(this.setup.walls.motion, t, this.wallState);
  }

  /** Velocity (m/s) of wall w as placed. */
  wallVelocity(w: number): [number, number, number] {
    const o = MOTION_STRIDE * w + MOTION.velocity;
    return [this.wallState[o], this.wallState[o + 1], this.wallState[o + 2]];
  }

  /**
   * Calls `touch(δ, wall, nx, ny, nz)` for every contact of a sphere (centre x, y, z, radius r) with the walls
   * present as placed, n the unit normal from the wall to the centre: one per primitive it overlaps, a triangle's
   * only if no triangle of the same wall touches at the same closest point.
   */
  wallContacts(
    x: number, y: number, z: number, r: number, touch: (delta: number, wall: number, nx: number, ny: number, nz: number) => void,
  ): void {
    const model = this.setup.walls;
    const points: number[][] = [];
    const test = (k: number) => {
      const w = model.owner[k], o = MOTION_STRIDE * w;
      if (this.wallState[o + MOTION.active] === 0) return;
      const px = x - this.wallState[o + MOTION.offset], py = y - this.wallState[o + MOTION.offset + 1];
      const pz = z - this.wallState[o + MOTION.offset + 2];
      const c = this.closest;
      const d = primitiveClosest(model.kind[k], model.geometry, GEO_STRIDE * k, px, py, pz, c);
      if (d >= r) return;
      const point = [w, px - d * c[1], py - d * c[2], pz - d * c[3]];
      const tolerance = 1e-9 * r;
      if (points.some((q) => q[0] === w && Math.hypot(q[1] - point[1], q[2] - point[2], q[3] - point[3]) <= tolerance)) return;
      points.push(point);
      touch(r - d, w, c[1], c[2], c[3]);
    };
    for (const k of model.analytic) test(k);
    let maxOffset = 0;
    for (let w = 0; w < model.count; w++) {
      const o = MOTION_STRIDE * w;
      maxOffset = Math.max(maxOffset, Math.hypot(this.wallState[o], this.wallState[o + 1], this.wallState[o + 2]));
    }
    // The triangle tree holds the rest frame: widen the query by the largest wall displacement.
    model.triangles.query(x, y, z, r + maxOffset, test);
  }
}
