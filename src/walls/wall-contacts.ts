/**
 * Sphere–wall contact forces of one particle, called from the gather pass (src/sim/kernels.ts) for the
 * particle's contiguous run of wall candidates. Three steps:
 *   1. geometry of every candidate at the wall's current position: overlap δ = R − d, unit normal n from the
 *      wall to the centre, the wall's velocity, and for triangles the feature (face / edge / vertex) touched;
 *   2. mesh rule (no double counting): every touching face is accepted; a touching edge only if no accepted face
 *      has that edge and it was not accepted already; a touching vertex only if no accepted face or edge has that
 *      vertex and it was not accepted already. A sphere on a flat face split into triangles, or on their shared
 *      diagonal, or on a shared vertex, thus feels one contact, as on a plane. Candidates are in a fixed order,
 *      so the rule is deterministic;
 *   3. each accepted contact through the one contact kernel evaluateContact with R_eff = R, m* = m
 *      (contact-models.md §9.1), with the wall's velocity in the relative velocity.
 */
import type { ParticleState } from '../particles/state.js';
import { evaluateContact, HISTORY_STRIDE } from '../forces/contact.js';
import type { KernelTable } from '../forces/contact-table.js';
import { closeImpact, IMPACT_STRIDE, openImpact, slipSpeed, updateImpact } from '../forces/impacts.js';
import type { StepParams, WallArrays } from '../sim/kernels.js';
import { CLOSEST_LENGTH, Feature, GEO_STRIDE, PrimitiveKind, primitiveClosest } from './primitives.js';
import { MOTION, MOTION_STRIDE } from './motion.js';

/** Per candidate: δ, n (3), wall velocity (3), feature. */
const GEOM_STRIDE = 8;
/** Feature value of a candidate that does not count (not a triangle, or rejected by the mesh rule). */
const NO_FEATURE = -1;

/** Per-thread scratch, grown to the largest candidate run seen. */
let geom = new Float64Array(GEOM_STRIDE * 16);
const closest = new Float64Array(CLOSEST_LENGTH);

/**
 * Adds the wall forces and torques of particle p into acc[0..5]; contacts whose collision ended are written to
 * wl.ended[endedAt ...]. Returns how many ended.
 */
export function particleWallContacts(
  st: ParticleState, wl: WallArrays, table: KernelTable, sp: StepParams, p: number,
  acc: Float64Array, scratch: Float64Array, endedAt: number,
): number {
  const { start, wall, kind, owner, geometry, state } = wl;
  const s0 = start[p], s1 = start[p + 1];
  if (s1 - s0 > geom.length / GEOM_STRIDE) geom = new Float64Array(2 * GEOM_STRIDE * (s1 - s0));
  const { pos } = st;
  const b = 3 * p;
  const r = st.radius[p];
  let meshContacts = 0;
  for (let s = s0; s < s1; s++) {
    const prim = wall[s], k = kind[prim], m = MOTION_STRIDE * owner[prim];
    const d = primitiveClosest(k, geometry, GEO_STRIDE * prim, pos[b] - state[m + MOTION.offset],
      pos[b + 1] - state[m + MOTION.offset + 1], pos[b + 2] - state[m + MOTION.offset + 2], closest);
    const o = GEOM_STRIDE * (s - s0);
    // A removed wall never overlaps; its open contacts end this step.
    const delta = state[m + MOTION.active] === 1 ? r - d : -1;
    geom[o] = delta;
    geom[o + 1] = closest[1]; geom[o + 2] = closest[2]; geom[o + 3] = closest[3];
    geom[o + 4] = state[m + MOTION.velocity]; geom[o + 5] = state[m + MOTION.velocity + 1];
    geom[o + 6] = state[m + MOTION.velocity + 2];
    geom[o + 7] = k === PrimitiveKind.triangle ? closest[4] : NO_FEATURE;
    if (k === PrimitiveKind.triangle && delta > 0) meshContacts++;
  }
  if (meshContacts > 1) applyMeshRule(wl, s0, s1);
  let nEnded = 0;
  for (let s = s0; s < s1; s++) {
    const o = GEOM_STRIDE * (s - s0);
    if (geom[o] <= 0) {
      if (wl.touching[s] === 1) endContact(st, wl, sp, p, s, o, wl.ended, endedAt + nEnded++);
      continue;
    }
    contactForce(st, wl, table, sp, p, s, o, acc, scratch);
  }
  return nEnded;
}

/** Step 2 of the module comment: overlaps of triangle contacts the rule rejects are set to −1. */
function applyMeshRule(wl: WallArrays, s0: number, s1: number): void {
  const { wall, triangleFeatures: tf, edgeVertices: ev } = wl;
  const touchingFeature = (s: number, lowest: number, highest: number) => {
    const o = GEOM_STRIDE * (s - s0);
    return geom[o] > 0 && geom[o + 7] >= lowest && geom[o + 7] < highest;
  };
  // Pass over edges, then vertices; faces are always accepted.
  for (let s = s0; s < s1; s++) {
    if (!touchingFeature(s, Feature.edge0, Feature.vertex0)) continue;
    const edge = tf[6 * wall[s] + 3 + geom[GEOM_STRIDE * (s - s0) + 7] - Feature.edge0];
    let covered = false;
    for (let q = s0; q < s1 && !covered; q++) {
      if (q === s) continue;
      const t = 6 * wall[q];
      if (touchingFeature(q, Feature.face, Feature.edge0)) covered = tf[t + 3] === edge || tf[t + 4] === edge || tf[t + 5] === edge;
      else if (q < s && touchingFeature(q, Feature.edge0, Feature.vertex0)) {
        covered = tf[t + 3 + geom[GEOM_STRIDE * (q - s0) + 7] - Feature.edge0] === edge;
      }
    }
    if (covered) geom[GEOM_STRIDE * (s - s0)] = -1;
  }
  for (let s = s0; s < s1; s++) {
    if (!touchingFeature(s, Feature.vertex0, Feature.vertex0 + 3)) continue;
    const vertex = tf[6 * wall[s] + geom[GEOM_STRIDE * (s - s0) + 7] - Feature.vertex0];
    let covered = false;
    for (let q = s0; q < s1 && !covered; q++) {
      if (q === s) continue;
      const t = 6 * wall[q], f = geom[GEOM_STRIDE * (q - s0) + 7];
      if (touchingFeature(q, Feature.face, Feature.edge0)) {
        covered = tf[t] === vertex || tf[t + 1] === vertex || tf[t + 2] === vertex;
      } else if (touchingFeature(q, Feature.edge0, Feature.vertex0)) {
        const e = tf[t + 3 + f - Feature.edge0];
        covered = ev[2 * e] === vertex || ev[2 * e + 1] === vertex;
      } else if (q < s && touchingFeature(q, Feature.vertex0, Feature.vertex0 + 3)) {
        covered = tf[t + f - Feature.vertex0] === vertex;
      }
    }
    if (covered) geom[GEOM_STRIDE * (s - s0)] = -1;
  }
}

function contactForce(
  st: ParticleState, wl: WallArrays, table: KernelTable, sp: StepParams, p: number, s: number, o: number,
  acc: Float64Array, scratch: Float64Array,
): void {
  const { vel, omega, force, torque, invMass, invInertia } = st;
  const { c, cls, touching, history, impact } = wl;
  const b = 3 * p, r = st.radius[p];
  const delta = geom[o], nx = geom[o + 1], ny = geom[o + 2], nz = geom[o + 3];
  const half = 0.5 * sp.dt;
  const hm = half * invMass[p], hi = half * invInertia[p];
  // Predicted full-step velocities (kernels.ts module comment).
  const wx = omega[b] + hi * torque[b], wy = omega[b + 1] + hi * torque[b + 1], wz = omega[b + 2] + hi * torque[b + 2];
  // Contact point of the sphere relative to the (translating) wall: v − v_wall − R ω × n.
  const vx = vel[b] + hm * force[b] - geom[o + 4] - r * (wy * nz - wz * ny);
  const vy = vel[b + 1] + hm * force[b + 1] - geom[o + 5] - r * (wz * nx - wx * nz);
  const vz = vel[b + 2] + hm * force[b + 2] - geom[o + 6] - r * (wx * ny - wy * nx);
  const k = cls[s];
  const sqrtR = Math.sqrt(r);
  evaluateContact(scratch, history, HISTORY_STRIDE * s, table, k, delta, nx, ny, nz,
    vx, vy, vz, wx, wy, wz, table.hertzCoef[k] * sqrtR, c[s], table.mindlinCoef[k] * sqrtR, r, sp.dt);
  acc[0] += scratch[0]; acc[1] += scratch[1]; acc[2] += scratch[2];
  acc[3] += r * scratch[3] + scratch[6];
  acc[4] += r * scratch[4] + scratch[7];
  acc[5] += r * scratch[5] + scratch[8];
  if (sp.trackImpacts) {
    if (touching[s] === 0) {
      openImpact(impact, IMPACT_STRIDE * s, sp.t, -(vx * nx + vy * ny + vz * nz), delta, scratch[9], scratch[10],
        omega, b, null, 0);
    } else {
      updateImpact(impact, IMPACT_STRIDE * s, delta, scratch[9]);
    }
  }
  touching[s] = 1;
}

function endContact(
  st: ParticleState, wl: WallArrays, sp: StepParams, p: number, s: number, o: number, ended: Int32Array, at: number,
): void {
  const { vel, omega } = st;
  wl.touching[s] = 0;
  const h = HISTORY_STRIDE * s;
  for (let a = 0; a < HISTORY_STRIDE; a++) wl.history[h + a] = 0;
  if (!sp.trackImpacts) return;
  const b = 3 * p, r = st.radius[p];
  const nx = geom[o + 1], ny = geom[o + 2], nz = geom[o + 3];
  const vx = vel[b] - geom[o + 4], vy = vel[b + 1] - geom[o + 5], vz = vel[b + 2] - geom[o + 6];
  const slip = slipSpeed(vx, vy, vz, r * omega[b], r * omega[b + 1], r * omega[b + 2], nx, ny, nz);
  closeImpact(wl.impact, IMPACT_STRIDE * s, vx * nx + vy * ny + vz * nz, slip);
  ended[at] = s;
}
