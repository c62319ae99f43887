/**
 * Bulk density of a packing, ρ_b = (mass of the spheres whose centres lie in a sampling region) / (its volume).
 * Counting whole spheres by their centres is unbiased for a region many diameters across; the region should stay
 * a few diameters from walls and the free surface, where the packing is looser (wall effect).
 * Overlaps count as packed volume: softened spheres, pressed together by the bed's weight, read denser than hard
 * grains in the same packing would (scenarios/silo.json's earlier material at E = 1 MPa: 1537 kg/m³, at 10 MPa
 * 1491 kg/m³; heap.json's glass bead in it at 1 MPa: 1545, at 5 MPa: 1505 kg/m³, D/d = 8, seed 1; measured
 * 2026-11-27), so a law written with the bulk density of hard grains (Beverloo's) sees that bias.
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
