// The numbers of a run's frame files, checked where the page reads them to draw (each file is read once): a
// position or radius that is NaN or infinite (a frame file edited by hand) would draw its sphere nowhere, and such a
// vertex of walls.f32 its wall triangle, without a word. The file sizes are checked before a browser starts
// (src/render/export.ts checkFrameFiles); the values only here, since reading every frame a second time for them
// costs what the page's own read already pays.

/** A frame file holding a number the page cannot draw: `file` relative to the run ("frames/000003.f32"). */
export class DamagedFrameError extends Error {
  constructor(file, problem) {
    super(`${file} ${problem}`);
    this.name = 'DamagedFrameError';
    this.file = file;
    this.problem = problem;
  }
}

/** The first item (counted from 0) of `values`, `components` numbers an item, with one not finite; -1 if none. */
export function firstNonFinite(values, components) {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) return Math.floor(i / components);
  }
  return -1;
}

/**
 * Throws DamagedFrameError naming `file` and the first `item` ("sphere", "triangle") whose `what` (its `components`
 * numbers in `values`: 3 for a sphere's position, 1 for its radius, 9 for a triangle's vertices) is not all finite.
 */
export function checkFinite(file, values, components, item, what) {
  const first = firstNonFinite(values, components);
  if (first < 0) return;
  // Float32's own precision, 7 digits: 0.0200985 rather than the double 0.020098499953746796.
  const numbers = Array.from(values.subarray(components * first, components * (first + 1)), (v) => String(+v.toPrecision(7)))
    .join(', ');
  throw new DamagedFrameError(file, `gives ${item} ${first} (counted from 0) the ${what} ${numbers}, not a finite number`);
}
