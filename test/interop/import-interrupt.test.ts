/**
 * An interrupted `grainflow import lammps` leaves nothing behind (issue 25, item 4): SIGINT or SIGTERM while a large
 * dump is being read stops the import between two frames with 128 + the signal's number, and neither the output,
 * nor its staging directory, nor its lock file remains. The deck is exported from 20 000 spheres and its LAMMPS
 * results are written here by hand in LAMMPS's dump format (no LAMMPS needed): 40 frames, about 80 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-import-interrupt-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const FRAMES = 40;
const deck = path.join(scratch, 'deck');

/** The atoms of the deck's data file as dump rows at rest: id type radius x y z, then zero velocities and spins. */
function atomRows(): string {
  const data = fs.readFileSync(path.join(deck, 'data.grainflow'), 'utf8');
  const atoms = data.slice(data.indexOf('Atoms # sphere'), data.indexOf('Velocities')).trim().split('\n').slice(2);
  return atoms.map((line) => {
    const [id, type, diameter, , x, y, z] = line.split(' ');
    return `${id} ${type} ${Number(diameter) / 2} ${x} ${y} ${z} 0 0 0 0 0 0`;
  }).join('\n');
}

beforeAll(() => {
  const scenario = JSON.parse(fs.readFileSync('test/interop/settle-200k.json', 'utf8'));
  scenario.insert[0].count = 20_000;
  scenario.insert[0].region.max[2] = 0.012;
  scenario.time = { ...scenario.time, duration: FRAMES * 1e-4 };
  scenario.outputs = { ...scenario.outputs, interval: 1e-4 };
  const file = path.join(scratch, 'settle-20k.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const r = spawnSync(process.execPath, [CLI, 'export', 'lammps', file, '--out', deck], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const { steps, outputEvery } = JSON.parse(fs.readFileSync(path.join(deck, 'grainflow.json'), 'utf8'));
  const rows = atomRows();
  const count = rows.split('\n').length;
  const frame = (step: number) => `ITEM: TIMESTEP\n${step}\nITEM: NUMBER OF ATOMS\n${count}\nITEM: BOX BOUNDS mm mm mm\n`
    + `0 0.18\n0 0.18\n0 0.012\nITEM: ATOMS id type radius x y z vx vy vz omegax omegay omegaz\n${rows}\n`;
  const dump = fs.openSync(path.join(deck, 'dump.grainflow'), 'w');
  for (let s = 0; s <= steps; s += outputEvery) fs.writeSync(dump, frame(s));
  fs.closeSync(dump);
  fs.writeFileSync(path.join(deck, 'final.grainflow'), frame(steps));
}, 120_000);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  it(`${signal} during the import of a large dump leaves no output, no staging directory and no lock`, async () => {
    const parent = fs.mkdtempSync(path.join(scratch, 'out-'));
    const child = spawn(process.execPath, [CLI, 'import', 'lammps', deck, '--out', path.join(parent, 'run')]);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Signalled once the import is writing: its staging directory beside the output exists. The lock file appears
    // first, so wait for the staging directory itself (waiting for any entry raced the two on a loaded machine).
    const staging = () => fs.readdirSync(parent).some((f) => f.includes('partial'));
    const deadline = Date.now() + 60_000;
    while (!staging() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(staging(), 'the import started writing').toBe(true);
    child.kill(signal);
    const status = await exited;
    expect(stderr).toMatch(new RegExp(`^grainflow: import stopped by ${signal}; nothing written\\n$`));
    expect(status).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(fs.readdirSync(parent)).toEqual([]);
  }, 120_000);
}
