/**
 * Compact binary frames for the viewer and the exporter, in <run>/frames/:
 *   index.json    — what follows (FrameIndex): per frame its time, where each wall is and the robust colour
 *                   ranges; the extents the camera frames; the wall surfaces
 *   radius.f32    — radius of each particle (m), by id, written once
 *   material.u16  — material index of each particle, by id, written once
 *   walls.f32     — wall triangles at rest, xyz per vertex (m), see wall-surfaces.ts; frame k's `walls` moves
 *                   wall w by its offset, or leaves it out (null: removed by then)
 *   NNNNNN.f32    — per frame: positions xyz (m) then speed (m/s), by id, of the spheres present then: spheres
 *                   poured in during the run take the next ids, so a frame of n spheres holds ids 0..n−1 and its
 *                   length in Float32 values is 4n
 * All binary files are little-endian Float32/Uint16 arrays with no header, so a browser maps them with one
 * typed-array view. Rendering code never runs here: this only writes files.
 */
import fs from 'node:fs';
import type { ScenarioModel } from '../engine/setup.js';
import type { RunOutputDirectory } from './run-directory.js';
import { writeWholeFile } from './file-writes.js';
import { requireFiles } from './resume-check.js';
import type { RunExtents, Snapshot, SnapshotWriter } from './snapshot.js';
import { placeWalls, trianglesBox, type Extent, type WallPlacement, type WallSurfaces } from './wall-surfaces.js';
import { componentQuantiles, grownBox, robustBox, ROBUST_TAIL, unionBox } from './robust-extent.js';

export const FRAMES_DIRECTORY = 'frames';
export const FRAME_INDEX = 'index.json';
export const FRAME_FORMAT = 'grainflow-frames';
/** 2: walls placed per frame, robust colour ranges per frame, camera framing (issue 15) */
export const FRAME_FORMAT_VERSION = 2;

/**
 * A sphere is a stray, left out of the camera's framing, when its centre lies further beyond the robust box of its
 * frame (robust-extent.ts) than this fraction of that box's largest side: a ball that bounced metres away from a
 * heap is, the fringe of the heap's foot and a jet under an orifice are not (issue 28: framing the robust box alone
 * cut the fringe of a pile at the bottom edge of the iso view).
 */
export const STRAY_DISTANCE = 0.5;

/** Robust value ranges of a frame (or a run): between the ROBUST_TAIL quantiles; speed from 0. */
export interface ValueRanges {
  /** m/s */
  speed: [number, number];
  /** height of the centres (m) */
  height: [number, number];
}

export interface FrameEntry {
  /** the requested output time (s): the spheres and walls drawn are where they are at t (spheres-at-time.ts) */
  t: number;
  file: string;
  /** spheres present (ids 0..count−1) */
  count: number;
  /** where each wall is at t: offset from rest (m), or null once removed */
  walls: WallPlacement;
  ranges: ValueRanges;
}

export interface FrameIndex {
  format: typeof FRAME_FORMAT;
  version: number;
  name: string;
  /** spheres at the end of the run (radius.f32 and material.u16 hold this many); a frame may hold fewer */
  particles: number;
  materials: string[];
  /** per-frame file layout: Float32 blocks in this order, each `components` values per particle */
  layout: { name: 'position' | 'speed'; components: number; unit: string }[];
  frames: FrameEntry[];
  radius: { file: string; min: number; max: number };
  material: { file: string };
  walls: { file: string; triangles: number; surfaces: { type: string; material: string; first: number; count: number; rotates: boolean }[] };
  /** extent of the spheres over the whole run (m) */
  bounds: Extent;
  /**
   * What the camera frames (m): `final`, every sphere of the last frame but the strays (STRAY_DISTANCE), each
   * whole (centre ± radius), and the walls other than planes where they are then; `all`, the same of every frame
   * and those walls wherever they were.
   */
  framing: { final: Extent; all: Extent };
  /** the widest of the frames' robust ranges */
  ranges: ValueRanges;
}

export class FrameWriter implements SnapshotWriter {
  private readonly frames: FrameEntry[] = [];
  /** the latest snapshot: it holds every sphere of the run, so its radii and materials are written at the end */
  private last: Snapshot | null = null;
  /** the framed spheres (framedBox) of the last frame and of every frame so far */
  private framedLast: Extent | null = null;
  private framedAll: Extent | null = null;

  /** made with the first file written: a resume refused by load() must leave the run directory as it was */
  private directoryMade = false;

  constructor(private readonly setup: ScenarioModel, private readonly dir: RunOutputDirectory) {}

  save(): unknown {
    return { frames: this.frames, framedLast: this.framedLast, framedAll: this.framedAll };
  }

  load(saved: unknown): void {
    // A checkpoint of an earlier version has no framing: the resumed run frames the frames it writes.
    const s = saved as { frames: FrameEntry[]; framedLast?: Extent | null; framedAll?: Extent | null };
    this.framedLast = s.framedLast ?? null;
    this.framedAll = s.framedAll ?? null;
    // A resumed run's index lists these frames: each must still be there (resume-check.ts).
    requireFiles(s.frames.map((f) => this.path(f.file)), 'the checkpoint lists it among the run\'s frames');
    this.frames.push(...s.frames);
  }

  write(s: Snapshot): void {
    const n = s.position.length / 3;
    const data = new Float32Array(4 * n);
    data.set(s.position);
    // The root of the sum of squares, not Math.hypot (ten times slower in V8): speeds are far from overflow.
    const v = s.velocity;
    for (let p = 0; p < n; p++) {
      const vx = v[3 * p], vy = v[3 * p + 1], vz = v[3 * p + 2];
      data[3 * n + p] = Math.sqrt(vx * vx + vy * vy + vz * vz);
    }
    const file = `${String(this.frames.length).padStart(6, '0')}.f32`;
    this.writeArray(file, data);
    this.frames.push({ t: s.t, file, count: n, walls: s.walls, ranges: frameRanges(data, n) });
    this.last = s;
    this.framedLast = framedBox(s.position, s.radius, s.robust);
    this.framedAll = unionBox(this.framedAll, this.framedLast);
  }

  finish(walls: WallSurfaces, extents: RunExtents): void {
    const { setup } = this;
    const radius = this.last?.radius ?? new Float64Array(0);
    this.writeArray('radius.f32', Float32Array.from(radius));
    this.writeArray('material.u16', Uint16Array.from(this.last?.material ?? []));
    this.writeArray('walls.f32', walls.triangles);
    const materials = setup.table.materialNames;
    // Planes are infinite: their drawn patch follows the spheres, so the camera frames the other walls only.
    const bounded: WallSurfaces = {
      triangles: walls.triangles,
      walls: walls.walls.map((range, k) => (setup.scenario.walls[k].type === 'plane' ? { first: range.first, count: 0 } : range)),
    };
    const wallsBox = (placement: WallPlacement) => trianglesBox(placeWalls(bounded, placement).triangles);
    const placements = new Map(this.frames.map((f) => [JSON.stringify(f.walls), f.walls]));
    const everyPlacement = [...placements.values()].reduce((box, p) => unionBox(box, wallsBox(p)), null as Extent | null);
    const lastWalls = this.frames.at(-1)?.walls;
    const index: FrameIndex = {
      format: FRAME_FORMAT,
      version: FRAME_FORMAT_VERSION,
      name: setup.scenario.name,
      particles: radius.length,
      materials,
      layout: [{ name: 'position', components: 3, unit: 'm' }, { name: 'speed', components: 1, unit: 'm/s' }],
      frames: this.frames,
      radius: { file: 'radius.f32', min: radius.reduce((a, b) => Math.min(a, b), Infinity), max: radius.reduce((a, b) => Math.max(a, b), 0) },
      material: { file: 'material.u16' },
      walls: {
        file: 'walls.f32',
        triangles: walls.triangles.length / 9,
        surfaces: walls.walls.map((range, k) => ({
          type: setup.scenario.walls[k].type, material: materials[setup.wallMaterials[k]], ...range,
          rotates: setup.walls.motion[k].rotation !== null,
        })),
      },
      bounds: extents.all,
      framing: {
        final: unionBox(this.framedLast, lastWalls ? wallsBox(lastWalls) : null) ?? extents.all,
        all: unionBox(this.framedAll, everyPlacement) ?? extents.all,
      },
      ranges: runRanges(this.frames.filter((f) => f.count > 0).map((f) => f.ranges)),
    };
    writeWholeFile(this.output(FRAME_INDEX), `${JSON.stringify(index, null, 1)}\n`);
  }

  private path(name: string): string {
    return this.dir.file(`${FRAMES_DIRECTORY}/${name}`);
  }

  /** The path of a frame file about to be written, its directory made first. */
  private output(name: string): string {
    if (!this.directoryMade) fs.mkdirSync(this.dir.file(FRAMES_DIRECTORY), { recursive: true });
    this.directoryMade = true;
    return this.path(name);
  }

  private writeArray(name: string, array: Float32Array | Uint16Array): void {
    writeWholeFile(this.output(name), new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
}

/**
 * The box of the spheres (centres xyz interleaved, radii) the camera frames: each whole, every one but the strays
 * (STRAY_DISTANCE); null for none. `robust` is the centres' robust box (robust-extent.ts), when the caller has it.
 */
export function framedBox(
  position: ArrayLike<number>, radius: ArrayLike<number>, robust = robustBox(position),
): Extent | null {
  if (robust === null) return null;
  const crowd = grownBox(robust, STRAY_DISTANCE * Math.max(...robust.max.map((v, a) => v - robust.min[a])));
  const box: Extent = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  for (let p = 0; p < radius.length; p++) {
    const b = 3 * p, r = radius[p];
    let stray = false;
    for (let a = 0; a < 3; a++) if (position[b + a] < crowd.min[a] || position[b + a] > crowd.max[a]) stray = true;
    if (stray) continue;
    for (let a = 0; a < 3; a++) {
      box.min[a] = Math.min(box.min[a], position[b + a] - r);
      box.max[a] = Math.max(box.max[a], position[b + a] + r);
    }
  }
  return box;
}

function runRanges(frames: ValueRanges[]): ValueRanges {
  if (frames.length === 0) return { speed: [0, 0], height: [0, 0] };
  // reduce, not Math.max(...): a long run has more frames than a call takes arguments.
  return {
    speed: [0, frames.reduce((m, r) => Math.max(m, r.speed[1]), 0)],
    height: [frames.reduce((m, r) => Math.min(m, r.height[0]), Infinity), frames.reduce((m, r) => Math.max(m, r.height[1]), -Infinity)],
  };
}

/** Robust speed and height ranges of one frame's data (positions then speeds of n spheres). */
function frameRanges(data: Float32Array, n: number): ValueRanges {
  if (n === 0) return { speed: [0, 0], height: [0, 0] };
  const [speed] = componentQuantiles(data.subarray(3 * n), 1, 0, [1 - ROBUST_TAIL]);
  const [low, high] = componentQuantiles(data.subarray(0, 3 * n), 3, 2, [ROBUST_TAIL, 1 - ROBUST_TAIL]);
  return { speed: [0, speed], height: [low, high] };
}
