/**
 * Where each wall is at time t: a function of t only, so every thread and every run agrees. The main thread
 * writes the state of the step's end time into a shared array before the step's phases run; the workers read it.
 * Prescribed translation: offset(t) = v·(clamp(t, start, stop) − start), velocity v while start <= t < stop.
 * A removed wall (t >= removeAt) is inactive: its contacts end and it exerts no force.
 */
import { sharedArrays } from '../base/shared-arrays.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';
import type { WallMotion } from './build.js';

/** Float64 slots per wall: offset x y z, velocity x y z, active (1/0), unused. */
export const MOTION_STRIDE = 8;
export const MOTION = { offset: 0, velocity: 3, active: 6 } as const;

export function writeWallState(motion: readonly WallMotion[], t: number, state: Float64Array): void {
  motion.forEach((m, w) => {
    const o = MOTION_STRIDE * w;
    const moving = t >= m.start && t < m.stop;
    const elapsed = Math.min(Math.max(t, m.start), m.stop) - m.start;
    for (let a = 0; a < 3; a++) {
      state[o + MOTION.offset + a] = m.velocity[a] * elapsed;
      state[o + MOTION.velocity + a] = moving ? m.velocity[a] : 0;
    }
    state[o + MOTION.active] = t < m.removeAt ? 1 : 0;
  });
}

const WALL_STATES_STATE: StateDeclaration = {
  part: 'walls',
  version: 1,
  saved: ['time', 'offsetAtBuild', 'gone'],
  excluded: {
    state: 'derived: a function of `time` (writeWallState), written again on restore',
    motion: "fixed: each wall's prescribed motion, from the scenario",
  },
};

/**
 * The walls of a run at the current time, and what the neighbour rebuild needs to know of their motion: how far
 * they moved since the last build, and which removed walls no longer hold contacts. A checkpoint saves the time
 * and that knowledge; the state itself is written again from the time.
 */
export class WallStates implements SavedState {
  /** MOTION_STRIDE per scenario wall, on a SharedArrayBuffer (the worker lanes read it) */
  readonly state: Float64Array;
  /** wall offsets at the last build, for the rebuild criterion */
  private readonly offsetAtBuild: Float64Array;
  /**
   * 1 for a removed wall whose contacts the kernel has already ended (it was inactive during the last step):
   * only then may a rebuild drop its candidates, since touching contacts must survive a rebuild.
   */
  private readonly gone: Uint8Array;
  /** time (s) `state` is of */
  private time = 0;

  constructor(private readonly motion: readonly WallMotion[]) {
    this.state = sharedArrays.float64(MOTION_STRIDE * Math.max(1, motion.length));
    this.offsetAtBuild = new Float64Array(3 * motion.length);
    this.gone = new Uint8Array(motion.length);
    writeWallState(motion, 0, this.state);
  }

  get count(): number {
    return this.motion.length;
  }

  /** Moves the walls to time t (s): called by the main thread before a step's phases run. */
  setTime(t: number): void {
    for (let w = 0; w < this.count; w++) this.gone[w] = this.state[MOTION_STRIDE * w + MOTION.active] === 0 ? 1 : 0;
    writeWallState(this.motion, t, this.state);
    this.time = t;
  }

  get stateDeclaration(): StateDeclaration {
    return WALL_STATES_STATE;
  }

  saveState(out: StateWriter): void {
    out.number('time', this.time);
    out.array('offsetAtBuild', this.offsetAtBuild);
    out.array('gone', this.gone);
  }

  restoreState(from: StateReader): void {
    this.time = from.number('time');
    this.offsetAtBuild.set(from.array('offsetAtBuild', Float64Array, 3 * this.count));
    this.gone.set(from.array('gone', Uint8Array, this.count));
    writeWallState(this.motion, this.time, this.state);
  }

  /** Wall w's contacts have all ended since it was removed: a rebuild may leave it out. */
  isGone(w: number): boolean {
    return this.gone[w] === 1;
  }

  /** Offset (m) of wall w from its rest position, component `axis`. */
  offset(w: number, axis: number): number {
    return this.state[MOTION_STRIDE * w + MOTION.offset + axis];
  }

  /** Records the current offsets as those of the neighbour build being made. */
  markBuilt(): void {
    for (let w = 0; w < this.count; w++) {
      for (let a = 0; a < 3; a++) this.offsetAtBuild[3 * w + a] = this.offset(w, a);
    }
  }

  /** Largest distance a wall has moved since the last build (m). */
  maxDisplacementSinceBuild(): number {
    let largest = 0;
    for (let w = 0; w < this.count; w++) {
      largest = Math.max(largest, Math.hypot(this.offset(w, 0) - this.offsetAtBuild[3 * w],
        this.offset(w, 1) - this.offsetAtBuild[3 * w + 1], this.offset(w, 2) - this.offsetAtBuild[3 * w + 2]));
    }
    return largest;
  }

  /** Distinct current offsets of the walls, and the group (index into offsets) of each wall. */
  offsetGroups(): { offsets: number[][]; groupOf: Int32Array } {
    const index = new Map<string, number>();
    const offsets: number[][] = [];
    const groupOf = new Int32Array(this.count);
    for (let w = 0; w < this.count; w++) {
      const offset = [this.offset(w, 0), this.offset(w, 1), this.offset(w, 2)];
      const key = offset.join(',');
      if (!index.has(key)) {
        index.set(key, offsets.length);
        offsets.push(offset);
      }
      groupOf[w] = index.get(key)!;
    }
    return { offsets, groupOf };
  }
}
