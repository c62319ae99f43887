/**
 * STL reader (ASCII and binary). Returns the triangles' vertex coordinates as read (9 numbers per triangle,
 * the file's own units; scaling happens in build.ts). The facet normals in the file are ignored: the winding
 * and the vertices define the triangle, and many exporters write zero or stale normals.
 *
 * Format detection: a binary file is an 80-byte header, a uint32 triangle count and 50 bytes per triangle, so its
 * size is exactly 84 + 50·count. That test decides, because binary exporters often start the header with "solid"
 * too; anything else must be ASCII starting with "solid".
 */
import { ScenarioError } from '../base/scenario-error.js';

/** Largest STL file read (bytes): a guard against pointing the scenario at the wrong file. */
export const MAX_STL_BYTES = 256 * 1024 * 1024;
/** Largest triangle count accepted: wall meshes are boundaries, not particle data. */
export const MAX_STL_TRIANGLES = 2_000_000;

export interface StlTriangles {
  /** 9 numbers per triangle: a, b, c */
  coords: Float64Array;
  count: number;
  format: 'ascii' | 'binary';
}

/** Parses an STL file's bytes; problems are ScenarioErrors naming `field` (e.g. `walls[2].file`). */
export function parseStl(bytes: Uint8Array, field: string): StlTriangles {
  if (bytes.length > MAX_STL_BYTES) {
    throw new ScenarioError(field, `STL file is ${bytes.length} bytes; the limit is ${MAX_STL_BYTES} bytes`);
  }
  if (bytes.length >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(80, true);
    if (bytes.length === 84 + 50 * count) return parseBinary(view, count, field);
    // Text never holds NUL bytes; float32 data almost always does.
    if (bytes.includes(0)) {
      throw new ScenarioError(field,
        `binary STL of ${bytes.length} bytes, but its header counts ${count} triangles, which need ` +
        `${84 + 50 * count} bytes (file truncated or corrupt)`);
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  if (!/^\s*solid\b/.test(text)) {
    throw new ScenarioError(field,
      `not an STL file: not ASCII STL (must start with "solid") and its size ${bytes.length} bytes is not ` +
      '84 + 50·(triangle count) as binary STL requires');
  }
  return parseAscii(text, field);
}

function parseBinary(view: DataView, count: number, field: string): StlTriangles {
  checkCount(count, field);
  const coords = new Float64Array(9 * count);
  for (let t = 0; t < count; t++) {
    // Each record: normal (3 float32), three vertices (9 float32), attribute byte count (uint16).
    const base = 84 + 50 * t + 12;
    for (let k = 0; k < 9; k++) coords[9 * t + k] = view.getFloat32(base + 4 * k, true);
  }
  checkFinite(coords, field);
  return { coords, count, format: 'binary' };
}

function parseAscii(text: string, field: string): StlTriangles {
  const values: number[] = [];
  let facetVertices = 0;
  let facets = 0;
  const lines = text.split(/\r?\n/);
  for (let l = 0; l < lines.length; l++) {
    const words = lines[l].trim().split(/\s+/);
    const keyword = words[0].toLowerCase();
    if (keyword === 'facet') {
      facetVertices = 0;
    } else if (keyword === 'vertex') {
      const xyz = words.slice(1, 4).map(Number);
      if (words.length !== 4 || xyz.some((v) => !Number.isFinite(v))) {
        throw new ScenarioError(field, `ASCII STL line ${l + 1}: expected "vertex x y z" with 3 finite numbers; got "${lines[l].trim()}"`);
      }
      values.push(...xyz);
      facetVertices++;
    } else if (keyword === 'endfacet') {
      if (facetVertices !== 3) {
        throw new ScenarioError(field, `ASCII STL line ${l + 1}: a facet must have 3 vertices; this one has ${facetVertices}`);
      }
      if (++facets > MAX_STL_TRIANGLES) checkCount(facets, field);
    }
  }
  if (values.length !== 9 * facets) {
    throw new ScenarioError(field, 'ASCII STL: vertices outside "facet … endfacet" blocks (file truncated?)');
  }
  checkCount(facets, field);
  return { coords: Float64Array.from(values), count: facets, format: 'ascii' };
}

function checkCount(count: number, field: string): void {
  if (count === 0) throw new ScenarioError(field, 'STL file holds no triangles');
  if (count > MAX_STL_TRIANGLES) {
    throw new ScenarioError(field, `STL file holds ${count} triangles; the limit is ${MAX_STL_TRIANGLES}`);
  }
}

function checkFinite(coords: Float64Array, field: string): void {
  for (let k = 0; k < coords.length; k++) {
    if (!Number.isFinite(coords[k])) {
      throw new ScenarioError(field, `binary STL: triangle ${Math.floor(k / 9)} has a non-finite coordinate (${coords[k]})`);
    }
  }
}
