/**
 * The initial spheres of a set-up as one object per sphere, for tests that look at single spheres: the engine keeps
 * them in flat arrays (InitialParticles), which is what a million spheres need, not what a test reads best.
 */
import type { InitialParticles } from '../../src/particles/state.js';
import type { CheckedScenario } from '../../src/scenario/checks.js';
import { buildInitialParticles } from '../../src/scenario/insert.js';

export interface ListedSphere {
  position: [number, number, number];
  velocity: [number, number, number];
  angularVelocity: [number, number, number];
  radius: number;
  /** material name */
  material: string;
}

/** Sphere k of the arrays as an object; `materials` names the material indices. */
export function sphereList(spheres: InitialParticles, materials: readonly string[]): ListedSphere[] {
  const v3 = (a: Float64Array, k: number): [number, number, number] => [a[3 * k], a[3 * k + 1], a[3 * k + 2]];
  return Array.from({ length: spheres.n }, (_, k) => ({
    position: v3(spheres.position, k),
    velocity: v3(spheres.velocity, k),
    angularVelocity: v3(spheres.angularVelocity, k),
    radius: spheres.radius[k],
    material: materials[spheres.material[k]],
  }));
}

/** The spheres a checked scenario starts from (buildInitialParticles), as a list of objects. */
export function initialSpheres(checked: CheckedScenario): ListedSphere[] {
  return sphereList(buildInitialParticles(checked), Object.keys(checked.scenario.materials));
}
