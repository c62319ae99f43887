/**
 * The neighbour rebuild's pair search on several lanes (engine/parallel/pair-search.ts, issue #26): every lane
 * searches the rows of its range of spheres into a segment of its own and the segments are joined in lane order, so
 * the pair list — and with it every result — is the one-lane list for any lane count, more lanes than cores
 * included. The protocol is checked on one thread (segments too small for their lane's pairs included), then whole
 * simulations on 1, 2 and 3 lanes (worker threads from the compiled build, as test/engine/determinism.test.ts).
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { GridBroadPhase, RowBuffer } from '../../src/broadphase/grid.js';
import {
  createImagedPairList, PeriodicPairFinder, wrapPositions, type PeriodicBox,
} from '../../src/broadphase/periodic.js';
import { pairColumns, searchLaneRows, type PairSearchJob } from '../../src/engine/parallel/pair-search.js';
import { capacityNeeded, joinSegments, laneSegments } from '../../src/engine/parallel/segments.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { afterStepsOnLanes, stateBytes } from '../helpers/on-lanes.js';

const BOX: PeriodicBox = { min: [0, 0, 0], max: [0.02, 0.02, 0.03], periodic: [true, true, false] };
const SKIN = 2e-4;

/** A dense random cloud of n spheres in BOX (radii 0.5–1 mm), wrapped into it. */
function cloud(n: number) {
  const random = seedrandom('pair-search');
  const pos = new Float64Array(3 * n), radius = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    for (let a = 0; a < 3; a++) pos[3 * k + a] = BOX.min[a] + random() * (BOX.max[a] - BOX.min[a]);
    radius[k] = 5e-4 + 5e-4 * random();
  }
  wrapPositions(pos, n, BOX);
  return { pos, radius };
}

const pairsOf = (list: { count: number; i: Int32Array; j: Int32Array; image: Uint8Array }) =>
  Array.from({ length: list.count }, (_, p) => `${list.i[p]}-${list.j[p]}@${list.image[p]}`);

describe('the pair search split over lanes, on one thread', () => {
  const n = 1500;
  const { pos, radius } = cloud(n);
  const grid = new GridBroadPhase();
  const periodic = new PeriodicPairFinder(grid, BOX);
  const serial = createImagedPairList();
  periodic.findPairs(pos, radius, n, SKIN, serial);

  it.each([1, 2, 3, 7])('joins the lanes\' segments into the serial list with %i lanes, growing a list too small', (lanes) => {
    // Dense enough that every lane finds pairs, some of them through the periodic faces.
    expect(serial.count).toBeGreaterThan(n);
    expect(serial.image.subarray(0, serial.count).some((code) => code !== 0)).toBe(true);
    // 64 pairs of capacity: far too small for lane 0, and (3 doubles of spare history per pair) for the others.
    const list = createImagedPairList(64);
    let spare = new Float64Array(3 * 64);
    list.reserve = (needed) => {
      list.i = new Int32Array(needed); list.j = new Int32Array(needed); list.image = new Uint8Array(needed);
      spare = new Float64Array(3 * needed);
    };
    const ghosts = periodic.ghosts(pos, radius, n, SKIN);
    // Uneven ranges: any contiguous ranges in lane order give the serial list.
    const ranges = Int32Array.from({ length: lanes + 1 }, (_, k) => Math.round(n * (k / lanes) ** 2));
    const job: PairSearchJob = {
      cells: grid.bin(pos, radius, n, SKIN, ghosts), ghosts: periodic.ghostMap(n), ranges, segments: [],
    };
    const counts = new Int32Array(lanes);
    let searches = 0;
    for (;;) {
      job.segments = laneSegments(pairColumns(list), spare, lanes);
      for (let lane = 0; lane < lanes; lane++) counts[lane] = searchLaneRows(job, lane, pos, radius, new RowBuffer());
      searches++;
      const needed = capacityNeeded(counts, lanes, job.segments, 8 * 3);
      if (needed === 0) break;
      list.reserve(needed);
    }
    expect(searches).toBe(2); // one into the small list, one into the grown one
    for (let lane = 0; lane < lanes; lane++) expect(counts[lane], `lane ${lane}`).toBeGreaterThan(0);
    list.count = joinSegments(job.segments, counts, lanes);
    expect(pairsOf(list)).toEqual(pairsOf(serial));
  });
});

/** A simulation of the fixture on `lanes` lanes after `steps` steps: its state and its pair list. */
function simulate(fixture: string, lanes: number, steps: number) {
  const scenario = editedScenario(`test/fixtures/${fixture}.json`, () => {});
  return afterStepsOnLanes(scenario, lanes, steps, (sim, executor) => {
    const { pairs } = sim;
    return {
      rebuilds: sim.rebuilds,
      lanePairs: Array.from(executor.control.lanePairs),
      state: stateBytes(sim),
      pairs: pairsOf({ count: pairs.count, i: pairs.first, j: pairs.second, image: pairs.image }),
      // each lane writes its pairs' class and damping coefficient
      constants: Array.from({ length: pairs.count }, (_, p) => `${pairs.cls[p]}:${pairs.c[p]}`),
    };
  });
}

describe.each([
  { fixture: 'periodic-gas-1200', steps: 300 },
  { fixture: 'settle-2k', steps: 300 },
])('$fixture, $steps steps', ({ fixture, steps }) => {
  it('gives the bit-identical state and pair list, constants included, on 1, 2 and 3 lanes (3 > the cores of the test machine)', async () => {
    const reference = await simulate(fixture, 1, steps);
    expect(reference.rebuilds).toBeGreaterThan(3);
    expect(reference.pairs.length).toBeGreaterThan(100);
    for (const lanes of [2, 3]) {
      const other = await simulate(fixture, lanes, steps);
      // Every lane searched a share of the last build's rows, so the join was exercised.
      expect(other.lanePairs.length).toBe(lanes);
      for (const found of other.lanePairs) expect(found, `${lanes} lanes`).toBeGreaterThan(0);
      expect(other.rebuilds).toBe(reference.rebuilds);
      expect(other.pairs, `${lanes} lanes`).toEqual(reference.pairs);
      expect(other.constants, `${lanes} lanes`).toEqual(reference.constants);
      expect(other.state, `${lanes} lanes`).toEqual(reference.state);
    }
  });
});
