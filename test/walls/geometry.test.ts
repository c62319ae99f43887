/**
 * Closest-point geometry of each wall primitive against hand computations, the triangle R-tree against brute
 * force, wall motion against its closed form, and the tessellation of a simple wall.
 */
import { describe, expect, it } from 'vitest';
import {
  CLOSEST_LENGTH, Feature, GEO_STRIDE, PrimitiveKind, planeClosest, primitiveClosest, revolvedClosest, triangleClosest,
} from '../../src/walls/primitives.js';
import { BoxTree } from '../../src/walls/triangle-tree.js';
import { MOTION, MOTION_STRIDE, writeWallState } from '../../src/walls/motion.js';
import { buildWallModel } from '../../src/walls/build.js';
import { tessellateWall } from '../../src/walls/tessellate.js';
import { wallOverlap } from '../../src/walls/overlap.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const out = new Float64Array(CLOSEST_LENGTH);
const geo = (values: number[]) => Float64Array.from([...values, ...Array(12 - values.length).fill(0)]);

describe('plane', () => {
  it('signed distance along the unit normal, negative behind', () => {
    const g = geo([1, 2, 3, 0, 0.6, 0.8]);
    expect(planeClosest(g, 0, 1, 2 + 0.6, 3 + 0.8, out)).toBeCloseTo(1, 14);
    expect(planeClosest(g, 0, 5, 2, 2, out)).toBeCloseTo(-0.8, 14);
    expect([out[1], out[2], out[3]]).toEqual([0, 0.6, 0.8]);
  });
});

describe('segment of revolution', () => {
  // Axis at (1, 2); cylinder of radius 0.5 from z = 0 to z = 1.
  const cylinder = geo([1, 2, 0.5, 0, 0.5, 1]);
  it('cylinder: a point inside at radius 0.3 is 0.2 from the wall, normal pointing to the axis', () => {
    // Point at angle 60° around the axis: (1 + 0.3 cos 60°, 2 + 0.3 sin 60°).
    const d = revolvedClosest(cylinder, 0, 1 + 0.15, 2 + 0.3 * Math.sin(Math.PI / 3), 0.5, out);
    expect(d).toBeCloseTo(0.2, 14);
    expect(out[1]).toBeCloseTo(-0.5, 14);
    expect(out[2]).toBeCloseTo(-Math.sin(Math.PI / 3), 14);
    expect(out[3]).toBeCloseTo(0, 14);
  });
  it('cylinder: above the top rim the closest point is the rim (edge contact)', () => {
    // Point at radius 0.8, height 1.4: rim at (0.5, 1), distance hypot(0.3, 0.4) = 0.5.
    const d = revolvedClosest(cylinder, 0, 1.8, 2, 1.4, out);
    expect(d).toBeCloseTo(0.5, 14);
    expect([out[1], out[2], out[3]].map((v) => Number(v.toFixed(12)))).toEqual([0.6, 0, 0.8]);
  });
  it('cone 45°: distance is the perpendicular distance to the slant, h·cos 45°', () => {
    // Hopper: orifice radius 0.1 at z = 0, radius 1.1 at z = 1 (45°). Point on the axis-side at radius 0.1,
    // height 0.5: the slant passes radius 0.6 there, horizontal gap 0.5, perpendicular 0.5·cos 45°.
    const cone = geo([0, 0, 0.1, 0, 1.1, 1]);
    const d = revolvedClosest(cone, 0, 0, 0.1, 0.5, out);
    expect(d).toBeCloseTo(0.5 * Math.SQRT1_2, 14);
    expect(out[2]).toBeCloseTo(-Math.SQRT1_2, 14);
    expect(out[3]).toBeCloseTo(Math.SQRT1_2, 14);
  });
  it('floor annulus with an orifice: above the opening the closest point is the orifice rim', () => {
    // Floor from radius 0.2 to 1 at z = 0; point at radius 0.05, height 0.2: rim at distance hypot(0.15, 0.2).
    const floor = geo([0, 0, 0.2, 0, 1, 0]);
    expect(revolvedClosest(floor, 0, 0.05, 0, 0.2, out)).toBeCloseTo(0.25, 14);
    // Above the annulus itself: the height.
    expect(revolvedClosest(floor, 0, 0, -0.5, 0.2, out)).toBeCloseTo(0.2, 14);
    expect(out[3]).toBeCloseTo(1, 14);
  });
});

describe('triangle', () => {
  // Right triangle a = (0,0,0), b = (1,0,0), c = (0,1,0), normal +z.
  const tri = geo([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  it('face: projection inside, distance = height, normal on the point\'s side', () => {
    expect(triangleClosest(tri, 0, 0.2, 0.3, -0.4, out)).toBeCloseTo(0.4, 14);
    expect(out[3]).toBe(-1);
    expect(out[4]).toBe(Feature.face);
  });
  it('edge: beyond the hypotenuse the closest point is on edge b–c', () => {
    // Point (1, 1, 0.5): foot on b–c at (0.5, 0.5, 0), distance hypot(√0.5, 0.5).
    expect(triangleClosest(tri, 0, 1, 1, 0.5, out)).toBeCloseTo(Math.hypot(Math.SQRT1_2, 0.5), 14);
    expect(out[4]).toBe(Feature.edge0 + 1);
  });
  it('vertex: beyond a corner the closest point is the vertex', () => {
    expect(triangleClosest(tri, 0, -0.3, -0.4, 0, out)).toBeCloseTo(0.5, 14);
    expect(out[4]).toBe(Feature.vertex0);
    expect([out[1], out[2]].map((v) => Number(v.toFixed(12)))).toEqual([-0.6, -0.8]);
  });
  it('a point exactly above an edge is given to the edge, whichever triangle asks', () => {
    expect(triangleClosest(tri, 0, 0.5, 0, 0.2, out)).toBeCloseTo(0.2, 14);
    expect(out[4]).toBe(Feature.edge0);
  });
});

describe('triangle R-tree', () => {
  it('finds exactly the boxes a brute-force scan finds', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const n = 3000;
    const boxes = new Float64Array(6 * n);
    for (let k = 0; k < n; k++) {
      for (let a = 0; a < 3; a++) {
        const lo = random(), size = 0.05 * random();
        boxes[6 * k + a] = lo;
        boxes[6 * k + 3 + a] = lo + size;
      }
    }
    const ids = Int32Array.from({ length: n }, (_, k) => 10 + k);
    const tree = BoxTree.pack(boxes, ids);
    for (let q = 0; q < 200; q++) {
      const [x, y, z, h] = [random(), random(), random(), 0.1 * random()];
      const found: number[] = [];
      tree.query(x, y, z, h, (id) => found.push(id));
      const expected: number[] = [];
      for (let k = 0; k < n; k++) {
        const b = 6 * k;
        if (boxes[b] <= x + h && boxes[b + 3] >= x - h && boxes[b + 1] <= y + h && boxes[b + 4] >= y - h
          && boxes[b + 2] <= z + h && boxes[b + 5] >= z - h) expected.push(10 + k);
      }
      expect(found.sort((a, b) => a - b)).toEqual(expected);
    }
  });
});

describe('wall motion', () => {
  it('offset v·(clamp(t, start, stop) − start), velocity only while moving, inactive from removeAt', () => {
    const state = new Float64Array(MOTION_STRIDE);
    const motion = [{
      velocity: [0, 0, 0.2] as [number, number, number], start: 0.5, stop: 1.5, removeAt: 2, rotation: null, surfaceVelocity: null,
    }];
    const at = (t: number) => {
      writeWallState(motion, t, state);
      return [state[MOTION.offset + 2], state[MOTION.velocity + 2], state[MOTION.active]];
    };
    expect(at(0.25)).toEqual([0, 0, 1]);
    expect(at(1)[0]).toBeCloseTo(0.1, 15);
    expect(at(1)[1]).toBe(0.2);
    expect(at(3)).toEqual([0.2, 0, 0]);
  });
});

describe('wall model', () => {
  it('a silo is its wall and its floor annulus; an open box has 10 triangles welded into 8 vertices', () => {
    const model = buildWallModel([
      { type: 'silo', center: [0, 0], diameter: 0.2, zBottom: 0, height: 0.5, orificeDiameter: 0.04, material: 'm' },
      { type: 'box', min: [5, 5, 5], max: [6, 6, 6], openTop: true, material: 'm' },
    ]);
    expect(Array.from(model.owner)).toEqual([0, 0, ...Array(10).fill(1)]);
    const vertices = new Set(Array.from(model.triangleFeatures.subarray(12, 72)).filter((_, k) => k % 6 < 3));
    expect(vertices.size).toBe(8);
    // 12 box edges + one diagonal in each of the 5 faces.
    expect(model.edgeVertices.length / 2).toBe(17);
    // A sphere in the orifice overlaps the rim only when wider than the gap left by it.
    expect(wallOverlap(model, 0, 0, 0.0, 0.019, 0)).toBeNull();
    expect(wallOverlap(model, 0, 0, 0.0, 0.021, 0)?.wall).toBe(0);
  });

  it('a disk is flat up to its rim and its rim beyond: upright at a height, and tilted', () => {
    const model = buildWallModel([
      { type: 'disk', center: [1, 2, 0.5], axis: [0, 0, 1], diameter: 0.2, material: 'm' },
      { type: 'disk', center: [10, 0, 0], axis: [1, 1, 0], diameter: 0.2, material: 'm' },
    ]);
    expect(Array.from(model.kind)).toEqual([PrimitiveKind.revolved, PrimitiveKind.revolved]);
    const out = new Float64Array(CLOSEST_LENGTH);
    // Above and below the face (two-sided), anywhere inside the rim: the height over it, along the axis.
    for (const [x, y, z, d, nz] of [[1, 2, 0.53, 0.03, 1], [1.09, 2, 0.47, 0.03, -1], [1, 1.95, 0.5 + 1e-4, 1e-4, 1]]) {
      expect(revolvedClosest(model.geometry, 0, x, y, z, out)).toBeCloseTo(d, 14);
      expect(out[3]).toBeCloseTo(nz, 14);
    }
    // Past the rim, the distance to the rim's circle: a plane would have given 0.03 here (the silo gate's defect).
    expect(revolvedClosest(model.geometry, 0, 1.14, 2, 0.53, out)).toBeCloseTo(0.05, 14);
    expect(wallOverlap(model, 1.14, 2, 0.53, 0.04)).toBeNull();
    // Tilted: 0.03 along its normal (1, 1, 0)/√2 from the centre; past its rim along (1, −1, 0)/√2 by 0.04.
    const n = [Math.SQRT1_2, Math.SQRT1_2, 0], t = [Math.SQRT1_2, -Math.SQRT1_2, 0];
    expect(revolvedClosest(model.geometry, GEO_STRIDE, 10 + 0.03 * n[0], 0.03 * n[1], 0, out)).toBeCloseTo(0.03, 14);
    expect(revolvedClosest(model.geometry, GEO_STRIDE, 10 + 0.14 * t[0] + 0.03 * n[0], 0.14 * t[1] + 0.03 * n[1], 0, out))
      .toBeCloseTo(0.05, 14);
  });

  it('scenarios/silo.json: a sphere on the floor touches the floor alone, one over the orifice the gate alone', () => {
    const { scenario, walls: model } = editedScenario('scenarios/silo.json', () => {});
    const out = new Float64Array(CLOSEST_LENGTH);
    // The walls (their indices in the file) a sphere of radius 2 mm resting 0.1 mm deep at z = 1.9 mm touches.
    const touching = (x: number) => Array.from(model.analytic)
      .filter((k) => primitiveClosest(model.kind[k], model.geometry, GEO_STRIDE * k, x, 0, 0.0019, out) < 0.002)
      .map((k) => model.owner[k]);
    expect(scenario.walls.map((w) => w.type)).toEqual(['silo', 'plane', 'disk']);
    expect(touching(0.028)).toEqual([0]);
    expect(touching(0.008)).toEqual([2]);
    expect(touching(-0.035)).toEqual([0]);
  });

  it('tessellates a cylinder into 2 triangles per facet with every vertex on the cylinder', () => {
    const model = buildWallModel([{ type: 'cylinder', center: [1, 2], axis: [0, 0, 1], radius: 0.5, zMin: 0, zMax: 1, closed: false, material: 'm' }]);
    const tris = tessellateWall(model, 0, { segments: 12 });
    expect(tris.length).toBe(9 * 24);
    for (let k = 0; k < tris.length; k += 3) {
      expect(Math.hypot(tris[k] - 1, tris[k + 1] - 2)).toBeCloseTo(0.5, 6);
      expect([0, 1]).toContain(tris[k + 2]);
    }
  });
});
