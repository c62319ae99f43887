/**
 * Does a sphere overlap a wall at t = 0? For placing spheres (random insertion) and checking explicit ones. A
 * sphere behind a plane overlaps it (planes are one-sided); other primitives are two-sided surfaces.
 */
import type { WallModel } from './build.js';
import { CLOSEST_LENGTH, GEO_STRIDE, PrimitiveKind, primitiveClosest } from './primitives.js';

export interface WallOverlap {
  /** scenario wall index */
  wall: number;
  /** distance from the centre to the wall surface (m; signed for planes: negative behind) */
  distance: number;
  isPlane: boolean;
}

const closest = new Float64Array(CLOSEST_LENGTH);

/**
 * The first wall (in primitive order) that a sphere of radius r at (x, y, z) overlaps by more than `slack` (m),
 * or null.
 */
export function wallOverlap(model: WallModel, x: number, y: number, z: number, r: number, slack = 0): WallOverlap | null {
  const { geometry, kind, owner } = model;
  const test = (k: number): WallOverlap | null => {
    const d = primitiveClosest(kind[k], geometry, GEO_STRIDE * k, x, y, z, closest);
    return d < r - slack ? { wall: owner[k], distance: d, isPlane: kind[k] === PrimitiveKind.plane } : null;
  };
  for (const k of model.analytic) {
    const hit = test(k);
    if (hit) return hit;
  }
  let found: WallOverlap | null = null;
  model.triangles.query(x, y, z, r, (k) => {
    found ??= test(k);
  });
  return found;
}
