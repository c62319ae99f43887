/**
 * The spheres of a snapshot at exactly the time it stands for, in id order (the simulation re-numbers particles for
 * memory locality; outputs must not). A requested output time t falls between steps; the state is that of the
 * step n nearest it (output-times.ts), |δ| = |t − t_n| ≤ dt/2, carried to t by the Taylor expansion of the
 * trajectory with the acceleration the integrator already holds (docs/physics.md §11.1, §11.5):
 *   x(t) = x_n + v_n δ + ½ a_n δ²,   v(t) = v_n + a_n δ,   ω(t) = ω_n + α_n δ,
 * where a_n = F_n/m and α_n = τ_n/I come from the force and torque at x_n that gatherAndKick (src/kernel/passes.ts)
 * leaves in the state for the next step's first half-kick. The error is O(δ³) in x and O(δ²) in v and ω (the next
 * Taylor terms hold the rate of change of the acceleration): exact for a free fall. Only what is written changes,
 * never the state; a state of the snapshot's own time (δ = 0: an imported run's dump) is written as it is.
 */
import type { ParticleState } from '../particles/state.js';

export interface SpheresById {
  /** by particle id: centre (m), velocity (m/s), angular velocity (rad/s), xyz interleaved */
  position: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
  /** by particle id: radius (m) and material index */
  radius: Float64Array;
  material: Uint16Array;
}

/** The spheres present in `st` (whose time is t_n) at time t_n + delta, by id. */
export function spheresAt(st: ParticleState, delta: number): SpheresById {
  const { n, id, pos, vel, omega, force, torque, invMass, invInertia } = st;
  const position = new Float64Array(3 * n);
  const velocity = new Float64Array(3 * n);
  const angularVelocity = new Float64Array(3 * n);
  const radius = new Float64Array(n);
  const material = new Uint16Array(n);
  for (let p = 0; p < n; p++) {
    radius[id[p]] = st.radius[p];
    material[id[p]] = st.material[p];
    const q = 3 * id[p];
    for (let a = 0; a < 3; a++) {
      const v = vel[3 * p + a], acceleration = force[3 * p + a] * invMass[p];
      position[q + a] = pos[3 * p + a] + delta * (v + 0.5 * delta * acceleration);
      velocity[q + a] = v + delta * acceleration;
      angularVelocity[q + a] = omega[3 * p + a] + delta * torque[3 * p + a] * invInertia[p];
    }
  }
  return { position, velocity, angularVelocity, radius, material };
}
