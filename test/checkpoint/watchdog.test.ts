/**
 * The numerical watchdog (issue #7).
 *  - On a live two-sphere simulation: a sound state passes; an overlap of 0.6 R, a non-finite velocity and a
 *    tenfold speed-up are each reported with the step, the particle ids and the right symptom.
 *  - Through the CLI: a frictional settle with dt 100× the automatic step stops with status 1, one line naming
 *    the step, particle ids and "time step too large" with dt against the Rayleigh time (checked against the
 *    Rayleigh-time formula for the radius range), and keeps the run directory with its last good checkpoint.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCheckpoint } from '../../src/checkpoint/format.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation } from '../../src/engine/simulation.js';
import { Watchdog } from '../../src/run/watchdog.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-watchdog-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Watchdog on two spheres', () => {
  const fresh = () => {
    const sim = new Simulation(createSetup(loadScenarioFile('scenarios/two-spheres.json')));
    const watchdog = new Watchdog(sim, { maxOverlap: 0.5, maxEnergyGrowth: 1 });
    const index = (id: number) => sim.st.id.indexOf(id);
    return { sim, watchdog, index };
  };

  it('passes a sound state and the collision itself', () => {
    const { sim, watchdog } = fresh();
    expect(watchdog.check()).toBeNull();
    for (let k = 0; k < 400; k++) sim.step(() => {});
    expect(watchdog.check()).toBeNull();
  });

  it('reports an overlap of 0.6 R naming both spheres', () => {
    const { sim, watchdog, index } = fresh();
    sim.st.pos[3 * index(1)] = sim.st.pos[3 * index(0)] + 2 * 0.02 - 0.6 * 0.02;
    expect(watchdog.check()).toMatch(/^at step 0 \(t = 0\.00000 s\) the overlap of particles 0 and 1 reached 0\.600 of the smaller radius/);
  });

  it('reports a non-finite velocity naming the particle', () => {
    const { sim, watchdog, index } = fresh();
    sim.st.vel[3 * index(1) + 2] = Number.NaN;
    expect(watchdog.check()).toMatch(/the velocity of particle 1 is not finite; the time step is within its limits/);
  });

  it('reports energy growth beyond the bound, fastest particle first', () => {
    const { sim, watchdog, index } = fresh();
    // Kinetic energy × (1 + 10²)/2 ≈ 50: far beyond twice the initial (releasable = kinetic, no gravity).
    for (let a = 0; a < 3; a++) sim.st.vel[3 * index(0) + a] *= 10;
    expect(watchdog.check()).toMatch(/the total energy rose by .* fastest particles 0[,;]/);
  });
});

describe('grainflow run with dt 100× too large', () => {
  const checked = editedScenario('test/fixtures/checkpoint/frictional-settle.json', (s) => {
    s.time.dt = 'auto';
    s.insert.forEach((block) => { block.count = 150; });
  });
  const base = checked.scenario;
  const autoDt = createSetup(checked).dt;
  const dt = 100 * autoDt;
  const scenario = { ...base, time: { dt, duration: 400 * dt }, outputs: { impacts: true, interval: 10 * dt, checkpointEvery: dt } };
  const file = path.join(scratch, 'dt-100x.json');
  writeFileSync(file, JSON.stringify(scenario));
  const out = path.join(scratch, 'run');
  const r = spawnSync(process.execPath, ['bin/grainflow.js', 'run', file, '--out', out, '--quiet'], { encoding: 'utf8' });
  const failure = r.stderr.split('\n').filter((l) => l.startsWith('grainflow: run failed'));

  it('exits 1 with one line naming the step, particle ids and the time step against the Rayleigh time', () => {
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(failure).toHaveLength(1);
    const m = /watchdog: at step (\d+) \(t = [\d.e-]+ s\) .*particles? (\d+)\b.*likely cause: time step too large for the contact stiffness: dt = ([\d.e-]+) s is ([\d.]+) × the Rayleigh time \(([\d.e-]+) s\)/
      .exec(failure[0]);
    expect(m, failure[0]).not.toBeNull();
    const [, step, id, dtShown, ratio, tR] = m!;
    expect(Number(step)).toBeGreaterThan(0);
    expect(Number(step)).toBeLessThan(400);
    expect(Number(id)).toBeLessThan(300);
    // Printed to 3 significant digits.
    expect(Math.abs(Number(dtShown) / dt - 1)).toBeLessThan(5e-3);
    // Rayleigh time π R √(ρ/G) / (0.1631 ν + 0.8766) for the insertion's radius range 0.6–1 mm.
    const { youngsModulus: E, poissonsRatio: nu, density } = base.materials.glass;
    const rayleigh = (R: number) => (Math.PI * R * Math.sqrt(density / (E / (2 * (1 + nu))))) / (0.1631 * nu + 0.8766);
    expect(Number(tR)).toBeGreaterThanOrEqual(rayleigh(0.0006) * 0.999);
    expect(Number(tR)).toBeLessThanOrEqual(rayleigh(0.001) * 1.001);
    expect(Math.abs(Number(ratio) / (dt / Number(tR)) - 1)).toBeLessThan(5e-3);
  });

  it('keeps the run directory with its last good checkpoint, older than the failure', () => {
    const step = Number(/at step (\d+)/.exec(failure[0])![1]);
    expect(existsSync(path.join(out, 'summary.json'))).toBe(false);
    const files = readdirSync(path.join(out, 'checkpoints')).filter((n) => n.endsWith('.gfck')).sort();
    expect(files.length).toBeGreaterThan(0);
    const newest = files[files.length - 1];
    expect(failure[0]).toContain(`last good checkpoint kept: ${path.join(out, 'checkpoints', newest)}`);
    const cp = decodeCheckpoint(readFileSync(path.join(out, 'checkpoints', newest)));
    expect(cp.step).toBeLessThan(step);
    for (const name of ['particles.pos', 'particles.vel']) {
      expect((cp.sections.get(name) as Float64Array).every(Number.isFinite), name).toBe(true);
    }
  });
});
