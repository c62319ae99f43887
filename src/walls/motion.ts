/**
 * Where each wall is at time t: a function of t only, so every thread and every run agrees. The main thread
 * writes the state of the step's end time into a shared array before the step's phases run; the workers read it.
 * Prescribed translation: offset(t) = v·(clamp(t, start, stop) − start), velocity v while start <= t < stop.
 * Prescribed rotation (docs/physics.md §1.6 "Rotating walls"): rate ω(t) about a fixed axis direction through a
 * point that translates with the wall, rising linearly from 0 at `start` to its full value over `rampTime`; the
 * angle is integrated analytically from t and applied to the rest pose (x = R(θ)(x₀ − p) + p + offset), so a wall
 * never drifts however many steps it turns, and an exact number of turns is the rest pose exactly.
 * A surface velocity moves a wall's material along its surface without moving its geometry (a belt).
 * A removed wall (t >= removeAt) is inactive: its contacts end and it exerts no force.
 */
import { sharedArrays } from '../base/shared-arrays.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';
import { farthestFromAxis, type WallMotion, type WallRotation } from './build.js';

/**
 * Float64 slots per wall: offset x y z, velocity x y z, active (1/0), general (1 for a wall that rotates or has a
 * surface velocity: its contacts take the general path of toWallFrame / wallPointMotion), rotation matrix R
 * (row-major, rest frame to world), spin ω (rad/s), pivot (the rotation point now), rest point (the rotation
 * point at rest), surface velocity (m/s, world), turns (integrated angle / 2π).
 */
export const MOTION_STRIDE = 32;
export const MOTION = {
  offset: 0, velocity: 3, active: 6, general: 7, rotation: 8, spin: 17, pivot: 20, restPoint: 23, surface: 26, turns: 29,
} as const;

/** Integrated angle of a rotating wall at time t, in turns (revolutions), not reduced. */
export function turnsAt(m: WallMotion, t: number): number {
  const r = m.rotation;
  if (r === null) return 0;
  const elapsed = Math.min(Math.max(t, m.start), m.stop) - m.start;
  // Linear ramp of the rate: ½ω t²/T during it, then the full rate (the ramp's mean is half of it).
  if (elapsed < r.rampTime) return (r.turnsPerSecond * elapsed * elapsed) / (2 * r.rampTime);
  return r.turnsPerSecond * (elapsed - r.rampTime / 2);
}

/** Angular speed (rad/s) of a rotating wall at time t: 0 outside [start, stop). */
function rateAt(m: WallMotion, t: number): number {
  const r = m.rotation;
  if (r === null || t < m.start || t >= m.stop) return 0;
  const elapsed = t - m.start;
  const ramp = elapsed < r.rampTime ? elapsed / r.rampTime : 1;
  return 2 * Math.PI * r.turnsPerSecond * ramp;
}

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
    const general = m.rotation !== null || m.surfaceVelocity !== null;
    state[o + MOTION.general] = general ? 1 : 0;
    if (general) writeRotation(m, t, state, o);
  });
}

const VERTICAL = [0, 0, 1] as const;
const NO_VECTOR = [0, 0, 0] as const;

/** The rotation, spin, pivot and surface-velocity slots of a general wall at time t. */
function writeRotation(m: WallMotion, t: number, state: Float64Array, o: number): void {
  const axis = m.rotation?.axis ?? VERTICAL;
  const point = m.rotation?.point ?? NO_VECTOR;
  const turns = turnsAt(m, t);
  // Reduced to [0, 1) turn before the trigonometry: whole turns are the identity exactly.
  const angle = 2 * Math.PI * (turns - Math.floor(turns));
  const c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  const [ax, ay, az] = axis;
  // Rodrigues: R = cI + s[a]× + (1 − c) a aᵀ, written straight into the state (this runs every step).
  const R = o + MOTION.rotation;
  state[R] = c + k * ax * ax; state[R + 1] = k * ax * ay - s * az; state[R + 2] = k * ax * az + s * ay;
  state[R + 3] = k * ay * ax + s * az; state[R + 4] = c + k * ay * ay; state[R + 5] = k * ay * az - s * ax;
  state[R + 6] = k * az * ax - s * ay; state[R + 7] = k * az * ay + s * ax; state[R + 8] = c + k * az * az;
  const rate = rateAt(m, t);
  const v = m.surfaceVelocity ?? NO_VECTOR;
  for (let a = 0; a < 3; a++) {
    state[o + MOTION.spin + a] = rate * axis[a];
    state[o + MOTION.restPoint + a] = point[a];
    state[o + MOTION.pivot + a] = point[a] + state[o + MOTION.offset + a];
    state[o + MOTION.surface + a] = state[R + 3 * a] * v[0] + state[R + 3 * a + 1] * v[1] + state[R + 3 * a + 2] * v[2];
  }
  state[o + MOTION.turns] = turns;
}

/**
 * World point (x, y, z) in the rest frame of the wall whose state starts at o: out = Rᵀ(x − pivot) + rest point,
 * or x − offset for a wall that only translates (the same arithmetic as before rotation existed).
 */
export function toWallFrame(state: Float64Array, o: number, x: number, y: number, z: number, out: Float64Array): void {
  if (state[o + MOTION.general] === 0) {
    out[0] = x - state[o + MOTION.offset]; out[1] = y - state[o + MOTION.offset + 1]; out[2] = z - state[o + MOTION.offset + 2];
    return;
  }
  const R = o + MOTION.rotation, p = o + MOTION.pivot, q = o + MOTION.restPoint;
  const dx = x - state[p], dy = y - state[p + 1], dz = z - state[p + 2];
  out[0] = state[q] + state[R] * dx + state[R + 3] * dy + state[R + 6] * dz;
  out[1] = state[q + 1] + state[R + 1] * dx + state[R + 4] * dy + state[R + 7] * dz;
  out[2] = state[q + 2] + state[R + 2] * dx + state[R + 5] * dy + state[R + 8] * dz;
}

/** Slots of wallPointMotion's result: the wall's velocity at the point (m/s), its spin (rad/s). */
export const POINT_MOTION_LENGTH = 6;

/**
 * Contact geometry of a general wall (MOTION.general): `closest` holds [d, n] from a closest-point query in the
 * rest frame; n is turned into the world frame in place, and `out` gets the velocity of the wall's material at
 * the contact point c = x − d·n — translation + ω × (c − pivot) + the surface velocity's part tangent to the
 * contact — and the wall's spin (docs/physics.md §1.6 "Rotating walls").
 */
export function wallPointMotion(
  state: Float64Array, o: number, x: number, y: number, z: number, closest: Float64Array, out: Float64Array,
): void {
  const R = o + MOTION.rotation;
  const lx = closest[1], ly = closest[2], lz = closest[3];
  const nx = state[R] * lx + state[R + 1] * ly + state[R + 2] * lz;
  const ny = state[R + 3] * lx + state[R + 4] * ly + state[R + 5] * lz;
  const nz = state[R + 6] * lx + state[R + 7] * ly + state[R + 8] * lz;
  closest[1] = nx; closest[2] = ny; closest[3] = nz;
  const d = closest[0];
  const rx = x - d * nx - state[o + MOTION.pivot], ry = y - d * ny - state[o + MOTION.pivot + 1];
  const rz = z - d * nz - state[o + MOTION.pivot + 2];
  const wx = state[o + MOTION.spin], wy = state[o + MOTION.spin + 1], wz = state[o + MOTION.spin + 2];
  const sx = state[o + MOTION.surface], sy = state[o + MOTION.surface + 1], sz = state[o + MOTION.surface + 2];
  const sn = sx * nx + sy * ny + sz * nz;
  out[0] = state[o + MOTION.velocity] + (wy * rz - wz * ry) + (sx - sn * nx);
  out[1] = state[o + MOTION.velocity + 1] + (wz * rx - wx * rz) + (sy - sn * ny);
  out[2] = state[o + MOTION.velocity + 2] + (wx * ry - wy * rx) + (sz - sn * nz);
  out[3] = wx; out[4] = wy; out[5] = wz;
}

const WALL_STATES_STATE: StateDeclaration = {
  part: 'walls',
  // 2: the angle of rotating walls at the last build (turnsAtBuild)
  version: 2,
  saved: ['time', 'offsetAtBuild', 'turnsAtBuild', 'gone'],
  excluded: {
    state: 'derived: a function of `time` (writeWallState), written again on restore',
    motion: "fixed: each wall's prescribed motion, from the scenario",
    pivot: 'scratch: filled from `state` at each use',
  },
};

/**
 * The walls of a run at the current time, and what the neighbour rebuild needs to know of their motion: how far
 * they moved since the last build, and which removed walls no longer hold contacts. A checkpoint saves the time
 * and that knowledge; the state itself is written again from the time (the angle of a rotating wall included).
 */
export class WallStates implements SavedState {
  /** MOTION_STRIDE per scenario wall, on a SharedArrayBuffer (the worker lanes read it) */
  readonly state: Float64Array;
  /** wall offsets at the last build, for the rebuild criterion */
  private readonly offsetAtBuild: Float64Array;
  /** wall angles (turns) at the last build, for the rebuild criterion */
  private readonly turnsAtBuild: Float64Array;
  /**
   * 1 for a removed wall whose contacts the kernel has already ended (it was inactive during the last step):
   * only then may a rebuild drop its candidates, since touching contacts must survive a rebuild.
   */
  private readonly gone: Uint8Array;
  /** time (s) `state` is of */
  private time = 0;
  /** scratch: a turning wall's rotation point now, read from `state` (farthestSphere, no allocation per step) */
  private readonly pivot = new Float64Array(3);

  constructor(private readonly motion: readonly WallMotion[]) {
    this.state = sharedArrays.float64(MOTION_STRIDE * Math.max(1, motion.length));
    this.offsetAtBuild = new Float64Array(3 * motion.length);
    this.turnsAtBuild = new Float64Array(motion.length);
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
    out.array('turnsAtBuild', this.turnsAtBuild);
    out.array('gone', this.gone);
  }

  restoreState(from: StateReader): void {
    this.time = from.number('time');
    this.offsetAtBuild.set(from.array('offsetAtBuild', Float64Array, 3 * this.count));
    this.turnsAtBuild.set(from.array('turnsAtBuild', Float64Array, this.count));
    this.gone.set(from.array('gone', Uint8Array, this.count));
    writeWallState(this.motion, this.time, this.state);
  }

  /**
   * Per wall, 1 when its contacts have all ended since it was removed, so a rebuild may leave it out: the array
   * itself (a rebuild's candidate search copies it to the lanes).
   */
  goneFlags(): Uint8Array {
    return this.gone;
  }

  /** Offset (m) of wall w from its rest position, component `axis`. */
  offset(w: number, axis: number): number {
    return this.state[MOTION_STRIDE * w + MOTION.offset + axis];
  }

  private turns(w: number): number {
    return this.state[MOTION_STRIDE * w + MOTION.turns];
  }

  /** Records the current poses as those of the neighbour build being made. */
  markBuilt(): void {
    for (let w = 0; w < this.count; w++) {
      for (let a = 0; a < 3; a++) this.offsetAtBuild[3 * w + a] = this.offset(w, a);
      this.turnsAtBuild[w] = this.turns(w);
    }
  }

  /**
   * Largest distance a point of a wall near a sphere has moved since the last build (m): the translation, plus for a
   * rotation by Δθ the chord 2|sin(Δθ/2)| times the wall's reach from the axis (WallRotation.reach). A plane turning
   * about an axis across it has no farthest point (reach Infinity): where a sphere at distance r from the axis is now,
   * the plane has moved by at most the chord times r, so its reach is the farthest of the n spheres at `pos` — without
   * it, every step of a tilting plane rebuilt the lists.
   */
  maxDisplacementSinceBuild(pos: Float64Array, n: number): number {
    let largest = 0;
    for (let w = 0; w < this.count; w++) {
      let moved = Math.hypot(this.offset(w, 0) - this.offsetAtBuild[3 * w],
        this.offset(w, 1) - this.offsetAtBuild[3 * w + 1], this.offset(w, 2) - this.offsetAtBuild[3 * w + 2]);
      const rotation = this.motion[w].rotation;
      const turned = this.turns(w) - this.turnsAtBuild[w];
      if (rotation !== null && turned !== 0 && rotation.reach > 0) {
        const reach = rotation.reach === Infinity ? this.farthestSphere(w, rotation, pos, n) : rotation.reach;
        moved += 2 * Math.abs(Math.sin(Math.PI * Math.min(Math.abs(turned), 0.5))) * reach;
      }
      largest = Math.max(largest, moved);
    }
    return largest;
  }

  /** The largest distance (m) of the n spheres at `pos` from wall w's rotation axis where it is now. */
  private farthestSphere(w: number, rotation: WallRotation, pos: Float64Array, n: number): number {
    const o = MOTION_STRIDE * w + MOTION.pivot;
    for (let a = 0; a < 3; a++) this.pivot[a] = this.state[o + a];
    return farthestFromAxis(pos, n, this.pivot, rotation.axis);
  }

  /**
   * Distinct current poses of the walls (translation and rotation), and the group (index into `walls`) of each
   * wall: `walls[g]` is one wall of group g, whose toWallFrame serves the whole group.
   */
  poseGroups(): { walls: number[]; groupOf: Int32Array } {
    const index = new Map<string, number>();
    const walls: number[] = [];
    const groupOf = new Int32Array(this.count);
    for (let w = 0; w < this.count; w++) {
      const o = MOTION_STRIDE * w;
      const general = this.state[o + MOTION.general] === 1;
      const key = Array.from(this.state.subarray(o + MOTION.offset, o + MOTION.offset + 3)).join(',')
        + (general ? `|${this.state.subarray(o + MOTION.rotation, o + MOTION.restPoint + 3).join(',')}` : '');
      if (!index.has(key)) {
        index.set(key, walls.length);
        walls.push(w);
      }
      groupOf[w] = index.get(key)!;
    }
    return { walls, groupOf };
  }
}
