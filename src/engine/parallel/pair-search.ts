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
 * Where the segments live (segments.ts): lane 0 writes straight into the pair list; lanes 1 … L − 1 into the list's
 * history array, dead while the list is rewritten. At least 3 doubles (24 B) of history per pair of capacity hold a
 * pair's 9 B (i, j, image) several times over, so the parallel search costs no memory per sphere (issue #26 point 4:
 * memory per sphere at 10⁶ at or below LAMMPS's).
 */
import { RowBuffer, searchGridRows, type GridCells } from '../../broadphase/grid.js';
import { PlainRowWriter } from '../../broadphase/pairList.js';
import { ImagedRowWriter, type GhostMap, type ImagedPairList } from '../../broadphase/periodic.js';
import type { PairClasses, PairConstantColumns } from '../../contacts/pair-contacts.js';

/** Where one lane writes its pairs: views of the kernel memory, posted to the lane's thread (segments.ts). */
export interface PairSegment {
  i: Int32Array;
  j: Int32Array;
  image: Uint8Array;
}

/** A lane's segment of a build: its pairs, and their class and damping coefficient (contacts/pair-contacts.ts). */
export type BuildSegment = PairSegment & PairConstantColumns;

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

/** A neighbour build's pair search: every lane also writes its pairs' class and damping coefficient. */
export interface PairBuildJob extends PairSearchJob {
  segments: BuildSegment[];
  classes: PairClasses;
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

/** The pair list's columns a search writes: lane 0's segment (segments.ts laneSegments). */
export function pairColumns(list: ImagedPairList): PairSegment {
  return { i: list.i, j: list.j, image: list.image };
}
