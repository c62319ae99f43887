/**
 * Directions as LAMMPS region commands take them: unit vectors written out in full, and the coordinate axis a
 * wall's normal or axis lies along (LAMMPS's cylinders lie along x, y or z; planes along an axis become
 * `fix wall/gran` planes).
 */

/**
 * The unit vector along `v`: the scenario takes any non-zero normal or axis, but LAMMPS normalises it by its length,
 * whose square underflows to 0 for a normal of 1e-300 (ERROR: Illegal region plane normal vector). Scaled by its
 * largest component first, so no square underflows or overflows.
 */
export function unit(v: readonly number[]): number[] {
  const largest = Math.max(...v.map(Math.abs));
  const scaled = v.map((x) => x / largest);
  const length = Math.hypot(...scaled);
  return scaled.map((x) => x / length);
}

/** The axis (0, 1, 2) a direction lies along, or −1 when it is oblique. */
export function axisOf(direction: readonly number[]): number {
  const along = [0, 1, 2].filter((a) => direction[a] !== 0);
  return along.length === 1 ? along[0] : -1;
}
