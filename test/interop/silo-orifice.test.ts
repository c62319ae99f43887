/**
 * The exported silo's orifice is open in LAMMPS (project issue 27): scenarios/silo.json's silo, gate and catch plane
 * with twelve glass spheres released at rest, six over the orifice and six over the floor. In LAMMPS, as in
 * grainflow, the six over the orifice fall through it and the six over the floor come to rest on it (the floor
 * stands at most FLOOR_RISE·d_o = 32 µm higher at the side wall in the deck). Before, a union of the floor plane and
 * an open cylinder kept the plane over the hole in LAMMPS 29 Sep 2021 and all twelve stayed on the floor. With the
 * gate left shut, its disk holds the six over the orifice in both engines.
 * A discharge scenario whose orifice stays shut imports with exit 0, the analysis's reason in summary.json, and a
 * warning on stderr, not silently.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ParticleSpec, Scenario } from '../../src/scenario/schema.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { lammpsTests, runLammps, scratchDirectory, throughGrainflow, throughLammps } from './lammps-runner.js';

const scratch = scratchDirectory('lammps-silo-orifice');
const RUN_TIMEOUT = 600_000;
const CLI = path.resolve('bin/grainflow.js');

const RADIUS = 0.002;
/** Six spheres over the orifice (radius 16 mm) and six over the floor (between 16 and 40 mm), 10 mm above it. */
const OVER_HOLE = [0, 60, 120, 180, 240, 300].map((deg) => polar(0.008, deg));
const OVER_FLOOR = [30, 90, 150, 210, 270, 330].map((deg) => polar(0.028, deg));

function polar(r: number, deg: number): number[] {
  const a = (deg * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a), 0.01];
}

/** silo.json with the twelve spheres, the gate removed at once, run `duration` seconds. */
function twelveSpheres(json: Scenario, duration: number): void {
  json.insert = [];
  json.particles = [...OVER_HOLE, ...OVER_FLOOR].map((position) => ({ position, radius: RADIUS, material: 'glass' })) as ParticleSpec[];
  json.walls = json.walls.filter((w) => w.removeAt === undefined);
  json.time = { ...json.time, duration };
  delete json.analysis;
}

lammpsTests('LAMMPS: the exported silo\'s orifice is open', () => {
  it('spheres over the orifice fall through it and spheres over the floor rest on it, as in grainflow', async () => {
    const checked = editedScenario('scenarios/silo.json', (json) => twelveSpheres(json, 0.2));
    const runs = [(await throughLammps(checked, scratch, 'twelve')).summary, (await throughGrainflow(checked, scratch, 'twelve')).summary];
    for (const summary of runs) {
      const z = summary.final.particles!.map((p) => p.position[2]);
      // Free fall from 10 mm lands on the catch plane at z = −0.1 m + R; on the floor, e = 0.5 bounces end by 0.13 s.
      z.slice(0, OVER_HOLE.length).forEach((zk, k) => expect(zk, `sphere ${k} over the orifice`).toBeLessThan(-0.02));
      z.slice(OVER_HOLE.length).forEach((zk, k) => {
        expect(Math.abs(zk - RADIUS), `sphere ${k} over the floor rests on it`).toBeLessThan(0.05 * RADIUS);
      });
    }
  }, RUN_TIMEOUT);

  it('with the gate shut, the six over the orifice rest on it and the six over the floor on the floor, as in grainflow', async () => {
    // The gate is a disk the orifice's size (a cylinder region's one cap in the deck); a plane there would hold every
    // sphere over the floor by two walls at once.
    const checked = editedScenario('scenarios/silo.json', (json) => {
      const gate = json.walls.find((w) => w.type === 'disk');
      if (gate === undefined) throw new Error('scenarios/silo.json has no disk gate');
      delete gate.removeAt;
      twelveSpheres(json, 0.2);
    });
    expect(checked.scenario.walls.map((w) => w.type)).toContain('disk');
    const runs = [(await throughLammps(checked, scratch, 'gated')).summary, (await throughGrainflow(checked, scratch, 'gated')).summary];
    for (const summary of runs) {
      // Each at rest on a flat surface at z = 0: its centre at R less an overlap far below 5 % of R.
      summary.final.particles!.forEach((p, k) => expect(Math.abs(p.position[2] - RADIUS), `sphere ${k}`).toBeLessThan(0.05 * RADIUS));
    }
  }, RUN_TIMEOUT);

  it('an import of a discharge scenario in which nothing was discharged warns on stderr and says why in summary.json', () => {
    const json = JSON.parse(fs.readFileSync('scenarios/silo.json', 'utf8')) as Scenario;
    twelveSpheres(json, 0.02);
    // The orifice shut: a floor plane at zBottom that is never removed.
    json.walls.push({ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'steel' });
    json.analysis = { type: 'discharge', orificeDiameter: 0.032, outletZ: 0, bulkDensityAt: 0.01,
      bulkDensityRegion: { center: [0, 0], radius: 0.04, zMin: 0, zMax: 0.02 } };
    delete json.$schema;
    const file = path.join(scratch, 'shut.json');
    fs.writeFileSync(file, JSON.stringify(json));
    const deck = path.join(scratch, 'shut-deck'), run = path.join(scratch, 'shut-run');
    expect(spawnSync(process.execPath, [CLI, 'export', 'lammps', file, '--out', deck]).status).toBe(0);
    runLammps(deck);
    const imported = spawnSync(process.execPath, [CLI, 'import', 'lammps', deck, '--out', run], { encoding: 'utf8' });
    expect(imported.status).toBe(0);
    expect(imported.stderr).toMatch(/^grainflow: warning: the discharge analysis has no result on the LAMMPS frames: nothing was discharged/);
    const summary = JSON.parse(fs.readFileSync(path.join(run, 'summary.json'), 'utf8'));
    expect(summary.analysis.error).toMatch(/nothing was discharged/);
    expect(summary.analysis.massFlowRate_kg_per_s).toBeUndefined();
    expect(summary.warnings.join('\n')).toMatch(/nothing was discharged/);
  }, RUN_TIMEOUT);
});
