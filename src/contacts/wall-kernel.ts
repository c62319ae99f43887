/**
 * Sphere–wall contacts of a lane's particles, the geometry half: once per step, before the kernel's gather pass
 * (src/kernel/walls.ts) computes their forces, every wall candidate of the particles gets its overlap, normal and
 * wall velocity (WallArrays candidateGeometry). The kernel keeps the physics — the contact law, collision records —
 * and JavaScript the geometry of the many wall shapes. Three steps:
 *   1. geometry of every candidate at the wall's current pose: overlap δ = R − d, unit normal n from the wall to
 *      the centre, the velocity of the wall's material at the contact point and the wall's spin (a rotating wall
 *      or one with a surface velocity: walls/motion.ts wallPointMotion), and for triangles the feature
 *      (face / edge / vertex) touched;
 *   2. mesh rule (no double counting): every touching face is accepted; a touching edge only if no accepted face
 *      has that edge and it was not accepted already; a touching vertex only if no accepted face or edge has that
 *      vertex and it was not accepted already. A sphere on a flat face split into triangles, or on their shared
 *      diagonal, or on a shared vertex, thus feels one contact, as on a plane. Candidates are in a fixed order,
 *      so the rule is deterministic;
 *   2b. hand-over: a triangle contact that starts takes the history and open collision record of one of the same
 *      wall that ends in the same step (rolling over a mesh is one contact, as on a plane).
 * Triangle candidates are marked deferred: the kernel resolves a particle's planes and segments of revolution
 * first, then its triangles, each in candidate order.
 */
import type { ParticleState } from '../particles/state.js';
import { at, type Kernel } from '../forces/kernel-instance.js';
import type { WallArrays } from './contact-arrays.js';
import { WALL_CANDIDATE, WALL_CANDIDATE_STRIDE } from '../kernel-interface/layout.js';
import {
  CLOSEST_LENGTH, Feature, GEO_STRIDE, PrimitiveKind, primitiveClosest, revolvedClosest, triangleClosest,
} from '../walls/primitives.js';
import { MOTION, MOTION_STRIDE, POINT_MOTION_LENGTH, toWallFrame, wallPointMotion } from '../walls/motion.js';

/** Per deferred triangle candidate: candidate index, δ, n (3), feature, wall velocity (3), wall spin (3). */
const GEOM_STRIDE = 12;
const GEOM_FEATURE = 5;

/** Per-thread scratch for the particle's triangle candidates, grown to the largest run seen. */
let geom = new Float64Array(GEOM_STRIDE * 16);
const closest = new Float64Array(CLOSEST_LENGTH);
/** a sphere centre in a general wall's rest frame */
const local = new Float64Array(3);
/** a candidate's wall velocity and spin (wallPointMotion) */
const motion = new Float64Array(POINT_MOTION_LENGTH);

/** Binds the lane's kernel to the sphere–wall list `wl` (after every rebuild: the list may live in new arrays). */
export function bindWallList(kernel: Kernel, wl: WallArrays): void {
  kernel.bind('walls', {
    wallStart: at(wl.rowStart), wallCandidates: at(wl.candidateGeometry), wallDamping: at(wl.c), wallClass: at(wl.cls),
    wallTouching: at(wl.touching), wallHistory: at(wl.history), wallHistoryStride: wl.historyStride,
    wallImpact: at(wl.impact), wallEnded: at(wl.ended),
  });
}

/** Steps 1–2b of the module comment for the wall candidates of particles [begin, end). */
export function wallCandidateGeometry(st: ParticleState, wl: WallArrays, begin: number, end: number): void {
  const start = wl.rowStart;
  for (let p = begin; p < end; p++) if (start[p + 1] > start[p]) particleCandidates(st, wl, p);
}

/**
 * The candidates of particle p. Planes and segments of revolution are written at once; triangles are collected
 * first because the mesh rule needs all of them (step 2), then written in candidate order.
 */
function particleCandidates(st: ParticleState, wl: WallArrays, p: number): void {
  const { rowStart: start, second: wall, kind, owner, geometry: geo, state } = wl;
  const s0 = start[p], s1 = start[p + 1];
  const { pos } = st;
  const b = 3 * p;
  const x = pos[b], y = pos[b + 1], z = pos[b + 2], r = st.radius[p];
  let triangles = 0, touchingTriangles = 0;
  for (let s = s0; s < s1; s++) {
    const prim = wall[s], k = kind[prim], m = MOTION_STRIDE * owner[prim], g = GEO_STRIDE * prim;
    // A removed wall never overlaps; its open contacts end this step.
    const active = state[m + MOTION.active] === 1;
    if (state[m + MOTION.general] === 1) {
      // Rotating, or a surface velocity: closest point in the rest frame, normal and velocity back in the world.
      toWallFrame(state, m, x, y, z, local);
      const d = primitiveClosest(k, geo, g, local[0], local[1], local[2], closest);
      wallPointMotion(state, m, x, y, z, closest, motion);
      const delta = active ? r - d : -1;
      if (k !== PrimitiveKind.triangle) {
        writeCandidate(wl, s, delta, closest[1], closest[2], closest[3], motion, 0);
      } else if (deferTriangle(triangles++, s, delta, motion)) {
        touchingTriangles++;
      }
      continue;
    }
    const px = x - state[m + MOTION.offset], py = y - state[m + MOTION.offset + 1], pz = z - state[m + MOTION.offset + 2];
    for (let a = 0; a < 3; a++) {
      motion[a] = state[m + MOTION.velocity + a];
      motion[3 + a] = 0;
    }
    if (k === PrimitiveKind.plane) {
      // Inline: the common case of a bed in a box of planes.
      const nx = geo[g + 3], ny = geo[g + 4], nz = geo[g + 5];
      const delta = active ? r - ((px - geo[g]) * nx + (py - geo[g + 1]) * ny + (pz - geo[g + 2]) * nz) : -1;
      writeCandidate(wl, s, delta, nx, ny, nz, motion, 0);
      continue;
    }
    if (k === PrimitiveKind.revolved) {
      const delta = active ? r - revolvedClosest(geo, g, px, py, pz, closest) : -1;
      writeCandidate(wl, s, delta, closest[1], closest[2], closest[3], motion, 0);
      continue;
    }
    const delta = active ? r - triangleClosest(geo, g, px, py, pz, closest) : -1;
    if (deferTriangle(triangles++, s, delta, motion)) touchingTriangles++;
  }
  if (touchingTriangles > 1) applyMeshRule(wl, triangles);
  if (triangles > 1) handOver(wl, triangles);
  for (let t = 0; t < triangles; t++) {
    const o = GEOM_STRIDE * t;
    writeCandidate(wl, geom[o], geom[o + 1], geom[o + 2], geom[o + 3], geom[o + 4], geom.subarray(o + 6, o + 12), 1);
  }
}

/**
 * Keeps triangle candidate s as the particle's deferred triangle t: δ, the normal and feature in `closest`, the
 * wall's velocity and spin in `wallMotion`. Returns whether it touches.
 */
function deferTriangle(t: number, s: number, delta: number, wallMotion: Float64Array): boolean {
  if (GEOM_STRIDE * (t + 1) > geom.length) {
    const grown = new Float64Array(2 * geom.length);
    grown.set(geom);
    geom = grown;
  }
  const o = GEOM_STRIDE * t;
  geom[o] = s; geom[o + 1] = delta;
  geom[o + 2] = closest[1]; geom[o + 3] = closest[2]; geom[o + 4] = closest[3]; geom[o + GEOM_FEATURE] = closest[4];
  geom.set(wallMotion, o + 6);
  return delta > 0;
}

/**
 * Candidate s this step: overlap δ (−1 for none), normal from the wall, the wall's velocity and spin
 * (POINT_MOTION_LENGTH numbers), deferred flag.
 */
function writeCandidate(
  wl: WallArrays, s: number, delta: number, nx: number, ny: number, nz: number, wallMotion: Float64Array,
  deferred: number,
): void {
  const c = wl.candidateGeometry, o = WALL_CANDIDATE_STRIDE * s;
  const n = o + WALL_CANDIDATE.normal, vw = o + WALL_CANDIDATE.wallVelocity, spin = o + WALL_CANDIDATE.wallSpin;
  c[o + WALL_CANDIDATE.delta] = delta;
  c[n] = nx; c[n + 1] = ny; c[n + 2] = nz;
  c[vw] = wallMotion[0]; c[vw + 1] = wallMotion[1]; c[vw + 2] = wallMotion[2];
  c[spin] = wallMotion[3]; c[spin + 1] = wallMotion[4]; c[spin + 2] = wallMotion[5];
  c[o + WALL_CANDIDATE.deferred] = deferred;
}

/**
 * Step 2 of the module comment over the particle's `count` deferred triangle candidates: the overlap of each one
 * the rule rejects is set to −1.
 */
function applyMeshRule(wl: WallArrays, count: number): void {
  const { second: wall, triangleFeatures: tf, edgeVertices: ev } = wl;
  // Faces are always accepted; then edges, then vertices.
  for (let t = 0; t < count; t++) {
    if (!touches(t, Feature.edge0, Feature.vertex0)) continue;
    const edge = tf[features(wall, t) + 3 + feature(t) - Feature.edge0];
    let covered = false;
    for (let q = 0; q < count && !covered; q++) {
      if (q === t) continue;
      const f = features(wall, q);
      if (touches(q, Feature.face, Feature.edge0)) covered = tf[f + 3] === edge || tf[f + 4] === edge || tf[f + 5] === edge;
      else if (q < t && touches(q, Feature.edge0, Feature.vertex0)) covered = tf[f + 3 + feature(q) - Feature.edge0] === edge;
    }
    if (covered) reject(t);
  }
  for (let t = 0; t < count; t++) {
    if (!touches(t, Feature.vertex0, Feature.vertex0 + 3)) continue;
    const vertex = tf[features(wall, t) + feature(t) - Feature.vertex0];
    let covered = false;
    for (let q = 0; q < count && !covered; q++) {
      if (q === t) continue;
      const f = features(wall, q);
      if (touches(q, Feature.face, Feature.edge0)) {
        covered = tf[f] === vertex || tf[f + 1] === vertex || tf[f + 2] === vertex;
      } else if (touches(q, Feature.edge0, Feature.vertex0)) {
        const e = tf[f + 3 + feature(q) - Feature.edge0];
        covered = ev[2 * e] === vertex || ev[2 * e + 1] === vertex;
      } else if (q < t && touches(q, Feature.vertex0, Feature.vertex0 + 3)) {
        covered = tf[f + feature(q) - Feature.vertex0] === vertex;
      }
    }
    if (covered) reject(t);
  }
}

/** Deferred candidate t overlaps its triangle at a feature id in [lowest, highest) (Feature in primitives.ts). */
function touches(t: number, lowest: number, highest: number): boolean {
  const o = GEOM_STRIDE * t;
  return geom[o + 1] > 0 && geom[o + GEOM_FEATURE] >= lowest && geom[o + GEOM_FEATURE] < highest;
}

/** Offset of deferred candidate t's triangle in triangleFeatures (3 vertex ids, then 3 edge ids). */
function features(wall: Int32Array, t: number): number {
  return 6 * wall[geom[GEOM_STRIDE * t]];
}

function feature(t: number): number {
  return geom[GEOM_STRIDE * t + GEOM_FEATURE];
}

function reject(t: number): void {
  geom[GEOM_STRIDE * t + 1] = -1;
}

/**
 * A sphere rolling or sliding over a mesh passes from triangle to triangle of the same wall: the contact that
 * starts takes over the state of the one that ends in the same step (tangential spring history, open collision
 * record), so friction and impacts.csv see one continuous contact, as on a plane. Pairs are matched in candidate
 * order per scenario wall.
 */
function handOver(wl: WallArrays, count: number): void {
  const { second: wall, owner, touching, history, impact, historyStride: stride, impactStride: records } = wl;
  for (let t = 0; t < count; t++) {
    const starting = geom[GEOM_STRIDE * t];
    if (geom[GEOM_STRIDE * t + 1] <= 0 || touching[starting] === 1) continue;
    for (let q = 0; q < count; q++) {
      const ending = geom[GEOM_STRIDE * q];
      if (geom[GEOM_STRIDE * q + 1] > 0 || touching[ending] === 0 || owner[wall[ending]] !== owner[wall[starting]]) continue;
      history.copyWithin(stride * starting, stride * ending, stride * (ending + 1));
      history.fill(0, stride * ending, stride * (ending + 1));
      impact.copyWithin(records * starting, records * ending, records * (ending + 1));
      touching[ending] = 0;
      touching[starting] = 1;
      break;
    }
  }
}
