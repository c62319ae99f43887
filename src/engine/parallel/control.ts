/**
 * Shared control block and the barrier that keeps lanes in step (docs/architecture.md §3).
 *
 * The main thread is lane 0; worker threads are lanes 1..L−1. To run a phase the main thread stores the phase
 * code, resets the arrival count and bumps the generation; every worker wakes on the new generation, runs its
 * range of that phase and arrives; the main thread runs its own range and then waits for all arrivals.
 * Waiting spins briefly (a phase often takes well under a millisecond, and an Atomics.wait wake-up costs
 * tens of microseconds), then blocks in Atomics.wait so oversubscribed machines do not burn a core.
 */

/** What the main thread starts a barrier round with (Slot.phase), and `stop` to end the worker lanes. */
export const Phase = {
  kickDrift: 1,
  /**
   * the pair pass and then the gather + kick in one round (lane.ts): a lane's gathered spheres wait only for the
   * lanes below to end their pair pass (ControlBlock.lanePairsDone), not for a barrier
   */
  forcesAndKick: 2,
  stop: 3,
  /** a neighbour build's pair search is waiting on the lane's message port (pair-search.ts) */
  findPairs: 4,
  /** a neighbour build's wall-candidate search is waiting on the lane's message port (contacts/wall-candidates.ts) */
  findWallCandidates: 5,
} as const;
export type PhaseCode = (typeof Phase)[keyof typeof Phase];

/**
 * The parts of a lane's work it times, each a slot of ControlBlock.laneBusy: one per round, but two in the forces
 * round (its pair pass and its gather + kick, balanced and reported apart).
 */
export const Timed = {
  kickDrift: 0,
  pairPass: 1,
  gather: 2,
  pairSearch: 3,
  wallSearch: 4,
} as const;
export type TimedSlot = (typeof Timed)[keyof typeof Timed];
export const TIMED = Object.keys(Timed).length;

/** Int32 slots of the control block. */
export const Slot = {
  phase: 0,
  generation: 1,
  arrived: 2,
  ready: 3,
  failed: 4,
  /**
   * contact-list snapshots posted to the worker lanes so far: a lane takes those it has not taken from its port
   * before it runs its next phase, so new lists cost no barrier round of their own (worker.ts)
   */
  contactLists: 5,
  /**
   * 1 while the main thread rebuilds the neighbour lists and the lanes do not outnumber the cores: a waiting lane
   * then spins instead of sleeping, so it starts the rebuild's search rounds at once rather than a futex wake-up
   * (median 144 µs, docs/benchmarks.md) after the main thread's 1–2 ms of serial work
   */
  spin: 6,
} as const;
const INT_SLOTS = 7;

/** Spin iterations before blocking; about 10–50 µs on this class of machine. */
const SPIN = 20_000;

export interface ControlBlock {
  ints: Int32Array;
  /** per lane: largest squared displacement since the last build (kickDrift) */
  laneDisplacement: Float64Array;
  /** per lane: ended pair collisions, ended wall collisions (forcesAndKick: its pair pass, its gather) */
  laneEnded: Int32Array;
  /** per lane: the generation of the last round whose pair pass the lane has ended (forcesAndKick) */
  lanePairsDone: Int32Array;
  /** per lane: candidate pairs its range of the last pair search found (findPairs) */
  lanePairs: Int32Array;
  /** per lane: sphere–wall candidates its range of the last wall-candidate search found (findWallCandidates) */
  laneWallCandidates: Int32Array;
  /**
   * lane k holds particles sphereBounds[k] .. sphereBounds[k+1]−1: it kicks, drifts and gathers them (set at every
   * rebuild, balanced by the cost of their pairs: executor.ts contactsChanged)
   */
  sphereBounds: Int32Array;
  /** lane k computes pairs pairBounds[k] .. pairBounds[k+1]−1: the rows of its particles */
  pairBounds: Int32Array;
  /**
   * per lane, per timed part (Timed): milliseconds of its own work since the lanes started, at
   * [TIMED · lane + slot]; the rebalancing (rebalance) and the lanes' statistics (lane-statistics.ts) read it
   */
  laneBusy: Float64Array;
  /** [time at the end of the current step] */
  time: Float64Array;
}

export function createControlBlock(lanes: number): ControlBlock {
  return {
    ints: new Int32Array(new SharedArrayBuffer(INT_SLOTS * 4)),
    laneDisplacement: new Float64Array(new SharedArrayBuffer(lanes * 8)),
    laneEnded: new Int32Array(new SharedArrayBuffer(2 * lanes * 4)),
    lanePairsDone: new Int32Array(new SharedArrayBuffer(lanes * 4)),
    lanePairs: new Int32Array(new SharedArrayBuffer(lanes * 4)),
    laneWallCandidates: new Int32Array(new SharedArrayBuffer(lanes * 4)),
    sphereBounds: new Int32Array(new SharedArrayBuffer((lanes + 1) * 4)),
    pairBounds: new Int32Array(new SharedArrayBuffer((lanes + 1) * 4)),
    laneBusy: new Float64Array(new SharedArrayBuffer(TIMED * lanes * 8)),
    time: new Float64Array(new SharedArrayBuffer(8)),
  };
}

/** Main thread: starts `phase` on every worker lane. */
export function startPhase(c: ControlBlock, phase: PhaseCode): void {
  Atomics.store(c.ints, Slot.phase, phase);
  Atomics.store(c.ints, Slot.arrived, 0);
  Atomics.add(c.ints, Slot.generation, 1);
  Atomics.notify(c.ints, Slot.generation);
}

/** Main thread: waits until `workers` lanes have arrived. */
export function awaitArrivals(c: ControlBlock, workers: number): void {
  waitUntil(c.ints, Slot.arrived, (v) => v >= workers);
  if (Atomics.load(c.ints, Slot.failed) !== 0) throw new Error('a worker lane failed; see its error above');
}

/** Worker: waits for a generation after `seen`, returns it. */
export function awaitGeneration(c: ControlBlock, seen: number): number {
  waitUntil(c.ints, Slot.generation, (v) => v !== seen);
  return Atomics.load(c.ints, Slot.generation);
}

/** Worker: reports its range of the phase done. */
export function arrive(c: ControlBlock): void {
  Atomics.add(c.ints, Slot.arrived, 1);
  Atomics.notify(c.ints, Slot.arrived);
}

/** A lane has ended its pair pass of the round of `generation` (forcesAndKick). */
export function pairsDone(c: ControlBlock, lane: number, generation: number): void {
  Atomics.store(c.lanePairsDone, lane, generation);
  Atomics.notify(c.lanePairsDone, lane);
}

/** Waits until every lane below `lane` has ended its pair pass of the round of `generation`. */
export function awaitPairsBelow(c: ControlBlock, lane: number, generation: number): void {
  for (let below = 0; below < lane; below++) waitUntil(c.lanePairsDone, below, (v) => v === generation, c.ints);
}

/** Main thread: lanes waiting for a round spin (on = true) or sleep (false) from now on (Slot.spin). */
export function keepLanesSpinning(c: ControlBlock, on: boolean): void {
  Atomics.store(c.ints, Slot.spin, on ? 1 : 0);
  // A lane asleep in waitUntil wakes, sees the flag and spins.
  if (on) Atomics.notify(c.ints, Slot.generation);
}

/** Waits until `done` holds for ints[slot]: spins briefly, then sleeps unless the control block says spin. */
function waitUntil(ints: Int32Array, slot: number, done: (v: number) => boolean, control = ints): void {
  for (let k = 0; k < SPIN; k++) if (done(Atomics.load(ints, slot))) return;
  for (;;) {
    const v = Atomics.load(ints, slot);
    if (done(v)) return;
    if (Atomics.load(control, Slot.spin) === 0) Atomics.wait(ints, slot, v, 50);
  }
}

/**
 * Splits items 0..count−1 into contiguous lane ranges (bounds[k] .. bounds[k+1]−1) so that lane k gets the share
 * share[k] of the total cost (shares sum to 1; equal shares without measurements), and writes each lane's cost into
 * laneCost[k]. Ranges never change results, only how long each lane works; uneven beds (a dense bottom under a dilute
 * top) need this, because Morton order puts them in different lanes. `total` is the sum of `cost` over the items,
 * which every caller has from the lists' counts: summing it here walked the items once more, on the main thread
 * alone, at every rebuild (docs/architecture.md §3, "The lane ranges after a rebuild").
 */
export function balanceRanges(
  count: number, lanes: number, cost: (item: number) => number, total: number, bounds: Int32Array,
  share: ArrayLike<number>, laneCost: Float64Array,
): void {
  bounds[0] = 0;
  let lane = 1, sum = 0, target = share[0] * total, atBound = 0;
  for (let k = 0; k < count && lane < lanes; k++) {
    sum += cost(k);
    while (lane < lanes && sum >= target) {
      bounds[lane] = k + 1;
      laneCost[lane - 1] = sum - atBound;
      atBound = sum;
      target += share[lane++] * total;
    }
  }
  laneCost[lane - 1] = total - atBound;
  while (lane <= lanes) {
    bounds[lane] = count;
    if (lane < lanes) laneCost[lane] = 0;
    lane++;
  }
}

/**
 * The cost model is only a model: each lane's measured time for its share since the last rebalancing corrects the
 * shares of the timed phases in `slots` (summed: the parts of one round) for the next ranges — a lane that took
 * longer than the others for its share gets less. Halfway to the measured balance each time, so noise in one interval
 * does not swing the ranges. `busyBefore` holds each lane's laneBusy at the last rebalancing ([TIMED · lane + slot])
 * and is moved on.
 */
export function rebalance(
  c: ControlBlock, slots: readonly TimedSlot[], lanes: number, share: Float64Array, busyBefore: Float64Array,
): void {
  let speeds = 0;
  const speed = new Float64Array(lanes);
  for (let lane = 0; lane < lanes; lane++) {
    let ms = 0;
    for (const slot of slots) ms += c.laneBusy[TIMED * lane + slot] - busyBefore[TIMED * lane + slot];
    if (!(ms > 0)) return;
    speed[lane] = share[lane] / ms;
    speeds += speed[lane];
  }
  for (let lane = 0; lane < lanes; lane++) {
    share[lane] = 0.5 * share[lane] + 0.5 * (speed[lane] / speeds);
    for (const slot of slots) busyBefore[TIMED * lane + slot] = c.laneBusy[TIMED * lane + slot];
  }
}
