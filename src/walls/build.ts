/**
 * Expands the scenario's walls into primitives (primitives.ts): plane → PLANE; cylinder, cone, disk → one REVOLVED
 * segment (a closed cylinder two more, its end caps); silo → wall + floor annulus (REVOLVED); box and STL mesh →
 * TRIANGLEs with welded vertices and edges, so that a sphere touching several triangles of one surface is counted
 * once (src/contacts/wall-kernel.ts). Also the wall motion (prescribed translation and rotation, surface velocity,
 * removal time) and an R-tree over the triangles.
 */
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import { ScenarioError } from '../base/scenario-error.js';
import { MAX_SPEED } from '../base/schema-fields.js';
import { shortNumber, shortUpperBound } from '../base/short-number.js';
import type { WallSpec } from './wall-spec.js';
import { GEO_STRIDE, PrimitiveKind, REVOLVED, revolvedPoint } from './primitives.js';
import { MAX_STL_BYTES, parseStl } from './stl.js';
import { BoxTree } from './triangle-tree.js';

type Vec3 = [number, number, number];

/** Prescribed rotation of a wall (walls/motion.ts). */
export interface WallRotation {
  /** unit vector */
  axis: Vec3;
  /** a point of the axis at rest (m) */
  point: Vec3;
  /** full rate, in revolutions per second: whole turns are then whole numbers (motion.ts turnsAt) */
  turnsPerSecond: number;
  /** s */
  rampTime: number;
  /**
   * largest distance from the axis of the wall's points that the rotation moves (m), for the rebuild criterion:
   * 0 for surfaces of revolution about this axis and planes perpendicular to it, Infinity for other planes
   */
  reach: number;
  /**
   * largest distance of the wall's points from the axis (m), whose speed the rotation's bound holds: Infinity for a
   * wall with a plane, whose surface under a sphere moves at |ω| times the sphere's distance (checked with the spheres)
   */
  farthest: number;
}

export interface WallMotion {
  velocity: Vec3;
  /** s */
  start: number;
  /** s; Infinity: never stops */
  stop: number;
  /** s; Infinity: never removed */
  removeAt: number;
  rotation: WallRotation | null;
  /** m/s in the rest frame; null: none */
  surfaceVelocity: Vec3 | null;
}

export interface WallModel {
  /** scenario walls */
  count: number;
  motion: WallMotion[];
  primitives: number;
  kind: Int32Array;
  /** scenario wall of each primitive */
  owner: Int32Array;
  /** GEO_STRIDE numbers per primitive, rest frame (t = 0) */
  geometry: Float64Array;
  /** per primitive: welded vertex ids v0, v1, v2 and edge ids (v0v1, v1v2, v2v0); −1 for other kinds */
  triangleFeatures: Int32Array;
  /** per edge: its two vertex ids */
  edgeVertices: Int32Array;
  /** PLANE and REVOLVED primitives, tested against every sphere at a rebuild */
  analytic: Int32Array;
  /** bounding boxes of the TRIANGLE primitives, for the candidate search */
  triangles: BoxTree;
  /** degenerate triangles skipped and similar remarks, for the run's warnings */
  warnings: string[];
}

interface Builder {
  kind: number[];
  owner: number[];
  geometry: number[];
  features: number[];
  edgeVertices: number[];
  vertexCount: number;
  warnings: string[];
}

/**
 * The wall model of a scenario's walls (mesh `file` paths as given: load.ts makes them absolute). Built once per
 * run, by the scenario checks (scenario/checks.ts), which hand it to the set-up.
 */
export function buildWallModel(walls: readonly WallSpec[]): WallModel {
  const b: Builder = { kind: [], owner: [], geometry: [], features: [], edgeVertices: [], vertexCount: 0, warnings: [] };
  const motion = walls.map((wall, w) => {
    const first = b.kind.length;
    addWall(b, wall, w);
    return motionOf(b, wall, w, first);
  });
  const primitives = b.kind.length;
  const geometry = new Float64Array(new SharedArrayBuffer(8 * GEO_STRIDE * Math.max(1, primitives)));
  geometry.set(b.geometry);
  const kind = toShared(b.kind);
  const triangleIds: number[] = [];
  const analytic: number[] = [];
  for (let k = 0; k < primitives; k++) (kind[k] === PrimitiveKind.triangle ? triangleIds : analytic).push(k);
  const boxes = new Float64Array(6 * triangleIds.length);
  triangleIds.forEach((k, i) => {
    const g = GEO_STRIDE * k;
    for (let a = 0; a < 3; a++) {
      boxes[6 * i + a] = Math.min(geometry[g + a], geometry[g + 3 + a], geometry[g + 6 + a]);
      boxes[6 * i + 3 + a] = Math.max(geometry[g + a], geometry[g + 3 + a], geometry[g + 6 + a]);
    }
  });
  const model: WallModel = {
    count: walls.length,
    motion,
    primitives,
    kind,
    owner: toShared(b.owner),
    geometry,
    triangleFeatures: toShared(b.features),
    edgeVertices: toShared(b.edgeVertices),
    analytic: Int32Array.from(analytic),
    triangles: BoxTree.pack(boxes, Int32Array.from(triangleIds)),
    warnings: b.warnings,
  };
  return model;
}

/** Shared, so that worker lanes map the wall arrays instead of receiving copies at every rebuild. */
function toShared(values: number[]): Int32Array {
  const a = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, values.length)));
  a.set(values);
  return a;
}

/** The motion of wall w, whose primitives start at `first` in the builder. */
function motionOf(b: Builder, wall: WallSpec, w: number, first: number): WallMotion {
  const spec = wall.motion?.rotation;
  let rotation: WallRotation | null = null;
  if (spec !== undefined) {
    const axis = unitVector(spec.axis, `walls[${w}].motion.rotation.axis`, 'rotation axis direction');
    const point: Vec3 = [...spec.point];
    const { reach, farthest } = rotationExtent(b, first, axis, point);
    if (Number.isFinite(farthest)) checkSurfaceSpeed(w, spec.angularVelocity, farthest, 'this wall, whose points lie');
    rotation = { axis, point, turnsPerSecond: spec.angularVelocity / (2 * Math.PI), rampTime: spec.rampTime, reach, farthest };
  }
  return {
    velocity: wall.motion ? [...wall.motion.velocity] : [0, 0, 0],
    start: wall.motion?.start ?? 0,
    stop: wall.motion?.stop ?? Infinity,
    removeAt: wall.removeAt ?? Infinity,
    rotation,
    surfaceVelocity: surfaceVelocityOf(wall, w),
  };
}

/** A wall's surface velocity; a plane's must lie in the plane (a belt moves along itself). */
function surfaceVelocityOf(wall: WallSpec, w: number): Vec3 | null {
  if ((wall.type !== 'plane' && wall.type !== 'mesh') || wall.surfaceVelocity === undefined) return null;
  const v: Vec3 = [...wall.surfaceVelocity];
  if (wall.type === 'plane') {
    const n = unitVector(wall.normal, `walls[${w}].normal`, 'plane normal pointing into the domain');
    const along = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
    if (Math.abs(along) > 1e-9 * Math.hypot(...v)) {
      throw new ScenarioError(`walls[${w}].surfaceVelocity`,
        `must lie in the plane (perpendicular to normal; m/s); its component along the normal is ${along}`);
    }
  }
  return v;
}

/** Distance (m) of point x from the line through p along unit a. */
function distanceFromAxis(x: ArrayLike<number>, p: ArrayLike<number>, a: ArrayLike<number>): number {
  return farthestFromAxis(x, 1, p, a);
}

/** The largest distance (m) of the n points x y z in `xyz` from the line through p along unit a (0 when n is 0). */
export function farthestFromAxis(xyz: ArrayLike<number>, n: number, p: ArrayLike<number>, a: ArrayLike<number>): number {
  let farthest2 = 0;
  for (let i = 0; i < n; i++) {
    const dx = xyz[3 * i] - p[0], dy = xyz[3 * i + 1] - p[1], dz = xyz[3 * i + 2] - p[2];
    const along = dx * a[0] + dy * a[1] + dz * a[2];
    farthest2 = Math.max(farthest2, dx * dx + dy * dy + dz * dz - along * along);
  }
  return Math.sqrt(farthest2);
}

/** |a × b| of unit vectors: 0 when parallel. */
function sinBetween(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}

/**
 * How far the builder's primitives from `first` on lie from the axis through p along a (m): `reach`, the farthest
 * point the rotation moves towards or away from a sphere (WallRotation.reach), and `farthest`, the farthest point
 * at all, whose surface speed |ω|·farthest the rotation's bound holds (Infinity with a plane).
 */
function rotationExtent(b: Builder, first: number, a: Vec3, p: Vec3): { reach: number; farthest: number } {
  const PARALLEL = 1e-12;
  let reach = 0, farthest = 0;
  for (let k = first; k < b.kind.length; k++) {
    const g = b.geometry.slice(GEO_STRIDE * k, GEO_STRIDE * (k + 1));
    if (b.kind[k] === PrimitiveKind.plane) {
      farthest = Infinity;
      if (sinBetween(g.slice(3, 6), a) > PARALLEL) reach = Infinity;
    } else if (b.kind[k] === PrimitiveKind.revolved) {
      const tilted = g[REVOLVED.tilted] === 1;
      const own = tilted ? g.slice(REVOLVED.axis, REVOLVED.axis + 3) : [0, 0, 1];
      const centre = [g[0], g[1], tilted ? g[REVOLVED.cz] : 0];
      const scale = Math.max(1, ...centre.map(Math.abs), ...p.map(Math.abs));
      // A surface of revolution turning about its own axis stays where it is; its rim moves at |ω| times its radius.
      if (sinBetween(own, a) <= PARALLEL && distanceFromAxis(p, centre, own) <= PARALLEL * scale) {
        farthest = Math.max(farthest, g[2], g[4]);
        continue;
      }
      const extent = Math.hypot(Math.max(g[2], g[4]), Math.max(Math.abs(g[3]), Math.abs(g[5])));
      const distance = distanceFromAxis(centre, p, a) + extent;
      reach = Math.max(reach, distance);
      farthest = Math.max(farthest, distance);
    } else {
      for (const v of [0, 3, 6]) {
        const distance = distanceFromAxis(g.slice(v, v + 3), p, a);
        reach = Math.max(reach, distance);
        farthest = Math.max(farthest, distance);
      }
    }
  }
  return { reach, farthest };
}

/**
 * Refuses a rotation under which a point of the wall would move faster than light, as the format holds a sphere's
 * spin (scenario/checks.ts): beyond it the surface velocity a contact's friction reads overflows, and the run ends in
 * a non-finite state instead of naming the field. `farthest` (m) is the farthest point of the wall from the axis,
 * or for a plane the farthest a sphere starts (scenario/checks.ts); `what` says which, ending before "up to".
 */
export function checkSurfaceSpeed(w: number, angularVelocity: number, farthest: number, what: string): void {
  if (farthest === 0) return;
  const limit = MAX_SPEED / farthest;
  if (Math.abs(angularVelocity) <= limit) return;
  throw new ScenarioError(`walls[${w}].motion.rotation.angularVelocity`, `must be within ±${shortUpperBound(limit)} `
    + `rad/s for ${what} up to ${shortNumber(farthest)} m from the rotation axis (its surface would move faster than `
    + `light there, ${MAX_SPEED} m/s); got ${shortNumber(angularVelocity)}`);
}

/** v / |v|, refusing a zero vector with a message naming `field`. */
function unitVector(v: readonly number[], field: string, what: string): Vec3 {
  const len = Math.hypot(...v);
  if (!(len > 0)) throw new ScenarioError(field, `must not be zero (${what}, any length); got [${v.join(', ')}]`);
  return [v[0] / len, v[1] / len, v[2] / len];
}

/**
 * A surface of revolution's segments [ρ0, z0, ρ1, z1] about a cylinder's or cone's axis: the vertical primitive
 * layout for an upward vertical axis (heights as given for a 2-number centre), the tilted one otherwise.
 */
function pushRevolved(
  b: Builder, w: number, centre: readonly number[], axis: readonly number[], segments: number[][],
): void {
  const a = unitVector(axis, `walls[${w}].axis`, 'axis direction');
  const cz = centre.length === 3 ? centre[2] : 0;
  const vertical = a[0] === 0 && a[1] === 0 && a[2] > 0;
  for (const [r0, z0, r1, z1] of segments) {
    if (vertical && centre.length === 2) push(b, PrimitiveKind.revolved, w, [centre[0], centre[1], r0, z0, r1, z1]);
    else if (vertical) push(b, PrimitiveKind.revolved, w, [centre[0], centre[1], r0, cz + z0, r1, cz + z1]);
    else push(b, PrimitiveKind.revolved, w, [centre[0], centre[1], r0, z0, r1, z1, 1, cz, ...a]);
  }
}

function push(b: Builder, kind: number, owner: number, geo: readonly number[], features = [-1, -1, -1, -1, -1, -1]): void {
  b.kind.push(kind);
  b.owner.push(owner);
  for (let k = 0; k < GEO_STRIDE; k++) b.geometry.push(geo[k] ?? 0);
  b.features.push(...features);
}

function addWall(b: Builder, wall: WallSpec, w: number): void {
  const field = `walls[${w}]`;
  if (wall.motion?.stop !== undefined && !(wall.motion.stop > wall.motion.start)) {
    throw new ScenarioError(`${field}.motion.stop`,
      `must be > motion.start = ${wall.motion.start} s (time the wall stops, in s); got ${wall.motion.stop}`);
  }
  switch (wall.type) {
    case 'plane': {
      const len = Math.hypot(...wall.normal);
      if (len === 0) {
        throw new ScenarioError(`${field}.normal`, 'must not be zero (plane normal pointing into the domain, any length); got [0, 0, 0]');
      }
      push(b, PrimitiveKind.plane, w, [...wall.point, ...wall.normal.map((c) => c / len)]);
      return;
    }
    case 'cylinder': {
      requireAbove(wall.zMax, wall.zMin, `${field}.zMax`, 'zMin');
      const R = wall.radius;
      const caps = wall.closed ? [[0, wall.zMin, R, wall.zMin], [0, wall.zMax, R, wall.zMax]] : [];
      pushRevolved(b, w, wall.center, wall.axis, [[R, wall.zMin, R, wall.zMax], ...caps]);
      return;
    }
    case 'cone':
      requireAbove(wall.zTop, wall.zBottom, `${field}.zTop`, 'zBottom');
      if (wall.bottomDiameter === 0 && wall.topDiameter === 0) {
        throw new ScenarioError(`${field}.topDiameter`, 'bottomDiameter and topDiameter must not both be 0 (diameters in m)');
      }
      pushRevolved(b, w, wall.center, wall.axis,
        [[wall.bottomDiameter / 2, wall.zBottom, wall.topDiameter / 2, wall.zTop]]);
      return;
    case 'disk':
      // A closed cylinder's end cap on its own: the segment from the axis to the rim at the centre's height.
      pushRevolved(b, w, wall.center, wall.axis, [[0, 0, wall.diameter / 2, 0]]);
      return;
    case 'silo': {
      if (!(wall.orificeDiameter < wall.diameter)) {
        throw new ScenarioError(`${field}.orificeDiameter`,
          `must be < diameter = ${wall.diameter} m (orifice diameter in m); got ${wall.orificeDiameter}`);
      }
      const R = wall.diameter / 2;
      push(b, PrimitiveKind.revolved, w, [...wall.center, R, wall.zBottom, R, wall.zBottom + wall.height]);
      push(b, PrimitiveKind.revolved, w, [...wall.center, wall.orificeDiameter / 2, wall.zBottom, R, wall.zBottom]);
      return;
    }
    case 'box': {
      for (let a = 0; a < 3; a++) {
        if (!(wall.min[a] < wall.max[a])) {
          throw new ScenarioError(`${field}.max`,
            `min must be < max on every axis (box corners in m); on ${'xyz'[a]}: min = ${wall.min[a]}, max = ${wall.max[a]}`);
        }
      }
      addTriangles(b, boxTriangles(wall.min, wall.max, wall.openTop), w, field);
      return;
    }
    case 'mesh': {
      const fileField = `${field}.file`;
      const stl = parseStl(readStlFile(wall.file, fileField), fileField);
      const coords = stl.coords;
      for (let k = 0; k < coords.length; k++) coords[k] = coords[k] * wall.scale + wall.translate[k % 3];
      addTriangles(b, coords, w, fileField);
      return;
    }
  }
}

function requireAbove(high: number, low: number, field: string, lowName: string): void {
  if (!(high > low)) throw new ScenarioError(field, `must be > ${lowName} = ${low} (height in m); got ${high}`);
}

/** The bytes of a mesh's STL file: a regular file of at most MAX_STL_BYTES (counted while reading). */
function readStlFile(file: string, field: string): Uint8Array {
  try {
    return readRegularFile(file, MAX_STL_BYTES);
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    throw new ScenarioError(field, error.tooLarge ? `STL file ${file} ${error.message}` : `cannot read STL file ${file}: ${error.message}`);
  }
}

/** The 12 triangles (10 without the top) of an axis-aligned box, 9 numbers each. */
export function boxTriangles(min: readonly number[], max: readonly number[], openTop: boolean): Float64Array {
  const corner = (i: number) => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
  // Faces as corner quads (bit 0: x, bit 1: y, bit 2: z); the top (z = max) last so it can be left out.
  const quads = [[0, 2, 3, 1], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5], [4, 5, 7, 6]];
  const used = openTop ? quads.slice(0, 5) : quads;
  const out: number[] = [];
  for (const [a, b, c, d] of used) out.push(...corner(a), ...corner(b), ...corner(c), ...corner(a), ...corner(c), ...corner(d));
  return Float64Array.from(out);
}

/**
 * Adds triangles (9 numbers each) welding vertices with identical coordinates (STL repeats each shared vertex
 * bit for bit) and numbering the edges. Triangles of zero area are skipped with a warning.
 */
function addTriangles(b: Builder, coords: Float64Array, w: number, field: string): void {
  const vertexId = new Map<string, number>();
  const edgeId = new Map<string, number>();
  const vertex = (k: number) => {
    const key = `${coords[k]},${coords[k + 1]},${coords[k + 2]}`;
    let id = vertexId.get(key);
    if (id === undefined) {
      id = b.vertexCount++;
      vertexId.set(key, id);
    }
    return id;
  };
  const edge = (v0: number, v1: number) => {
    const key = v0 < v1 ? `${v0},${v1}` : `${v1},${v0}`;
    let id = edgeId.get(key);
    if (id === undefined) {
      id = b.edgeVertices.length / 2;
      b.edgeVertices.push(v0, v1);
      edgeId.set(key, id);
    }
    return id;
  };
  let skipped = 0;
  const count = coords.length / 9;
  for (let t = 0; t < count; t++) {
    const o = 9 * t;
    const abx = coords[o + 3] - coords[o], aby = coords[o + 4] - coords[o + 1], abz = coords[o + 5] - coords[o + 2];
    const acx = coords[o + 6] - coords[o], acy = coords[o + 7] - coords[o + 1], acz = coords[o + 8] - coords[o + 2];
    const nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
    const twiceArea = Math.hypot(nx, ny, nz);
    const longest2 = Math.max(abx * abx + aby * aby + abz * abz, acx * acx + acy * acy + acz * acz,
      (acx - abx) ** 2 + (acy - aby) ** 2 + (acz - abz) ** 2);
    // Zero area, or so thin (height < 1e-6 of its longest side) that its normal is rounding noise.
    if (!(twiceArea > 1e-6 * longest2)) {
      skipped++;
      continue;
    }
    const v = [vertex(o), vertex(o + 3), vertex(o + 6)];
    const features = [...v, edge(v[0], v[1]), edge(v[1], v[2]), edge(v[2], v[0])];
    push(b, PrimitiveKind.triangle, w,
      [...coords.subarray(o, o + 9), nx / twiceArea, ny / twiceArea, nz / twiceArea], features);
  }
  if (skipped === count) throw new ScenarioError(field, `all ${count} triangles are degenerate (zero area)`);
  if (skipped > 0) b.warnings.push(`${field}: skipped ${skipped} degenerate (zero-area) triangle(s) of ${count}`);
}

/**
 * Lowest value of `height` over the walls' defining points at t = 0 (plane points, segment ends on the
 * meridian through +x, triangle vertices): the drop height for the time-step rule.
 */
export function lowestWallPoint(model: WallModel, height: (x: readonly number[]) => number): number {
  const { geometry: g } = model;
  let lowest = Infinity;
  for (let k = 0; k < model.primitives; k++) {
    const o = GEO_STRIDE * k;
    if (model.kind[k] === PrimitiveKind.plane) {
      lowest = Math.min(lowest, height([g[o], g[o + 1], g[o + 2]]));
    } else if (model.kind[k] === PrimitiveKind.revolved) {
      for (const e of [2, 4]) lowest = Math.min(lowest, height(revolvedPoint(g, o, g[o + e], 0, g[o + e + 1])));
    } else {
      for (const v of [0, 3, 6]) lowest = Math.min(lowest, height([g[o + v], g[o + v + 1], g[o + v + 2]]));
    }
  }
  return lowest;
}
