/**
 * The scenario's `periodic` block turned into the box the simulation wraps around (broadphase/periodic.ts). The
 * box was checked against the spheres and the skin with the other cross-field checks (checks.ts).
 */
import { axisNames, type Scenario } from './schema.js';
import type { Axes3, PeriodicBox } from '../broadphase/periodic.js';

/** null when the scenario has no periodic block. */
export function resolvePeriodicBox(scenario: Scenario): PeriodicBox | null {
  const spec = scenario.periodic;
  if (spec === undefined) return null;
  const periodic = axisNames.map((name) => spec.axes.includes(name)) as Axes3;
  return { min: [...spec.min], max: [...spec.max], periodic };
}
