/**
 * Particle state: structure of arrays in shared memory (the simulation's kernel memory, base/kernel-memory.ts), so
 * worker threads and the WebAssembly kernel map it once and never copy. Vectors are interleaved xyz (index 3p,
 * 3p+1, 3p+2). SI units throughout.
 */
import type { SavedState, StateDeclaration } from '../base/saved-state.js';
import type { ArrayAllocator } from '../base/shared-arrays.js';

export interface ParticleState {
  /**
   * Spheres present: indices 0..n−1. Grows when spheres are poured in during a run; read from the shared
   * `active` cell, so every thread sees the same value (bindActiveCount).
   */
  readonly n: number;
  /** spheres the arrays hold: indices n..capacity−1 wait to be poured in */
  readonly capacity: number;
  /**
   * Rows after the spheres, capacity … capacity + copyRoom − 1, in pos, vel, omega, predicted and radius: where a run
   * on several lanes copies the boundary spheres that a lane reads but another lane moves
   * (engine/parallel/boundary-copies.ts); 0 on one lane.
   */
  readonly copyRoom: number;
  /** [n], shared with the worker threads; written only by the main thread between phases */
  readonly active: Int32Array;
  /** centre position (m) */
  readonly pos: Float64Array;
  /** translational velocity (m/s) */
  readonly vel: Float64Array;
  /** angular velocity (rad/s) */
  readonly omega: Float64Array;
  /** total force of the last evaluation (N), gravity included */
  readonly force: Float64Array;
  /** total torque of the last evaluation (N m) */
  readonly torque: Float64Array;
  /** radius (m) */
  readonly radius: Float64Array;
  /** mass (kg) */
  readonly mass: Float64Array;
  /** 1 / mass; 0 for a frozen sphere, which no force moves (isFrozen) */
  readonly invMass: Float64Array;
  /** 1 / moment of inertia, solid sphere I = (2/5) m r²; 0 for a frozen sphere */
  readonly invInertia: Float64Array;
  /** index into the scenario's material list */
  readonly material: Uint16Array;
  /** stable id: the particle's index in the initial list, kept through any re-ordering */
  readonly id: Uint32Array;
  /** position at the last neighbour-list build, for the Verlet-skin rebuild criterion */
  readonly posAtBuild: Float64Array;
  /**
   * The predicted full-step velocity and spin of the step being computed, v_{n+1/2} + (dt/2)a_n and
   * ω_{n+1/2} + (dt/2)α_n (6 per particle: vx vy vz ωx ωy ωz), written by the first pass of each step for the
   * contact forces (src/kernel/passes.ts)
   */
  readonly predicted: Float64Array;
}

/**
 * The initial spheres in flat arrays (interleaved xyz vectors). Compact on purpose: a set-up of a million
 * spheres stays referenced for the whole run, and one object per sphere would cost more than the state.
 */
export interface InitialParticles {
  n: number;
  position: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
  radius: Float64Array;
  /** index into the material list */
  material: Uint16Array;
  /** 1 for a frozen sphere (never moves, infinite mass in contacts), else 0 */
  frozen: Uint8Array;
}

/**
 * @param densities density (kg/m³) of each material, by material index
 * @param arrays where the arrays live: the simulation's kernel memory
 * @param capacity spheres the run will ever hold (the initial ones plus those poured in later)
 * @param copyRoom rows for boundary copies after them (ParticleState.copyRoom)
 */
export function createParticleState(
  init: InitialParticles, densities: readonly number[], arrays: ArrayAllocator, capacity = init.n, copyRoom = 0,
): ParticleState {
  const rows = capacity + copyRoom;
  const state = bindActiveCount({
    capacity,
    copyRoom,
    active: arrays.int32(1),
    pos: arrays.float64(3 * rows),
    vel: arrays.float64(3 * rows),
    omega: arrays.float64(3 * rows),
    force: arrays.float64(3 * capacity),
    torque: arrays.float64(3 * capacity),
    radius: arrays.float64(rows),
    mass: arrays.float64(capacity),
    invMass: arrays.float64(capacity),
    invInertia: arrays.float64(capacity),
    material: arrays.uint16(capacity),
    id: arrays.uint32(capacity),
    posAtBuild: arrays.float64(3 * capacity),
    predicted: arrays.float64(6 * rows),
  });
  state.active[0] = init.n;
  state.pos.set(init.position);
  state.vel.set(init.velocity);
  state.omega.set(init.angularVelocity);
  for (let k = 0; k < init.n; k++) {
    setSphereProperties(state, k, init.radius[k], init.material[k], densities[init.material[k]]);
    if (init.frozen[k] === 1) freeze(state, k);
    state.id[k] = k;
  }
  return state;
}

/** Radius (m), material and the mass properties that follow from them (solid sphere of the given density). */
export function setSphereProperties(st: ParticleState, k: number, r: number, material: number, density: number): void {
  const m = (4 / 3) * Math.PI * r * r * r * density;
  st.radius[k] = r;
  st.material[k] = material;
  st.mass[k] = m;
  st.invMass[k] = 1 / m;
  st.invInertia[k] = 1 / (0.4 * m * r * r);
}

/**
 * Freezes sphere k: inverse mass and inertia 0, so velocity Verlet leaves it where it is under any force (its
 * velocity and spin are zero) and the contact constants treat it as a wall (isFrozen; docs/physics.md §1.6). Its mass
 * stays that of the sphere (gravity on it is summed and never applied). The state needs no flag of its own:
 * checkpoints save the inverse mass, and re-numbering carries it.
 */
function freeze(st: ParticleState, k: number): void {
  st.invMass[k] = 0;
  st.invInertia[k] = 0;
}

/** Whether sphere k is frozen (freeze). */
export function isFrozen(st: ParticleState, k: number): boolean {
  return st.invMass[k] === 0;
}

/**
 * Gives a state object its `n` getter over the shared `active` cell. Not enumerable, so it is not copied when
 * the state is posted to a worker thread; the worker calls this again on its copy.
 */
export function bindActiveCount(st: Omit<ParticleState, 'n'>): ParticleState {
  const active = st.active;
  return Object.defineProperty(st, 'n', { get: () => active[0], enumerable: false, configurable: true }) as ParticleState;
}

/**
 * ParticleState in a checkpoint: every array of the spheres present (indices 0..n−1), force and torque included
 * (the first half-kick after a restore uses them) and posAtBuild (it decides the next rebuild). Mass and inverse
 * mass and inertia are saved rather than recomputed: they would need the densities, and saving them keeps the
 * continuation bit-identical by construction. Indices n..capacity−1 hold nothing yet: a poured sphere gets every
 * array written when it is placed (engine/pour.ts).
 */
const PARTICLE_STATE: StateDeclaration = {
  part: 'particles',
  version: 1,
  saved: ['active', 'pos', 'vel', 'omega', 'force', 'torque', 'radius', 'mass', 'invMass', 'invInertia', 'material', 'id',
    'posAtBuild'],
  excluded: {
    capacity: 'fixed: the initial spheres plus those the scenario pours',
    copyRoom: 'fixed: from the lanes the run was set up for',
    predicted: 'scratch: written by the first pass of every step before the contact forces read it',
  },
};

/** The checkpoint part of a particle state: a plain object (it is posted to the worker threads), so a separate one. */
export function savedParticleState(st: ParticleState): SavedState {
  return {
    stateDeclaration: PARTICLE_STATE,
    saveState(out) {
      const n = st.n, v = 3 * n;
      out.number('active', n);
      out.array('pos', st.pos.subarray(0, v));
      out.array('vel', st.vel.subarray(0, v));
      out.array('omega', st.omega.subarray(0, v));
      out.array('force', st.force.subarray(0, v));
      out.array('torque', st.torque.subarray(0, v));
      out.array('radius', st.radius.subarray(0, n));
      out.array('mass', st.mass.subarray(0, n));
      out.array('invMass', st.invMass.subarray(0, n));
      out.array('invInertia', st.invInertia.subarray(0, n));
      out.array('material', st.material.subarray(0, n));
      out.array('id', st.id.subarray(0, n));
      out.array('posAtBuild', st.posAtBuild.subarray(0, v));
    },
    restoreState(from) {
      const n = from.count('active', st.capacity), v = 3 * n;
      st.pos.set(from.array('pos', Float64Array, v));
      st.vel.set(from.array('vel', Float64Array, v));
      st.omega.set(from.array('omega', Float64Array, v));
      st.force.set(from.array('force', Float64Array, v));
      st.torque.set(from.array('torque', Float64Array, v));
      st.radius.set(from.array('radius', Float64Array, n));
      st.mass.set(from.array('mass', Float64Array, n));
      st.invMass.set(from.array('invMass', Float64Array, n));
      st.invInertia.set(from.array('invInertia', Float64Array, n));
      st.material.set(from.array('material', Uint16Array, n));
      st.id.set(from.array('id', Uint32Array, n));
      st.posAtBuild.set(from.array('posAtBuild', Float64Array, v));
      st.active[0] = n;
    },
  };
}
