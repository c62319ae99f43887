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

export interface ParticleInit {
  position: readonly number[];
  velocity: readonly number[];
  angularVelocity: readonly number[];
  radius: number;
  /** index into the material list */
  material: number;
  /** density (kg/m³) of that material */
  density: number;
}

export function createParticleState(init: readonly ParticleInit[]): ParticleState {
  const n = init.length;
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
  init.forEach((p, k) => {
    for (let a = 0; a < 3; a++) {
      state.pos[3 * k + a] = p.position[a];
      state.vel[3 * k + a] = p.velocity[a];
      state.omega[3 * k + a] = p.angularVelocity[a];
    }
    const r = p.radius;
    const m = (4 / 3) * Math.PI * r * r * r * p.density;
    state.radius[k] = r;
    state.mass[k] = m;
    state.invMass[k] = 1 / m;
    state.invInertia[k] = 1 / (0.4 * m * r * r);
    state.material[k] = p.material;
    state.id[k] = k;
  });
  return state;
}
