/**
 * A pinhole camera as the exporter records it (camera.json): where a world point lands in the image, to check
 * rendered pixels against positions computed independently of three.js.
 */
export type V = number[];
export const sub = (a: V, b: V) => a.map((x, i) => x - b[i]);
export const dotp = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const crossp = (a: V, b: V) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const unit = (a: V) => a.map((x) => x / Math.hypot(...a));

/** Pixel of a world point through a pinhole camera looking from `position` at `target` (y axis down). */
export function projector(camera: { position: V; target: V; up: V; fovDegrees: number; width: number; height: number }) {
  const forward = unit(sub(camera.target, camera.position));
  const right = unit(crossp(forward, camera.up));
  const up = crossp(right, forward);
  const focal = camera.height / 2 / Math.tan((camera.fovDegrees * Math.PI) / 360);
  return (p: V) => {
    const d = sub(p, camera.position);
    const depth = dotp(d, forward);
    return [camera.width / 2 + (focal * dotp(d, right)) / depth, camera.height / 2 - (focal * dotp(d, up)) / depth];
  };
}

