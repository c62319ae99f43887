/**
 * The scenario's `periodic` block turned into the box the simulation wraps around (broadphase/periodic.ts),
 * after the checks that need the actual spheres and the skin, so it runs at set-up, not on load:
 *  - box length along a periodic axis > 2·(largest diameter + skin): two images of a sphere are then further
 *    apart than twice the largest candidate distance, so a pair touches through at most one image and its
 *    contact history has one owner (broadphase/periodic.ts);
 *  - every sphere starts inside the box along the periodic axes.
 */
import type { InitialParticle } from './insert.js';
import { ScenarioError } from '../base/scenario-error.js';
import { axisNames, type Scenario } from './schema.js';
import type { Axes3, PeriodicBox } from '../broadphase/periodic.js';

/** null when the scenario has no periodic block. `initial` lists the explicit spheres, then each insert block's. */
export function resolvePeriodicBox(scenario: Scenario, initial: readonly InitialParticle[], skin: number): PeriodicBox | null {
  const spec = scenario.periodic;
  if (spec === undefined) return null;
  const periodic = axisNames.map((name) => spec.axes.includes(name)) as Axes3;
  const largest = initial.reduce((r, p) => Math.max(r, p.radius), 0);
  const needed = 2 * (2 * largest + skin);
  periodic.forEach((wraps, axis) => {
    const length = spec.max[axis] - spec.min[axis];
    if (wraps && !(length > needed)) {
      throw new ScenarioError('periodic.max',
        `the box is ${round(length)} m long along periodic axis ${axisNames[axis]}; it must be longer than ` +
        `2 × (largest diameter ${round(2 * largest)} m + skin ${round(skin)} m) = ${round(needed)} m, so that two ` +
        'spheres touch through at most one periodic image');
    }
  });
  initial.forEach((p, k) => {
    periodic.forEach((wraps, axis) => {
      const x = p.position[axis];
      if (wraps && !(x >= spec.min[axis] && x < spec.max[axis])) {
        throw new ScenarioError(sourceField(scenario, k),
          `sphere centre ${axisNames[axis]} = ${x} m lies outside the periodic box [${spec.min[axis]}, ${spec.max[axis]}) m; ` +
          'every sphere must start inside the box along the periodic axes');
      }
    });
  });
  return { min: [...spec.min], max: [...spec.max], periodic };
}

/** The scenario entry initial sphere k came from. */
function sourceField(scenario: Scenario, k: number): string {
  if (k < scenario.particles.length) return `particles[${k}].position`;
  let first = scenario.particles.length;
  for (const [b, block] of scenario.insert.entries()) {
    if (k < first + block.count) return `insert[${b}].region`;
    first += block.count;
  }
  return 'insert';
}

function round(value: number): number {
  return Number(value.toPrecision(4));
}
