/**
 * Lane segments of a list a phase fills in parallel (issue #26; docs/architecture.md §3 "The neighbour rebuild on the
 * lanes"): every lane writes the items of its contiguous range, in the serial order, into a segment of its own, and
 * the segments are joined in lane order, so the list is the serial one element by element for any lane count and any
 * ranges. Used by the pair search (pair-search.ts) and the wall-candidate search (contacts/wall-candidates.ts).
 *
 * A list is a set of columns (typed arrays, one entry per item). Lane 0 writes straight into the list's columns;
 * lanes 1 … L − 1 write into equal parts of a spare array, the list's history, which is dead while a rebuild
 * rewrites the list (contacts/contact-list.ts beginRebuild, endRebuild): the parallel searches cost no memory per
 * sphere (issue #26 point 4).
 */

export type Column = Float64Array | Int32Array | Uint16Array | Uint8Array;

/** One lane's columns, posted to its thread as plain views of the shared memory. */
export type Segment<S> = { [K in keyof S]: Column };

/** Bytes one item takes in a segment: one entry of every column. */
function itemBytes(columns: object): number {
  let bytes = 0;
  for (const column of Object.values(columns) as Column[]) bytes += column.BYTES_PER_ELEMENT;
  return bytes;
}

/** A view of `length` entries of the same type as `like`, at byte `at` of `buffer`. */
function viewLike<T extends Column>(like: T, buffer: ArrayBufferLike, at: number, length: number): T {
  const View = like.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;
  return new View(buffer, at, length);
}

/**
 * The lanes' segments for a list with these `columns`: lane 0's are the columns themselves, lanes 1 … L − 1 share
 * `spare` in equal parts.
 */
export function laneSegments<S extends Segment<S>>(columns: S, spare: Float64Array, lanes: number): S[] {
  const segments: S[] = [columns];
  if (lanes === 1) return segments;
  // 8-byte aligned parts, the widest columns first in each, so that every column starts on a multiple of its size.
  const partBytes = 8 * Math.floor(spare.byteLength / (8 * (lanes - 1)));
  const items = Math.floor(partBytes / itemBytes(columns));
  const keys = (Object.keys(columns) as (keyof S)[]).sort((a, b) => columns[b].BYTES_PER_ELEMENT - columns[a].BYTES_PER_ELEMENT);
  for (let k = 0; k < lanes - 1; k++) {
    let at = spare.byteOffset + k * partBytes;
    const segment = {} as S;
    for (const key of keys) {
      segment[key] = viewLike(columns[key], spare.buffer, at, items) as S[keyof S];
      at += items * columns[key].BYTES_PER_ELEMENT;
    }
    segments.push(segment);
  }
  return segments;
}

/** Entries of a segment (every column has as many). */
function segmentLength(segment: object): number {
  for (const column of Object.values(segment) as Column[]) return column.length;
  return 0;
}

/**
 * The list capacity a fill whose lanes found `counts` items needs: all of them in the list, and each lane's in its
 * part of the list's spare history (`spareBytesPerItem` bytes per item of capacity). 0 when the segments held them all.
 */
export function capacityNeeded(
  counts: ArrayLike<number>, lanes: number, segments: object[], spareBytesPerItem: number,
): number {
  let total = 0, overflow = false, largest = 0;
  for (let k = 0; k < lanes; k++) {
    total += counts[k];
    if (counts[k] > segmentLength(segments[k])) overflow = true;
    if (k > 0) largest = Math.max(largest, counts[k]);
  }
  if (!overflow && total <= segmentLength(segments[0])) return 0;
  // A part of P items needs P·itemBytes bytes plus up to 8 lost to alignment.
  const forLanes = Math.ceil(((itemBytes(segments[0]) * largest + 8) * (lanes - 1)) / spareBytesPerItem);
  return Math.max(total, forLanes);
}

/** Moves lanes 1 … L − 1's items after lane 0's in the list's columns, in lane order; returns the list's item count. */
export function joinSegments<S extends Segment<S>>(segments: S[], counts: ArrayLike<number>, lanes: number): number {
  const columns = segments[0];
  let count = counts[0];
  for (let k = 1; k < lanes; k++) {
    const part = segments[k], m = counts[k];
    for (const key of Object.keys(columns) as (keyof S)[]) columns[key].set(part[key].subarray(0, m), count);
    count += m;
  }
  return count;
}
