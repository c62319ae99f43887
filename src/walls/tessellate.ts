/**
 * Triangle soup of a wall for drawing: 9 float32 per triangle (a, b, c), in the wall's rest frame (add the
 * wall's offset at time t, src/walls/motion.ts, to move it). Planes are infinite, so they are drawn as a square
 * of side `planeSize` centred on their point; surfaces of revolution as `segments` facets around the axis.
 */
import type { WallModel } from './build.js';
import { GEO_STRIDE, PrimitiveKind, revolvedPoint } from './primitives.js';

export interface TessellationOptions {
  /** side of the square drawn for a plane (m) */
  planeSize?: number;
  /** facets around the axis of a cylinder, cone or silo */
  segments?: number;
}

/** Triangles of scenario wall `w`. */
export function tessellateWall(model: WallModel, w: number, options: TessellationOptions = {}): Float32Array {
  const planeSize = options.planeSize ?? 1;
  const segments = options.segments ?? 48;
  const out: number[] = [];
  const g = model.geometry;
  for (let k = 0; k < model.primitives; k++) {
    if (model.owner[k] !== w) continue;
    const o = GEO_STRIDE * k;
    if (model.kind[k] === PrimitiveKind.triangle) {
      for (let a = 0; a < 9; a++) out.push(g[o + a]);
    } else if (model.kind[k] === PrimitiveKind.plane) {
      planeSquare(out, [g[o], g[o + 1], g[o + 2]], [g[o + 3], g[o + 4], g[o + 5]], planeSize);
    } else {
      revolvedFacets(out, g, o, segments);
    }
  }
  return Float32Array.from(out);
}

function planeSquare(out: number[], p: number[], n: number[], size: number): void {
  // Two unit vectors spanning the plane: u ⟂ n from the axis least aligned with n, v = n × u.
  const axis = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const dot = axis[0] * n[0] + axis[1] * n[1] + axis[2] * n[2];
  const u0 = [axis[0] - dot * n[0], axis[1] - dot * n[1], axis[2] - dot * n[2]];
  const len = Math.hypot(...u0);
  const u = u0.map((c) => (c / len) * (size / 2));
  const v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  const corner = (su: number, sv: number) => [0, 1, 2].map((a) => p[a] + su * u[a] + sv * v[a]);
  out.push(...corner(-1, -1), ...corner(1, -1), ...corner(1, 1), ...corner(-1, -1), ...corner(1, 1), ...corner(-1, 1));
}

/** Facets of the REVOLVED primitive at geometry offset o, about its own (vertical or tilted) axis. */
function revolvedFacets(out: number[], g: Float64Array, o: number, segments: number): void {
  const r0 = g[o + 2], z0 = g[o + 3], r1 = g[o + 4], z1 = g[o + 5];
  const at = (r: number, z: number, j: number) => revolvedPoint(g, o, r, (2 * Math.PI * j) / segments, z);
  for (let j = 0; j < segments; j++) {
    // A rim of radius 0 (cone apex, disc centre) collapses its triangle: leave that one out.
    if (r1 > 0) out.push(...at(r0, z0, j), ...at(r1, z1, j), ...at(r1, z1, j + 1));
    if (r0 > 0) out.push(...at(r0, z0, j), ...at(r1, z1, j + 1), ...at(r0, z0, j + 1));
  }
}
