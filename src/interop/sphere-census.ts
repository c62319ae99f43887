/**
 * Which spheres a run will hold, per material: count and radius range, placed at t = 0 or poured later. LAMMPS
 * takes one coefficient set per pair of atom types and per wall fix, so where grainflow's constants depend on the
 * sizes of the two bodies the exporter picks them at a material's mean sphere and states the spread over its range.
 */
import type { RunSetup } from '../run/setup.js';

export interface MaterialSpheres {
  /** index in the contact table's material list */
  material: number;
  name: string;
  count: number;
  /** radii (m): smallest, largest, mean */
  min: number;
  max: number;
  mean: number;
  /** mass (kg) of a sphere of the mean radius */
  meanMass: number;
}

/** The materials that spheres are made of (initial and poured), in the contact table's order. */
export function sphereCensus(setup: RunSetup): MaterialSpheres[] {
  const names = setup.table.materialNames;
  const sums = names.map(() => ({ count: 0, min: Infinity, max: 0, total: 0 }));
  const add = (r: number, material: number) => {
    const s = sums[material];
    s.count++;
    s.min = Math.min(s.min, r);
    s.max = Math.max(s.max, r);
    s.total += r;
  };
  const { radius, material, n } = setup.particles;
  for (let k = 0; k < n; k++) add(radius[k], material[k]);
  for (const block of setup.pour.blocks) {
    const m = names.indexOf(block.material);
    for (const r of block.radii) add(r, m);
  }
  return sums.flatMap((s, k) => {
    if (s.count === 0) return [];
    const mean = s.total / s.count;
    return [{
      material: k, name: names[k], count: s.count, min: s.min, max: s.max, mean,
      meanMass: (4 / 3) * Math.PI * mean ** 3 * setup.densities[k],
    }];
  });
}

/** Mass (kg) of a sphere of radius r (m) of the census entry's material. */
export function sphereMass(spheres: MaterialSpheres, r: number): number {
  return spheres.meanMass * (r / spheres.mean) ** 3;
}
