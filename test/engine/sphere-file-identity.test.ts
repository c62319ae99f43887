/**
 * The same spheres given as the `particles` array or as a sphere file (`"particles": { "file": … }`, written with
 * JavaScript's shortest round-trip numbers, as JSON.stringify writes the array) are the same run, bit for bit: the
 * set-up's arrays and time step, every output file of the run directory (series, impacts, frames, the summary's
 * final state), the resolved scenario apart from where the spheres were given, and the LAMMPS data file of
 * `grainflow export lammps`, whose deck holds a copy of the sphere file and so stays whole when moved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSetup, type RunSetup } from '../../src/run/setup.js';
import { DECK_FILES } from '../../src/interop/deck-manifest.js';
import { exportLammpsDeck } from '../../src/interop/lammps-export.js';
import { runToDirectory } from '../../src/run/run.js';
import type { CheckedScenario } from '../../src/scenario/checks.js';
import { loadScenarioFile } from '../../src/scenario/load.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-sphere-file-identity-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * 6 × 6 × 5 spheres of two materials, radii 0.9–1.1 mm on a jittered lattice of pitch 2.5 mm, each with its own
 * velocity and spin (every coordinate a double with all its digits), falling into an open box: friction, rolling
 * resistance and wall contacts all act within the 400 steps.
 */
function spheres(): { position: number[]; velocity: number[]; angularVelocity: number[]; radius: number; material: string }[] {
  let seed = 12345;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const list = [];
  for (let k = 0; k < 6 * 6 * 5; k++) {
    const cell = [k % 6, Math.floor(k / 6) % 6, Math.floor(k / 36)];
    list.push({
      position: cell.map((c) => 0.002 + 0.0025 * c + 0.0002 * (random() - 0.5)),
      velocity: [0, 1, 2].map(() => 0.2 * (random() - 0.5)),
      angularVelocity: [0, 1, 2].map(() => 50 * (random() - 0.5)),
      radius: 0.0009 + 0.0002 * random(),
      material: k % 3 === 0 ? 'steel' : 'glass',
    });
  }
  return list;
}

function scenario(particles: unknown): object {
  return {
    name: 'identity',
    time: { duration: 400 * 2e-6, dt: 2e-6 },
    materials: {
      glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 },
      steel: { youngsModulus: 2e7, poissonsRatio: 0.28, density: 7800 },
    },
    contact: { normal: { model: 'tsuji', restitution: 0.6 }, friction: 0.4, rollingFriction: 0.05 },
    particles,
    walls: [{ type: 'box', min: [0, 0, 0], max: [0.017, 0.017, 0.02], openTop: true, material: 'steel' }],
    workers: 1,
    outputs: { interval: 40 * 2e-6 },
  };
}

const runs = { array: path.join(scratch, 'run-array'), file: path.join(scratch, 'run-file') };
const checked: Record<keyof typeof runs, CheckedScenario | undefined> = { array: undefined, file: undefined };
const setups: Partial<Record<keyof typeof runs, RunSetup>> = {};

beforeAll(async () => {
  const list = spheres();
  const columns = 'x,y,z,vx,vy,vz,wx,wy,wz,radius,material';
  const rows = list.map((s) => [...s.position, ...s.velocity, ...s.angularVelocity, s.radius, s.material].map(String).join(','));
  fs.writeFileSync(path.join(scratch, 'spheres.csv'), `${columns}\n${rows.join('\n')}\n`);
  fs.writeFileSync(path.join(scratch, 'array.json'), JSON.stringify(scenario(list)));
  fs.writeFileSync(path.join(scratch, 'file.json'), JSON.stringify(scenario({ file: 'spheres.csv' })));
  for (const kind of ['array', 'file'] as const) {
    checked[kind] = loadScenarioFile(path.join(scratch, `${kind}.json`));
    setups[kind] = createSetup(checked[kind]!);
    await runToDirectory(setups[kind]!, runs[kind]);
  }
});

/** Every file under a run directory, relative to it. */
const filesOf = (dir: string) => fs.readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

describe('the same spheres as an array and as a sphere file', () => {
  it('set up the same arrays and time step', () => {
    const [a, f] = [setups.array!, setups.file!];
    expect(f.particles).toEqual(a.particles);
    expect(Buffer.from(f.particles.position.buffer).equals(Buffer.from(a.particles.position.buffer))).toBe(true);
    expect(Buffer.from(f.particles.angularVelocity.buffer).equals(Buffer.from(a.particles.angularVelocity.buffer))).toBe(true);
    expect([f.dt, f.skin, f.steps]).toEqual([a.dt, a.skin, a.steps]);
    expect(a.sphereFile).toBeNull();
    expect(f.sphereFile).toEqual({ path: path.join(scratch, 'spheres.csv'), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), spheres: 180 });
  });

  it('write byte-identical run directories, but for where the spheres were given', () => {
    const names = filesOf(runs.array);
    expect(filesOf(runs.file)).toEqual(names);
    expect(names).toEqual(expect.arrayContaining(['series.csv', 'impact-statistics.csv', 'summary.json', 'frames/index.json']));
    const read = (kind: keyof typeof runs, name: string) => fs.readFileSync(path.join(runs[kind], name));
    for (const name of names.filter((n) => n !== 'summary.json' && n !== 'scenario.json')) {
      expect(read('file', name).equals(read('array', name)), name).toBe(true);
    }
    const summary = (kind: keyof typeof runs) => {
      const { performance: _wallClock, ...rest } = JSON.parse(read(kind, 'summary.json').toString());
      return rest;
    };
    expect(summary('file')).toEqual(summary('array'));
    expect(summary('array').final.particles).toHaveLength(180);
    const resolved = (kind: keyof typeof runs) => {
      const { particles, derived: { sphereFile, ...derived }, ...rest } = JSON.parse(read(kind, 'scenario.json').toString());
      return { particles, sphereFile, rest: { ...rest, derived } };
    };
    const [a, f] = [resolved('array'), resolved('file')];
    expect(f.rest).toEqual(a.rest);
    expect(a.particles).toHaveLength(180);
    expect(f.particles).toEqual({ file: path.join(scratch, 'spheres.csv') });
    expect(f.sphereFile).toEqual(setups.file!.sphereFile);
  });

  it('export the same LAMMPS data file, and a deck that holds the sphere file and is whole when moved', () => {
    const deck = (kind: keyof typeof runs) => {
      const out = path.join(scratch, `deck-${kind}`);
      exportLammpsDeck(checked[kind]!, { out });
      return out;
    };
    const [array, file] = [deck('array'), deck('file')];
    const data = (dir: string) => fs.readFileSync(path.join(dir, DECK_FILES.data));
    expect(data(array).toString()).toContain('180 atoms');
    expect(data(file).equals(data(array))).toBe(true);
    expect(fs.readFileSync(path.join(file, DECK_FILES.spheres)).equals(fs.readFileSync(path.join(scratch, 'spheres.csv')))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(file, DECK_FILES.scenario), 'utf8')).particles).toEqual({ file: DECK_FILES.spheres });
    expect(fs.readFileSync(path.join(file, DECK_FILES.readme), 'utf8')).toContain(`| ${DECK_FILES.spheres} | a copy of the scenario's sphere file`);
    // The deck elsewhere, its origin gone: its scenario (which `grainflow import lammps` reads) still sets up the same spheres.
    const moved = path.join(scratch, 'elsewhere', 'deck');
    fs.cpSync(file, moved, { recursive: true });
    fs.rmSync(file, { recursive: true });
    expect(createSetup(loadScenarioFile(path.join(moved, DECK_FILES.scenario))).particles).toEqual(setups.array!.particles);
  });
});
