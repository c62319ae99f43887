/**
 * Spheres from a CSV file (`"particles": { "file": "bed.csv" }`): what the reader accepts (columns in any order, the
 * optional triples, CRLF, a final newline or not, a byte-order mark, spaces and quotes) and every refusal, each one
 * line under `particles.file` naming the file, the line and the column and what is allowed — for bad values, a bad
 * header, odd files (a FIFO, /dev/zero, a directory, a binary file, a 10 GB file) — and that a file's spheres meet
 * every check a listed sphere meets (overlaps, walls, the periodic box, skin, analyses, the time step's message).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { createSetup } from '../../src/run/setup.js';
import { loadScenarioFile, parseScenario } from '../../src/scenario/load.js';
import { readSphereFile, SPHERE_FILE_FIELD } from '../../src/scenario/sphere-file.js';
import { grainflow } from '../helpers/privileges.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-sphere-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** A file holding `text` (or bytes), by its absolute path. */
function write(text: string | Uint8Array, name = `spheres-${++files}.csv`): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function refusal(action: () => unknown): ScenarioError {
  try {
    action();
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const MATERIALS = ['glass', 'steel'];
const HEADER = 'x,y,z,radius,material\n';

describe('readSphereFile: what it reads', () => {
  it('reads every column, in any order, into the flat arrays; the line order is the sphere order', () => {
    const file = write('material,radius,wz,wy,wx,vz,vy,vx,z,y,x\n'
      + 'steel,0.002,6,5,4,3,2,1,0.3,0.2,0.1\n'
      + 'glass,0.001,-6,-5,-4,-3,-2,-1,-0.3,-0.2,-0.1\n');
    const { spheres, sha256, columns } = readSphereFile(file, MATERIALS);
    expect(spheres.n).toBe(2);
    expect(Array.from(spheres.position)).toEqual([0.1, 0.2, 0.3, -0.1, -0.2, -0.3]);
    expect(Array.from(spheres.velocity)).toEqual([1, 2, 3, -1, -2, -3]);
    expect(Array.from(spheres.angularVelocity)).toEqual([4, 5, 6, -4, -5, -6]);
    expect(Array.from(spheres.radius)).toEqual([0.002, 0.001]);
    expect(Array.from(spheres.material)).toEqual([1, 0]);
    expect(sha256).toBe(createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    expect(columns.get('x')).toBe(11);
    expect(columns.get('material')).toBe(1);
  });

  it('leaves velocity and spin at zero without their columns', () => {
    const { spheres } = readSphereFile(write(`${HEADER}1,2,3,0.5,glass\n`), MATERIALS);
    expect(Array.from(spheres.velocity)).toEqual([0, 0, 0]);
    expect(Array.from(spheres.angularVelocity)).toEqual([0, 0, 0]);
  });

  it('gives every double exactly as JSON.parse reads it from the same digits', () => {
    // Random doubles over many magnitudes, written as JavaScript's shortest round-trip form and as 17 digits.
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const values = Array.from({ length: 3000 }, () => (random() - 0.5) * 10 ** Math.floor(-12 + 17 * random()));
    const lines = [];
    for (let k = 0; k < 1000; k++) {
      const [x, y, z] = values.slice(3 * k, 3 * k + 3).map((v, a) => (a === 0 && k % 2 === 0 ? v.toPrecision(17) : String(v)));
      lines.push(`${x},${y},${z},${random() + 1e-3},glass`);
    }
    const { spheres } = readSphereFile(write(`${HEADER}${lines.join('\n')}\n`), MATERIALS);
    const json = JSON.parse(`[${lines.map((line) => `[${line.split(',').slice(0, 4).join(',')}]`).join(',')}]`) as number[][];
    expect(spheres.position).toEqual(Float64Array.from(json.flatMap((row) => row.slice(0, 3))));
    expect(spheres.radius).toEqual(Float64Array.from(json.map((row) => row[3])));
  });

  const same = `${HEADER}0.1,0.2,0.3,0.01,glass\n-1e-3,2E+2,.5,1.,steel\n`;
  const variants: [string, string | Uint8Array][] = [
    ['CRLF line ends', same.replaceAll('\n', '\r\n')],
    ['no newline after the last line', same.trimEnd()],
    ['empty lines and spaces after the last line', `${same}\n\n  \n\t\n`],
    ['a UTF-8 byte-order mark (Excel)', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(same)])],
    ['spaces around the fields', ' x , y,z ,radius,  material\n0.1 , 0.2,0.3,0.01 ,glass\n -1e-3,2E+2,.5,1.,steel \n'],
    ['double quotes around the fields (R write.csv)', '"x","y","z","radius","material"\n0.1,0.2,0.3,0.01,"glass"\n"-1e-3",2E+2,.5,1.,"steel"\n'],
  ];
  it.each(variants)('reads the same spheres from a file with %s', (_, text) => {
    const expected = readSphereFile(write(same), MATERIALS).spheres;
    expect(readSphereFile(write(text), MATERIALS).spheres).toEqual(expected);
  });

  it('reads a quoted material name holding a comma or a doubled quote', () => {
    const { spheres } = readSphereFile(write(`${HEADER}0,0,0,1,"a, ""b"""\n`), ['glass', 'a, "b"']);
    expect(spheres.material[0]).toBe(1);
  });
});

describe('readSphereFile: every refusal is one line naming the file, the line, the column and the range', () => {
  /** [what, the file's text, the message after "particles.file: <file>"] */
  const bad: [string, string, string][] = [
    ['an empty file', '', ' is empty; the first line must name the columns, e.g. "x,y,z,radius,material"'],
    ['an empty first line', `\n${HEADER}1,2,3,0.1,glass\n`, ' line 1: the line is empty; the first line must name the columns, e.g. "x,y,z,radius,material"'],
    ['a header and no spheres', HEADER, ' has a header but no spheres; each line after the header is one sphere (x, y, z, radius, material, vx, vy, vz, wx, wy, wz)'],
    ['no header', '0.1,0.2,0.3,0.01,glass\n', ' line 1, column 1: "0.1" is not a column name: the first line must be the header (the header must name the columns x, y, z, radius, material and optionally vx, vy, vz and wx, wy, wz)'],
    ['a header commented out (numpy.savetxt)', `# ${HEADER}1,2,3,0.1,glass\n`, ' line 1, column 1: the header starts with "#"; the header must name the columns x, y, z, radius, material and optionally vx, vy, vz and wx, wy, wz, with no "#" before them (numpy.savetxt: pass comments="")'],
    ['a column name in capitals', 'x,y,z,Radius,material\n', ' line 1, column 4: unknown column "Radius" (did you mean "radius"? allowed: x, y, z, radius, material, vx, vy, vz, wx, wy, wz)'],
    ['an id column', `id,${HEADER}`, ' line 1, column 1: unknown column "id" (the sphere ids are the line order: leave the column out; allowed: x, y, z, radius, material, vx, vy, vz, wx, wy, wz)'],
    ['a diameter column', 'x,y,z,diameter,material\n', ' line 1, column 4: unknown column "diameter" (give "radius" (m), half the diameter; allowed: x, y, z, radius, material, vx, vy, vz, wx, wy, wz)'],
    ['a column named twice', 'x,y,z,radius,material,x\n', ' line 1, column 6: column "x" is named a second time (first in column 1)'],
    ['a required column missing', 'x,y,z,radius\n', ' line 1: the header lacks the column material; the header must name the columns x, y, z, radius, material and optionally vx, vy, vz and wx, wy, wz'],
    ['part of a velocity', 'x,y,z,radius,material,vx,vz\n', ' line 1: the header names vx, vz but not vy; give all of vx, vy, vz or none (then they are 0)'],
    ['line ends of CR alone (classic Mac)', `${HEADER}1,2,3,0.1,glass\n`.replaceAll('\n', '\r'), ' line 1: a line ends in CR alone; lines must end in LF or CRLF'],
    ['a line with a field too few', `${HEADER}1,2,3,0.1\n`, ' line 2: 4 fields, but the header names 5 columns (x, y, z, radius, material)'],
    ['a decimal comma', `${HEADER}1,2,3,0,1,glass\n`, ' line 2: 6 fields, but the header names 5 columns (x, y, z, radius, material) (a decimal comma? numbers use a point)'],
    ['an empty line between spheres', `${HEADER}1,2,3,0.1,glass\n\n1,2,4,0.1,glass\n`, ' line 3: the line is empty; every line after the header is one sphere (empty lines only at the end)'],
    ['a word for a number', `${HEADER}1,2,3,0.1,glass\n1,two,3,0.1,glass\n`, ' line 3, column 2 (y): must be a number, e.g. -1.5e-3 (centre y in m); got "two"'],
    ['a number with its unit', `${HEADER}1,2,3,1mm,glass\n`, ' line 2, column 4 (radius): must be a number, e.g. -1.5e-3 (sphere radius in m); got "1mm"'],
    ['a hexadecimal number', `${HEADER}0x10,2,3,0.1,glass\n`, ' line 2, column 1 (x): must be a number, e.g. -1.5e-3 (centre x in m); got "0x10"'],
    ['an empty field', `${HEADER}1,2,3,,glass\n`, ' line 2, column 4 (radius): missing (empty field); must be a number (sphere radius in m)'],
    ['NaN (numpy)', `${HEADER}1,2,nan,0.1,glass\n`, ' line 2, column 3 (z): must be within ±1000000 m (centre z in m); got "nan"'],
    ['an infinite velocity', 'x,y,z,radius,material,vx,vy,vz\n1,2,3,0.1,glass,0,-inf,0\n', ' line 2, column 7 (vy): must be within ±299792458 m/s, the speed of light (velocity y in m/s); got "-inf"'],
    ['a velocity beyond light', 'x,y,z,radius,material,vx,vy,vz\n1,2,3,0.1,glass,3e8,0,0\n', ' line 2, column 6 (vx): must be within ±299792458 m/s, the speed of light (velocity x in m/s); got "3e8"'],
    ['a spin beyond the doubles', 'x,y,z,radius,material,wx,wy,wz\n1,2,3,0.1,glass,0,0,1e999\n', ' line 2, column 8 (wz): must be a finite number (angular velocity z in rad/s); got "1e999"'],
    ['a radius of zero', `${HEADER}1,2,3,0,glass\n`, ' line 2, column 4 (radius): must be a finite number > 0 (sphere radius in m); got "0"'],
    ['a negative radius', `${HEADER}1,2,3,-0.1,glass\n`, ' line 2, column 4 (radius): must be a finite number > 0 (sphere radius in m); got "-0.1"'],
    ['a centre beyond 10^6 m', `${HEADER}1,-2e6,3,0.1,glass\n`, ' line 2, column 2 (y): must be within ±1000000 m (centre y in m); got "-2e6"'],
    ['an unknown material', `${HEADER}1,2,3,0.1,glas\n`, ' line 2, column 5 (material): unknown material "glas"; known materials: "glass", "steel"'],
    ['an unclosed quote', `${HEADER}1,2,3,0.1,"glass\n`, ' line 2, column 5: a double quote opened here is not closed on this line'],
    ['text after a closing quote', `${HEADER}1,2,3,0.1,"glass"y\n`, ' line 2, column 5: text after the closing double quote; a quoted field ends at its quote'],
    ['a field of 2000 bytes', `${HEADER}1,2,3,${'1'.repeat(2000)},glass\n`, ' line 2, column 4: a field of 2000 bytes; numbers and material names are at most 1024 bytes'],
    ['a header of 5000 bytes', `${'x'.repeat(5000)}\n`, ' line 1: the header is 5000 bytes long (at most 4096); the first line must name the columns, e.g. "x,y,z,radius,material"'],
  ];
  it.each(bad)('%s', (_, text, message) => {
    const file = write(text);
    const error = refusal(() => readSphereFile(file, MATERIALS));
    expect(error.field).toBe(SPHERE_FILE_FIELD);
    expect(error.message).toBe(`${SPHERE_FILE_FIELD}: ${file}${message}`);
    expect(error.message).not.toContain('\n');
  });

  it('refuses a binary file at its first NUL byte, naming the line', () => {
    const file = write(Buffer.concat([Buffer.from(`${HEADER}1,2,3,0.1,glass\n`), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2])]));
    expect(refusal(() => readSphereFile(file, MATERIALS)).message)
      .toBe(`particles.file: ${file} line 3: holds a NUL byte: this is a binary file, not CSV text`);
  });

  it('refuses more spheres than allowed before it reads one', () => {
    const file = write(`${HEADER}${'1,2,3,0.1,glass\n'.repeat(11)}`);
    expect(refusal(() => readSphereFile(file, MATERIALS, { maxSpheres: 10 })).message).toBe(`particles.file: ${file} holds 11 lines `
      + 'of spheres; at most 10 explicit spheres are allowed (use insert blocks for larger scenes)');
  });

  it('refuses a file larger than the limit', () => {
    const file = write(`${HEADER}1,2,3,0.1,glass\n`);
    expect(refusal(() => readSphereFile(file, MATERIALS, { maxBytes: 30 })).message).toBe(`particles.file: sphere file ${file} is 38 `
      + 'bytes; the limit is 30 bytes (at most 2000000 spheres; larger scenes use insert blocks)');
  });

  it('refuses a 10 GB file at once, by its size', () => {
    const file = path.join(dir, 'huge.csv');
    fs.writeFileSync(file, HEADER);
    fs.truncateSync(file, 10e9);
    // The size in the message is stat's: a refusal while reading says "holds more than" the limit instead.
    expect(refusal(() => readSphereFile(file, MATERIALS)).message)
      .toBe(`particles.file: sphere file ${file} is 10000000000 bytes; the limit is 1073741824 bytes `
        + '(at most 2000000 spheres; larger scenes use insert blocks)');
    fs.rmSync(file);
  });

  const odd: [string, () => string, string][] = [
    ['a missing file', () => path.join(dir, 'nope.csv'), 'no such file'],
    ['a directory', () => dir, 'it is a directory, not a regular file'],
    ['/dev/zero', () => '/dev/zero', 'it is a character device, not a regular file'],
    ['a FIFO with no writer', () => {
      const fifo = path.join(dir, 'fifo.csv');
      if (!fs.existsSync(fifo)) execFileSync('mkfifo', [fifo]);
      return fifo;
    }, 'it is a FIFO (named pipe), not a regular file'],
  ];
  it.each(odd)('refuses %s without waiting', (_, file, why) => {
    const name = file();
    expect(refusal(() => readSphereFile(name, MATERIALS)).message).toBe(`particles.file: cannot read sphere file ${name}: ${why}`);
  });
});

describe('file spheres in a scenario: the checks of listed spheres', () => {
  const scenario = (file: string, extra: Record<string, unknown> = {}) => ({
    time: { duration: 0.01 },
    materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.7 } },
    particles: { file },
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'glass' }],
    ...extra,
  });
  const two = (z2: number, r = 0.001) => write(`${HEADER}0,0,0.01,${r},glass\n0.0001,0,${z2},${r},glass\n`);

  it('takes the file relative to the scenario file, and keeps its absolute path', () => {
    fs.mkdirSync(path.join(dir, 'case', 'beds'), { recursive: true });
    write(`${HEADER}0,0,0.01,0.001,glass\n`, 'case/beds/bed.csv');
    const file = path.join(dir, 'case', 'scenario.json');
    fs.writeFileSync(file, JSON.stringify(scenario('beds/bed.csv')));
    const checked = loadScenarioFile(file);
    expect(checked.scenario.particles).toEqual({ file: path.join(dir, 'case', 'beds', 'bed.csv') });
    expect(createSetup(checked).particles.n).toBe(1);
  });

  it('refuses overlapping spheres, naming both lines', () => {
    const file = two(0.0115);
    expect(refusal(() => parseScenario(scenario(file))).message).toBe(`particles.file: ${file} line 3, columns 1, 2, 3 (x, y, z): `
      + 'overlaps line 2 by 0.0004967 m (centre distance 0.001503 m < the sum of their radii 0.002 m); explicit particles must not overlap');
  });

  it('refuses a sphere through a wall', () => {
    const file = two(0.0005);
    expect(refusal(() => parseScenario(scenario(file))).message).toBe(`particles.file: ${file} line 3, columns 1, 2, 3 (x, y, z): `
      + 'penetrates walls[0]: its centre is 0.0005 m in front of the plane, closer than its radius 0.001 m');
  });

  it('refuses a sphere outside the periodic box, naming the column of the axis', () => {
    const file = two(0.02);
    const periodic = { min: [-0.01, -0.01, 0], max: [0.01, 0.01, 0.015], axes: ['x', 'y', 'z'] };
    expect(refusal(() => parseScenario(scenario(file, { walls: [], periodic }))).message).toBe(`particles.file: ${file} line 3, `
      + 'column 3 (z): sphere centre z = 0.02 m lies outside the periodic box [0, 0.015) m; every sphere must start inside the box along the periodic axes');
  });

  it('refuses a spin whose surface would pass the speed of light, naming the line and the spin columns', () => {
    const file = write('x,y,z,radius,material,wx,wy,wz\n0,0,0.01,0.001,glass,0,-3e11,0\n');
    expect(refusal(() => parseScenario(scenario(file))).message).toBe(`particles.file: ${file} line 2, columns 6, 7, 8 `
      + '(wx, wy, wz): must be within ±2.99e+11 rad/s per component for a sphere of radius 0.001 m (its surface would '
      + 'move faster than light, 299792458 m/s); got [0,-300000000000,0]');
  });

  it('measures skin and the periodic box against the radii of the file', () => {
    expect(refusal(() => parseScenario(scenario(two(0.02), { skin: 0.005 }))).field).toBe('skin');
    // 2 × (largest diameter 2 mm + default skin 0.3 mm) = 4.6 mm: a box 4 mm long is refused.
    const periodic = { min: [-0.002, -0.002, 0], max: [0.002, 0.002, 0.1], axes: ['x', 'y'] };
    expect(refusal(() => parseScenario(scenario(two(0.02), { walls: [], periodic }))).field).toBe('periodic.max');
  });

  it('counts the file\'s spheres for the analyses and the contact trace', () => {
    const eleven = write(`${HEADER}${Array.from({ length: 11 }, (_, k) => `${0.003 * k},0,0.01,0.001,glass`).join('\n')}`);
    expect(refusal(() => parseScenario(scenario(eleven, { outputs: { contactTrace: true } }))).message)
      .toBe('outputs.contactTrace: is only for runs of at most 10 spheres (a row per contact per step); this scenario has 11');
    expect(() => parseScenario(scenario(two(0.02), { analysis: { type: 'bounces' } }))).not.toThrow();
  });

  it('names the line and columns that set the time step when the run is refused', () => {
    const file = write('x,y,z,radius,material,vx,vy,vz\n0,0,0.01,0.001,glass,0,0,-2.9e8\n');
    const error = refusal(() => createSetup(parseScenario(scenario(file, { time: { duration: 1e4 } }))));
    expect(error.field).toBe('time');
    expect(error.message).toContain(`twice the speed of ${file} line 2, columns 6, 7, 8 (vx, vy, vz)`);
  });

  it('grainflow run: a bad sphere file exits 2 with its one line, no stack trace, and writes nothing', () => {
    const file = write(`${HEADER}0,0,0.01,0.001,glass\n0,0,0.02,zero,glass\n`);
    const input = path.join(dir, 'bad-sphere-file.json');
    fs.writeFileSync(input, JSON.stringify(scenario(path.basename(file))));
    const out = path.join(dir, 'bad-run');
    const r = grainflow(['run', input, '--out', out, '--quiet']);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: invalid scenario: particles.file: ${file} line 3, column 4 (radius): must be a number, `
      + 'e.g. -1.5e-3 (sphere radius in m); got "zero"']);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses a file that is not there when the scenario is read', () => {
    const error = refusal(() => parseScenario(scenario(path.join(dir, 'gone.csv'))));
    expect(error.message).toBe(`particles.file: cannot read sphere file ${path.join(dir, 'gone.csv')}: no such file`);
  });

  const shapes: [string, unknown, string][] = [
    ['a bare path', 'bed.csv', 'particles: must be an array of spheres {position, radius, material} or {"file": "spheres.csv"}; got "bed.csv"'],
    ['a misspelt key', { fil: 'bed.csv' }, 'particles.file: missing; must be a string (CSV file path)'],
    ['a number for the path', { file: 3 }, 'particles.file: must be a string (CSV file path); got 3'],
    ['an empty path', { file: '' }, 'particles.file: must be a non-empty string (CSV file path); got ""'],
  ];
  it.each(shapes)('refuses %s for the file, naming the field', (_, particles, message) => {
    expect(refusal(() => parseScenario({ ...scenario('x'), particles })).message).toBe(message);
  });
});
