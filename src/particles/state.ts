/**
 * Particle state: structure of arrays on SharedArrayBuffers, so worker threads map it once and never copy.
 * Vectors are interleaved xyz (index 3p, 3p+1, 3p+2). SI units throughout.
 */

export interface ParticleState {
  readonly n: number;
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
  readonly invMass: Float64Array;
  /** 1 / moment of inertia, solid sphere I = (2/5) m r² */
  readonly invInertia: Float64Array;
  /** index into the scenario's material list */
  readonly material: Uint16Array;
  /** stable id: the particle's index in the initial list, kept through any re-ordering */
  readonly id: Uint32Array;
  /** position at the last neighbour-list build, for the Verlet-skin rebuild criterion */
  readonly posAtBuild: Float64Array;
}

export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(Math.max(1, length) * Float64Array.BYTES_PER_ELEMENT));
}
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Math.max(1, length) * Int32Array.BYTES_PER_ELEMENT));
}
export function sharedUint8(length: number): Uint8Array {
  return new Uint8Array(new SharedArrayBuffer(Math.max(1, length)));
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
}

/** @param densities density (kg/m³) of each material, by material index */
export function createParticleState(init: InitialParticles, densities: readonly number[]): ParticleState {
  const n = init.n;
  const state: ParticleState = {
    n,
    pos: sharedFloat64(3 * n),
    vel: sharedFloat64(3 * n),
    omega: sharedFloat64(3 * n),
    force: sharedFloat64(3 * n),
    torque: sharedFloat64(3 * n),
    radius: sharedFloat64(n),
    mass: sharedFloat64(n),
    invMass: sharedFloat64(n),
    invInertia: sharedFloat64(n),
    material: new Uint16Array(new SharedArrayBuffer(Math.max(1, n) * 2)),
    id: new Uint32Array(new SharedArrayBuffer(Math.max(1, n) * 4)),
    posAtBuild: sharedFloat64(3 * n),
  };
  state.pos.set(init.position);
  state.vel.set(init.velocity);
  state.omega.set(init.angularVelocity);
  state.radius.set(init.radius);
  state.material.set(init.material);
  for (let k = 0; k < n; k++) {
    const r = init.radius[k];
    const m = (4 / 3) * Math.PI * r * r * r * densities[init.material[k]];
    state.mass[k] = m;
    state.invMass[k] = 1 / m;
    state.invInertia[k] = 1 / (0.4 * m * r * r);
    state.id[k] = k;
  }
  return state;
}
