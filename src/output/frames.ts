/**
 * Compact binary frames for the viewer and the exporter, in <run>/frames/:
 *   index.json    — what follows, the frame times, bounds and value ranges (FrameIndex)
 *   radius.f32    — radius of each particle (m), by id, written once
 *   material.u16  — material index of each particle, by id, written once
 *   walls.f32     — wall triangles, xyz per vertex (m), see wall-surfaces.ts
 *   NNNNNN.f32    — per frame: positions xyz (m) then speed (m/s), by id, of the spheres present then: spheres
 *                   poured in during the run take the next ids, so a frame of n spheres holds ids 0..n−1 and its
 *                   length in Float32 values is 4n
 * All binary files are little-endian Float32/Uint16 arrays with no header, so a browser maps them with one
 * typed-array view. Rendering code never runs here: this only writes files.
 */
import fs from 'node:fs';
import type { SimulationSetup } from '../engine/setup.js';
import type { RunOutputDirectory } from './run-directory.js';
import { writeWholeFile } from './file-writes.js';
import { requireFiles } from './resume-check.js';
import type { Snapshot, SnapshotWriter } from './snapshot.js';
import type { Extent, WallSurfaces } from './wall-surfaces.js';

export const FRAMES_DIRECTORY = 'frames';
export const FRAME_INDEX = 'index.json';
export const FRAME_FORMAT = 'grainflow-frames';
export const FRAME_FORMAT_VERSION = 1;

export interface FrameIndex {
  format: typeof FRAME_FORMAT;
  version: number;
  name: string;
  /** spheres at the end of the run (radius.f32 and material.u16 hold this many); a frame may hold fewer */
  particles: number;
  materials: string[];
  /** per-frame file layout: Float32 blocks in this order, each `components` values per particle */
  layout: { name: 'position' | 'speed'; components: number; unit: string }[];
  frames: { t: number; file: string }[];
  radius: { file: string; min: number; max: number };
  material: { file: string };
  walls: { file: string; triangles: number; surfaces: { type: string; material: string; first: number; count: number }[] };
  /** extent of the spheres over the whole run (m) */
  bounds: Extent;
  /** smallest and largest value over all frames: speed (m/s), height of the centres (m) */
  ranges: { speed: [number, number]; height: [number, number] };
}

export class FrameWriter implements SnapshotWriter {
  private readonly frames: FrameIndex['frames'] = [];
  private readonly speedRange: [number, number] = [Infinity, -Infinity];
  private readonly heightRange: [number, number] = [Infinity, -Infinity];
  /** the latest snapshot: it holds every sphere of the run, so its radii and materials are written at the end */
  private last: Snapshot | null = null;

  /** made with the first file written: a resume refused by load() must leave the run directory as it was */
  private directoryMade = false;

  constructor(private readonly setup: SimulationSetup, private readonly dir: RunOutputDirectory) {}

  save(): unknown {
    return { frames: this.frames, speedRange: this.speedRange, heightRange: this.heightRange };
  }

  load(saved: unknown): void {
    const s = saved as { frames: FrameIndex['frames']; speedRange: [number, number]; heightRange: [number, number] };
    // A resumed run's index lists these frames: each must still be there (resume-check.ts).
    requireFiles(s.frames.map((f) => this.path(f.file)), 'the checkpoint lists it among the run\'s frames');
    this.frames.push(...s.frames);
    this.speedRange.splice(0, 2, ...s.speedRange);
    this.heightRange.splice(0, 2, ...s.heightRange);
  }

  write(s: Snapshot): void {
    const n = s.position.length / 3;
    const data = new Float32Array(4 * n);
    data.set(s.position);
    for (let p = 0; p < n; p++) {
      const speed = Math.hypot(s.velocity[3 * p], s.velocity[3 * p + 1], s.velocity[3 * p + 2]);
      data[3 * n + p] = speed;
      if (speed < this.speedRange[0]) this.speedRange[0] = speed;
      if (speed > this.speedRange[1]) this.speedRange[1] = speed;
      const z = s.position[3 * p + 2];
      if (z < this.heightRange[0]) this.heightRange[0] = z;
      if (z > this.heightRange[1]) this.heightRange[1] = z;
    }
    const file = `${String(this.frames.length).padStart(6, '0')}.f32`;
    this.writeArray(file, data);
    this.frames.push({ t: s.t, file });
    this.last = s;
  }

  finish(walls: WallSurfaces, extent: Extent): void {
    const { setup } = this;
    const radius = this.last?.radius ?? new Float64Array(0);
    this.writeArray('radius.f32', Float32Array.from(radius));
    this.writeArray('material.u16', Uint16Array.from(this.last?.material ?? []));
    this.writeArray('walls.f32', walls.triangles);
    const materials = setup.table.materialNames;
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
        })),
      },
      bounds: extent,
      ranges: { speed: this.speedRange, height: this.heightRange },
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
