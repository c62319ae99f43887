/**
 * Decks LAMMPS accepts whatever the names and vectors of a valid scenario (issue 25, item 9): a material or
 * scenario name ending in "&" would join the next command to a comment (LAMMPS continues a line that ends in "&",
 * before it strips comments; names hold no line breaks, the schema refuses them), and a plane normal of 1e-300
 * has a squared length of 0 to LAMMPS ("Illegal region plane normal vector").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportLammpsDeck } from '../../src/interop/lammps-export.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-deck-text-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The deck's commands as LAMMPS reads them: "&" continuations joined, then comments stripped. */
function commands(text: string): string[] {
  return text.replace(/&[ \t]*\n/g, ' ').split('\n').map((line) => line.replace(/#.*/, '').trim()).filter((line) => line !== '');
}

describe('names and vectors in an exported deck', () => {
  it('materials named "floor&" and "ball&", plane normals of 1e-300: every command intact', () => {
    const material = 'floor&';
    const checked = editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.name = 'drop &';
      s.materials = { [material]: s.materials.ball, 'ball&': s.materials.ball };
      s.particles = [{ ...(s.particles as object[])[0], material: 'ball&' }] as typeof s.particles;
      s.walls = [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1e-300], material }];
    });
    const out = path.join(scratch, 'deck');
    exportLammpsDeck(checked, { out });
    const plain = exportLammpsDeck(editedScenario('scenarios/bouncing-ball.json', () => {}), { out: path.join(scratch, 'plain') });
    const input = fs.readFileSync(path.join(out, 'in.grainflow'), 'utf8');
    const reference = fs.readFileSync(path.join(plain.dir, 'in.grainflow'), 'utf8');
    // The same commands as the deck of the plain scenario: the plane along z is a wall/gran plane above z = 0.
    expect(commands(input)).toEqual(commands(reference));
    expect(commands(input).filter((c) => c.includes('wall/gran'))).toEqual([expect.stringMatching(/ wall\/gran granular .* zplane 0 NULL$/)]);
    // An oblique plane is a region, its normal written as a unit vector (LAMMPS's own length of it underflows).
    const oblique = exportLammpsDeck(editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.walls = [{ type: 'plane', point: [0, 0, 0], normal: [1e-300, 0, 1e-300], material: s.walls[0].material }];
    }), { out: path.join(scratch, 'oblique') });
    expect(commands(fs.readFileSync(path.join(oblique.dir, 'in.grainflow'), 'utf8')).filter((c) => c.startsWith('region')))
      .toEqual([expect.stringMatching(/^region w0 plane 0 0 0 0\.7071067811865475 0 0\.7071067811865475 /)]);
    expect(input).not.toMatch(/&\s*\n/);
    const data = fs.readFileSync(path.join(out, 'data.grainflow'), 'utf8');
    expect(data.split('\n')[0]).toMatch(/^LAMMPS data file: grainflow scenario "drop &" at t = 0/);
  });

  it('a disk is the one cap left of a cylinder region; silo.json\'s gate is that disk, not a plane over the floor', () => {
    const silo = commands(fs.readFileSync(path.join(exportLammpsDeck(editedScenario('scenarios/silo.json', () => {}),
      { out: path.join(scratch, 'silo') }).dir, 'in.grainflow'), 'utf8'));
    expect(silo.filter((c) => c.startsWith('region w2'))).toEqual(['region w2 cylinder z 0 0 0.016 -0.032 0 side in units box open 1 open 3']);
    expect(silo.filter((c) => c.includes('zplane'))).toEqual([expect.stringMatching(/^fix w1_z_1 .* zplane -0\.1 NULL$/)]);
    expect(silo).toContain('unfix w2_1');
    // Along x through (1, 2, 3), facing −x: the cap at x = 1, the cylinder behind it on the lower side.
    const tilted = commands(fs.readFileSync(path.join(exportLammpsDeck(editedScenario('scenarios/silo.json', (s) => {
      s.walls[2] = { type: 'disk', center: [1, 2, 3], axis: [-2, 0, 0], diameter: 0.5, material: 'steel' };
    }), { out: path.join(scratch, 'disk-x') }).dir, 'in.grainflow'), 'utf8'));
    expect(tilted.filter((c) => c.startsWith('region w2'))).toEqual(['region w2 cylinder x 2 3 0.25 0.5 1 side in units box open 1 open 3']);
  });

  it('a closed cylinder\'s end caps are such disks of its radius, not infinite planes; drum.json\'s turn with it', () => {
    const drum = commands(fs.readFileSync(path.join(exportLammpsDeck(editedScenario('scenarios/drum.json', () => {}),
      { out: path.join(scratch, 'drum') }).dir, 'in.grainflow'), 'utf8'));
    const turning = ' rotate v_w0_theta 0 0 0.05 1 0 0';
    // Each cap the one face left of a cylinder of the drum's radius (0.05) lying outside the drum: at x = −0.015 the
    // upper face of one below it, at x = 0.015 the lower face of one above it.
    expect(drum.filter((c) => /^region w0_(lo|hi) /.test(c))).toEqual([
      `region w0_lo cylinder x 0 0.05 0.05 -0.115 -0.015 side in units box open 1 open 3${turning}`,
      `region w0_hi cylinder x 0 0.05 0.05 0.015 0.115 side in units box open 2 open 3${turning}`,
    ]);
    // No plane region left: one would reach past the drum's radius and hold spheres there that grainflow's caps miss.
    expect(drum.filter((c) => /^region \S+ plane /.test(c))).toEqual([]);
  });

  it('a negative damping tsuji argument (Tsuji e = 0.1) is explained in the deck\'s README where it occurs', () => {
    const deck = exportLammpsDeck(editedScenario('scenarios/bouncing-ball.json', (s) => {
      s.contact = { ...s.contact, normal: { model: 'tsuji', restitution: 0.1 } };
    }), { out: path.join(scratch, 'tsuji-0.1') });
    expect(fs.readFileSync(path.join(deck.dir, 'in.grainflow'), 'utf8')).toMatch(/ -0\.\d+ damping tsuji /);
    const rows = fs.readFileSync(path.join(deck.dir, 'README.md'), 'utf8').split('\n').filter((l) => l.includes('damping tsuji -'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('negative on purpose');
  });
});
