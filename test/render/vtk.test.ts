/**
 * VTK output for ParaView:
 *  - three spheres written by src/output/vtk.ts equal a hand-written PolyData file (test/fixtures/vtk), element
 *    by element and value by value, in ASCII and in base64 (each block with its own UInt32 byte-count header);
 *  - a run with outputs.vtk writes one well-formed .vtp per output time with N points and the five point arrays,
 *    walls as triangles, and a .pvd listing every time;
 *  - walls that move or are removed: each time's walls file has the gate until its removeAt and not after, and the
 *    cylinder's vertices lifted by v·(t − start).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { particlesVtp } from '../../src/output/vtk.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { loadScenarioFile } from '../../src/scenario/load.js';

const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false,
  ignoreDeclaration: true, commentPropName: false as unknown as string,
  isArray: (name) => ['DataArray', 'DataSet'].includes(name),
});

/** DataArray text → numbers: ASCII, or base64 of [UInt32 byte count][little-endian values]. */
function values(array: Record<string, string>): number[] {
  const text = (array['#text'] ?? '').trim();
  if (array.format === 'ascii') return text === '' ? [] : text.split(/\s+/).map(Number);
  const header = Buffer.from(text.slice(0, 8), 'base64');
  const bytes = Buffer.from(text.slice(8), 'base64');
  expect(header.readUInt32LE(0)).toBe(bytes.length);
  const Type = array.type === 'Float32' ? Float32Array : Int32Array;
  return Array.from(new Type(bytes.buffer, bytes.byteOffset, bytes.length / 4));
}

/** The parsed file with every DataArray reduced to its attributes (format aside) and numbers. */
function normalise(xml: string): any {
  expect(XMLValidator.validate(xml)).toBe(true);
  const walk = (node: any): any => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return typeof node === 'string' ? node.trim() : node;
    const out: any = {};
    for (const [key, child] of Object.entries(node)) {
      if (key === 'DataArray') {
        out[key] = (child as any[]).map((a) => ({ type: a.type, Name: a.Name, NumberOfComponents: a.NumberOfComponents, values: values(a) }));
      } else if (key !== '#text') {
        out[key] = walk(child);
      }
    }
    return out;
  };
  return walk(parser.parse(xml));
}

const threeSpheres = {
  position: [0, 0, 0.5, 1, 0.25, 0.5, -2, 1, 0.125],
  radius: [0.5, 0.25, 0.125],
  velocity: [1, 0, 0, 0, -1, 0, 0, 0, 2],
  angularVelocity: [0, 0, 0, 0, 0, 4, 8, 0, 0],
  material: [0, 1, 0],
};

describe('particlesVtp', () => {
  const expected = normalise(fs.readFileSync('test/fixtures/vtk/three-spheres.vtp', 'utf8'));

  it('matches the hand-written three-sphere file in ASCII', () => {
    expect(normalise(particlesVtp(threeSpheres, 'ascii'))).toEqual(expected);
  });

  it('matches it in base64 too (what runs write)', () => {
    const xml = particlesVtp(threeSpheres, 'base64');
    expect(xml).toMatch(/format="binary">[A-Za-z0-9+/]{6}==/); // the header block is encoded on its own
    expect(normalise(xml)).toEqual(expected);
  });
});

describe('a run with outputs.vtk', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-vtk-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('writes one .vtp per output time with every particle and array, walls, and the .pvd', async () => {
    const scenario = editedScenario('test/fixtures/render-2k.json', (s) => { s.time.duration = 0.002; });
    const setup = createSetup(scenario, { workers: 1 });
    const out = path.join(scratch, 'run');
    await runToDirectory(setup, out);
    const times = [0, 0.001, 0.002];
    const pvd = parser.parse(fs.readFileSync(path.join(out, 'particles.pvd'), 'utf8'));
    const sets = pvd.VTKFile.Collection.DataSet as Record<string, string>[];
    expect(sets.filter((s) => s.part === '0').map((s) => Number(s.timestep))).toEqual(times);
    expect(sets.filter((s) => s.part === '1').every((s) => s.file === 'vtk/walls.vtp')).toBe(true);

    const lastFile = sets.filter((s) => s.part === '0').at(-1)!.file;
    const last = normalise(fs.readFileSync(path.join(out, lastFile), 'utf8')).VTKFile.PolyData.Piece;
    const n = setup.particles.n;
    expect(n).toBe(2000);
    expect(last.NumberOfPoints).toBe(String(n));
    expect(last.PointData.DataArray.map((a: any) => [a.Name, a.values.length])).toEqual([
      ['radius', n], ['velocity', 3 * n], ['angular_velocity', 3 * n], ['id', n], ['material', n],
    ]);
    expect(last.Points.DataArray[0].values).toHaveLength(3 * n);
    // Radii by id equal the set-up's (Float32).
    expect(last.PointData.DataArray[0].values).toEqual(Array.from(Float32Array.from(setup.particles.radius)));

    const walls = normalise(fs.readFileSync(path.join(out, 'vtk/walls.vtp'), 'utf8')).VTKFile.PolyData.Piece;
    expect(Number(walls.NumberOfPolys)).toBe(10); // five planes, each a clipped quad of two triangles
    expect(walls.Polys.DataArray[1].values).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
  });

  it('writes the walls where they are at each time: the gate until its removal, the cylinder lifted', async () => {
    const out = path.join(scratch, 'walls');
    await runToDirectory(createSetup(loadScenarioFile('test/fixtures/render-walls.json'), { workers: 1 }), out);
    const pvd = parser.parse(fs.readFileSync(path.join(out, 'particles.pvd'), 'utf8'));
    const sets = pvd.VTKFile.Collection.DataSet as Record<string, string>[];
    const wallSets = sets.filter((s) => s.part === '1');
    expect(wallSets).toHaveLength(11);
    for (const set of wallSets) {
      const t = Number(set.timestep);
      const piece = normalise(fs.readFileSync(path.join(out, set.file), 'utf8')).VTKFile.PolyData.Piece;
      const wallOfCell: number[] = piece.CellData.DataArray[0].values;
      // The gate (wall 0) is two triangles while present; the cylinder (wall 1) 96 facets.
      expect(wallOfCell.filter((w) => w === 0)).toHaveLength(t < 0.004 ? 2 : 0);
      expect(wallOfCell.filter((w) => w === 1)).toHaveLength(96);
      const z: number[] = piece.Points.DataArray[0].values.filter((_: number, k: number) => k % 3 === 2);
      const cylinderZ = z.slice(wallOfCell.indexOf(1) * 3);
      expect(Math.max(...cylinderZ)).toBeCloseTo(0.03 + 2 * Math.max(0, t - 0.002), 6);
    }
  });
});
