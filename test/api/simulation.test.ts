/**
 * The stepping API (createSimulation, issue 30 point 3): it is the engine of a run — the pile stepped through it
 * ends bit for bit where runScenario's run ends, on two threads; a checkpoint continues bit for bit; an external
 * force gives the impulse of velocity Verlet (half a step at the first step, F·dt after), with the same bits on 1
 * and 2 threads; a free fall keeps its energy; a sphere resting on a wall is one contact with the Hertz overlap of
 * its weight; each contact reports its normal law's K and c; bad arguments are one line naming them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSimulation, parseScenario, ResumeError, runScenario, ScenarioError, UnstableRunError, type ScenarioInput,
  type Simulation,
} from '../../src/api/index.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-stepping-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const material = { youngsModulus: 1e7, poissonsRatio: 0.3, density: 2000 };
type Vector = [number, number, number];
/** Spheres of radius 1 mm at `positions`, under `gravity`, with a floor at z = 0 when `floor`. */
function spheres(positions: Vector[], gravity: Vector = [0, 0, -9.81], floor = false): ScenarioInput {
  return {
    name: 'spheres', gravity, time: { duration: 0.05 },
    materials: { m: material },
    contact: { normal: { model: 'tsuji', restitution: 0.3 } },
    particles: positions.map((position) => ({ position, radius: 1e-3, material: 'm' })),
    walls: floor ? [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }] : [],
    outputs: { frames: false },
  };
}

/** Every sphere's position, velocity and spin by id, as numbers. */
function byId(sim: Simulation): Map<number, number[]> {
  const { ids, positions, velocities, spins } = sim.state;
  const state = new Map<number, number[]>();
  for (let p = 0; p < ids.length; p++) {
    const at = (a: ArrayLike<number>) => [a[3 * p], a[3 * p + 1], a[3 * p + 2]];
    state.set(ids[p], [...at(positions), ...at(velocities), ...at(spins)]);
  }
  return state;
}

describe('createSimulation', () => {
  const pile = parseScenario({ ...JSON.parse(fs.readFileSync('scenarios/pile.json', 'utf8')), time: { duration: 0.02 } }, 'scenarios');

  it('steps the pile (poured spheres, re-numbering, a wall) to where runScenario ends, bit for bit, on 2 threads', async () => {
    const summary = await runScenario(pile, { out: path.join(scratch, 'pile'), workers: 1 });
    const sim = await createSimulation(pile, { workers: 2 });
    try {
      expect(sim.steps).toBe(summary.steps);
      sim.step(sim.steps);
      expect(sim.time).toBe(summary.simulatedTime);
      expect(sim.count).toBe(summary.particles);
      const state = byId(sim);
      expect(summary.final.particles!.length).toBeGreaterThan(30);
      for (const p of summary.final.particles!) {
        expect(state.get(p.id)).toEqual([...p.position, ...p.velocity, ...p.angularVelocity]);
      }
      expect(sim.energies().kinetic).toBe(summary.final.kineticEnergy);
      expect(sim.contacts().length).toBe(summary.final.contacts);
    } finally {
      await sim.dispose();
    }
  });

  it('continues from its checkpoint bit for bit; another scenario\'s checkpoint is refused in one line', async () => {
    const file = path.join(scratch, 'pile.gfck');
    const through = await createSimulation(pile);
    through.step(300);
    through.checkpoint(file);
    through.step(300);
    const continued = await createSimulation(pile, { from: file });
    expect(continued.stepCount).toBe(300);
    continued.step(300);
    expect(byId(continued)).toEqual(byId(through));
    await Promise.all([through.dispose(), continued.dispose()]);

    const other = spheres([[0, 0, 0.01]]);
    await expect(createSimulation(other, { from: file })).rejects.toThrow(new ResumeError(`checkpoint ${file} belongs to a different scenario`));
    await expect(createSimulation(other, { from: path.join(scratch, 'none.gfck') })).rejects.toThrow(ResumeError);
  });

  // The defects caught: a checkpoint written over a file grainflow did not write (as root, over /dev/full itself), and a
  // `from` read without limit (/dev/zero fills the memory, a FIFO waits forever).
  it('replaces only a checkpoint file, and reads `from` only from a regular file', async () => {
    const sim = await createSimulation(spheres([[0, 0, 0.01]]));
    const own = path.join(scratch, 'again.gfck');
    sim.checkpoint(own);
    sim.step(5);
    sim.checkpoint(own);
    const resumed = await createSimulation(spheres([[0, 0, 0.01]]), { from: own });
    expect(resumed.stepCount).toBe(5);
    await resumed.dispose();

    const notes = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notes, 'the user\'s own file\n');
    const link = path.join(scratch, 'link.gfck');
    fs.symlinkSync(own, link);
    const refused = (file: string, what: string) => new RangeError(
      `checkpoint(file): ${file} ${what}; a checkpoint replaces only a checkpoint file: name a new file`);
    expect(() => sim.checkpoint(notes)).toThrow(refused(notes, 'is a file that is not a grainflow checkpoint'));
    expect(fs.readFileSync(notes, 'utf8')).toBe('the user\'s own file\n');
    expect(() => sim.checkpoint(scratch)).toThrow(refused(scratch, 'is a directory'));
    expect(() => sim.checkpoint(link)).toThrow(refused(link, 'is a symbolic link'));
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(() => sim.checkpoint(5 as unknown as string)).toThrow(
      new RangeError('checkpoint(file): file must be the path of the checkpoint to write (got 5)'));
    await sim.dispose();

    await expect(createSimulation(spheres([[0, 0, 0.01]]), { from: '/dev/null' })).rejects.toThrow(
      new ResumeError('checkpoint /dev/null cannot be read: it is a character device, not a regular file'));
  });

  // The defect caught: a state blown up to Infinity or NaN reached the neighbour search, whose RangeError surfaced as
  // a stack trace (the command line) or an undocumented error (the library), not as the watchdog's diagnosis.
  it('reports a run gone wrong — a state no longer finite, a contact lost in one step — as UnstableRunError', async () => {
    const sim = await createSimulation(spheres([[0, 0, 0.01], [0.005, 0, 0.01]]));
    sim.setExternalForces([0], [1e308, 0, 0]);
    expect(() => sim.step(200)).toThrow(UnstableRunError);
    expect(() => sim.step(200)).toThrow(/^watchdog: at step \d+ \(t = .* s\) the position of particle 0 is not finite; /);
    await sim.dispose();
    // The granular gas's spheres at density 1e308: the first collisions' forces overflow.
    const gas = JSON.parse(fs.readFileSync('scenarios/granular-gas.json', 'utf8'));
    const heavy = parseScenario({
      ...gas, insert: [{ ...gas.insert[0], count: 30 }], time: { duration: 0.003, dt: 3e-6 },
      materials: { soft: { ...gas.materials.soft, density: 1e308 } },
    }, 'scenarios');
    await expect(runScenario(heavy, { out: path.join(scratch, 'heavy') })).rejects.toThrow(UnstableRunError);
    // A sphere pulled out of its contact by more than the skin in one step: the same error, naming both.
    const pair = await createSimulation({
      ...spheres([], [0, 0, 0]),
      particles: [[0, 0.1], [0.002, -0.1]].map(([x, v]) => ({ position: [x, 0, 0], velocity: [v, 0, 0], radius: 1e-3, material: 'm' })),
    } as ScenarioInput);
    pair.step(1);
    expect(pair.contacts()).toHaveLength(1);
    pair.setExternalForces([0], [-1e6, 0, 0]);
    expect(() => pair.step(3)).toThrow(/^watchdog: at step \d+ \(t = .* s\) particle 0 left its contact with particle 1 by more than the neighbour skin/);
    await pair.dispose();
    expect(fs.existsSync(path.join(scratch, 'heavy'))).toBe(false);
  });

  it('applies an external force from the next step: impulse (n − ½)·F·dt after n steps, n·F·dt once removed', async () => {
    const sim = await createSimulation(spheres([[0, 0, 0], [0.01, 0, 0]], [0, 0, 0]));
    const m = sim.state.masses[0], F = [2e-4, -1e-4, 3e-4];
    const pushed = sim.state.ids[0] === 1 ? 0 : 1; // the index of sphere 1
    sim.setExternalForces([1], F);
    sim.step(40);
    const v = (p: number) => [0, 1, 2].map((a) => sim.state.velocities[3 * p + a]);
    for (let a = 0; a < 3; a++) expect(v(pushed)[a]).toBeCloseTo((39.5 * sim.dt * F[a]) / m, 15);
    expect(v(1 - pushed)).toEqual([0, 0, 0]);
    sim.setExternalForces([], []);
    sim.step(10);
    for (let a = 0; a < 3; a++) expect(v(pushed)[a] / ((40 * sim.dt * F[a]) / m)).toBeCloseTo(1, 12);
    expect(sim.state.forces[3 * pushed]).toBe(0);
    await sim.dispose();
  });

  it('gives the same bits with external forces on 1 and 2 threads (spheres of both lanes pushed)', async () => {
    const pushed = async (workers: number) => {
      const sim = await createSimulation(pile, { workers });
      sim.step(200);
      const ids = Array.from({ length: sim.count }, (_, id) => id);
      sim.setExternalForces(ids, ids.flatMap((id) => [1e-6 * id, 0, 2e-5]));
      sim.step(200);
      const state = byId(sim);
      await sim.dispose();
      return state;
    };
    const [one, two] = [await pushed(1), await pushed(2)];
    expect(two).toEqual(one);
    const unpushed = await createSimulation(pile);
    unpushed.step(400);
    expect(byId(unpushed).get(0)).not.toEqual(one.get(0));
    await unpushed.dispose();
  });

  it('keeps the energy of a free fall and finds the Hertz overlap of a sphere resting on the floor', async () => {
    const fall = await createSimulation(spheres([[0, 0, 0.05]]));
    const before = fall.energies();
    fall.step(fall.steps);
    const after = fall.energies();
    expect(after.kinetic).toBeGreaterThan(0.1 * Math.abs(before.potential));
    expect(Math.abs(after.total - before.total)).toBeLessThan(1e-12 * Math.abs(before.potential));
    await fall.dispose();

    const rest = await createSimulation(spheres([[0, 0, 1e-3]], [0, 0, -9.81], true));
    rest.step(rest.steps);
    const [contact, ...others] = rest.contacts();
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ i: 0, wall: 0 });
    // Sphere on a plane of its own material: K = (4/3)E*√R, E* = E / (2(1 − ν²)); at rest K δ^{3/2} = m g.
    const K = (4 / 3) * (material.youngsModulus / (2 * (1 - 0.3 ** 2))) * Math.sqrt(1e-3);
    const weight = rest.state.masses[0] * 9.81;
    expect(contact.overlap / (weight / K) ** (2 / 3)).toBeCloseTo(1, 3);
    expect(rest.energies().elastic).toBeCloseTo(0.4 * weight * contact.overlap, 12);
    await rest.dispose();
  });

  it('gives each contact its law\'s constants: Hertz K = (4/3)E*√R_eff and Tsuji c = α√(m*K), for a pair and a wall', async () => {
    // A 1 mm sphere landing on the floor and a 2 mm sphere landing on it, both touching at t = 0, without gravity.
    const alpha = 0.4, small = 1e-3, large = 2e-3;
    const sim = await createSimulation({
      name: 'constants', gravity: [0, 0, 0], time: { duration: 1e-3 },
      materials: { m: material },
      contact: { normal: { model: 'tsuji', alpha } },
      particles: [
        { position: [0, 0, small], velocity: [0, 0, -0.01], radius: small, material: 'm' },
        { position: [0, 0, 2 * small + large], velocity: [0, 0, -0.03], radius: large, material: 'm' },
      ],
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }],
      outputs: { frames: false },
    });
    sim.step(10);
    const [pair, wall, ...others] = sim.contacts();
    expect(others).toEqual([]);
    expect(pair).toMatchObject({ i: 0, j: 1 });
    expect(wall).toMatchObject({ i: 0, wall: 0 });
    // One material on both sides (the wall's too): E* = E / (2(1 − ν²)); masses (4/3)πR³ρ.
    const hertz = (reff: number) => (4 / 3) * (material.youngsModulus / (2 * (1 - 0.3 ** 2))) * Math.sqrt(reff);
    const mass = (r: number) => (4 / 3) * Math.PI * r ** 3 * material.density;
    const reff = (small * large) / (small + large), meff = (mass(small) * mass(large)) / (mass(small) + mass(large));
    expect(pair.stiffness / hertz(reff)).toBeCloseTo(1, 12);
    expect(pair.damping / (alpha * Math.sqrt(meff * hertz(reff)))).toBeCloseTo(1, 12);
    expect(wall.stiffness / hertz(small)).toBeCloseTo(1, 12);
    expect(wall.damping / (alpha * Math.sqrt(mass(small) * hertz(small)))).toBeCloseTo(1, 12);
    await sim.dispose();
  });

  it('refuses bad arguments in one line naming them, and a disposed simulation', async () => {
    await expect(createSimulation(spheres([[0, 0, 0]]), { workers: 0 })).rejects.toThrow(
      new ScenarioError('workers', 'must be a whole number >= 1 (got 0)'));
    const sim = await createSimulation(spheres([[0, 0, 0], [0.01, 0, 0]]));
    expect(() => sim.step(1.5)).toThrow(new RangeError('step(n): n must be a whole number >= 0 (got 1.5)'));
    expect(() => sim.setExternalForces([2], [0, 0, 0])).toThrow(
      new RangeError('setExternalForces: ids[0] must be the id of a sphere present, a whole number from 0 to 1 (got 2)'));
    expect(() => sim.setExternalForces([1, 1], [0, 0, 0, 0, 0, 0])).toThrow(/ids\[1\] repeats ids\[0\] \(1\)/);
    expect(() => sim.setExternalForces([0], [0, Number.NaN, 0])).toThrow(/forces\[1\] must be a finite number/);
    expect(() => sim.setExternalForces([0], [0, 0])).toThrow(/forces must hold 3 numbers .* \(got 2\)/);
    await sim.dispose();
    expect(() => sim.step()).toThrow('this simulation was disposed; create a new one');
  });
});
