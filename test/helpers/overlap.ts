/**
 * Overlap of a set of spheres by a sort-and-sweep along x: independent of the SphereHash and the broad phase
 * it is used to check.
 */
export interface Sphere {
  position: readonly number[];
  radius: number;
}

/** Largest overlap r_i + r_j − d over all pairs, by a sort-and-sweep along x (independent of SphereHash). */
export function worstOverlap(spheres: readonly Sphere[]): number {
  const sorted = [...spheres].sort((a, b) => a.position[0] - b.position[0]);
  const largest = Math.max(...spheres.map((s) => s.radius));
  let worst = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].position[0] - a.position[0] < a.radius + largest; j++) {
      const b = sorted[j];
      const dx = a.position[0] - b.position[0];
      const dy = a.position[1] - b.position[1];
      const dz = a.position[2] - b.position[2];
      const contact = a.radius + b.radius;
      // Most pairs in the x window are far apart in y or z: skip the square root for them.
      if (Math.abs(dy) < contact && Math.abs(dz) < contact) worst = Math.max(worst, contact - Math.hypot(dx, dy, dz));
    }
  }
  return worst;
}

