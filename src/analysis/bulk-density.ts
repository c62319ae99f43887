/**
 * Bulk density of a packing, ρ_b = (mass of the spheres whose centres lie in a sampling region) / (its volume).
 * Counting whole spheres by their centres is unbiased for a region many diameters across; the region should stay
 * a few diameters from walls and the free surface, where the packing is looser (wall effect).
 */
export interface SamplingCylinder {
  /** axis position [x, y] (m) */
  center: readonly [number, number];
  radius: number;
  zMin: number;
  zMax: number;
}

export interface WeighedSpheres {
  position: ArrayLike<number>;
  mass: ArrayLike<number>;
  count: number;
}

export function bulkDensity(spheres: WeighedSpheres, region: SamplingCylinder): { density: number; spheres: number } {
  const { position: pos, mass, count } = spheres;
  const r2 = region.radius * region.radius;
  let inside = 0, total = 0;
  for (let p = 0; p < count; p++) {
    const dx = pos[3 * p] - region.center[0], dy = pos[3 * p + 1] - region.center[1], z = pos[3 * p + 2];
    if (dx * dx + dy * dy <= r2 && z >= region.zMin && z <= region.zMax) {
      total += mass[p];
      inside++;
    }
  }
  const volume = Math.PI * r2 * (region.zMax - region.zMin);
  return { density: total / volume, spheres: inside };
}
