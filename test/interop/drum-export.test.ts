/**
 * Rotating walls in LAMMPS (project issue 29, point 7; src/interop/lammps-rotation.ts):
 *  - the deck's angle variable is grainflow's integrated angle (src/walls/motion.ts turnsAt) at every time, ramp
 *    and stop included, in radians about the unit axis through the rotation point;
 *  - scenarios/drum.json exports as an open cylinder along x with two end caps, each a finite disk of its radius
 *    (a cylinder region with one face left, lying outside the drum), all three turning;
 *  - a plane at rest along an axis with a surface velocity along one axis is a `shear` belt;
 *  - what LAMMPS cannot express (tilted cylinders and cones, belts shear cannot move, turning meshes) is refused on
 *    one line naming the field;
 *  - with GRAINFLOW_LONG_TESTS=1, spheres falling along the drum's axis onto an end cap in both engines: inside the
 *    drum's radius they come to rest on the cap, outside it they fall past (the plane caps exported before held them
 *    in LAMMPS, grainflow's finite caps never did);
 *  - with GRAINFLOW_LONG_TESTS=1, the drum in both engines: the dynamic angle of repose within 2° (the issue's
 *    acceptance) and the bed turning in the drum's sense at more than half its rate, measured by Σ(r × v)·a / Σ|r⊥|²
 *    over the spheres (a drum that did not turn, turned the other way or did not carry the bed in its contacts
 *    gives ≈ 0 or −ω there, and an angle near 0°).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportLammpsDeck } from '../../src/interop/lammps-export.js';
import { createSetup } from '../../src/run/setup.js';
import { turnsAt } from '../../src/walls/motion.js';
import type { ParticleSpec, Scenario } from '../../src/scenario/schema.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { asciiStl, writeStl } from '../walls/stl-helpers.js';
import { lammpsTests, scratchDirectory, throughGrainflow, throughLammps } from './lammps-runner.js';

const scratch = scratchDirectory('drum-export');

/** The deck's commands, comments stripped. */
function commands(deck: string): string[] {
  return fs.readFileSync(path.join(deck, 'in.grainflow'), 'utf8').split('\n')
    .map((line) => line.replace(/#.*/, '').trim()).filter((line) => line !== '');
}

/**
 * The value at `time` of the deck's equal-style variable `name`, its formula evaluated as JavaScript: the deck's
 * formulas use only numbers, + − * /, parentheses, comparisons (1 or 0 in LAMMPS, true or false coerced to 1 or 0
 * by * in JavaScript), `time` and v_ references.
 */
function variableAt(lines: string[], name: string, time: number): number {
  const line = lines.find((l) => l.startsWith(`variable ${name} equal `));
  if (line === undefined) throw new Error(`no variable ${name}`);
  const formula = /"(.*)"/.exec(line)![1]
    .replace(/v_(\w+)/g, (_, ref: string) => `(${variableAt(lines, ref, time)})`)
    .replace(/\btime\b/g, `(${time})`);
  if (!/^[-+*/<>=()\d.e\s]*$/.test(formula)) throw new Error(`unexpected formula ${formula}`);
  return Number(new Function(`return ${formula};`)());
}

const drumWall = (s: Scenario) => s.walls[0] as Extract<Scenario['walls'][number], { type: 'cylinder' }>;

describe('a rotating drum in a LAMMPS deck', () => {
  const edit = (s: Scenario) => {
    drumWall(s).motion = { ...drumWall(s).motion!, stop: 1.2 };
    drumWall(s).motion!.rotation!.axis = [-2, 0, 0];
  };
  const checked = editedScenario('scenarios/drum.json', edit);
  const deck = exportLammpsDeck(checked, { out: path.join(scratch, 'drum-deck') }).dir;
  const lines = commands(deck);

  it("turns by grainflow's integrated angle: before start, in the ramp, at full rate, after stop", () => {
    const motion = createSetup(checked, { workers: 1 }).walls.motion[0];
    for (const t of [0, 0.35, 0.36, 0.4, 0.449, 0.45, 0.451, 0.8, 1.2, 1.7]) {
      const theta = variableAt(lines, 'w0_theta', t);
      expect(theta, `θ(${t} s)`).toBeCloseTo(2 * Math.PI * turnsAt(motion, t), 12);
    }
    // +1.2 rad/s about the scenario's axis [−2, 0, 0]: +1.2 rad/s about the region's unit axis (−1, 0, 0) below.
    expect(variableAt(lines, 'w0_theta', 1)).toBeCloseTo(1.2 * (1 - 0.35 - 0.05), 12);
  });

  it('is an open cylinder along x and two end-cap disks of its radius outside it, all three turning about the axis', () => {
    const regions = lines.filter((l) => l.startsWith('region w0'));
    const turning = ' side in units box rotate v_w0_theta 0 0 0.05 -1 0 0';
    expect(regions).toEqual([
      `region w0 cylinder x 0 0.05 0.05 -0.015 0.015${turning.replace(' rotate', ' open 1 open 2 rotate')}`,
      `region w0_lo cylinder x 0 0.05 0.05 -0.115 -0.015${turning.replace(' rotate', ' open 1 open 3 rotate')}`,
      `region w0_hi cylinder x 0 0.05 0.05 0.015 0.115${turning.replace(' rotate', ' open 2 open 3 rotate')}`,
    ]);
    // One wall fix per surface (one sphere material), the side's stiffness corrected for its curvature only.
    const fixes = lines.filter((l) => / wall\/gran\/region /.test(l));
    expect(fixes.map((f) => f.split(' ').at(-1))).toEqual(['w0', 'w0_lo', 'w0_hi']);
    const stiffness = fixes.map((f) => Number(/ hertz (\S+) /.exec(f)![1]));
    expect(stiffness[1]).toBe(stiffness[2]);
    expect(stiffness[0]).toBeLessThan(stiffness[1]);
  });

  it('a drum along −y with a 3-D centre: its rims measured from the centre along the axis', () => {
    const regions = commands(exportLammpsDeck(editedScenario('scenarios/drum.json', (s) => {
      drumWall(s).axis = [0, -1, 0];
      drumWall(s).center = [0.001, 0.002, 0.05];
      drumWall(s).motion!.rotation = { ...drumWall(s).motion!.rotation!, axis: [0, -1, 0], point: [0.001, 0.002, 0.05] };
      s.insert[0].region = { type: 'box', min: [-0.025, -0.01, 0.05], max: [0.025, 0.01, 0.09] };
    }), { out: path.join(scratch, 'drum-y') }).dir).filter((l) => l.startsWith('region w0'));
    const numbers = (line: string, from: number) => line.split(' ').slice(from, from + 6).map(Number);
    expect(regions[0]).toMatch(/^region w0 cylinder y /);
    // c1 c2 = x, z of the axis; rims at 0.002 − zMax and 0.002 − zMin along y (the axis points to −y)
    [0.001, 0.05, 0.05, 0.002 - 0.015, 0.002 + 0.015].forEach((x, k) => expect(numbers(regions[0], 4)[k]).toBeCloseTo(x, 15));
    // The caps: disks of the drum's radius at the rims, their cylinders one diameter long on the far side of each.
    expect(regions[1]).toMatch(/^region w0_lo cylinder y .* open 1 open 3 /);
    [0.001, 0.05, 0.05, 0.002 - 0.015 - 0.1, 0.002 - 0.015].forEach((x, k) => expect(numbers(regions[1], 4)[k]).toBeCloseTo(x, 15));
    expect(regions[2]).toMatch(/^region w0_hi cylinder y .* open 2 open 3 /);
    [0.001, 0.05, 0.05, 0.002 + 0.015, 0.002 + 0.015 + 0.1].forEach((x, k) => expect(numbers(regions[2], 4)[k]).toBeCloseTo(x, 15));
    expect(regions[2]).toMatch(/ rotate v_w0_theta 0\.001 0\.002 0\.05 0 -1 0$/);
  });
});

describe('a wall that moves and turns', () => {
  it('is a region displaced by its move variables and turned by its angle about the rotation point as given', () => {
    const deck = exportLammpsDeck(editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.walls = [{ type: 'box', min: [-0.1, -0.1, -0.1], max: [0.1, 0.1, 0.2], material: s.walls[0].material,
        motion: { velocity: [0.01, 0, 0], start: 0.2, rotation: { axis: [0, 0, 3], point: [0.05, 0, 0], angularVelocity: -2 } } } as never];
    }), { out: path.join(scratch, 'box') }).dir;
    const lines = commands(deck);
    expect(lines.filter((l) => l.startsWith('region w0'))).toEqual([
      'region w0 block -0.1 0.1 -0.1 0.1 -0.1 0.2 side in units box move v_w0_dx NULL NULL rotate v_w0_theta 0.05 0 0 0 0 1',
    ]);
    // No ramp: θ = ω·e, negative for a negative rate; and the displacement v·e beside it.
    expect(variableAt(lines, 'w0_theta', 0.7)).toBeCloseTo(-2 * 0.5, 12);
    expect(variableAt(lines, 'w0_dx', 0.7)).toBeCloseTo(0.01 * 0.5, 12);
    expect(variableAt(lines, 'w0_theta', 0.1)).toBeCloseTo(0, 15);
  });
});

describe('a belt: a plane at rest with a surface velocity', () => {
  it('along one axis is fix wall/gran `shear` on that axis', () => {
    const deck = exportLammpsDeck(editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.walls = [{ ...s.walls[0], surfaceVelocity: [0, -0.25, 0] } as never];
    }), { out: path.join(scratch, 'belt') }).dir;
    expect(commands(deck).filter((c) => c.includes('wall/gran'))).toEqual([expect.stringMatching(/ zplane \S+ NULL shear y -0\.25$/)]);
  });
});

describe('walls LAMMPS cannot express: one line naming the field', () => {
  const plane = { type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'ball' };
  it.each([
    ['surfaceVelocity', 'a belt along two axes', { ...plane, surfaceVelocity: [0.1, 0.1, 0] }],
    ['surfaceVelocity', 'an oblique belt', { ...plane, normal: [0, 1, 1], surfaceVelocity: [0.1, 0, 0] }],
    ['surfaceVelocity', 'a moving belt', { ...plane, surfaceVelocity: [0.1, 0, 0], motion: { velocity: [0, 0, 0.01] } }],
    ['surfaceVelocity', 'a turning belt',
      { ...plane, surfaceVelocity: [0.1, 0, 0], motion: { rotation: { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: 1 } } }],
    ['axis', 'a tilted cylinder', { type: 'cylinder', center: [0, 0, 0.05], axis: [1, 1, 0], radius: 0.2, zMin: -0.1, zMax: 0.1, material: 'ball' }],
    ['axis', 'a tilted cone',
      { type: 'cone', center: [0, 0], axis: [1, 0, 0], zBottom: -0.1, zTop: 0.1, bottomDiameter: 0.1, topDiameter: 0.3, material: 'ball' }],
  ])('%s: %s', (field, _what, wall) => {
    const checked = editedScenario('scenarios/bouncing-ball.json', (s) => { s.walls = [wall as never]; });
    let message = '';
    try {
      exportLammpsDeck(checked, { out: path.join(scratch, 'refused') });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^walls\\[0\\]\\.${field}: cannot be exported to LAMMPS`));
    expect(message.split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(scratch, 'refused'))).toBe(false);
  });

  it('type: a turning mesh (a mixer blade), as every mesh', () => {
    const stl = writeStl(path.join(scratch, 'blade.stl'), asciiStl([-0.1, -0.1, -0.1, 0.1, -0.1, -0.1, 0, 0.1, -0.1]));
    const checked = editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.walls = [{ type: 'mesh', file: stl, material: 'ball',
        motion: { rotation: { axis: [0, 0, 1], point: [0, 0, 0], angularVelocity: 3 } } } as never];
    });
    expect(() => exportLammpsDeck(checked, { out: path.join(scratch, 'refused') }))
      .toThrow(/^walls\[0\]\.type: "mesh" walls cannot be exported: LAMMPS has no triangle-mesh granular walls/);
  });
});

/**
 * How fast the bed turns with the drum about its axis through `point` along x (rad/s): Σ(r × v)_x / Σ|r⊥|² over the
 * final spheres, ω for a bed turning as a rigid body with the drum, 0 for one at rest.
 */
function bedRate(particles: { position: number[]; velocity: number[] }[], point: number[]): number {
  let moment = 0, inertia = 0;
  for (const { position: [, y, z], velocity: [, vy, vz] } of particles) {
    const [ry, rz] = [y - point[1], z - point[2]];
    moment += ry * vz - rz * vy;
    inertia += ry * ry + rz * rz;
  }
  return moment / inertia;
}

/** Sphere radius (m) and the spheres' distances from the drum's axis in capsOnly: two inside its radius (0.05 m), two outside. */
const CAP_SPHERE = 0.0025;
const CAP_RADII = { inside: [0.02, 0.04], outside: [0.06, 0.065] };

/**
 * drum.json with no pour and gravity along the axis towards the cap at x = `end` (±0.015 m): four spheres 4 mm inside
 * that cap's plane, at the distances of CAP_RADII from the axis; the drum turning from t = 0, so that both caps turn.
 */
function capsOnly(json: Scenario, end: -1 | 1): void {
  json.gravity = [9.81 * end, 0, 0];
  json.insert = [];
  json.particles = [...CAP_RADII.inside, ...CAP_RADII.outside].map((r, k) => {
    const a = (k * Math.PI) / 2;
    return { position: [end * 0.011, r * Math.cos(a), 0.05 + r * Math.sin(a)], radius: CAP_SPHERE, material: 'glass' };
  }) as ParticleSpec[];
  drumWall(json).motion = { ...drumWall(json).motion!, start: 0 };
  json.time = { ...json.time, duration: 0.15 };
  delete json.analysis;
}

lammpsTests('LAMMPS: a closed drum\'s end caps are finite, as grainflow\'s', () => {
  it.each([['-x', -1], ['+x', 1]] as const)('spheres falling %s onto a cap rest on it inside the drum\'s radius, fall past it outside', async (_, end) => {
    const checked = editedScenario('scenarios/drum.json', (json) => capsOnly(json, end));
    const name = `caps${end}`;
    const runs = [['LAMMPS', (await throughLammps(checked, scratch, name)).summary],
      ['grainflow', (await throughGrainflow(checked, scratch, name)).summary]] as const;
    const inside = CAP_RADII.inside.length;
    for (const [engine, summary] of runs) {
      // Distance (m) of each sphere's centre from the cap's plane, positive on the drum's side.
      const gaps = summary.final.particles!.map((p) => 0.015 - end * p.position[0]);
      // Inside: at rest on the cap, the centre one radius from it less an overlap far below 5 % of the radius.
      gaps.slice(0, inside).forEach((g, k) => expect(Math.abs(g - CAP_SPHERE), `${engine}: sphere ${k} inside`).toBeLessThan(0.05 * CAP_SPHERE));
      // Outside: in free fall for 0.15 s, about 0.11 m past the cap's plane; an infinite cap would hold it as those inside.
      gaps.slice(inside).forEach((g, k) => expect(g, `${engine}: sphere ${inside + k} outside`).toBeLessThan(-0.05));
    }
  }, 600_000);
});

lammpsTests('LAMMPS: the rotating drum against grainflow', () => {
  it("dynamic angle of repose within 2°, the bed turning in the drum's sense at more than half its rate", async () => {
    // The whole scenario: 41 surfaces from 1.0 s. Cut to 1.4 s (21 surfaces) the angles' standard errors rose to
    // 0.5–0.6° and the engines parted by 1.1° instead of 0.4°, too near the 2° (docs/lammps.md).
    const checked = editedScenario('scenarios/drum.json', () => {});
    const lammps = await throughLammps(checked, scratch, 'drum-run');
    const grainflow = await throughGrainflow(checked, scratch, 'drum-run');
    const angle = (a: Record<string, unknown> | undefined) => a!.dynamicAngle_deg as number;
    const [theirs, ours] = [angle(lammps.summary.analysis), angle(grainflow.summary.analysis)];
    expect(ours, 'grainflow: a rolling bed').toBeGreaterThan(25);
    expect(Math.abs(theirs - ours), `LAMMPS ${theirs}° against grainflow ${ours}°`).toBeLessThan(2);
    // A sign-and-presence check, not a rate comparison: a rotation exported with the wrong sense gives ≈ −ω, one lost
    // (not exported, or not reaching the spheres through the wall contacts) ≈ 0; more than ω/2 rules out both. No
    // tighter bound is claimed: the bed slips against the wall and its surface layer flows down against the turn, so
    // its mean rate is below ω by the physics, by an amount no reference states.
    const point = [0, 0, 0.05];
    const omega = drumWall(checked.scenario).motion!.rotation!.angularVelocity;
    for (const [engine, summary] of [['LAMMPS', lammps.summary], ['grainflow', grainflow.summary]] as const) {
      expect(bedRate(summary.final.particles!, point), `${engine}: the bed's rate about the axis (ω = ${omega} rad/s)`)
        .toBeGreaterThan(omega / 2);
    }
  }, 3_600_000);
});
