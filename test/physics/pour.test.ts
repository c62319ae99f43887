/**
 * Pouring during a run (issue #4): spheres enter at the requested rate, never overlapping anything when they
 * appear, wait when the region is momentarily full, and the run is bit-identical for 1, 2 and 4 lanes.
 * Workers run from the compiled build, which `npm test` makes first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { POUR_EVERY_STEPS } from '../../src/engine/pour.js';
import { runToDirectory } from '../../src/run/run.js';
import { Simulation } from '../../src/engine/simulation.js';

const V0 = [0, 0, -1];

/** Soft glass (E = 1 MPa: dt ≈ 1e-5 s) poured from a cylinder 5 mm above a floor at z = 0. */
function pourScenario(block: Record<string, unknown>, duration: number) {
  return parseScenario({
    name: 'pour', seed: 11,
    time: { duration },
    materials: { glass: { youngsModulus: 1e6, poissonsRatio: 0.25, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.3 },
    insert: [{
      region: { type: 'cylinder', center: [0, 0, 0.005], radius: 0.015, height: 0.01 },
      radius: { distribution: 'uniform', min: 0.001, max: 0.0012 }, material: 'glass', velocity: V0, ...block,
    }],
    walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'glass' }],
    outputs: { interval: duration / 20, impactRecords: true },
  });
}

/** Brute-force clearance of sphere p from every other sphere and from the floor (m; < 0 = overlap). */
function clearance(sim: Simulation, p: number): number {
  const { pos, radius, n } = sim.st;
  let least = pos[3 * p + 2] - radius[p];
  for (let q = 0; q < n; q++) {
    if (q === p) continue;
    const d = Math.hypot(pos[3 * p] - pos[3 * q], pos[3 * p + 1] - pos[3 * q + 1], pos[3 * p + 2] - pos[3 * q + 2]);
    least = Math.min(least, d - radius[p] - radius[q]);
  }
  return least;
}

interface PourTrace {
  sim: Simulation;
  /** per insertion event: time and the spheres present after it */
  events: { time: number; present: number }[];
  /** smallest clearance of a new sphere at the moment it appeared (m) */
  worstClearance: number;
}

/** Runs a pour on one thread, checking every sphere the moment it appears. */
function tracePour(block: Record<string, unknown>, duration: number): PourTrace {
  const setup = createSetup(pourScenario(block, duration));
  const sim = new Simulation(setup);
  const events: PourTrace['events'] = [];
  let worstClearance = Infinity;
  const check = (before: number) => {
    const { id, vel, omega, n } = sim.st;
    for (let p = 0; p < n; p++) {
      if (id[p] < before) continue;
      worstClearance = Math.min(worstClearance, clearance(sim, p));
      expect([vel[3 * p], vel[3 * p + 1], vel[3 * p + 2]]).toEqual(V0);
      expect([omega[3 * p], omega[3 * p + 1], omega[3 * p + 2]]).toEqual([0, 0, 0]);
    }
  };
  check(0);
  events.push({ time: 0, present: sim.st.n });
  for (let k = 1; k <= setup.steps; k++) {
    const before = sim.st.n;
    sim.step(() => {});
    if (k % POUR_EVERY_STEPS === 0) events.push({ time: sim.time, present: sim.st.n });
    if (sim.st.n > before) check(before);
  }
  return { sim, events, worstClearance };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-pour-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('pouring', () => {
  it('pours 500 spheres at 5 000 per second: count follows the rate, no overlap on entry', () => {
    const rate = 5000;
    const { sim, events, worstClearance } = tracePour({ count: 500, rate: { particlesPerSecond: rate } }, 0.11);
    expect(sim.setup.dt).toBeGreaterThan(5e-6);
    // Sphere k is due at k/rate and enters at the first event at or after that: n − 1 <= rate·t < n.
    for (const { time, present } of events) {
      if (present === 500) continue;
      expect(present - 1).toBeLessThanOrEqual(rate * time * (1 + 1e-12));
      expect(rate * time).toBeLessThan(present);
    }
    expect(sim.st.n).toBe(500);
    expect(worstClearance).toBeGreaterThanOrEqual(0);
    const report = sim.pourer!.report();
    expect(report).toMatchObject({ requested: 500, poured: 500 });
    // The last one is due at 499/rate and enters within one event interval.
    expect(report.lastInsertionTime! - 499 / rate).toBeGreaterThanOrEqual(0);
    expect(report.lastInsertionTime! - 499 / rate).toBeLessThanOrEqual(POUR_EVERY_STEPS * sim.setup.dt);
    // A pile formed under the stream: spheres rest on the floor and on each other.
    expect(sim.measureContacts().contacts).toBeGreaterThan(150);
  });

  it('pours at a mass rate: the mass present before the last entry is at most rate·t', () => {
    const rate = 0.05; // kg/s, about 4 000 spheres of 1.1 mm per second
    const { sim, events } = tracePour({ count: 200, rate: { massPerSecond: rate }, start: 0.01 }, 0.07);
    expect(sim.st.n).toBe(200);
    const massById = new Float64Array(sim.st.n);
    for (let p = 0; p < sim.st.n; p++) massById[sim.st.id[p]] = sim.st.mass[p];
    for (const { time, present } of events) {
      if (present === 200) continue;
      if (time < 0.01) {
        expect(present).toBe(0);
        continue;
      }
      let before = 0;
      for (let k = 0; k < present - 1; k++) before += massById[k];
      // Sphere k is due when the mass of the spheres before it has flowed: M(k−1) <= rate·(t − start) < M(k).
      expect(before).toBeLessThanOrEqual(rate * (time - 0.01) * (1 + 1e-12));
      expect(rate * (time - 0.01)).toBeLessThan(before + massById[present - 1]);
    }
  });

  it('waits while the region is full, then catches up; still no overlap on entry', () => {
    // A cylinder 2.6 mm across and high holds one sphere at a time, which needs ~2 ms to fall out of it at
    // 1 m/s; 20 000 per second are asked for.
    const { sim, events, worstClearance } = tracePour({
      count: 30, rate: { particlesPerSecond: 20_000 },
      region: { type: 'cylinder', center: [0, 0, 0.05], radius: 0.0013, height: 0.0026 },
    }, 0.1);
    const lagging = events.filter(({ time, present }) => present < Math.min(30, Math.floor(20_000 * time) + 1));
    expect(lagging.length).toBeGreaterThan(10);
    expect(worstClearance).toBeGreaterThanOrEqual(0);
    const report = sim.pourer!.report();
    expect(report.poured).toBe(30);
    // All were due by 1.5 ms; one entry per ~2 ms makes the last enter after 40 ms.
    expect(report.lastInsertionTime!).toBeGreaterThan(0.04);
  });

  it('gives bit-identical outputs with 1, 2 and 4 lanes while spheres pour in', async () => {
    async function run(lanes: number) {
      const setup = createSetup(pourScenario({ count: 300, rate: { particlesPerSecond: 20_000 } }, 0.02));
      // Below PARALLEL_MIN_PARTICLES the set-up picks one lane; force more to exercise the workers.
      setup.lanes = lanes;
      const out = path.join(scratch, `lanes-${lanes}`);
      const summary = await runToDirectory(setup, out);
      const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
      return { summary, series: read('series.csv'), impacts: read('impact-statistics.csv') + readFileSync(path.join(out, 'impacts.bin')).toString('base64'),
        summaryText: JSON.stringify({ ...JSON.parse(read('summary.json')), performance: undefined }) };
    }
    const reference = await run(1);
    expect(reference.summary.pour).toMatchObject({ requested: 300, poured: 300 });
    expect(reference.summary.particles).toBe(300);
    expect(reference.summary.impacts).toBeGreaterThan(100);
    for (const lanes of [2, 4]) {
      const other = await run(lanes);
      expect(other.summary.performance.lanes).toBe(lanes);
      expect(other.summaryText, `${lanes} lanes`).toBe(reference.summaryText);
      expect(other.series, `${lanes} lanes`).toBe(reference.series);
      expect(other.impacts, `${lanes} lanes`).toBe(reference.impacts);
    }
  });

  it('warns when the run ends before the pour, and counts only the spheres present', async () => {
    const setup = createSetup(pourScenario({ count: 500, rate: { particlesPerSecond: 5000 } }, 0.02));
    expect(setup.warnings).toEqual(['insert[0]: 399 of 500 spheres are due after the end of the run (t = 0.02 s) '
      + 'and will not be poured; raise the rate or the duration']);
    const summary = await runToDirectory(setup, path.join(scratch, 'short'));
    // The last insertion event is the last step that is a multiple of POUR_EVERY_STEPS.
    const lastEvent = Math.floor(setup.steps / POUR_EVERY_STEPS) * POUR_EVERY_STEPS * setup.dt;
    const poured = Math.floor(5000 * lastEvent) + 1;
    expect(poured).toBeLessThanOrEqual(101);
    expect(summary.pour).toMatchObject({ requested: 500, poured });
    expect(summary.particles).toBe(poured);
    expect(summary.final.particles!.map((p) => p.id)).toEqual(Array.from({ length: poured }, (_, k) => k));
  });
});
