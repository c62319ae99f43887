/**
 * Drawable geometry of a run's walls for the viewer, the exporter and ParaView: one triangle soup
 * (Float32 xyz per vertex, 9 floats per triangle), each triangle wound counter-clockwise seen from the side
 * the particles live on, so a renderer can hide walls seen from outside (the near walls of a box).
 *
 * Infinite planes are drawn as the rectangle under the particles' extent (robust-extent.ts, grown by a margin),
 * projected onto the plane, cut to the domain side of every other plane that is never removed: the floor of a box
 * ends at its side walls, a lone floor is a patch under the particles, and a collector plane below a removable
 * gate stays whole. Every other wall type is drawn from its own triangles (src/walls/tessellate.ts: boxes and
 * meshes as they are, surfaces of revolution as facets); those are two-sided surfaces, so their winding says
 * nothing about a side. The triangles are at rest (t = 0); WallPlacement says where each wall is at a time t.
 */
import type { WallModel, WallMotion } from '../walls/build.js';
import { MOTION, MOTION_STRIDE, writeWallState } from '../walls/motion.js';
import { GEO_STRIDE, PrimitiveKind } from '../walls/primitives.js';
import { tessellateWall } from '../walls/tessellate.js';
import { boxCorners } from '../base/box-corners.js';

export interface Extent {
  min: [number, number, number];
  max: [number, number, number];
}

export interface WallSurfaces {
  /** xyz of 3 vertices per triangle (m) */
  triangles: Float32Array;
  /** triangles first .. first+count−1 belong to wall k */
  walls: { first: number; count: number }[];
}

type Vec = [number, number, number];
type PlaneLike = { point: readonly number[]; normal: readonly number[] };

/** Fraction of the extent's diagonal added around it, so walls reach a little beyond the particles. */
const MARGIN_FRACTION = 0.1;

export function wallSurfaces(model: WallModel, particles: Extent, maxRadius: number): WallSurfaces {
  const diagonal = Math.hypot(...particles.max.map((v, a) => v - particles.min[a]));
  const margin = MARGIN_FRACTION * diagonal + 2 * maxRadius;
  const lo = particles.min.map((v) => v - margin);
  const hi = particles.max.map((v) => v + margin);
  const corners = boxCorners(lo, hi);
  const soup: number[] = [];
  // The plane of each plane wall (a plane wall is one primitive).
  const planes = new Map<number, PlaneLike>();
  const permanent = (w: number) => model.motion[w].removeAt === Infinity;
  for (let k = 0; k < model.primitives; k++) {
    if (model.kind[k] !== PrimitiveKind.plane) continue;
    const g = Array.from(model.geometry.subarray(GEO_STRIDE * k, GEO_STRIDE * k + 6));
    planes.set(model.owner[k], { point: g.slice(0, 3), normal: g.slice(3, 6) });
  }
  const ranges = Array.from({ length: model.count }, (_, k) => {
    const first = soup.length / 9;
    const wall = planes.get(k);
    if (wall === undefined) {
      soup.push(...tessellateWall(model, k));
      return { first, count: soup.length / 9 - first };
    }
    let polygon = shadowOnPlane(wall, corners);
    for (const [w, other] of planes) if (other !== wall && permanent(w)) polygon = clip(polygon, other);
    for (let v = 1; v + 1 < polygon.length; v++) soup.push(...polygon[0], ...polygon[v], ...polygon[v + 1]);
    return { first, count: soup.length / 9 - first };
  });
  return { triangles: Float32Array.from(soup), walls: ranges };
}

/**
 * Where each scenario wall is at time t: its offset from rest [x, y, z] (m) for a wall that only translates, the
 * affine map [tx, ty, tz, R00, R01, …, R22] (x ↦ R x + t, R row-major) for one that rotates, or null once it is
 * removed. The one definition of a wall's pose, src/walls/motion.ts writeWallState, decides all three.
 */
export type WallPlacement = (number[] | null)[];

export function wallPlacement(motion: readonly WallMotion[], t: number): WallPlacement {
  const state = new Float64Array(MOTION_STRIDE * Math.max(1, motion.length));
  writeWallState(motion, t, state);
  return motion.map((m, w) => {
    const o = MOTION_STRIDE * w;
    if (state[o + MOTION.active] === 0) return null;
    // + 0 turns −0 into 0, so a wall at rest reads [0, 0, 0].
    if (m.rotation === null) return [0, 1, 2].map((a) => state[o + MOTION.offset + a] + 0);
    // x = R(x₀ − p₀) + pivot: translation pivot − R p₀.
    const R = Array.from(state.subarray(o + MOTION.rotation, o + MOTION.rotation + 9));
    const p0 = state.subarray(o + MOTION.restPoint, o + MOTION.restPoint + 3);
    const shift = [0, 1, 2].map((a) => state[o + MOTION.pivot + a] - (R[3 * a] * p0[0] + R[3 * a + 1] * p0[1] + R[3 * a + 2] * p0[2]));
    return [...shift, ...R].map((v) => v + 0);
  });
}

/** Triangles moved to a placement: each wall's placed (offset or affine map), removed walls left out. */
export function placeWalls(surfaces: WallSurfaces, placement: WallPlacement): WallSurfaces {
  const soup: number[] = [];
  const walls = surfaces.walls.map(({ first, count }, w) => {
    const place = placement[w];
    const start = soup.length / 9;
    if (place === null) return { first: start, count: 0 };
    const tri = surfaces.triangles;
    for (let k = 9 * first; k < 9 * (first + count); k += 3) {
      for (let a = 0; a < 3; a++) {
        soup.push(place.length === 3 ? tri[k + a] + place[a]
          : place[a] + place[3 + 3 * a] * tri[k] + place[4 + 3 * a] * tri[k + 1] + place[5 + 3 * a] * tri[k + 2]);
      }
    }
    return { first: start, count };
  });
  return { triangles: Float32Array.from(soup), walls };
}

/** The box of the triangles' vertices, null if there are none. */
export function trianglesBox(triangles: Float32Array): Extent | null {
  if (triangles.length === 0) return null;
  const box: Extent = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (let k = 0; k < triangles.length; k++) {
    const a = k % 3;
    box.min[a] = Math.min(box.min[a], triangles[k]);
    box.max[a] = Math.max(box.max[a], triangles[k]);
  }
  return box;
}

/**
 * The rectangle on the plane that covers the points projected onto it (a floor far below the particles still
 * gets the patch under them), counter-clockwise about the normal.
 */
function shadowOnPlane({ point, normal }: PlaneLike, points: readonly number[][]): Vec[] {
  // Any vector not parallel to the normal gives the first in-plane axis.
  const helper = Math.abs(normal[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = normalise(cross(helper, normal));
  const v = cross(normal, u);
  const s = points.map((p) => dot(u, p) - dot(u, point));
  const t = points.map((p) => dot(v, p) - dot(v, point));
  const [s0, s1, t0, t1] = [Math.min(...s), Math.max(...s), Math.min(...t), Math.max(...t)];
  const at = (a: number, b: number): Vec => [0, 1, 2].map((i) => point[i] + a * u[i] + b * v[i]) as Vec;
  return [at(s0, t0), at(s1, t0), at(s1, t1), at(s0, t1)];
}

/** Sutherland–Hodgman: the part of a convex polygon on the side of the plane its normal points to. */
function clip(polygon: Vec[], { point, normal }: PlaneLike): Vec[] {
  const side = (p: Vec) => dot(normal, p) - dot(normal, point);
  const out: Vec[] = [];
  for (let k = 0; k < polygon.length; k++) {
    const a = polygon[k], b = polygon[(k + 1) % polygon.length];
    const sa = side(a), sb = side(b);
    if (sa >= 0) out.push(a);
    if ((sa >= 0) !== (sb >= 0)) {
      const s = sa / (sa - sb);
      out.push([0, 1, 2].map((i) => a[i] + s * (b[i] - a[i])) as Vec);
    }
  }
  return out;
}

const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: readonly number[], b: readonly number[]): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalise = (a: Vec): Vec => {
  const len = Math.hypot(...a);
  return [a[0] / len, a[1] / len, a[2] / len];
};
