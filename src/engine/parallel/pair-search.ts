/**
 * The pair search of a neighbour rebuild, spread over the lanes (issue #26; docs/architecture.md §3 "The neighbour
 * rebuild on the lanes").
 *
 * The main thread sorts the spheres (and their periodic ghosts) into the grid's cells (broadphase/grid.ts `bin`: one
 * pass over the spheres, a small part of the rebuild); then every lane searches the rows of a contiguous range of
 * spheres, in ascending order as the serial search visits them, into a segment of its own; the segments are joined
 * in lane order. Rows come in ascending i and the ranges follow each other, so the list is the serial search's
 * element by element, for any lane count and any ranges. The ranges are balanced by the previous build's pairs per
 * sphere: in a pour the dense bed and the dilute cloud above it are different lanes' spheres (Morton order).
 *
 * Where the segments live: lane 0 writes straight into the pair list; lanes 1 … L − 1 write into the list's history
 * array, which is dead between the moment a rebuild sets the touching contacts' state aside and the moment it clears
 * the history of the new list (contacts/contact-list.ts beginRebuild, endRebuild). At least 3 doubles (24 B) of history
 * per pair of capacity hold a pair's 9 B (i, j, image) several times over, so the parallel search costs no memory
 * per sphere (issue #26 point 4: memory per sphere at 10⁶ at or below LAMMPS's).
 */
import { RowBuffer, searchGridRows, type GridCells } from '../../broadphase/grid.js';
import { PlainRowWriter } from '../../broadphase/pairList.js';
import { ImagedRowWriter, type GhostMap, type ImagedPairList } from '../../broadphase/periodic.js';

/** Where one lane writes its pairs: views of the kernel memory, posted to the lane's thread. */
export interface PairSegment {
  i: Int32Array;
  j: Int32Array;
  image: Uint8Array;
}

/** One pair search, as every lane receives it. */
export interface PairSearchJob {
  /** the build's cells; null when no pair can be found */
  cells: GridCells | null;
  /** the periodic ghosts among the cells' items; null without periodic boundaries */
  ghosts: GhostMap | null;
  /** lane k searches the rows of spheres ranges[k] … ranges[k + 1] − 1 and writes them into segments[k] */
  ranges: Int32Array;
  segments: PairSegment[];
}

/**
 * A lane's part of `job`: the rows of its range of spheres, written into its segment while they fit. Returns the
 * pairs found, written or not, so the caller can tell a segment that was too small.
 */
export function searchLaneRows(
  job: PairSearchJob, lane: number, pos: Float64Array, radius: Float64Array, buffer: RowBuffer,
): number {
  const { cells, ghosts } = job;
  if (cells === null) return 0;
  const writer = ghosts === null ? new PlainRowWriter() : new ImagedRowWriter(ghosts);
  writer.begin(job.segments[lane]);
  searchGridRows(cells, pos, radius, job.ranges[lane], job.ranges[lane + 1], writer, buffer);
  return writer.count;
}

/** Bytes of one pair in a segment: i, j (Int32) and image (Uint8). */
const SEGMENT_PAIR_BYTES = 9;

/**
 * The lanes' segments for a search into `list`: lane 0's is the list itself, lanes 1 … L − 1 share `spare` (the
 * list's history array, dead while the list is being rewritten) in equal parts.
 */
export function laneSegments(list: ImagedPairList, spare: Float64Array, lanes: number): PairSegment[] {
  const segments: PairSegment[] = [{ i: list.i, j: list.j, image: list.image }];
  if (lanes === 1) return segments;
  // 8-byte aligned parts, so that every part's Int32 arrays start on a multiple of 4.
  const partBytes = 8 * Math.floor(spare.byteLength / (8 * (lanes - 1)));
  const pairs = Math.floor(partBytes / SEGMENT_PAIR_BYTES);
  for (let k = 0; k < lanes - 1; k++) {
    const at = spare.byteOffset + k * partBytes;
    segments.push({
      i: new Int32Array(spare.buffer, at, pairs),
      j: new Int32Array(spare.buffer, at + 4 * pairs, pairs),
      image: new Uint8Array(spare.buffer, at + 8 * pairs, pairs),
    });
  }
  return segments;
}

/**
 * The list capacity a search whose lanes found `counts` pairs needs: all of them in the list, and each lane's in
 * its part of the list's spare history (`spareBytesPerPair` bytes per pair of capacity). 0 when the segments held
 * them all.
 */
export function capacityNeeded(
  counts: ArrayLike<number>, lanes: number, segments: PairSegment[], spareBytesPerPair: number,
): number {
  let total = 0, overflow = false, largest = 0;
  for (let k = 0; k < lanes; k++) {
    total += counts[k];
    if (counts[k] > segments[k].i.length) overflow = true;
    if (k > 0) largest = Math.max(largest, counts[k]);
  }
  if (!overflow && total <= segments[0].i.length) return 0;
  // A part of P pairs needs 9·P bytes plus up to 8 lost to alignment.
  const forLanes = Math.ceil(((SEGMENT_PAIR_BYTES * largest + 8) * (lanes - 1)) / spareBytesPerPair);
  return Math.max(total, forLanes);
}

/** Moves lanes 1 … L − 1's pairs after lane 0's in the list, in lane order; returns the list's pair count. */
export function joinSegments(list: ImagedPairList, segments: PairSegment[], counts: ArrayLike<number>, lanes: number): number {
  let count = counts[0];
  for (let k = 1; k < lanes; k++) {
    const part = segments[k], m = counts[k];
    list.i.set(part.i.subarray(0, m), count);
    list.j.set(part.j.subarray(0, m), count);
    list.image.set(part.image.subarray(0, m), count);
    count += m;
  }
  return count;
}
