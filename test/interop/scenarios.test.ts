/**
 * Every shipped scenario either exports and runs in LAMMPS or is refused on one line naming the field (project
 * issue 14), through the compiled CLI as a user runs it (`npm test` builds first), on two MPI ranks that hold
 * atom counts within 25 % of each other (project issue 27; log.lammps's Nlocal). Each is run for 300 steps of its
 * resolved dt, with its gates removed, its wall motions started and its pours begun inside that window, so the
 * split runs, moving regions and fix deposit of the deck are all executed; the import must then read every frame.
 * A mesh wall and a law LAMMPS has no form for are refused before anything is written; a cut-short or damaged dump
 * is one line, and the run directory is not created.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { EXPORTED_LAWS } from '../../src/interop/lammps-contact.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { asciiStl, writeStl } from '../walls/stl-helpers.js';
import { lammpsTests, rankImbalance, readCsvColumns, runLammps, scratchDirectory, thermoRows } from './lammps-runner.js';
import type { ParticleSpec } from '../../src/scenario/schema.js';

const CLI = path.resolve('bin/grainflow.js');
const scratch = scratchDirectory('lammps-scenarios');

const grainflow = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const STEPS = 300;

/** The scenario file shortened to STEPS steps, its events moved inside them, written to the scratch directory. */
function shortened(file: string): string {
  const dt = createSetup(editedScenario(file, () => {}), { workers: 1 }).dt;
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario & Record<string, unknown>;
  const at = (k: number) => k * dt + dt / 2;
  json.time = { ...json.time, duration: STEPS * dt, dt };
  json.outputs = { ...json.outputs, interval: 100 * dt };
  for (const wall of json.walls ?? []) {
    if (wall.removeAt !== undefined) wall.removeAt = at(150);
    if (wall.motion !== undefined) wall.motion = { ...wall.motion, start: at(100) };
  }
  for (const block of json.insert ?? []) if (block.rate !== undefined) block.start = at(50);
  // A discharge needs the flow well under way to be measured, a heap must have landed (the angle of repose refuses
  // spheres still in the air), a drum must have turned to a steady bed; the long tests (bulk-physics.test.ts,
  // drum-export.test.ts) import whole discharges, heaps and the drum.
  if (['discharge', 'angle-of-repose', 'rotating-drum'].includes(json.analysis?.type ?? '')) delete json.analysis;
  delete json.$schema;
  const out = path.join(scratch, path.basename(file));
  fs.writeFileSync(out, JSON.stringify(json));
  return out;
}

/** Whether a scenario file has frozen spheres (listed or inserted). */
function hasFrozenSpheres(file: string): boolean {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
  return [...(Array.isArray(json.particles) ? json.particles : []), ...(json.insert ?? [])].some((x) => x.frozen === true);
}

lammpsTests('LAMMPS: every scenario in scenarios/ exports (or, with frozen spheres, is refused), runs and imports', () => {
  const files = fs.readdirSync('scenarios').filter((f) => f.endsWith('.json')).map((f) => path.join('scenarios', f));

  for (const file of files) {
    it(path.basename(file, '.json'), () => {
      const name = path.basename(file, '.json');
      const deck = path.join(scratch, `${name}-deck`), run = path.join(scratch, `${name}-run`);
      const exported = grainflow('export', 'lammps', shortened(file), '--out', deck);
      if (hasFrozenSpheres(file)) {
        // Not exported yet (src/interop/lammps-deck.ts): refused in one line naming the field.
        expect(exported.stderr).toMatch(/^grainflow: .*\.frozen: frozen spheres are not exported to LAMMPS yet/);
        expect(exported.status).toBe(2);
        return;
      }
      expect(exported.stderr.split('\n').filter((l) => l.startsWith('grainflow:') && !l.includes('warning'))).toEqual([]);
      expect(exported.status).toBe(0);
      runLammps(deck, 2);
      // The deck balances its ranks (comm_style tiled, rcb): a brick grid split along z left one rank empty.
      expect(rankImbalance(deck), 'max/mean atoms per rank').toBeLessThan(1.25);
      const imported = grainflow('import', 'lammps', deck, '--out', run);
      expect(imported.stderr).toBe('');
      expect(imported.status).toBe(0);
      const series = readCsvColumns(path.join(run, 'series.csv'));
      expect(series.t.length).toBe(STEPS / 100 + 1);
      expect(series.total_energy.every(Number.isFinite)).toBe(true);
      const summary = JSON.parse(fs.readFileSync(path.join(run, 'summary.json'), 'utf8'));
      const scenario = JSON.parse(fs.readFileSync(path.join(deck, 'scenario.json'), 'utf8')) as Scenario;
      const initial = ((scenario.particles as ParticleSpec[] | undefined)?.length ?? 0) + (scenario.insert ?? []).filter((b) => b.rate === undefined)
        .reduce((n, b) => n + (b.count ?? 0), 0);
      if ((scenario.insert ?? []).some((b) => b.rate !== undefined)) expect(summary.particles).toBeGreaterThan(initial);
      else expect(summary.particles).toBe(initial);
      // The thermo output's kinetic energy at the last step is the final state's Σ ½mv² (from final.grainflow) to
      // its 8 printed digits: LAMMPS counts a temperature's degrees of freedom once, at set-up, and 3 fewer than
      // 3N, so without `compute_modify thermo_temp dynamic/dof yes extra/dof 0` a deck that pours spheres in prints
      // ke = −0 throughout, and one with a single sphere 0.
      const rows = thermoRows(deck);
      const kinetic = summary.final.kineticEnergy as number;
      expect(Math.abs(rows[rows.length - 1].KinEng - kinetic), 'thermo ke at the last step').toBeLessThanOrEqual(1e-7 * kinetic);
      const log = fs.readFileSync(path.join(deck, 'log.lammps'), 'utf8');
      // The ghost cutoff is set before the first `balance` and is the one the neighbour lists need (neither 0 nor widened).
      expect(log).not.toMatch(/WARNING: Communication cutoff/);
      // The gates were removed: the log shows the split runs.
      const gates = (scenario.walls ?? []).filter((w) => w.removeAt !== undefined).length;
      expect((log.match(/^unfix /gm) ?? []).length).toBeGreaterThanOrEqual(gates);
    });
  }
});

describe('refusals and damaged LAMMPS output', () => {
  const twoSpheres = JSON.parse(fs.readFileSync('scenarios/two-spheres.json', 'utf8'));
  const write = (name: string, json: unknown) => {
    const file = path.join(scratch, name);
    fs.writeFileSync(file, JSON.stringify(json));
    return file;
  };
  const refused = (file: string, field: string) => {
    const out = path.join(scratch, `refused-${path.basename(file)}`);
    const r = grainflow('export', 'lammps', file, '--out', out);
    expect(r.status).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(field);
    expect(fs.existsSync(out)).toBe(false);
    return lines[0];
  };

  it('refuses a law LAMMPS has no form for, naming the field and the laws that export', () => {
    const line = refused(write('bordbar.json', { ...twoSpheres, contact: { normal: { model: 'bordbar', restitution: 0.7 } } }),
      'contact.normal');
    expect(line).toContain(EXPORTED_LAWS.join(', '));
    expect(EXPORTED_LAWS).toEqual(expect.arrayContaining(['hertz', 'tsuji', 'kuwabara-kono', 'brilliantov']));
  });

  it('refuses a mesh wall, naming the field', () => {
    const stl = writeStl(path.join(scratch, 'floor.stl'), asciiStl([-1, -1, -0.1, 1, -1, -0.1, 0, 1, -0.1]));
    refused(write('mesh.json', { ...twoSpheres, walls: [{ type: 'mesh', file: stl, material: 'aluminium' }] }), 'walls[0].type');
  });

  lammpsTests('damaged output', () => {
    const deck = path.join(scratch, 'damaged-deck');
    const copy = path.join(scratch, 'damaged-copy');
    it('a cut-short dump is one line and writes nothing', () => {
      expect(grainflow('export', 'lammps', 'scenarios/two-spheres.json', '--out', deck).status).toBe(0);
      runLammps(deck);
      fs.cpSync(deck, copy, { recursive: true });
      const dump = path.join(copy, 'dump.grainflow');
      const text = fs.readFileSync(dump, 'utf8');
      fs.writeFileSync(dump, text.slice(0, Math.floor(text.length * 0.6)));
      const out = path.join(scratch, 'damaged-run');
      const r = grainflow('import', 'lammps', copy, '--out', out);
      expect(r.status).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/dump\.grainflow.*(cut short|did not finish)/);
      expect(fs.existsSync(out)).toBe(false);
      expect(fs.readdirSync(scratch).filter((f) => f.includes('damaged-run'))).toEqual([]);
    });

    it('a value that is not a number is one line naming the line', () => {
      const dump = path.join(copy, 'dump.grainflow');
      fs.copyFileSync(path.join(deck, 'dump.grainflow'), dump);
      const lines = fs.readFileSync(dump, 'utf8').split('\n');
      lines[10] = lines[10].replace(/\S+$/, 'x1');
      fs.writeFileSync(dump, lines.join('\n'));
      const r = grainflow('import', 'lammps', copy, '--out', path.join(scratch, 'damaged-run'));
      expect(r.status).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('dump.grainflow, line 11');
    });

    it('a directory that is not a deck is one line', () => {
      const r = grainflow('import', 'lammps', scratch, '--out', path.join(scratch, 'damaged-run'));
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('is not a deck written by grainflow export lammps');
    });
  });
});
