/**
 * Pouring during a run (insert blocks with a `rate`). Every POUR_EVERY_STEPS steps, on the main thread between
 * steps, the spheres due by then (pour-plan.ts) are placed, block by block in pour order, each at a random
 * centre in its region that overlaps no sphere present and no wall. A sphere that finds no free place in
 * PLACEMENT_ATTEMPTS draws means the region is momentarily full (the spheres poured before have not fallen
 * out yet): it and the rest of its block wait for the next event. Placement draws from the run's random
 * stream, and depends only on the state at the event, which is the same for any number of threads.
 *
 * A new sphere takes the next free index (its stable id is the number of spheres before it, so ids follow
 * insertion order), the block's velocity, no spin, and gravity as its current force; the caller then rebuilds
 * the neighbour lists.
 *
 * A checkpoint saves where the run's random stream stands, the spheres placed per block and the time of the last
 * insertion; the count poured is their sum.
 */
import { setSphereProperties, type ParticleState } from '../particles/state.js';
import { clearOfWalls, SphereHash } from '../scenario/insert.js';
import type { WallModel } from '../walls/build.js';
import type { PourBlock, PourPlan } from '../scenario/pour-plan.js';
import { isRandomState, RunRandom } from '../scenario/random.js';
import { regionBounds, sampleCentre } from '../scenario/regions.js';
import type { EngineModel } from './model.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';

/**
 * Steps between insertion events. Each event that places a sphere costs a neighbour rebuild, which a falling
 * stream needs every ~10–30 steps anyway; a sphere enters at most 19 steps after it is due.
 */
export const POUR_EVERY_STEPS = 20;
/** Random centres tried per sphere and event before the region counts as momentarily full. */
export const PLACEMENT_ATTEMPTS = 100;

export interface PourReport {
  /** spheres the poured blocks ask for */
  requested: number;
  /** spheres placed so far */
  poured: number;
  /** time (s) the last poured sphere entered; null before the first */
  lastInsertionTime: number | null;
}

const POURER_STATE: StateDeclaration = {
  part: 'pour',
  version: 1,
  saved: ['random', 'placed', 'lastInsertionTime'],
  excluded: {
    poured: 'derived: the sum of placed',
    plan: 'fixed: the pour plan (blocks, radii, due times), from the scenario',
    walls: 'fixed: walls as placed at t = 0',
    materialIndex: "fixed: the run's material list",
    densities: 'fixed: densities of the materials',
    gravity: "fixed: the scenario's gravity",
  },
};

export class Pourer implements SavedState {
  private readonly random: RunRandom;
  /** per block: spheres placed so far */
  private readonly placed: Int32Array;
  private poured = 0;
  private lastInsertionTime: number | null = null;

  /**
   * @param materialIndex index of a material name in the run's material list
   * @param densities density (kg/m³) by material index
   */
  constructor(
    private readonly plan: PourPlan,
    /** walls as placed at t = 0 (a pour into a moving container would need their current position) */
    private readonly walls: WallModel,
    private readonly materialIndex: (name: string) => number,
    private readonly densities: readonly number[],
    private readonly gravity: readonly number[],
  ) {
    this.random = new RunRandom(plan.randomState);
    this.placed = new Int32Array(plan.blocks.length);
  }

  report(): PourReport {
    return { requested: this.plan.total, poured: this.poured, lastInsertionTime: this.lastInsertionTime };
  }

  get stateDeclaration(): StateDeclaration {
    return POURER_STATE;
  }

  saveState(out: StateWriter): void {
    out.json('random', this.random.state());
    out.array('placed', this.placed);
    out.number('lastInsertionTime', this.lastInsertionTime);
  }

  restoreState(from: StateReader): void {
    this.random.setState(from.json('random', isRandomState, 'a random-stream state'));
    this.placed.set(from.array('placed', Int32Array, this.plan.blocks.length));
    this.poured = this.placed.reduce((sum, placed) => sum + placed, 0);
    this.lastInsertionTime = from.numberOrNull('lastInsertionTime');
  }

  /** At every POUR_EVERY_STEPS-th step: places the spheres due by `time` (s). Returns how many it placed. */
  placeDue(st: ParticleState, step: number, time: number): number {
    if (step % POUR_EVERY_STEPS !== 0) return 0;
    const due = this.plan.blocks.map((block, b) => dueCount(block, this.placed[b], time));
    const waiting = due.reduce((sum, d) => sum + d, 0);
    if (waiting === 0) return 0;
    const occupied = this.occupiedNear(st, due, waiting);
    const before = st.n;
    this.plan.blocks.forEach((block, b) => {
      for (let k = 0; k < due[b]; k++) {
        if (!this.placeOne(st, block, this.placed[b], occupied)) return;
        this.placed[b]++;
      }
    });
    const placed = st.n - before;
    if (placed > 0) {
      this.poured += placed;
      this.lastInsertionTime = time;
    }
    return placed;
  }

  /**
   * The spheres present that could overlap a new one in a region with spheres due, in a hash with room for
   * the `waiting` new ones.
   */
  private occupiedNear(st: ParticleState, due: readonly number[], waiting: number): SphereHash {
    const { pos, radius } = st;
    let largestNew = 0;
    const boxes = this.plan.blocks.flatMap((block, b) => {
      if (due[b] === 0) return [];
      for (let k = this.placed[b]; k < this.placed[b] + due[b]; k++) largestNew = Math.max(largestNew, block.radii[k]);
      return [regionBounds(block.region)];
    });
    const near: number[] = [];
    // A loop over all spheres at every pour event: no closure per sphere.
    for (let p = 0, n = st.n; p < n; p++) {
      const reach = radius[p] + largestNew;
      for (const box of boxes) {
        if (withinReach(box, pos, p, reach)) {
          near.push(p);
          break;
        }
      }
    }
    const hash = new SphereHash(2 * largestNew, near.length + waiting);
    for (const p of near) hash.add(pos[3 * p], pos[3 * p + 1], pos[3 * p + 2], radius[p]);
    return hash;
  }

  /** Places sphere k of a block at index st.n, or returns false when its region has no room now. */
  private placeOne(st: ParticleState, block: PourBlock, k: number, occupied: SphereHash): boolean {
    const r = block.radii[k];
    for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt++) {
      const [x, y, z] = sampleCentre(block.region, r, this.random.next);
      if (occupied.findOverlap(x, y, z, r) >= 0 || !clearOfWalls(this.walls, x, y, z, r)) continue;
      occupied.add(x, y, z, r);
      this.addSphere(st, block, r, [x, y, z]);
      return true;
    }
    return false;
  }

  private addSphere(st: ParticleState, block: PourBlock, r: number, centre: readonly number[]): void {
    const p = st.n;
    if (p >= st.capacity) throw new Error('internal: pour beyond the allocated particle capacity');
    const material = this.materialIndex(block.material);
    setSphereProperties(st, p, r, material, this.densities[material]);
    for (let a = 0; a < 3; a++) {
      const c = 3 * p + a;
      st.pos[c] = centre[a];
      st.posAtBuild[c] = centre[a];
      st.vel[c] = block.velocity[a];
      st.omega[c] = 0;
      // Free of contacts when placed: its force is its weight until the next evaluation.
      st.force[c] = st.mass[p] * this.gravity[a];
      st.torque[c] = 0;
    }
    st.id[p] = p;
    st.active[0] = p + 1;
  }
}

/** Spheres of a block due by `time`, beyond the `placed` ones already in. */
function dueCount(block: PourBlock, placed: number, time: number): number {
  let k = placed;
  while (k < block.due.length && block.due[k] <= time) k++;
  return k - placed;
}

/** The run's Pourer, or null when no insert block pours. */
export function createPourer(setup: EngineModel): Pourer | null {
  if (setup.pour.blocks.length === 0) return null;
  const names = setup.table.materialNames;
  return new Pourer(setup.pour, setup.walls, (name) => names.indexOf(name), setup.densities, setup.gravity);
}

/** Whether sphere p's centre lies within `reach` (m) of the box. */
function withinReach(box: { min: readonly number[]; max: readonly number[] }, pos: Float64Array, p: number, reach: number): boolean {
  for (let a = 0; a < 3; a++) {
    const x = pos[3 * p + a];
    if (x < box.min[a] - reach || x > box.max[a] + reach) return false;
  }
  return true;
}
