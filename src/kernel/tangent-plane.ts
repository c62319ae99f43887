/**
 * A history vector of a contact — Mindlin's tangential spring, the rolling torque, each spring of the micro-slip
 * row — lives in the tangent plane of its contact. As the normal turns, its normal part is removed and what is left
 * is scaled back to the old length (docs/physics.md §9.3, §9.7), so turning the contact neither loads nor unloads
 * it. One function for every such vector (law.ts, spring-row.ts).
 */

/** Turns the 3 doubles at `at` into the plane normal to (nx, ny, nz), length kept; a vector along n becomes 0. */
@inline export function turnIntoTangentPlane(at: usize, nx: f64, ny: f64, nz: f64): void {
  let hx = load<f64>(at), hy = load<f64>(at, 8), hz = load<f64>(at, 16);
  const oldLen2 = hx * hx + hy * hy + hz * hz;
  if (oldLen2 == 0) return;
  const along = hx * nx + hy * ny + hz * nz;
  hx -= along * nx; hy -= along * ny; hz -= along * nz;
  const newLen2 = hx * hx + hy * hy + hz * hz;
  const scale = newLen2 > 0 ? Math.sqrt(oldLen2 / newLen2) : 0;
  store<f64>(at, hx * scale); store<f64>(at, hy * scale, 8); store<f64>(at, hz * scale, 16);
}
