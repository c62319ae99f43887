/**
 * What an exported deck delivers in LAMMPS (29 Sep 2021), contact by contact (project issue 14):
 *  - two aluminium spheres head-on, Hertz (docs/physics.md §7.2, §7.9: R = 20 mm, m* = 0.046 kg, K = 5.5e9 N m^-3/2,
 *    v₀ = 0.3 m/s): contact time and peak overlap within 0.5 % of the closed form and of grainflow;
 *  - Tsuji e ∈ {0.3, 0.7, 0.9} at 0.1, 1 and 5 m/s, sphere–sphere and sphere–wall: the requested e within 0.005
 *    (LAMMPS's own `damping tsuji` would deliver 0.778 for 0.7; the exporter inverts its polynomial, and writes the
 *    wall's Hertz stiffness explicitly where `hertz/material` makes it stiffer).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { exportImpacts } from '../../src/api/impact-export.js';
import { parseScenario } from '../../src/scenario/load.js';
import { readDump } from '../../src/interop/lammps-dump.js';
import { DUMP_COLUMNS } from '../../src/interop/lammps-deck.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { contactFrames, lammpsTests, readCsvColumns, scratchDirectory, throughGrainflow, throughLammps } from './lammps-runner.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

const scratch = scratchDirectory('lammps-contacts');

/** Lanczos approximation of Γ(x), x > 0.5 (g = 7, 9 terms). */
function gamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let k = 1; k < 9; k++) a += c[k] / (x + k);
  return Math.sqrt(2 * Math.PI) * t ** (x + 0.5) * Math.exp(-t) * a;
}

/**
 * Contact time and peak overlap of atoms 1 and 2 from a dump of every step: the overlap δ = 2R − |x₂ − x₁| is
 * interpolated linearly across its zero crossings and by a parabola through the three frames around its peak.
 */
function pairContact(dump: string, radius: number): { duration: number; maxOverlap: number } {
  const overlaps: number[] = [];
  const x = DUMP_COLUMNS.indexOf('x'), w = DUMP_COLUMNS.length;
  readDump(dump, DUMP_COLUMNS, ({ values }) => {
    const d = Math.hypot(values[w + x] - values[x], values[w + x + 1] - values[x + 1], values[w + x + 2] - values[x + 2]);
    overlaps.push(2 * radius - d);
  });
  const peak = overlaps.indexOf(Math.max(...overlaps));
  const [a, b, c] = overlaps.slice(peak - 1, peak + 2);
  return { duration: contactFrames(overlaps), maxOverlap: b + ((a - c) ** 2) / (8 * (2 * b - a - c)) };
}

lammpsTests('LAMMPS: two aluminium spheres head-on, Hertz, v₀ = 0.3 m/s (§7.9)', () => {
  const R = 0.02, meff = 0.046, K = 5.5e9, v0 = 0.3, dt = 1.5e-7;
  const deltaMax = ((5 * meff * v0 * v0) / (4 * K)) ** 0.4;
  const contactTime = 2 * 0.4 * ((gamma(0.4) * gamma(0.5)) / gamma(0.9)) * (deltaMax / v0);
  const checked = editedScenario('scenarios/two-spheres.json', (s) => {
    const json = s as unknown as Record<string, unknown>;
    json.contact = { normal: { model: 'hertz' } };
    json.particles = (s.particles as ParticleSpec[]).slice(0, 2).map((p, k) => ({ ...p, position: [k === 0 ? -0.02001 : 0.02001, 0, 0] }));
    json.time = { duration: 3e-4, dt };
    json.outputs = { interval: dt, impactRecords: true };
  });

  it('contact time and peak overlap within 0.5 % of the closed form and of grainflow', async () => {
    const lammps = await throughLammps(checked, scratch, 'hertz');
    const measured = pairContact(path.join(lammps.deck, 'dump.grainflow'), R);
    const grainflow = await throughGrainflow(checked, scratch, 'hertz');
    const impact = readCsvColumns(exportImpacts(grainflow.run).file);
    const near = (x: number, y: number, what: string) => expect(Math.abs(x / y - 1), `${what}: ${x} vs ${y}`).toBeLessThan(0.005);
    near(measured.duration * dt, contactTime, 'LAMMPS contact time against the closed form');
    near(measured.maxOverlap, deltaMax, 'LAMMPS peak overlap against the closed form');
    near(measured.duration * dt, impact.duration[0], 'LAMMPS contact time against grainflow');
    near(measured.maxOverlap, impact.max_overlap[0], 'LAMMPS peak overlap against grainflow');
  });
});

lammpsTests('LAMMPS: an aluminium sphere on a flat wall of aluminium, Hertz, v₀ = 0.3 m/s', () => {
  const R = 0.02, dt = 1.5e-7;
  const checked = editedScenario('scenarios/two-spheres.json', (s) => {
    const json = s as unknown as Record<string, unknown>;
    json.contact = { normal: { model: 'hertz' } };
    json.particles = [{ ...(s.particles as ParticleSpec[])[0], position: [0, 0, R + 1e-5], velocity: [0, 0, -0.3] }];
    json.walls = [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'aluminium' }];
    json.time = { duration: 3e-4, dt };
    json.outputs = { interval: dt, impactRecords: true };
  });

  it('contact time and peak overlap within 0.5 % of grainflow\'s (hertz/material would be 7–8 % stiffer)', async () => {
    const lammps = await throughLammps(checked, scratch, 'hertz-wall');
    const z: number[] = [];
    readDump(path.join(lammps.deck, 'dump.grainflow'), DUMP_COLUMNS, ({ values }) => z.push(values[DUMP_COLUMNS.indexOf('z')]));
    const overlaps = z.map((height) => R - height);
    const duration = contactFrames(overlaps) * dt;
    const impact = readCsvColumns(exportImpacts((await throughGrainflow(checked, scratch, 'hertz-wall')).run).file);
    expect(Math.abs(duration / impact.duration[0] - 1), `${duration} vs ${impact.duration[0]}`).toBeLessThan(0.005);
    expect(Math.abs(Math.max(...overlaps) / impact.max_overlap[0] - 1)).toBeLessThan(0.005);
  });
});

lammpsTests('LAMMPS: Tsuji restitution, sphere–sphere and sphere–wall (anchor material: d = 2 mm, E = 5 MPa)', () => {
  const R = 0.001, speeds = [0.1, 1, 5];
  /** Per speed: a pair closing at v along x, and a sphere falling on the floor z = 0 at v, all about to touch. */
  const scenario = (e: number) => parseScenario({
    name: `tsuji-${e}`,
    gravity: [0, 0, 0],
    time: { duration: 2e-3 },
    materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: e } },
    particles: speeds.flatMap((v, k) => {
      const gap = v * 5e-6;
      return [
        { position: [-(R + gap), 0.01 * k, 0.05], velocity: [v / 2, 0, 0], radius: R, material: 'glass' },
        { position: [R + gap, 0.01 * k, 0.05], velocity: [-v / 2, 0, 0], radius: R, material: 'glass' },
        { position: [0.01 * k, 0.05, R + gap], velocity: [0, 0, -v], radius: R, material: 'glass' },
      ];
    }),
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'glass' }],
    outputs: { interval: 1e-4 },
  });

  for (const e of [0.3, 0.7, 0.9]) {
    it(`delivers e = ${e} within 0.005 at 0.1, 1 and 5 m/s`, async () => {
      const { summary } = await throughLammps(scenario(e), scratch, `tsuji-${e}`);
      const v = summary.final.particles!.map((p) => p.velocity);
      speeds.forEach((speed, k) => {
        const pair = (v[3 * k + 1][0] - v[3 * k][0]) / speed;
        const wall = v[3 * k + 2][2] / speed;
        expect(Math.abs(pair - e), `sphere–sphere at ${speed} m/s: e = ${pair}`).toBeLessThan(0.005);
        expect(Math.abs(wall - e), `sphere–wall at ${speed} m/s: e = ${wall}`).toBeLessThan(0.005);
      });
    });
  }
});
