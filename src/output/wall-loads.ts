/**
 * The loads on the driven walls (those with a `motion` or a `surfaceVelocity`) for series.csv: the force the spheres
 * exert on each, the torque they exert on it about its rotation axis, and the power its drive delivers to them —
 * what a drum's or a mixer's motor is sized for. Instantaneous values of the step just taken, summed over that
 * step's wall contacts from the force and torque the kernel left in each candidate (kernel/walls.ts):
 *   force on the wall   F = −Σ f
 *   torque on the wall  T = −a·Σ [(x − p) × f + τ]          (about the axis a through the pivot p)
 *   drive power         P = Σ [f·v_w + ω_w·(d n × f + τ)]    (= F_spheres·v + ω·torque on the spheres + belt part)
 * with f, τ a contact's force and torque on the sphere (centre x), v_w the wall's material velocity at the contact
 * point x − d n (docs/physics.md §1.6 "Moving and rotating walls").
 */
import type { Simulation } from '../engine/simulation.js';
import { WALL_CANDIDATE, WALL_CANDIDATE_STRIDE } from '../kernel-interface/layout.js';
import { MOTION, MOTION_STRIDE } from '../walls/motion.js';
import type { WallMotion } from '../walls/build.js';
import type { LinePlot } from '../plot/line-plot.js';

/** Values per driven wall, in column order. */
const COLUMNS = ['fx', 'fy', 'fz', 'torque', 'power'] as const;

/** Indices of the scenario's driven walls. */
export function drivenWalls(motion: readonly WallMotion[]): number[] {
  const driven: number[] = [];
  motion.forEach((m, w) => {
    const moves = m.velocity.some((v) => v !== 0) || m.rotation !== null || m.surfaceVelocity !== null;
    if (moves) driven.push(w);
  });
  return driven;
}

/** series.csv columns of the driven walls: wall<k>_fx … wall<k>_power (N, N m, W). */
export function wallLoadHeader(driven: readonly number[]): string[] {
  return driven.flatMap((w) => COLUMNS.map((c) => `wall${w}_${c}`));
}

/** The driven walls' loads after the simulation's last step, in wallLoadHeader's order. */
export function wallLoads(sim: Simulation, driven: readonly number[]): number[] {
  if (driven.length === 0) return [];
  const { walls: list, wallStates, st } = sim;
  const state = wallStates.state;
  const sums = new Float64Array(COLUMNS.length * wallStates.count);
  const slot = new Int32Array(wallStates.count).fill(-1);
  driven.forEach((w, k) => { slot[w] = k; });
  const c = list.candidateGeometry;
  for (let s = 0; s < list.count; s++) {
    const w = list.owner[list.second[s]], k = slot[w];
    const o = WALL_CANDIDATE_STRIDE * s;
    const delta = c[o + WALL_CANDIDATE.delta];
    if (k < 0 || !(delta > 0)) continue;
    const p = list.first[s], m = MOTION_STRIDE * w;
    const fx = c[o + WALL_CANDIDATE.force], fy = c[o + WALL_CANDIDATE.force + 1], fz = c[o + WALL_CANDIDATE.force + 2];
    const tx = c[o + WALL_CANDIDATE.torque], ty = c[o + WALL_CANDIDATE.torque + 1], tz = c[o + WALL_CANDIDATE.torque + 2];
    const nx = c[o + WALL_CANDIDATE.normal], ny = c[o + WALL_CANDIDATE.normal + 1], nz = c[o + WALL_CANDIDATE.normal + 2];
    const d = st.radius[p] - delta;
    // Torque on the sphere about the pivot, and about the contact point (for the power).
    const rx = st.pos[3 * p] - state[m + MOTION.pivot], ry = st.pos[3 * p + 1] - state[m + MOTION.pivot + 1];
    const rz = st.pos[3 * p + 2] - state[m + MOTION.pivot + 2];
    const Lx = ry * fz - rz * fy + tx, Ly = rz * fx - rx * fz + ty, Lz = rx * fy - ry * fx + tz;
    const Cx = d * (ny * fz - nz * fy) + tx, Cy = d * (nz * fx - nx * fz) + ty, Cz = d * (nx * fy - ny * fx) + tz;
    const wx = state[m + MOTION.spin], wy = state[m + MOTION.spin + 1], wz = state[m + MOTION.spin + 2];
    const vw = o + WALL_CANDIDATE.wallVelocity;
    const rotation = sim.setup.walls.motion[w].rotation;
    const [ax, ay, az] = rotation?.axis ?? [0, 0, 0];
    const b = COLUMNS.length * k;
    sums[b] -= fx; sums[b + 1] -= fy; sums[b + 2] -= fz;
    sums[b + 3] -= ax * Lx + ay * Ly + az * Lz;
    sums[b + 4] += fx * c[vw] + fy * c[vw + 1] + fz * c[vw + 2] + wx * Cx + wy * Cy + wz * Cz;
  }
  return Array.from(sums.subarray(0, COLUMNS.length * driven.length));
}

/** Torque (N m) and power (W) of each driven wall against time, from the series rows (header `header`). */
export function wallLoadPlots(
  header: readonly string[], rows: readonly number[][], driven: readonly number[],
): { name: string; plot: LinePlot }[] {
  const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
  const t = column('t');
  const plot = (quantity: 'torque' | 'power', label: string, unit: string): LinePlot => ({
    title: `Driven walls: ${label} against time`,
    subtitle: [quantity === 'torque'
      ? 'torque the spheres exert on the wall about its rotation axis (the drive supplies its opposite)'
      : 'power the drive delivers to the spheres (translation, rotation and surface velocity)'],
    x: { label: 'time t', unit: 's' }, y: { label, unit },
    series: driven.map((w) => ({ name: `walls[${w}]`, x: t, y: column(`wall${w}_${quantity}`) })),
  });
  return [
    { name: 'wall-torque.svg', plot: plot('torque', 'torque on the wall', 'N m') },
    { name: 'wall-power.svg', plot: plot('power', 'drive power', 'W') },
  ];
}
