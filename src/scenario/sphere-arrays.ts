/** Flat arrays for spheres at t = 0 (particles/state.ts InitialParticles), the one way the scenario layer makes them. */
import type { InitialParticles } from '../particles/state.js';

/** Arrays for n spheres, every value zero (83 bytes per sphere). */
export function sphereArrays(n: number): InitialParticles {
  return {
    n,
    position: new Float64Array(3 * n),
    velocity: new Float64Array(3 * n),
    angularVelocity: new Float64Array(3 * n),
    radius: new Float64Array(n),
    material: new Uint16Array(n),
    frozen: new Uint8Array(n),
  };
}
