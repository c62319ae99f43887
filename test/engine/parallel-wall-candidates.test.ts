/**
 * The neighbour rebuild's sphere–wall candidate search on several lanes (contacts/wall-candidates.ts,
 * engine/parallel/executor.ts findWallCandidates; issue #26): every lane searches a contiguous range of spheres into
 * a segment of its own and the segments are joined in lane order, so the wall list — and with it every result — is
 * the one-lane list for any lane count, more lanes than cores included. The protocol is checked on one thread
 * (planes, a box's triangles, a second pose, a list too small), then whole simulations on 1, 2 and 3 lanes (a removed
 * floor among them), and the barrier rounds a step and a rebuild take.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { WallCandidateSearch, type WallCandidateColumns, type WallSearch } from '../../src/contacts/wall-candidates.js';
import type { WallCandidateList } from '../../src/contacts/wall-contacts.js';
import type { SerialExecutor } from '../../src/engine/parallel/executor.js';
import { Slot } from '../../src/engine/parallel/control.js';
import { capacityNeeded, joinSegments, laneSegments } from '../../src/engine/parallel/segments.js';
import { Simulation } from '../../src/engine/simulation.js';
import { createSetup } from '../../src/run/setup.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { afterStepsOnLanes, stateBytes } from '../helpers/on-lanes.js';

/**
 * settle-2k with its side planes replaced by an open box (triangles, through the tree) reaching below the floor
 * plane, and a small box above the bed moving from the start, so the triangles are searched in two poses.
 */
function boxedBed(json: Scenario): void {
  json.walls = [
    json.walls![0],
    { type: 'box', min: [0, 0, -0.001], max: [0.03, 0.03, 0.05], openTop: true, material: 'glass' },
    { type: 'box', min: [0.01, 0.01, 0.04], max: [0.02, 0.02, 0.045], material: 'steel', motion: { velocity: [0, 0, 0.5] } },
  ] as Scenario['walls'];
}

/** boxedBed with the floor plane removed after 3 ms: a removed wall's candidates leave the list. */
function floorRemoved(json: Scenario): void {
  boxedBed(json);
  Object.assign(json.walls![0], { removeAt: 0.003 });
}

/** The candidates in a list's columns, one string each: sphere, primitive, class, damping coefficient's bits. */
function candidatesOf(columns: WallCandidateColumns, count: number): string[] {
  return Array.from({ length: count }, (_, s) => `${columns.first[s]}:${columns.second[s]}:${columns.cls[s]}:${columns.c[s]}`);
}

describe('the wall-candidate search split over lanes, on one thread', () => {
  const sim = new Simulation(createSetup(editedScenario('test/fixtures/settle-2k.json', boxedBed)));
  for (let k = 0; k < 200; k++) sim.step(() => {});
  const { st, walls } = sim;
  const table = (sim as unknown as { kernelTable: Parameters<WallCandidateSearch['search']>[1] }).kernelTable;
  // The search of a rebuild at the current positions, and its one-lane result.
  let search: WallSearch | null = null;
  let serial: string[] = [];
  walls.rebuild((job, out) => {
    search = job;
    const count = new WallCandidateSearch().search(job, table, st, 0, st.n, out.columns);
    serial = candidatesOf(out.columns, count);
    return count;
  }, sim.setup.skin, null);

  it.each([1, 2, 3, 7])('joins the lanes\' segments into the one-lane list with %i lanes, growing a list too small', (lanes) => {
    expect(search).not.toBeNull();
    const job = search!;
    // Both kinds of primitive and both poses of the triangles are in the list.
    const second = serial.map((entry) => Number(entry.split(':')[1]));
    expect(second.some((prim) => job.analytic.includes(prim))).toBe(true);
    expect(second.some((prim) => !job.analytic.includes(prim))).toBe(true);
    expect(job.representative.length).toBe(2);
    // 16 candidates of capacity, 3 doubles of spare history each: far too small for every lane.
    let list!: WallCandidateList;
    const withCapacity = (capacity: number): WallCandidateList => ({
      columns: {
        first: new Int32Array(capacity), second: new Int32Array(capacity), cls: new Uint16Array(capacity), c: new Float64Array(capacity),
      },
      spare: new Float64Array(3 * capacity),
      reserve: (needed) => { list = withCapacity(needed); },
    });
    list = withCapacity(16);
    // Uneven ranges: any contiguous ranges in lane order give the one-lane list.
    const ranges = Int32Array.from({ length: lanes + 1 }, (_, k) => Math.round(st.n * (k / lanes) ** 2));
    const counts = new Int32Array(lanes);
    const searchers = Array.from({ length: lanes }, () => new WallCandidateSearch());
    let segments: WallCandidateColumns[];
    let searches = 0;
    for (;;) {
      segments = laneSegments(list.columns, list.spare, lanes);
      for (let lane = 0; lane < lanes; lane++) {
        counts[lane] = searchers[lane].search(job, table, st, ranges[lane], ranges[lane + 1], segments[lane]);
      }
      searches++;
      const needed = capacityNeeded(counts, lanes, segments, 8 * 3);
      if (needed === 0) break;
      list.reserve(needed);
    }
    expect(searches).toBe(2); // one into the small list, one into the grown one
    for (let lane = 0; lane < lanes; lane++) expect(counts[lane], `lane ${lane}`).toBeGreaterThan(0);
    const count = joinSegments(segments, counts, lanes);
    expect(candidatesOf(list.columns, count)).toEqual(serial);
    if (lanes > 1) {
      // The lanes' order matters: the same segments joined last lane first are not the list.
      const lastFirst = segments.map((segment, lane) => candidatesOf(segment, counts[lane])).reverse().flat();
      expect(lastFirst).not.toEqual(serial);
    }
  });
});

/** A simulation of `scenario` on `lanes` lanes after `steps` steps: its state and its wall list. */
function simulate(scenario: { fixture: string; edit: (json: Scenario) => void }, lanes: number, steps: number) {
  const checked = editedScenario(`test/fixtures/${scenario.fixture}.json`, scenario.edit);
  return afterStepsOnLanes(checked, lanes, steps, (sim, executor) => ({
    rebuilds: sim.rebuilds,
    laneCandidates: Array.from(executor.control.laneWallCandidates),
    state: stateBytes(sim),
    candidates: candidatesOf(sim.walls, sim.walls.count),
  }));
}

describe.each([
  // planes, a box's triangles in two poses
  { name: 'settle-2k in a box', fixture: 'settle-2k', edit: boxedBed, steps: 300, floorHeld: true },
  // the same with the floor plane removed at 3 ms: the bed drops onto the box's bottom
  { name: 'settle-2k in a box, floor removed', fixture: 'settle-2k', edit: floorRemoved, steps: 300, floorHeld: false },
])('$name, $steps steps', (scenario) => {
  it('gives the bit-identical state and wall list on 1, 2 and 3 lanes (3 > the cores of the test machine)', async () => {
    const reference = await simulate(scenario, 1, scenario.steps);
    expect(reference.rebuilds).toBeGreaterThan(3);
    expect(reference.candidates.length).toBeGreaterThan(50);
    // The floor plane is primitive 0: a removed floor's candidates are left out.
    expect(reference.candidates.some((entry) => entry.split(':')[1] === '0')).toBe(scenario.floorHeld);
    for (const lanes of [2, 3]) {
      const other = await simulate(scenario, lanes, scenario.steps);
      expect(other.laneCandidates.length).toBe(lanes);
      // Every lane searched a share of the spheres and found candidates, so the join was exercised.
      for (const found of other.laneCandidates) expect(found, `${lanes} lanes`).toBeGreaterThan(0);
      expect(other.rebuilds).toBe(reference.rebuilds);
      expect(other.candidates, `${lanes} lanes`).toEqual(reference.candidates);
      expect(other.state, `${lanes} lanes`).toEqual(reference.state);
    }
  });
});

describe('barrier rounds on 2 lanes', () => {
  // Two per step: kick + drift, then the pair pass with the gather (engine/parallel/lane.ts forcesAndKick).
  it('are two per step and two per rebuild (the searches): new contact lists need none of their own', async () => {
    const sim = new Simulation(createSetup(editedScenario('test/fixtures/settle-2k.json', boxedBed)));
    await sim.useWorkers(2, availableParallelism());
    try {
      const executor = (sim as unknown as { executor: SerialExecutor }).executor;
      const rounds = () => Atomics.load(executor.control.ints, Slot.generation);
      for (let k = 0; k < 100; k++) sim.step(() => {});
      const [rounds0, rebuilds0] = [rounds(), sim.rebuilds];
      for (let k = 0; k < 200; k++) sim.step(() => {});
      const rebuilds = sim.rebuilds - rebuilds0;
      expect(rebuilds).toBeGreaterThan(3);
      // A list that outgrew its room is searched once more (at most one of the two lists per rebuild here).
      const perRebuild = rounds() - rounds0 - 2 * 200;
      expect(perRebuild).toBeGreaterThanOrEqual(2 * rebuilds);
      expect(perRebuild).toBeLessThan(3 * rebuilds);
    } finally {
      await sim.close();
    }
  });
});
