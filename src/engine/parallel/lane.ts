/**
 * One lane's share of a time-step phase (the passes: src/kernel/passes.ts). The main thread (lane 0) and every
 * worker lane run this same code on their own contiguous range, each with an instance of the WebAssembly kernel
 * over the one shared memory, so a run with L lanes computes exactly what a run with one lane computes.
 */
import type { ParticleState } from '../../particles/state.js';
import type { KernelTable } from '../../forces/contact-table.js';
import { bindPairList } from '../../contacts/pair-kernel.js';
import { bindWallList, wallCandidateGeometry } from '../../contacts/wall-kernel.js';
import { Kernel } from '../../forces/kernel-instance.js';
import type { KernelFeatures } from '../../forces/contact.js';
import type { PairArrays, StepParams, WallArrays } from '../../contacts/contact-arrays.js';
import { RowBuffer } from '../../broadphase/grid.js';
import {
  awaitPairsBelow, pairsDone, Phase, Slot, TIMED, Timed, type ControlBlock, type PhaseCode, type TimedSlot,
} from './control.js';
import { onePartSlot } from './lane-statistics.js';
import { searchLaneRows, type PairBuildJob } from './pair-search.js';
import { writePairConstants } from '../../contacts/pair-contacts.js';
import { DampingMemo } from '../../contacts/damping-memo.js';
import { WallCandidateSearch, type WallCandidateColumns, type WallSearch } from '../../contacts/wall-candidates.js';
import type { LaneCopies } from './boundary-copies.js';

/** The kernel's gatherAndKick `only` (src/kernel/passes.ts): every sphere, those not gathered, the gathered ones. */
const EVERY_PARTICLE = -1, NOT_GATHERED = 0, GATHERED = 1;

/** One wall-candidate search, as every lane receives it. */
export interface WallSearchJob {
  search: WallSearch;
  /** lane k searches spheres ranges[k] … ranges[k + 1] − 1 and writes their candidates into segments[k] */
  ranges: Int32Array;
  segments: WallCandidateColumns[];
}

export interface LaneContext {
  /** the simulation's kernel memory, which holds every array below */
  memory: WebAssembly.Memory;
  st: ParticleState;
  /** the contact table, in the kernel memory */
  table: KernelTable;
  /** what the run uses (bound into the lane's kernel) */
  features: KernelFeatures;
  params: StepParams;
  control: ControlBlock;
  /** the lane's scratch block of the kernel memory (forces/kernel-instance.ts SCRATCH_LENGTH) */
  scratch: Float64Array;
  lane: number;
  lanes: number;
}

/** The contact lists of the current neighbour build, and the boundary copies planned for them. */
export interface LaneContacts {
  pairs: PairArrays;
  walls: WallArrays;
  copies: LaneCopies;
}

export class Lane {
  private readonly kernel: Kernel;
  private lists!: LaneContacts;
  /** the neighbour build's pair search, set before each findPairs phase */
  pairSearch: PairBuildJob | null = null;
  /** this thread's row of the pair search */
  private readonly rowBuffer = new RowBuffer();
  /** this thread's damping coefficients of new pairs */
  private readonly pairDamping = new DampingMemo();
  /** the neighbour build's wall-candidate search, set before each findWallCandidates phase */
  wallSearch: WallSearchJob | null = null;
  private readonly wallSearcher = new WallCandidateSearch();

  constructor(private readonly ctx: LaneContext, contacts: LaneContacts) {
    const { params } = ctx;
    this.kernel = new Kernel({ ...ctx, gravity: [params.gx, params.gy, params.gz] });
    this.contacts = contacts;
  }

  /** The contact lists of the current neighbour build, bound into the lane's kernel. */
  get contacts(): LaneContacts {
    return this.lists;
  }

  set contacts(lists: LaneContacts) {
    this.lists = lists;
    bindPairList(this.kernel, lists.pairs);
    bindWallList(this.kernel, lists.walls);
  }

  /**
   * Runs the lane's share of the round `phase` starts and adds the time of each of its parts to the control block's
   * laneBusy (control.ts Timed): the passes' times balance their ranges (control.ts rebalance), and a round's time
   * less the lane's parts is the lane's wait (lane-statistics.ts).
   */
  run(phase: PhaseCode): void {
    if (phase === Phase.forcesAndKick) {
      this.forcesAndKick();
      return;
    }
    const started = performance.now();
    this.runPhase(phase);
    this.addBusy(onePartSlot(phase), performance.now() - started);
  }

  /**
   * The pair pass, then the gather + kick in the same round. The lane's spheres that no lane below reads are summed
   * by its own pair pass alone, so they are gathered at once; its gathered spheres (a lane below computes one of
   * their pairs: pair-contacts.ts markGathered) wait for those lanes' pair passes. The cut then balances the round's
   * sum, not each pass apart: the lanes below carry the boundary's pairs, the lanes above its gather and copies
   * (docs/architecture.md §3, "One round for the forces"). Each particle's sum is the same as in two rounds, so the
   * results are too. The wait is not booked as busy time.
   */
  private forcesAndKick(): void {
    const { control: c, lane } = this.ctx;
    const generation = Atomics.load(c.ints, Slot.generation);
    const started = performance.now();
    try {
      this.pairPass();
    } finally {
      // Also after a failure, which the round reports: the lanes above must not wait for this lane for ever.
      pairsDone(c, lane, generation);
    }
    const pairsEnded = performance.now();
    this.addBusy(Timed.pairPass, pairsEnded - started);
    if (lane === 0) {
      // No lane below: every sphere's pairs are summed.
      this.gatherAndKick(EVERY_PARTICLE);
      this.addBusy(Timed.gather, performance.now() - pairsEnded);
      return;
    }
    const ended = this.gatherAndKick(NOT_GATHERED);
    const waiting = performance.now();
    this.addBusy(Timed.gather, waiting - pairsEnded);
    awaitPairsBelow(c, lane, generation);
    const resumed = performance.now();
    const endedInAll = this.gatherAndKick(GATHERED, ended);
    if (ended > 0 && endedInAll > ended) this.sortEndedWallContacts(endedInAll);
    this.addBusy(Timed.gather, performance.now() - resumed);
  }

  /**
   * The lane's `count` ended wall contacts in particle order again, as one lane lists them: the gather + kick listed
   * its gathered spheres' after the others'. A contact's slot follows its sphere's row, so ascending slots are
   * ascending particles, and the impact records (engine/simulation.ts collectImpacts) keep one order for any number of
   * lanes (the determinism tests' impacts.bin).
   */
  private sortEndedWallContacts(count: number): void {
    const { ended, rowStart } = this.lists.walls, first = rowStart[this.ctx.control.sphereBounds[this.ctx.lane]];
    ended.subarray(first, first + count).sort();
  }

  private addBusy(slot: TimedSlot, ms: number): void {
    this.ctx.control.laneBusy[TIMED * this.ctx.lane + slot] += ms;
  }

  /**
   * The gather + kick of the lane's spheres whose gathered mark is `only` (EVERY_PARTICLE: all of them), their ended
   * wall contacts listed after `endedBefore` of an earlier call; returns the lane's ended wall contacts so far.
   */
  private gatherAndKick(only: number, endedBefore = 0): number {
    const { st, params, control: c, lane } = this.ctx;
    params.t = c.time[0];
    const begin = c.sphereBounds[lane], end = c.sphereBounds[lane + 1];
    if (only !== GATHERED) wallCandidateGeometry(st, this.lists.walls, begin, end);
    const ended = endedBefore + this.kernel.exports.gatherAndKick(begin, end, params.dt, params.t, only, endedBefore);
    c.laneEnded[2 * lane + 1] = ended;
    return ended;
  }

  /** Runs the lane's share of a round of one part. */
  private runPhase(phase: PhaseCode): void {
    const { st, params, control: c, lane } = this.ctx;
    const kernel = this.kernel.exports;
    switch (phase) {
      case Phase.kickDrift: {
        c.laneDisplacement[lane] = kernel.kickDrift(c.sphereBounds[lane], c.sphereBounds[lane + 1], params.dt);
        // The copies of this lane's spheres that the lanes below read in the pair pass (boundary-copies.ts).
        const { sources, rowStart, base } = this.lists.copies, from = rowStart[lane], count = rowStart[lane + 1] - from;
        if (count > 0) kernel.copyBoundaryRows(sources.byteOffset + 4 * from, count, base + from);
        break;
      }
      case Phase.findPairs: {
        const job = this.pairSearch;
        if (job === null) throw new Error('internal: no pair search for the lane');
        const found = searchLaneRows(job, lane, st.pos, st.radius, this.rowBuffer);
        const segment = job.segments[lane];
        // The constants of the pairs written (a segment too small is searched again into a grown list).
        writePairConstants(segment, Math.min(found, segment.i.length), st, this.ctx.table, job.classes, this.pairDamping);
        c.lanePairs[lane] = found;
        this.pairSearch = null;
        break;
      }
      case Phase.findWallCandidates: {
        const job = this.wallSearch;
        if (job === null) throw new Error('internal: no wall-candidate search for the lane');
        c.laneWallCandidates[lane] = this.wallSearcher.search(job.search, this.ctx.table, st, job.ranges[lane],
          job.ranges[lane + 1], job.segments[lane]);
        this.wallSearch = null;
        break;
      }
      default:
        throw new Error(`internal: lane cannot run phase ${phase}`);
    }
  }

  /**
   * The lane's rows of the pair pass. The pairs whose second body is copied (boundary-copies.ts) read the copy
   * during the pass, then their own index again.
   */
  private pairPass(): void {
    const { params, control: c, lane } = this.ctx;
    const kernel = this.kernel.exports;
    params.t = c.time[0];
    const { swaps, swapStart } = this.lists.copies;
    const at = swaps.byteOffset + 8 * swapStart[lane], swapped = swapStart[lane + 1] - swapStart[lane];
    if (swapped > 0) kernel.swapSecondBodies(at, swapped);
    c.laneEnded[2 * lane] = kernel.pairForces(c.pairBounds[lane], c.pairBounds[lane + 1], params.dt, params.t);
    if (swapped > 0) kernel.swapSecondBodies(at, swapped);
  }

  /** Writes every boundary copy of `copies` (after a rebuild, whose re-numbering and wrapping moved the rows). */
  copyBoundaryRows(copies: LaneCopies): void {
    const count = copies.rowStart[this.ctx.lanes];
    if (count > 0) this.kernel.exports.copyBoundaryRows(copies.sources.byteOffset, count, copies.base);
  }

  /**
   * Pass 1's part for the forces of particles [begin, end) without the kick and the drift: predicted velocities,
   * force and torque restarted (src/kernel/passes.ts beginForces).
   */
  beginForces(begin: number, end: number): void {
    this.kernel.exports.beginForces(begin, end, this.ctx.params.dt);
  }
}
