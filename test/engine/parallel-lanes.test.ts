/**
 * How the lanes split a step's work and what they report of it (engine/parallel/control.ts balanceRanges and
 * rebalance, lane-statistics.ts; issue #26 point 2): the ranges carry each lane's cost, the shares follow the lanes'
 * measured times, and a run's report holds every barrier round with each lane's busy time and work — the same work
 * the cost model gave the lanes, and busy time inside the rounds — and the rebuild's parts are timed apart, the serial
 * ones among them (Simulation.phase).
 */
import { describe, expect, it } from 'vitest';
import {
  balanceRanges, createControlBlock, rebalance, TIMED, Timed, Slot,
} from '../../src/engine/parallel/control.js';
import type { SerialExecutor } from '../../src/engine/parallel/executor.js';
import type { LanePhaseReport } from '../../src/engine/parallel/lane-statistics.js';
import type { LaneCopies } from '../../src/engine/parallel/boundary-copies.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { afterStepsOnLanes, stateBytes } from '../helpers/on-lanes.js';

describe('balanceRanges', () => {
  // Items of uneven cost: a dense block (cost 10) then a dilute tail (cost 1).
  const cost = (k: number) => (k < 30 ? 10 : 1);
  const total = 30 * 10 + 70;

  it.each([1, 2, 3, 7])('splits by cost into contiguous ranges and writes each lane\'s cost (%i lanes)', (lanes) => {
    const bounds = new Int32Array(lanes + 1), laneCost = new Float64Array(lanes).fill(-1);
    balanceRanges(100, lanes, cost, total, bounds, new Float64Array(lanes).fill(1 / lanes), laneCost);
    expect(bounds[0]).toBe(0);
    expect(bounds[lanes]).toBe(100);
    for (let lane = 0; lane < lanes; lane++) {
      expect(bounds[lane + 1]).toBeGreaterThanOrEqual(bounds[lane]);
      let sum = 0;
      for (let k = bounds[lane]; k < bounds[lane + 1]; k++) sum += cost(k);
      expect(laneCost[lane], `lane ${lane}`).toBe(sum);
      // No lane is more than one item's cost above its equal share.
      expect(sum).toBeLessThanOrEqual(total / lanes + 10);
    }
  });

  it('gives a lane with an empty range no cost when there are fewer items than lanes', () => {
    const bounds = new Int32Array(5), laneCost = new Float64Array(4).fill(-1);
    balanceRanges(2, 4, () => 1, 2, bounds, new Float64Array(4).fill(0.25), laneCost);
    expect(bounds[4]).toBe(2);
    for (let lane = 0; lane < 4; lane++) expect(laneCost[lane], `lane ${lane}`).toBe(bounds[lane + 1] - bounds[lane]);
  });
});

describe('rebalance', () => {
  it('moves a phase\'s shares halfway towards the lanes\' measured speeds, from the times since the last call', () => {
    const c = createControlBlock(2), share = new Float64Array([0.5, 0.5]), before = new Float64Array(TIMED * 2);
    const slot = Timed.pairSearch;
    // Lane 0 took three times as long as lane 1 for the same share.
    c.laneBusy[slot] = 30;
    c.laneBusy[TIMED + slot] = 10;
    rebalance(c, [slot], 2, share, before);
    expect(share[0]).toBeCloseTo(0.5 * 0.5 + 0.5 * 0.25, 12);
    expect(share[1]).toBeCloseTo(0.5 * 0.5 + 0.5 * 0.75, 12);
    // Nothing measured since: the shares stay.
    rebalance(c, [slot], 2, share, before);
    expect(share[0]).toBeCloseTo(0.375, 12);
    // Equal times for the new shares: halfway towards speeds proportional to the shares, i.e. unchanged.
    c.laneBusy[slot] += 10;
    c.laneBusy[TIMED + slot] += 10;
    rebalance(c, [slot], 2, share, before);
    expect(share[0]).toBeCloseTo(0.5 * 0.375 + 0.5 * 0.375, 12);
    // Other phases' slots are untouched.
    expect(before[Timed.pairPass]).toBe(0);
  });
});

/** settle-2k on `lanes` lanes, 300 steps: its state, touching pairs, and the report of its barrier rounds. */
function simulate(lanes: number) {
  const scenario = editedScenario('test/fixtures/settle-2k.json', () => {});
  return afterStepsOnLanes(scenario, lanes, 300, (sim) => ({
    state: stateBytes(sim), rebuilds: sim.rebuilds, n: sim.st.n, report: sim.lanePhases(), phase: { ...sim.phase },
  }));
}

const phase = (report: LanePhaseReport[], name: string) => {
  const found = report.find((q) => q.phase === name);
  if (found === undefined) throw new Error(`no ${name} in the report`);
  return found;
};

describe('the lanes\' report of a run', () => {
  it('counts every round, each lane\'s work as the ranges gave it, and busy time within the rounds (1, 2, 3, 7 lanes: more than the cores)', async () => {
    const reference = await simulate(1);
    for (const lanes of [1, 2, 3, 7]) {
      const run = lanes === 1 ? reference : await simulate(lanes);
      // The searches' ranges follow measured times; results do not.
      expect(run.state, `${lanes} lanes`).toEqual(reference.state);
      const { report } = run;
      for (const name of ['kick + drift', 'forces']) expect(phase(report, name).rounds).toBe(300);
      // The forces round keeps its two parts apart, and adds them up.
      const forces = phase(report, 'forces');
      expect(forces.parts?.map((part) => part.phase)).toEqual(['pair forces', 'gather + kick']);
      for (let lane = 0; lane < lanes; lane++) {
        const [pair, gather] = forces.parts ?? [];
        expect(forces.busySeconds[lane]).toBeCloseTo(pair.busySeconds[lane] + gather.busySeconds[lane], 12);
        expect(forces.work[lane]).toBe(pair.work[lane] + gather.work[lane]);
        expect(pair.busySeconds[lane]).toBeGreaterThan(0);
        expect(gather.work[lane]).toBeGreaterThan(0);
      }
      // One round per search and rebuild, and one more whenever a list outgrew its room.
      expect(phase(report, 'pair search').rounds).toBeGreaterThanOrEqual(run.rebuilds);
      expect(phase(report, 'wall search').rounds).toBeGreaterThanOrEqual(run.rebuilds);
      for (const q of report) {
        expect(q.busySeconds.length).toBe(lanes);
        expect(q.work.length).toBe(lanes);
        for (let lane = 0; lane < lanes; lane++) {
          expect(q.busySeconds[lane], `${q.phase}, lane ${lane}`).toBeGreaterThan(0);
          // Clocks of different threads: allow a microsecond per round.
          expect(q.busySeconds[lane], `${q.phase}, lane ${lane}`).toBeLessThanOrEqual(q.seconds + 1e-6 * q.rounds);
          expect(q.work[lane], `${q.phase}, lane ${lane}`).toBeGreaterThan(0);
        }
      }
      // Kick + drift: every sphere once per step (the counts per lane follow the lanes' measured times).
      const drift = phase(report, 'kick + drift').work;
      expect(drift.reduce((a, b) => a + b, 0)).toBe(300 * run.n);
      // The rebuild's parts, each timed once: the searches inside their lists' rebuilds, the parts inside the rebuilds.
      const ph = run.phase;
      for (const [name, ms] of Object.entries(ph)) expect(ms, name).toBeGreaterThan(0);
      expect(ph.pairList).toBeGreaterThanOrEqual(ph.binning + ph.pairSearch);
      expect(ph.wallList).toBeGreaterThanOrEqual(ph.wallSearch);
      expect(ph.renumber + ph.pairList + ph.wallList + ph.laneRanges).toBeLessThanOrEqual(ph.broadphase);
      // The pair pass's work is the cost model's, the same total on any lane count for the same lists.
      const pairWork = (r: typeof run) => (phase(r.report, 'forces').parts ?? [])[0].work.reduce((a, b) => a + b, 0);
      expect(pairWork(run)).toBe(pairWork(reference));
      expect(pairWork(run)).toBeGreaterThan(300 * run.n);
    }
  });
});

describe('the worker lanes during a neighbour rebuild', () => {
  // The flag that keeps them spinning (control.ts Slot.spin): left set, every waiting lane would burn its core
  // for the rest of the run; set while the lanes outnumber the cores, they would take the main thread's.
  it.each([[2, 2, 1], [3, 2, 0]])('spin through it only when they do not outnumber the cores, and sleep again after it, even when it throws (%i lanes, %i cores)', async (lanes, cores, spins) => {
    const scenario = editedScenario('test/fixtures/settle-2k.json', () => {});
    const spinning = (ex: SerialExecutor) => Atomics.load(ex.control.ints, Slot.spin);
    const seen = await afterStepsOnLanes(scenario, lanes, 1, (_sim, ex) => {
      let during = -1;
      expect(() => ex.rebuilding(() => {
        during = spinning(ex);
        throw new Error('a rebuild that fails');
      })).toThrow('a rebuild that fails');
      return { during, after: spinning(ex) };
    }, cores);
    expect(seen).toEqual({ during: spins, after: 0 });
  });
});

describe('the one partition of the spheres', () => {
  // Lane k kicks, drifts and gathers the spheres whose rows of the pair list it computes, placed by the pair pass's
  // measured times (executor.ts contactsChanged). The defects caught: bounds that ignore the times, and pair ranges
  // that do not start at a lane's first sphere's row.
  it('moves spheres away from a lane that took longer for its pairs, and gives each lane its spheres\' rows', async () => {
    const scenario = editedScenario('test/fixtures/settle-2k.json', () => {});
    const slot = Timed.pairPass;
    const seen = await afterStepsOnLanes(scenario, 2, 1, (sim, ex) => {
      const c = ex.control, before = c.sphereBounds[1];
      // Since the last rebalancing, lane 1 has taken three times as long as lane 0 (milliseconds; a step's own are
      // microseconds).
      c.laneBusy[slot] += 10;
      c.laneBusy[TIMED + slot] += 30;
      ex.contactsChanged();
      const rows = sim.pairs.rowStart;
      return { before, after: c.sphereBounds[1], n: c.sphereBounds[2], pairs: [...c.pairBounds],
        rows: [rows[0], rows[c.sphereBounds[1]], rows[sim.st.n]] };
    });
    expect(seen.after).toBeGreaterThan(seen.before + 0.05 * seen.n);
    expect(seen.pairs).toEqual(seen.rows);
  });
});

describe('boundary copies', () => {
  // A lane's pairs whose second body a lane above holds read a copy of its rows (engine/parallel/boundary-copies.ts),
  // written by that lane after its kick + drift; the state's results are the one-lane results whether a body is
  // copied or read in place (the report test above, on 2, 3 and 7 lanes). The defects caught here: copies that no
  // pair reads (the lever silently off), a copy that is not its sphere's rows, a pair left pointing at a copy after
  // its pass (every other reader of the list would take the copy row for a sphere), and a room overflow that stops
  // the copies of every lane instead of the ones beyond it.
  it.each([2, 3, 7])('are read by the pairs across each cut, hold their spheres\' rows, and leave the list as it was (%i lanes)', async (lanes) => {
    const scenario = editedScenario('test/fixtures/settle-2k.json', () => {});
    const seen = await afterStepsOnLanes(scenario, lanes, 200, (sim, ex) => {
      // One more step, without a rebuild (this bed rebuilds every other step), so that the copies are the kick +
      // drift's and not the ones written after a rebuild.
      const rebuilds = sim.rebuilds;
      sim.step(() => {});
      const rebuilt = sim.rebuilds !== rebuilds;
      const { st, pairs } = sim;
      const copies = (ex as unknown as { copies: LaneCopies }).copies;
      const count = copies.rowStart[lanes], bounds = ex.control.sphereBounds;
      let crossing = 0;
      for (let k = 0; k + 1 < lanes; k++) {
        for (let p = pairs.rowStart[bounds[k]]; p < pairs.rowStart[bounds[k + 1]]; p++) crossing += pairs.second[p] >= bounds[k + 1] ? 1 : 0;
      }
      let unequal = 0;
      for (let r = 0; r < count; r++) {
        const j = copies.sources[r], c = copies.base + r;
        // Position and predicted velocity and spin as the kick + drift left them (the gather changes v and ω after).
        for (let a = 0; a < 3; a++) unequal += st.pos[3 * c + a] === st.pos[3 * j + a] ? 0 : 1;
        for (let a = 0; a < 6; a++) unequal += st.predicted[6 * c + a] === st.predicted[6 * j + a] ? 0 : 1;
        unequal += st.radius[c] === st.radius[j] ? 0 : 1;
      }
      let pointingAtCopies = 0;
      for (let p = 0; p < pairs.count; p++) pointingAtCopies += pairs.second[p] >= st.capacity ? 1 : 0;
      return { rebuilt, count, room: st.copyRoom, swaps: copies.swapStart[lanes], crossing, unequal, pointingAtCopies };
    });
    expect(seen.rebuilt).toBe(false);
    expect(seen.count).toBeGreaterThan(0);
    expect(seen.unequal).toBe(0);
    expect(seen.pointingAtCopies).toBe(0);
    if (seen.count < seen.room) {
      // Every pair across a cut reads a copy.
      expect(seen.swaps).toBe(seen.crossing);
    } else {
      // Seven lanes of 2 000 spheres need more copies than the room (an eighth of the spheres): the first ones are
      // made, the rest read in place.
      expect(seen.count).toBe(seen.room);
      expect(seen.swaps).toBeGreaterThan(0);
      expect(seen.swaps).toBeLessThan(seen.crossing);
    }
  });

  // The cut follows measured times, so which pairs cross it, and how many, differs from run to run: a defect in a
  // plan for a rare cut shows up now and then. Here the cut is held at chosen shares through a pour, whose first plans
  // have a handful of spheres — at a twentieth of the forces round's cost, lane 0 holds so few spheres that a plan
  // has one crossing pair: shares up to 0.05 (0.1 before the gather joined the cost) got a NaN force in this pour
  // before the plan's fix (the plan alone: test/engine/boundary-copies.test.ts) — and the state must be the one-lane
  // state.
  it.each([0.05, 0.5, 0.9])('leave a pour bit-identical to one lane with the cut held at a share of %f', async (share) => {
    const steps = 1700;
    const scenario = editedScenario('scenarios/pile.json', (s) => {
      s.contact.friction = 0;
      s.contact.rollingFriction = 0;
    });
    const poured = (lanes: number) => afterStepsOnLanes(scenario, lanes, 0, (sim, ex) => {
      const held = ex as unknown as { forcesShare: Float64Array; busyAtRebalance: Float64Array };
      const placeLanes = ex.contactsChanged.bind(ex);
      // No time since the last rebalancing (control.ts rebalance then keeps the shares), shares as chosen.
      ex.contactsChanged = () => {
        held.busyAtRebalance.set(ex.control.laneBusy.subarray(0, held.busyAtRebalance.length));
        held.forcesShare.set(lanes === 1 ? [1] : [share, 1 - share]);
        placeLanes();
      };
      ex.contactsChanged();
      for (let k = 0; k < steps; k++) sim.step(() => {});
      return { n: sim.st.n, state: stateBytes(sim) };
    });
    const one = await poured(1), two = await poured(2);
    expect(one.n).toBeGreaterThan(20);
    expect(two).toEqual(one);
  });
});
