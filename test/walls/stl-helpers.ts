/** Writes triangle soups (9 numbers per triangle) as ASCII or binary STL, for the wall tests. */
import { writeFileSync } from 'node:fs';

export function asciiStl(coords: ArrayLike<number>, name = 'test'): string {
  const lines = [`solid ${name}`];
  for (let t = 0; t < coords.length / 9; t++) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (let v = 0; v < 3; v++) {
      const o = 9 * t + 3 * v;
      lines.push(`      vertex ${coords[o]} ${coords[o + 1]} ${coords[o + 2]}`);
    }
    lines.push('    endloop', '  endfacet');
  }
  lines.push(`endsolid ${name}`);
  return lines.join('\n');
}

/** Binary STL; `header` (≤ 80 bytes) may start with "solid", as some exporters write. */
export function binaryStl(coords: ArrayLike<number>, header = 'solid binary file from a picky exporter'): Uint8Array {
  const count = coords.length / 9;
  const bytes = new Uint8Array(84 + 50 * count);
  bytes.set(new TextEncoder().encode(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 9; k++) view.setFloat32(84 + 50 * t + 12 + 4 * k, coords[9 * t + k], true);
  }
  return bytes;
}

export function writeStl(file: string, content: string | Uint8Array): string {
  writeFileSync(file, content);
  return file;
}
