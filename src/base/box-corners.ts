/** The 8 corners [x, y, z] of the axis-aligned box from `min` to `max`; corner k takes max on axis a when bit a of k is set. */
export function boxCorners(min: readonly number[], max: readonly number[]): number[][] {
  return [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [0, 1, 2].map((a) => ((k >> a) & 1 ? max[a] : min[a])));
}
