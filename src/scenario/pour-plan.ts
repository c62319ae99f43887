/**
 * What the `insert` blocks with a `rate` will pour: each sphere's radius (drawn at set-up from the run's stream,
 * after the t = 0 insertion, so the time step can account for them) and the time it is due. Where each one
 * goes is decided during the run (src/engine/pour.ts), against the spheres present then.
 */
import type { InitialParticles } from '../particles/state.js';
import { sphereArrays } from './sphere-arrays.js';
import type { Vec3 } from './vec3.js';
import { radiusSampler } from './radius.js';
import type { RandomState, RunRandom } from './random.js';
import { regionBounds } from './regions.js';
import type { RegionSpec, Scenario } from './schema.js';

export interface PourBlock {
  /** index of the block in scenario.insert */
  index: number;
  region: RegionSpec;
  /** velocity of every poured sphere (m/s) */
  velocity: Vec3;
  material: string;
  /** radius of each sphere, in pour order (m) */
  radii: Float64Array;
  /** time each sphere is due (s), non-decreasing */
  due: Float64Array;
}

export interface PourPlan {
  blocks: PourBlock[];
  /** spheres of all blocks */
  total: number;
  /** the run's random stream after the radii were drawn: pour placements continue from here */
  randomState: RandomState;
}

/**
 * Sphere k of a block is due at start + k/rate (particlesPerSecond) or at start + (mass of spheres 0..k−1)/rate
 * (massPerSecond): the first enters at `start` and the flow then matches the rate on average.
 */
export function planPour(scenario: Scenario, random: RunRandom): PourPlan {
  const blocks: PourBlock[] = [];
  scenario.insert.forEach((block, index) => {
    const { rate } = block;
    if (rate === undefined) return;
    const nextRadius = radiusSampler(block.radius, random.next);
    const radii = Float64Array.from({ length: block.count }, nextRadius);
    const due = new Float64Array(block.count);
    const start = block.start ?? 0;
    const { particlesPerSecond, massPerSecond } = rate;
    if (particlesPerSecond !== undefined) {
      for (let k = 0; k < block.count; k++) due[k] = start + k / particlesPerSecond;
    } else if (massPerSecond !== undefined) {
      const density = scenario.materials[block.material].density;
      let mass = 0;
      for (let k = 0; k < block.count; k++) {
        due[k] = start + mass / massPerSecond;
        mass += (4 / 3) * Math.PI * radii[k] ** 3 * density;
      }
    }
    blocks.push({ index, region: block.region, velocity: [...block.velocity], material: block.material, radii, due });
  });
  return { blocks, total: blocks.reduce((sum, b) => sum + b.radii.length, 0), randomState: random.state() };
}

/** Warnings for blocks whose pour cannot finish within the run (the run simply ends with fewer spheres). */
export function pourWarnings(plan: PourPlan, duration: number): string[] {
  return plan.blocks.flatMap((block) => {
    const late = block.due.reduce((n, t) => n + (t > duration ? 1 : 0), 0);
    return late === 0 ? [] : [`insert[${block.index}]: ${late} of ${block.radii.length} spheres are due after the ` +
      `end of the run (t = ${duration} s) and will not be poured; raise the rate or the duration`];
  });
}

/** Stand-ins per poured block: one at each corner of its region's bounding box (pourStandIns). */
export const STAND_INS_PER_BLOCK = 8;

/**
 * Stand-ins of the poured spheres for the set-up rules that look at the extremes of every sphere (time step,
 * skin): per block, its smallest sphere at each corner of the region's bounding box (so the highest corner
 * gives the longest fall, whatever the direction of gravity), with the block's velocity.
 * @param materials index of each material name (material-names.ts)
 */
export function pourStandIns(plan: PourPlan, materials: ReadonlyMap<string, number>): InitialParticles {
  const out = sphereArrays(STAND_INS_PER_BLOCK * plan.blocks.length);
  plan.blocks.forEach((block, b) => {
    const { min, max } = regionBounds(block.region);
    const radius = block.radii.reduce((least, r) => Math.min(least, r), Infinity);
    for (let c = 0; c < STAND_INS_PER_BLOCK; c++) {
      const k = STAND_INS_PER_BLOCK * b + c;
      out.position.set([c & 1 ? max[0] : min[0], c & 2 ? max[1] : min[1], c & 4 ? max[2] : min[2]], 3 * k);
      out.velocity.set(block.velocity, 3 * k);
      out.radius[k] = radius;
      out.material[k] = materials.get(block.material)!;
    }
  });
  return out;
}
