/**
 * VTK XML files for ParaView (outputs.vtk): per output time <run>/vtk/particles-NNNNNN.vtp, one PolyData of
 * vertices (one per sphere, by id) with point data radius (m), velocity (m/s), angular_velocity (rad/s), id and
 * material; the wall triangles where the walls are: <run>/vtk/walls.vtp when they never move, else one
 * walls-NNNNNN.vtp per placement (NNNNNN: the first output time it holds from; a removed wall is left out); and
 * <run>/particles.pvd, the time collection that ParaView opens (the walls of the time as a second block of every
 * step). Render the spheres with ParaView's Point Gaussian
 * representation scaled by `radius`, or a Glyph filter.
 *
 * Arrays are written inline as base64 (each block preceded by its own base64-encoded UInt32 byte count, as
 * VTK's reader expects), which keeps the files valid XML at a third of the size of ASCII; ASCII is kept for
 * readable test files.
 */
import fs from 'node:fs';
import type { RunOutputDirectory } from './run-directory.js';
import { writeWholeFile } from './file-writes.js';
import { requireFiles } from './resume-check.js';
import type { Snapshot, SnapshotWriter } from './snapshot.js';
import { placeWalls, type WallPlacement, type WallSurfaces } from './wall-surfaces.js';

export type VtkEncoding = 'ascii' | 'base64';

export const VTK_DIRECTORY = 'vtk';
export const PVD_FILE = 'particles.pvd';

interface DataArray {
  name: string;
  components: number;
  values: Float32Array | Int32Array;
}

export interface ParticleArrays {
  /** by particle id, xyz interleaved */
  position: ArrayLike<number>;
  radius: ArrayLike<number>;
  velocity: ArrayLike<number>;
  angularVelocity: ArrayLike<number>;
  material: ArrayLike<number>;
}

export function particlesVtp(p: ParticleArrays, encoding: VtkEncoding): string {
  const n = p.radius.length;
  const ids = Int32Array.from({ length: n }, (_, k) => k);
  const pointData: DataArray[] = [
    { name: 'radius', components: 1, values: Float32Array.from(p.radius) },
    { name: 'velocity', components: 3, values: Float32Array.from(p.velocity) },
    { name: 'angular_velocity', components: 3, values: Float32Array.from(p.angularVelocity) },
    { name: 'id', components: 1, values: ids },
    { name: 'material', components: 1, values: Int32Array.from(p.material) },
  ];
  return polyData(n, Float32Array.from(p.position), pointData, 'Verts', ids, Int32Array.from(ids, (k) => k + 1), encoding);
}

export function wallsVtp(walls: WallSurfaces, encoding: VtkEncoding): string {
  const vertices = walls.triangles.length / 3;
  const triangles = vertices / 3;
  const wall = new Int32Array(triangles);
  walls.walls.forEach((r, k) => wall.fill(k, r.first, r.first + r.count));
  const cellData: DataArray[] = [{ name: 'wall', components: 1, values: wall }];
  const connectivity = Int32Array.from({ length: vertices }, (_, k) => k);
  const offsets = Int32Array.from({ length: triangles }, (_, k) => 3 * (k + 1));
  return polyData(vertices, walls.triangles, [], 'Polys', connectivity, offsets, encoding, cellData);
}

export function pvdCollection(steps: { t: number; files: string[] }[]): string {
  const lines = steps.flatMap(({ t, files }) =>
    files.map((file, part) => `    <DataSet timestep="${t}" part="${part}" file="${file}"/>`));
  return `<?xml version="1.0"?>
<VTKFile type="Collection" version="1.0" byte_order="LittleEndian" header_type="UInt32">
  <Collection>
${lines.join('\n')}
  </Collection>
</VTKFile>
`;
}

function polyData(
  points: number, position: Float32Array, pointData: DataArray[], cellKind: 'Verts' | 'Polys',
  connectivity: Int32Array, offsets: Int32Array, encoding: VtkEncoding, cellData: DataArray[] = [],
): string {
  const arrays = (list: DataArray[]) => list.map((a) => dataArray(a, encoding)).join('');
  const counts = { Verts: 0, Lines: 0, Strips: 0, Polys: 0, [cellKind]: offsets.length };
  return `<?xml version="1.0"?>
<VTKFile type="PolyData" version="1.0" byte_order="LittleEndian" header_type="UInt32">
  <PolyData>
    <Piece NumberOfPoints="${points}" NumberOfVerts="${counts.Verts}" NumberOfLines="0" NumberOfStrips="0" NumberOfPolys="${counts.Polys}">
      <PointData${pointData.length ? ' Scalars="radius" Vectors="velocity"' : ''}>
${arrays(pointData)}      </PointData>
      <CellData>
${arrays(cellData)}      </CellData>
      <Points>
${dataArray({ name: 'position', components: 3, values: position }, encoding)}      </Points>
      <${cellKind}>
${dataArray({ name: 'connectivity', components: 1, values: connectivity }, encoding)}${dataArray({ name: 'offsets', components: 1, values: offsets }, encoding)}      </${cellKind}>
    </Piece>
  </PolyData>
</VTKFile>
`;
}

function dataArray({ name, components, values }: DataArray, encoding: VtkEncoding): string {
  const type = values instanceof Float32Array ? 'Float32' : 'Int32';
  const body = encoding === 'ascii' ? Array.from(values).join(' ') : base64Block(values);
  return `        <DataArray type="${type}" Name="${name}" NumberOfComponents="${components}" format="${encoding === 'ascii' ? 'ascii' : 'binary'}">${body}</DataArray>\n`;
}

function base64Block(values: Float32Array | Int32Array): string {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const header = Buffer.alloc(4);
  header.writeUInt32LE(bytes.length);
  return header.toString('base64') + bytes.toString('base64');
}

export class VtkWriter implements SnapshotWriter {
  private readonly steps: { t: number; files: string[]; walls: WallPlacement }[] = [];

  /** made with the first file written: a resume refused by load() must leave the run directory as it was */
  private directoryMade = false;

  constructor(private readonly dir: RunOutputDirectory) {}

  save(): unknown {
    return { steps: this.steps };
  }

  load(saved: unknown): void {
    const { steps } = saved as { steps: VtkWriter['steps'] };
    // A resumed run's collection lists these files: each must still be there (resume-check.ts).
    requireFiles(steps.flatMap((s) => s.files.map((f) => this.dir.file(f))), 'the checkpoint lists it among the run\'s VTK files');
    this.steps.push(...steps);
  }

  write(s: Snapshot): void {
    const file = `${VTK_DIRECTORY}/particles-${String(this.steps.length).padStart(6, '0')}.vtp`;
    writeWholeFile(this.output(file), particlesVtp(s, 'base64'));
    this.steps.push({ t: s.t, files: [file], walls: s.walls });
  }

  finish(walls: WallSurfaces): void {
    const keys = this.steps.map((step) => JSON.stringify(step.walls));
    const moving = new Set(keys).size > 1;
    const fileOf = new Map<string, string | null>();
    keys.forEach((key, k) => {
      if (fileOf.has(key)) return;
      const placed = placeWalls(walls, this.steps[k].walls);
      const file = `${VTK_DIRECTORY}/${moving ? `walls-${String(k).padStart(6, '0')}` : 'walls'}.vtp`;
      const drawn = placed.triangles.length > 0;
      if (drawn) writeWholeFile(this.output(file), wallsVtp(placed, 'base64'));
      fileOf.set(key, drawn ? file : null);
    });
    const steps = this.steps.map(({ t, files }, k) => {
      const wallFile = fileOf.get(keys[k]);
      return { t, files: wallFile ? [...files, wallFile] : files };
    });
    writeWholeFile(this.dir.file(PVD_FILE), pvdCollection(steps));
  }

  /** The path of a file of the VTK directory about to be written, the directory made first. */
  private output(name: string): string {
    if (!this.directoryMade) fs.mkdirSync(this.dir.file(VTK_DIRECTORY), { recursive: true });
    this.directoryMade = true;
    return this.dir.file(name);
  }
}
