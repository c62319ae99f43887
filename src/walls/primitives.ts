/**
 * Wall primitives and their closest-point geometry. Every scenario wall is expanded at set-up into primitives
 * of three kinds (src/walls/build.ts), so the contact loop switches on one small integer:
 *   PLANE     infinite one-sided plane: point, unit normal into the domain; a sphere behind it still overlaps
 *   REVOLVED  a segment (ρ0, z0)–(ρ1, z1) of the (ρ, z) half-plane revolved about an axis: the vertical line
 *             (cx, cy), or a tilted one (any direction a through (cx, cy, cz), z then measured along a from that
 *             point): cylinder (segment parallel to the axis), cone frustum (slanted), floor annulus with an
 *             orifice or a cylinder's end cap (perpendicular to it).
 *             The closest point of a surface of revolution lies in the sphere centre's meridian half-plane, so
 *             the 3-D distance is the 2-D point–segment distance; the segment ends are the rims (edge contact).
 *   TRIANGLE  one mesh triangle a, b, c with its unit normal; two-sided. The closest point is classified as
 *             face, edge or vertex so that a sphere touching several triangles of one surface counts once
 *             (src/contacts/wall-kernel.ts).
 * Geometry is stored in the wall's rest frame (position at t = 0); a moving wall adds its offset (motion.ts).
 */

export const PrimitiveKind = { plane: 0, revolved: 1, triangle: 2 } as const;

/** Float64 slots per primitive in the geometry array. */
export const GEO_STRIDE = 12;

/**
 * Feature of a triangle's closest point: FACE, or edge k (between vertices k and k+1 mod 3), or vertex k.
 * A closest point within FEATURE_TOLERANCE (barycentric, or fraction of an edge) of an edge or vertex is given to
 * that edge or vertex, so two triangles sharing it classify it the same way despite rounding; the distance
 * error this makes is second order (≤ ½·tol²·size²/d).
 */
export const Feature = { face: 0, edge0: 1, vertex0: 4 } as const;
export const FEATURE_TOLERANCE = 1e-9;

/** Result slots of the closest-point functions: distance, unit normal from the wall to the point, feature. */
export const CLOSEST_LENGTH = 5;

/**
 * Slots of a REVOLVED primitive after cx, cy, ρ0, z0, ρ1, z1: `tilted` is 0 for the vertical axis (the other slots
 * unused) or 1 with the axis through (cx, cy, cz) along the unit vector `axis`.
 */
export const REVOLVED = { tilted: 6, cz: 7, axis: 8 } as const;

/**
 * Distance from (x, y, z) to a REVOLVED primitive at geometry offset g; out = [d, nx, ny, nz]. A tilted axis is
 * handled in the axis frame (u, v, a) about (cx, cy, cz), shifted so that the vertical computation applies as is.
 */
export function revolvedClosest(geo: Float64Array, g: number, x: number, y: number, z: number, out: Float64Array): number {
  if (geo[g + REVOLVED.tilted] === 0) return verticalRevolvedClosest(geo, g, x, y, z, out);
  axisFrame(geo, g);
  const dx = x - geo[g], dy = y - geo[g + 1], dz = z - geo[g + REVOLVED.cz];
  const f = frame;
  verticalRevolvedClosest(geo, g, geo[g] + dx * f[0] + dy * f[1] + dz * f[2],
    geo[g + 1] + dx * f[3] + dy * f[4] + dz * f[5], dx * f[6] + dy * f[7] + dz * f[8], out);
  const n1 = out[1], n2 = out[2], n3 = out[3];
  out[1] = n1 * f[0] + n2 * f[3] + n3 * f[6];
  out[2] = n1 * f[1] + n2 * f[4] + n3 * f[7];
  out[3] = n1 * f[2] + n2 * f[5] + n3 * f[8];
  return out[0];
}

/** Scratch of axisFrame: rows u, v, a. */
const frame = new Float64Array(9);

/**
 * An orthonormal frame (u, v, a) of a tilted REVOLVED primitive's axis a, into `frame`, by the branch-free
 * construction of Duff et al., "Building an orthonormal basis, revisited", JCGT 6(1) 2017.
 */
function axisFrame(geo: Float64Array, g: number): void {
  const ax = geo[g + REVOLVED.axis], ay = geo[g + REVOLVED.axis + 1], az = geo[g + REVOLVED.axis + 2];
  const sign = az >= 0 ? 1 : -1;
  const k = -1 / (sign + az), b = ax * ay * k;
  frame[0] = 1 + sign * ax * ax * k; frame[1] = sign * b; frame[2] = -sign * ax;
  frame[3] = b; frame[4] = sign + ay * ay * k; frame[5] = -ay;
  frame[6] = ax; frame[7] = ay; frame[8] = az;
}

/**
 * World position of the point (cx + ρ cos φ, cy + ρ sin φ, z) of a REVOLVED primitive's own frame (the vertical
 * frame, or the tilted axis frame of revolvedClosest): for drawing and the lowest wall point.
 */
export function revolvedPoint(geo: Float64Array, g: number, rho: number, phi: number, z: number): [number, number, number] {
  const lx = rho * Math.cos(phi), ly = rho * Math.sin(phi);
  if (geo[g + REVOLVED.tilted] === 0) return [geo[g] + lx, geo[g + 1] + ly, z];
  axisFrame(geo, g);
  const f = frame, c = [geo[g], geo[g + 1], geo[g + REVOLVED.cz]];
  return [0, 1, 2].map((i) => c[i] + lx * f[i] + ly * f[3 + i] + z * f[6 + i]) as [number, number, number];
}

/** revolvedClosest about the vertical axis (cx, cy). */
function verticalRevolvedClosest(geo: Float64Array, g: number, x: number, y: number, z: number, out: Float64Array): number {
  const ex0 = x - geo[g], ey0 = y - geo[g + 1];
  const rho = Math.sqrt(ex0 * ex0 + ey0 * ey0);
  // On the axis every meridian is equally close; take +x so the result is still defined.
  const ex = rho > 0 ? ex0 / rho : 1, ey = rho > 0 ? ey0 / rho : 0;
  const r0 = geo[g + 2], z0 = geo[g + 3], dr = geo[g + 4] - r0, dz = geo[g + 5] - z0;
  let t = ((rho - r0) * dr + (z - z0) * dz) / (dr * dr + dz * dz);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const pr = rho - (r0 + t * dr), pz = z - (z0 + t * dz);
  const d = Math.sqrt(pr * pr + pz * pz);
  if (d > 0) {
    out[1] = (pr / d) * ex; out[2] = (pr / d) * ey; out[3] = pz / d;
  } else {
    // Centre exactly on the surface: the segment's own normal (−dz, dr) in the meridian plane.
    const len = Math.sqrt(dr * dr + dz * dz);
    out[1] = (-dz / len) * ex; out[2] = (-dz / len) * ey; out[3] = dr / len;
  }
  out[0] = d;
  return d;
}

/**
 * Distance from (x, y, z) to a TRIANGLE primitive at geometry offset g; out = [d, nx, ny, nz, feature].
 * Layout: a (3), b (3), c (3), unit normal (3). Face when the projection lies inside the triangle by more than
 * FEATURE_TOLERANCE in every barycentric coordinate; otherwise the nearest point of the three edges (Ericson,
 * Real-Time Collision Detection §5.1.5 gives the same point; this split makes the feature robust).
 */
export function triangleClosest(geo: Float64Array, g: number, x: number, y: number, z: number, out: Float64Array): number {
  const ax = geo[g], ay = geo[g + 1], az = geo[g + 2];
  const abx = geo[g + 3] - ax, aby = geo[g + 4] - ay, abz = geo[g + 5] - az;
  const acx = geo[g + 6] - ax, acy = geo[g + 7] - ay, acz = geo[g + 8] - az;
  const px = x - ax, py = y - ay, pz = z - az;
  const d00 = abx * abx + aby * aby + abz * abz, d01 = abx * acx + aby * acy + abz * acz;
  const d11 = acx * acx + acy * acy + acz * acz;
  const d20 = px * abx + py * aby + pz * abz, d21 = px * acx + py * acy + pz * acz;
  const inv = 1 / (d00 * d11 - d01 * d01);
  const v = (d11 * d20 - d01 * d21) * inv, w = (d00 * d21 - d01 * d20) * inv;
  if (v > FEATURE_TOLERANCE && w > FEATURE_TOLERANCE && 1 - v - w > FEATURE_TOLERANCE) {
    const nx = geo[g + 9], ny = geo[g + 10], nz = geo[g + 11];
    const h = px * nx + py * ny + pz * nz;
    const sign = h < 0 ? -1 : 1;
    out[0] = h * sign; out[1] = nx * sign; out[2] = ny * sign; out[3] = nz * sign; out[4] = Feature.face;
    return out[0];
  }
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const s = g + 3 * k, e = g + 3 * ((k + 1) % 3);
    const sx = geo[s], sy = geo[s + 1], sz = geo[s + 2];
    const dx = geo[e] - sx, dy = geo[e + 1] - sy, dz = geo[e + 2] - sz;
    let t = ((x - sx) * dx + (y - sy) * dy + (z - sz) * dz) / (dx * dx + dy * dy + dz * dz);
    let feature: number = Feature.edge0 + k;
    if (t <= FEATURE_TOLERANCE) { t = 0; feature = Feature.vertex0 + k; }
    else if (t >= 1 - FEATURE_TOLERANCE) { t = 1; feature = Feature.vertex0 + (k + 1) % 3; }
    const qx = x - (sx + t * dx), qy = y - (sy + t * dy), qz = z - (sz + t * dz);
    const d2 = qx * qx + qy * qy + qz * qz;
    if (d2 < best) {
      best = d2;
      out[1] = qx; out[2] = qy; out[3] = qz; out[4] = feature;
    }
  }
  const d = Math.sqrt(best);
  if (d > 0) {
    out[1] /= d; out[2] /= d; out[3] /= d;
  } else {
    out[1] = geo[g + 9]; out[2] = geo[g + 10]; out[3] = geo[g + 11];
  }
  out[0] = d;
  return d;
}

/** Signed distance from (x, y, z) to a PLANE primitive (layout: point, unit normal); out = [d, nx, ny, nz]. */
export function planeClosest(geo: Float64Array, g: number, x: number, y: number, z: number, out: Float64Array): number {
  const nx = geo[g + 3], ny = geo[g + 4], nz = geo[g + 5];
  const d = (x - geo[g]) * nx + (y - geo[g + 1]) * ny + (z - geo[g + 2]) * nz;
  out[0] = d; out[1] = nx; out[2] = ny; out[3] = nz;
  return d;
}

/** Distance (signed for planes) and normal of any primitive kind; out as the functions above. */
export function primitiveClosest(
  kind: number, geo: Float64Array, g: number, x: number, y: number, z: number, out: Float64Array,
): number {
  if (kind === PrimitiveKind.plane) return planeClosest(geo, g, x, y, z, out);
  if (kind === PrimitiveKind.revolved) return revolvedClosest(geo, g, x, y, z, out);
  return triangleClosest(geo, g, x, y, z, out);
}
