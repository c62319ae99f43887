/**
 * Acceptance (issue #4): a cube loaded from STL as a triangle mesh bounces a sphere exactly as the equivalent
 * planes do — restitution, contact time and peak normal force within 0.5 %, the same number of collisions —
 * for hits on a face interior, on the face centre and another point of the diagonal shared by a face's two
 * triangles, on an inner edge (two faces) and an inner vertex (three faces), and, from outside, on a convex edge
 * and a convex vertex (equivalent: one plane through the feature, normal to the approach).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { densityFor, hertzContactTime, runScenario, youngsModulusFor, type Vec3 } from '../helpers/collision.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';
import { asciiStl, binaryStl, writeStl } from './stl-helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'grainflow-mesh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const L = 0.2, R = 0.02, m = 0.092, K = 5.5e9, nu = 0.33, speed = 1;
const tc = hertzContactTime(m, K, speed);
const dt = tc / 400;

/** The unit cube's 12 triangles, written out by hand: each face split along one diagonal. */
function cubeTriangles(): number[] {
  const c = (x: number, y: number, z: number) => [x * L, y * L, z * L];
  const quads = [
    [c(0, 0, 0), c(1, 0, 0), c(1, 1, 0), c(0, 1, 0)], [c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 1, 1)],
    [c(0, 0, 0), c(1, 0, 0), c(1, 0, 1), c(0, 0, 1)], [c(0, 1, 0), c(1, 1, 0), c(1, 1, 1), c(0, 1, 1)],
    [c(0, 0, 0), c(0, 1, 0), c(0, 1, 1), c(0, 0, 1)], [c(1, 0, 0), c(1, 1, 0), c(1, 1, 1), c(1, 0, 1)],
  ];
  return quads.flatMap(([a, b, cc, d]) => [...a, ...b, ...cc, ...a, ...cc, ...d]);
}
const asciiFile = writeStl(path.join(dir, 'cube-ascii.stl'), asciiStl(cubeTriangles(), 'cube'));
const binaryFile = writeStl(path.join(dir, 'cube-binary.stl'), binaryStl(cubeTriangles()));

const cubePlanes = [
  { point: [0, 0, 0], normal: [0, 0, 1] }, { point: [0, 0, L], normal: [0, 0, -1] },
  { point: [0, 0, 0], normal: [0, 1, 0] }, { point: [0, L, 0], normal: [0, -1, 0] },
  { point: [0, 0, 0], normal: [1, 0, 0] }, { point: [L, 0, 0], normal: [-1, 0, 0] },
] as { point: Vec3; normal: Vec3 }[];

const unit = (v: Vec3): Vec3 => {
  const n = Math.hypot(...v);
  return [v[0] / n, v[1] / n, v[2] / n];
};

type Walls = NonNullable<ScenarioInput['walls']>;

/** A sphere that touches the target at `contact` (its centre position then), arriving along `direction`. */
function scenario(contact: Vec3, direction: Vec3, walls: Walls): ScenarioInput {
  const d = unit(direction);
  const lead = 20 * dt * speed;
  return {
    gravity: [0, 0, 0],
    time: { duration: lead / speed + 4 * tc, dt },
    materials: { m: { youngsModulus: youngsModulusFor(K, R, nu), poissonsRatio: nu, density: densityFor(m, R) } },
    contact: { normal: { model: 'tsuji', restitution: 0.7 }, friction: 0.3 },
    particles: [{
      position: [contact[0] - lead * d[0], contact[1] - lead * d[1], contact[2] - lead * d[2]],
      velocity: [speed * d[0], speed * d[1], speed * d[2]],
      radius: R, material: 'm',
    }],
    walls,
  };
}

const planes = (list: { point: Vec3; normal: Vec3 }[]): Walls =>
  list.map((p) => ({ type: 'plane' as const, ...p, material: 'm' }));
const mesh = (file: string): Walls => [{ type: 'mesh', file, material: 'm' }];

function bounce(input: ScenarioInput) {
  const { impacts, sim } = runScenario(input);
  const v = Array.from(sim.st.vel.subarray(0, 3));
  return { impacts: impacts.sort((a, b) => a.maxNormalForce - b.maxNormalForce), velocity: v };
}

const s2 = Math.SQRT1_2, s3 = 1 / Math.sqrt(3);
const cases: { name: string; contact: Vec3; direction: Vec3; equivalent: { point: Vec3; normal: Vec3 }[]; contacts: number }[] = [
  { name: 'face interior', contact: [0.7 * L, 0.3 * L, R], direction: [0, 0, -1], equivalent: cubePlanes, contacts: 1 },
  { name: 'face centre, on the shared diagonal', contact: [0.5 * L, 0.5 * L, R], direction: [0, 0, -1], equivalent: cubePlanes, contacts: 1 },
  { name: 'diagonal, off centre', contact: [0.25 * L, 0.25 * L, R], direction: [0, 0, -1], equivalent: cubePlanes, contacts: 1 },
  { name: 'inner edge (two faces)', contact: [R, 0.5 * L, R], direction: [-1, 0, -1], equivalent: cubePlanes, contacts: 2 },
  { name: 'inner vertex (three faces)', contact: [R, R, R], direction: [-1, -1, -1], equivalent: cubePlanes, contacts: 3 },
  {
    name: 'outer convex edge', contact: [L + R * s2, 0.5 * L, L + R * s2], direction: [-1, 0, -1],
    equivalent: [{ point: [L, 0.5 * L, L], normal: [s2, 0, s2] }], contacts: 1,
  },
  {
    name: 'outer convex vertex', contact: [L + R * s3, L + R * s3, L + R * s3], direction: [-1, -1, -1],
    equivalent: [{ point: [L, L, L], normal: [s3, s3, s3] }], contacts: 1,
  },
];

describe('STL cube as a mesh bounces like the equivalent planes', () => {
  for (const c of cases) {
    it(`${c.name}: ${c.contacts} collision(s), restitution, contact time and peak force within 0.5 %`, () => {
      const reference = bounce(scenario(c.contact, c.direction, planes(c.equivalent)));
      const meshed = bounce(scenario(c.contact, c.direction, mesh(asciiFile)));
      expect(reference.impacts).toHaveLength(c.contacts);
      expect(meshed.impacts).toHaveLength(c.contacts);
      reference.impacts.forEach((ref, k) => {
        const got = meshed.impacts[k];
        const e = (r: typeof ref) => r.reboundSpeed / r.impactSpeed;
        expect(Math.abs(e(got) / e(ref) - 1)).toBeLessThan(0.005);
        expect(Math.abs(got.duration / ref.duration - 1)).toBeLessThan(0.005);
        // A force counted twice would be twice the plane's peak.
        expect(Math.abs(got.maxNormalForce / ref.maxNormalForce - 1)).toBeLessThan(0.005);
        // A head-on single hit rebounds at the calibrated e = 0.7 (friction does not act; oblique multi-face hits
        // lose some normal speed to friction and spin).
        if (c.contacts === 1) expect(e(ref)).toBeCloseTo(0.7, 2);
      });
      for (let a = 0; a < 3; a++) expect(meshed.velocity[a]).toBeCloseTo(reference.velocity[a], 6);
    });
  }

  it('reads the same cube from binary STL (header starting with "solid") and bounces identically', () => {
    const c = cases[3];
    const ascii = bounce(scenario(c.contact, c.direction, mesh(asciiFile)));
    const binary = bounce(scenario(c.contact, c.direction, mesh(binaryFile)));
    expect(binary.impacts.map((r) => r.duration)).toEqual(ascii.impacts.map((r) => r.duration));
    expect(binary.velocity).toEqual(ascii.velocity);
  });
});

describe('rolling over a mesh', () => {
  it('a sphere sliding then rolling across the diagonal of a split floor keeps one contact, as on a plane', () => {
    const floor = writeStl(path.join(dir, 'floor.stl'), asciiStl([0, 0, 0, L, 0, 0, L, L, 0, 0, 0, 0, L, L, 0, 0, L, 0]));
    const input = (walls: Walls): ScenarioInput => ({
      gravity: [0, 0, -9.81],
      time: { duration: 0.08, dt },
      materials: { m: { youngsModulus: youngsModulusFor(K, R, nu), poissonsRatio: nu, density: densityFor(m, R) } },
      contact: { normal: { model: 'tsuji', restitution: 0.7 }, friction: 0.3 },
      // Crosses the diagonal x = y at x = 0.1 m after 20 ms, while still sliding (sliding lasts 2v/(7μg) ≈ 49 ms).
      particles: [{ position: [0.09, 0.1, R], velocity: [0.5, 0, 0], radius: R, material: 'm' }],
      walls,
    });
    const plane = runScenario(input(planes([{ point: [0, 0, 0], normal: [0, 0, 1] }])));
    const meshed = runScenario(input(mesh(floor)));
    expect(meshed.sim.st.pos[0]).toBeGreaterThan(0.12);
    // The contact never ends on the plane; on the mesh it passes from one triangle to the other without ending.
    expect(plane.impacts).toHaveLength(0);
    expect(meshed.impacts).toHaveLength(0);
    // Rolling without slipping at the end: v = (5/7)·v0 (solid sphere), on both.
    expect(plane.sim.st.vel[0]).toBeCloseTo((5 / 7) * 0.5, 4);
    for (const key of ['vel', 'omega'] as const) {
      for (let a = 0; a < 3; a++) expect(meshed.sim.st[key][a]).toBeCloseTo(plane.sim.st[key][a], 9);
    }
  });
});
