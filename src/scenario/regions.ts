/**
 * Insertion regions (box, upright cylinder): volume, bounding box, whether a sphere fits, and seeded sampling
 * of a centre that keeps a sphere of radius r entirely inside. Lengths in m.
 */
import type { RegionSpec } from './schema.js';
import type { Vec3 } from './vec3.js';

export function regionVolume(region: RegionSpec): number {
  if (region.type === 'box') {
    const { min, max } = region;
    return (max[0] - min[0]) * (max[1] - min[1]) * (max[2] - min[2]);
  }
  return Math.PI * region.radius ** 2 * region.height;
}

/** Axis-aligned bounding box of the region. */
export function regionBounds(region: RegionSpec): { min: Vec3; max: Vec3 } {
  if (region.type === 'box') return { min: [...region.min], max: [...region.max] };
  const [x, y, z] = region.center;
  const r = region.radius;
  return { min: [x - r, y - r, z], max: [x + r, y + r, z + region.height] };
}

/**
 * Why the largest sphere (radius r) cannot lie inside the region ("" when it can), e.g. "the box is 0.01 m
 * wide along x, narrower than the largest sphere diameter 0.02 m", for error messages.
 */
export function regionTooSmallFor(region: RegionSpec, r: number): string {
  const d = 2 * r;
  const narrower = `narrower than the largest sphere diameter ${round(d)} m`;
  if (region.type === 'box') {
    for (let axis = 0; axis < 3; axis++) {
      const width = region.max[axis] - region.min[axis];
      if (width < d) return `the box is ${round(width)} m wide along ${'xyz'[axis]}, ${narrower}`;
    }
    return '';
  }
  if (2 * region.radius < d) return `the cylinder is ${round(2 * region.radius)} m wide, ${narrower}`;
  if (region.height < d) return `the cylinder is ${round(region.height)} m high, lower than the largest sphere diameter ${round(d)} m`;
  return '';
}

/**
 * Centre of a sphere of radius r uniformly distributed over the positions that keep it inside the region
 * (the region must hold it: regionTooSmallFor(region, r) === ""). Draws three numbers from `random`.
 */
export function sampleCentre(region: RegionSpec, r: number, random: () => number): Vec3 {
  if (region.type === 'box') {
    const { min, max } = region;
    return [
      min[0] + r + (max[0] - min[0] - 2 * r) * random(),
      min[1] + r + (max[1] - min[1] - 2 * r) * random(),
      min[2] + r + (max[2] - min[2] - 2 * r) * random(),
    ];
  }
  const [cx, cy, cz] = region.center;
  // Uniform over the disc of radius R − r: the radial coordinate goes as the square root of a uniform number.
  const rho = (region.radius - r) * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  return [cx + rho * Math.cos(angle), cy + rho * Math.sin(angle), cz + r + (region.height - 2 * r) * random()];
}

/** Four significant digits, for derived quantities in messages. */
function round(value: number): number {
  return Number(value.toPrecision(4));
}
