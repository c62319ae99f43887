/**
 * `grainflow import lammps` against a hostile deck directory (issue 25, item 5): LAMMPS results written here by
 * hand in LAMMPS's dump format (no LAMMPS needed). A duplicated atom id, a FIFO or /dev/zero in place of a dump,
 * the log or the manifest, an absurd atom count, and escape sequences in a dump line are each one line on stderr
 * with status 2, at once, naming the file — never a phantom sphere, a hang, unbounded memory, a stack trace or a
 * control character sent to the terminal.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-import-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const grainflow = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

/** The two-spheres scenario's four spheres at rest where the scenario puts them: id type radius x y z v ω. */
const ATOMS = [[1, -0.0201, 0, 0], [2, 0.0201, 0, 0], [3, -0.0195, 0.1, 0.005], [4, 0.0195, 0.1, -0.005]]
  .map(([id, x, y, z]) => `${id} 1 0.02 ${x} ${y} ${z} 0 0 0 0 0 0`);

function dumpFrame(step: number, atoms: string[], count = atoms.length): string {
  return `ITEM: TIMESTEP\n${step}\nITEM: NUMBER OF ATOMS\n${count}\nITEM: BOX BOUNDS pp pp pp\n-1 1\n-1 1\n-1 1\n`
    + `ITEM: ATOMS id type radius x y z vx vy vz omegax omegay omegaz\n${atoms.join('\n')}\n`;
}

let deck: string;
let manifest: { steps: number; outputEvery: number };
beforeAll(() => {
  deck = path.join(scratch, 'deck');
  const r = grainflow(['export', 'lammps', 'scenarios/two-spheres.json', '--out', deck]);
  expect(r.status, r.stderr).toBe(0);
  manifest = JSON.parse(fs.readFileSync(path.join(deck, 'grainflow.json'), 'utf8'));
  const steps: number[] = [];
  for (let s = 0; s <= manifest.steps; s += manifest.outputEvery) steps.push(s);
  fs.writeFileSync(path.join(deck, 'dump.grainflow'), steps.map((s) => dumpFrame(s, ATOMS)).join(''));
  fs.writeFileSync(path.join(deck, 'final.grainflow'), dumpFrame(manifest.steps, ATOMS));
});

/** A copy of the deck with `name` replaced by what `plant` makes there. */
function deckWith(name: string, plant: (file: string) => void): string {
  const copy = fs.mkdtempSync(path.join(scratch, 'deck-'));
  fs.cpSync(deck, copy, { recursive: true });
  fs.rmSync(path.join(copy, name), { force: true });
  plant(path.join(copy, name));
  return copy;
}

function expectRefused(dir: string, message: RegExp) {
  const out = path.join(scratch, `out-${path.basename(dir)}`);
  const r = grainflow(['import', 'lammps', dir, '--out', out]);
  expect(r.signal, 'import hung').toBeNull();
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  // eslint-disable-next-line no-control-regex
  expect(r.stderr.trimEnd()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  expect(fs.existsSync(out)).toBe(false);
}

describe('import lammps on a hostile deck', () => {
  it('imports the hand-written results (the baseline the cases below break)', () => {
    const r = grainflow(['import', 'lammps', deck, '--out', path.join(scratch, 'imported')]);
    expect(r.status, r.stderr).toBe(0);
  });

  it('a duplicated atom id is refused, not imported as a phantom sphere', () => {
    expectRefused(deckWith('final.grainflow', (f) => fs.writeFileSync(f, dumpFrame(manifest.steps, [ATOMS[0], ATOMS[1], ATOMS[2], ATOMS[1]]))),
      /final\.grainflow, step \d+: atom id 2 is listed twice/);
  });

  it.each(['dump.grainflow', 'final.grainflow', 'log.lammps', 'grainflow.json'])('%s as a FIFO or /dev/zero: refused at once', (name) => {
    expectRefused(deckWith(name, (f) => expect(spawnSync('mkfifo', [f]).status).toBe(0)), /it is a FIFO \(named pipe\), not a regular file/);
    expectRefused(deckWith(name, (f) => fs.symlinkSync('/dev/zero', f)), /it is a character device, not a regular file/);
  });

  // The defect caught: an edited scenario.json (a density five times the exported one) was imported as the physics of
  // LAMMPS's trajectories, its energies five times too large, with status 0.
  it('a scenario.json edited after the export is refused, naming it', () => {
    const edited = deckWith('scenario.json', (f) => {
      const scenario = JSON.parse(fs.readFileSync(path.join(deck, 'scenario.json'), 'utf8'));
      for (const material of Object.values(scenario.materials) as { density: number }[]) material.density *= 5;
      fs.writeFileSync(f, `${JSON.stringify(scenario, null, 2)}\n`);
    });
    expectRefused(edited, /scenario\.json is not the file grainflow export lammps wrote \(its SHA-256 differs from grainflow\.json's\)/);
  });

  it('a deck of an older export, without the digests, is refused with what to do', () => {
    const old = deckWith('grainflow.json', (f) => fs.writeFileSync(f, JSON.stringify({ ...manifest, version: 1, sha256: undefined })));
    expectRefused(old, /grainflow\.json is not a version 2 grainflow-lammps-deck manifest \(a deck exported by an older grainflow: export the scenario again\)/);
  });

  it('an atom count of 10^15 is refused before anything is allocated', () => {
    expectRefused(deckWith('final.grainflow', (f) => fs.writeFileSync(f, dumpFrame(manifest.steps, ATOMS, 1e15))),
      /final\.grainflow, line 4: 1000000000000000 atoms, at most 4 are read/);
  });

  it('escape sequences in a dump line are shown, not sent to the terminal', () => {
    const crafted = [...ATOMS.slice(0, 3), '4 1 0.02 \u001b]0;owned\u0007\u001b[2J 0 0 0 0 0 0 0 0 0'];
    expectRefused(deckWith('final.grainflow', (f) => fs.writeFileSync(f, dumpFrame(manifest.steps, crafted))), /\\x1b\]0;owned\\x07\\x1b\[2J/);
  });

  // The defect caught: an empty dump was said to end "at step -1", a step no run has.
  it('an empty dump is said to hold no frame, not to end at a step', () => {
    expectRefused(deckWith('dump.grainflow', (f) => fs.writeFileSync(f, '')), new RegExp('^grainflow: cannot import: '
      + 'dump\\.grainflow holds no frame: the LAMMPS run did not start, or stopped before it wrote step 0 \\(see log\\.lammps\\)\n$'));
  });
});
