/**
 * Runs the three phases of a time step on one or more lanes (docs/architecture.md §3, §4; issue #3).
 *
 * SerialExecutor: everything on the calling thread. ParallelExecutor: the calling thread is lane 0 and a piscina
 * pool hosts lanes 1..L−1 as long-lived tasks that share the particle, pair and wall buffers; each phase is one
 * barrier round (control.ts). Both give bit-identical results: the lane code is the same, no value is summed
 * across lanes, and every particle sums its pairs in ascending pair order (docs/architecture.md §4).
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ParticleState } from '../../particles/state.js';
import type { KernelMemory } from '../../base/kernel-memory.js';
import type { KernelTable } from '../../forces/contact-table.js';
import type { KernelFeatures } from '../../forces/contact.js';
import { SCRATCH_LENGTH } from '../../forces/kernel-instance.js';
import type { PairContactList } from '../../contacts/pair-contacts.js';
import type { ContactArrays, StepParams } from '../../contacts/contact-arrays.js';
import type { WallContactList } from '../../contacts/wall-contacts.js';
import {
  awaitArrivals, balanceRanges, createControlBlock, keepLanesSpinning, Phase, rebalance, Slot, startPhase, TIMED,
  Timed, type ControlBlock, type PhaseCode, type TimedSlot,
} from './control.js';
import { LaneStatistics, type LanePhaseReport } from './lane-statistics.js';
import { Lane, type LaneContacts, type LaneContext, type WallSearchJob } from './lane.js';
import { pairColumns, type PairBuildJob } from './pair-search.js';
import type { PairClasses } from '../../contacts/pair-contacts.js';
import { capacityNeeded, joinSegments, laneSegments } from './segments.js';
import type { WallSearch } from '../../contacts/wall-candidates.js';
import type { WallCandidateList } from '../../contacts/wall-contacts.js';
import type { GridCells } from '../../broadphase/grid.js';
import type { GhostMap, ImagedPairList } from '../../broadphase/periodic.js';
import type { WorkerTask } from './worker.js';
import { BoundaryCopies, noCopies, type LaneCopies } from './boundary-copies.js';

export interface ExecutorInputs {
  /** the simulation's kernel memory: the state, the table and the contact lists live in it */
  memory: KernelMemory;
  st: ParticleState;
  /** the contact table, in the kernel memory */
  table: KernelTable;
  features: KernelFeatures;
  params: StepParams;
  pairs: PairContactList;
  walls: WallContactList;
  /** the contact class of each pair of materials (new pairs' classes) */
  classes: PairClasses;
}

export class SerialExecutor {
  readonly lanes: number = 1;
  readonly control: ControlBlock;
  protected readonly main: Lane;
  /** each lane's scratch block of the kernel memory */
  protected readonly scratch: Float64Array[];
  /**
   * each lane's share of the forces round's cost (the pair pass and the gather), which places the one partition of
   * the spheres (control.ts rebalance)
   */
  private readonly forcesShare: Float64Array;
  /** each lane's share of the pair search's and the wall-candidate search's cost (control.ts rebalance) */
  private readonly pairSearchShare: Float64Array;
  private readonly wallSearchShare: Float64Array;
  /** the pair search's sphere ranges */
  private readonly searchRanges: Int32Array;
  /** the wall-candidate search's sphere ranges */
  private readonly wallSearchRanges: Int32Array;
  /** each lane's busy time at the last rebalancing (control.ts rebalance) */
  private readonly busyAtRebalance: Float64Array;
  /** each lane's cost of the ranges being set (balanceRanges) */
  private readonly laneCost: Float64Array;
  /** the rounds' wall time and each lane's work, per phase */
  protected readonly statistics: LaneStatistics;
  /** the boundary copies' arrays, and the plan for the current lists */
  private readonly boundaryCopies: BoundaryCopies;
  protected copies: LaneCopies;

  constructor(protected readonly inputs: ExecutorInputs, lanes = 1) {
    this.lanes = lanes;
    this.control = createControlBlock(lanes);
    this.scratch = Array.from({ length: lanes }, () => inputs.memory.float64(SCRATCH_LENGTH));
    this.forcesShare = new Float64Array(lanes).fill(1 / lanes);
    this.pairSearchShare = new Float64Array(lanes).fill(1 / lanes);
    this.wallSearchShare = new Float64Array(lanes).fill(1 / lanes);
    this.searchRanges = new Int32Array(lanes + 1);
    this.wallSearchRanges = new Int32Array(lanes + 1);
    this.busyAtRebalance = new Float64Array(TIMED * lanes);
    this.laneCost = new Float64Array(lanes);
    this.statistics = new LaneStatistics(lanes);
    this.boundaryCopies = new BoundaryCopies(inputs.memory, inputs.st);
    this.copies = noCopies(lanes);
    this.main = new Lane(this.laneContext(0), this.laneContacts());
  }

  /** The current lists and their boundary copies, as every lane reads them. */
  protected laneContacts(): LaneContacts {
    return { pairs: this.inputs.pairs, walls: this.inputs.walls, copies: this.copies };
  }

  /** What lane `lane` works with: the shared state, its own scratch block. */
  protected laneContext(lane: number): LaneContext {
    const { memory, st, table, features, params } = this.inputs;
    return {
      memory: memory.memory, st, table, features, params: lane === 0 ? params : { ...params }, control: this.control,
      scratch: this.scratch[lane], lane, lanes: this.lanes,
    };
  }

  /** Runs a phase on every lane and returns when all are done. */
  run(phase: PhaseCode): void {
    const started = performance.now();
    this.runRound(phase);
    this.statistics.roundEnded(phase, performance.now() - started);
  }

  /** One barrier round of `phase`: here, lane 0 alone. */
  protected runRound(phase: PhaseCode): void {
    this.main.run(phase);
  }

  /** Every phase's rounds so far: wall time, each lane's busy time and work (lane-statistics.ts). */
  lanePhases(): LanePhaseReport[] {
    return this.statistics.report(this.control);
  }

  /** Largest squared displacement since the last build, over all lanes. */
  maxDisplacement2(): number {
    let m = 0;
    for (let lane = 0; lane < this.lanes; lane++) m = Math.max(m, this.control.laneDisplacement[lane]);
    return m;
  }

  /**
   * Called after every neighbour rebuild (the contact lists may live in new buffers): one partition of the spheres
   * for the three passes — lane k kicks, drifts and gathers the spheres whose rows of the pair list it computes —
   * placed by the round of the pair pass and the gather (forcesAndKick), which is most of a step: a touching pair
   * costs about ten candidates that do not touch, a sphere's gather about one and a wall candidate four more, and
   * each lane's share of that cost follows its measured time (control.ts rebalance). One cut keeps every sphere's
   * lines with one core through the step; the passes balanced apart cut 500–2 000 spheres apart, whose lines then
   * changed cores twice a step (docs/architecture.md §3, "Boundary copies"). Then the spheres a lane below reads are
   * marked gathered and copied (boundary-copies.ts).
   */
  contactsChanged(): void {
    const { pairs, walls, st } = this.inputs;
    const c = this.control;
    const { lanes, laneCost } = this;
    rebalance(c, [Timed.pairPass, Timed.gather], lanes, this.forcesShare, this.busyAtRebalance);
    const n = st.n, rows = pairs.rowStart, touching = pairs.touching, ws = walls.rowStart;
    // A sphere's cost in the forces round: its row of pairs (1 per candidate + 9 per touching one) + 1 + 4 per wall
    // candidate; the total from the lists' counts, so the spheres' rows are walked once.
    let touchingPairs = 0;
    for (let p = rows[0]; p < rows[n]; p++) touchingPairs += touching[p];
    const total = rows[n] - rows[0] + 9 * touchingPairs + n + 4 * (ws[n] - ws[0]);
    const roundCost = (i: number) => {
      let cost = 1 + 4 * (ws[i + 1] - ws[i]);
      for (let p = rows[i]; p < rows[i + 1]; p++) cost += 1 + 9 * touching[p];
      return cost;
    };
    const bounds = c.sphereBounds;
    balanceRanges(n, lanes, roundCost, total, bounds, this.forcesShare, laneCost);
    for (let lane = 0; lane <= lanes; lane++) c.pairBounds[lane] = rows[bounds[lane]];
    const spheres = (b: number, e: number) => e - b, wallCandidates = (b: number, e: number) => ws[e] - ws[b];
    // The lanes' work in each pass, for their statistics (lane-statistics.ts), from the range's cost and counts:
    // the pair pass its rows, kick + drift 1 per sphere, the gather 1 per sphere + its gathered pairs (the CSR
    // index gives a sphere that is not gathered an empty row) + 4 per wall candidate.
    this.setLaneWork(Timed.pairPass, (b, e, lane) => laneCost[lane] - spheres(b, e) - 4 * wallCandidates(b, e));
    pairs.markGathered(bounds, lanes);
    if (lanes > 1) this.copies = this.boundaryCopies.plan(pairs, bounds, lanes);
    const csr = pairs.csrStart;
    this.setLaneWork(Timed.kickDrift, spheres);
    this.setLaneWork(Timed.gather, (b, e) => spheres(b, e) + csr[e] - csr[b] + 4 * wallCandidates(b, e));
    // The lists may live in new arrays: the main lane's kernel is bound to the current ones. The rebuild re-numbered
    // and wrapped the spheres after the last kick + drift wrote the copies: written again here.
    this.main.contacts = this.laneContacts();
    this.main.copyBoundaryRows(this.copies);
  }

  /** Each lane's work in the pass of `slot`, `work` of its range of spheres [begin, end) (lane-statistics.ts). */
  private setLaneWork(slot: TimedSlot, work: (begin: number, end: number, lane: number) => number): void {
    const bounds = this.control.sphereBounds, rangeWork = this.statistics.rangeWork;
    for (let lane = 0; lane < this.lanes; lane++) {
      rangeWork[TIMED * lane + slot] = work(bounds[lane], bounds[lane + 1], lane);
    }
  }

  /** Each lane's work in a search round: its spheres and the candidates it found (lane-statistics.ts). */
  private addSearchWork(slot: TimedSlot, ranges: Int32Array, found: Int32Array): void {
    for (let lane = 0; lane < this.lanes; lane++) {
      this.statistics.addWork(slot, lane, ranges[lane + 1] - ranges[lane] + found[lane]);
    }
  }

  /**
   * The candidate pairs of `cells` (and `ghosts`, if periodic) into `list`, the pair list being rebuilt, with their
   * class and damping coefficient: every lane searches the rows of its range of spheres (pair-search.ts) and writes
   * its pairs' constants, so the list is the serial build's, sorted by (i, j).
   * A list too small for them is grown and the search run again, as a serial build does (broadphase/pairList.ts
   * fillPairList).
   */
  findPairs(cells: GridCells | null, ghosts: GhostMap | null, list: ImagedPairList): void {
    const { pairs, st } = this.inputs;
    const counts = this.control.lanePairs;
    // Cost of a sphere's row: its pairs as first body in the list being replaced (its row index is still the old
    // list's; after a re-numbering it is the old numbering's, a worse guess for that one build only); each lane's
    // share of it follows the lanes' measured times of the searches before, as the passes' do.
    const rows = pairs.rowStart, ranges = this.searchRanges;
    rebalance(this.control, [Timed.pairSearch], this.lanes, this.pairSearchShare, this.busyAtRebalance);
    balanceRanges(st.n, this.lanes, (i) => 1 + rows[i + 1] - rows[i], st.n + rows[st.n] - rows[0], ranges,
      this.pairSearchShare, this.laneCost);
    for (;;) {
      // The list's history is the other lanes' room; it moves when the list grows.
      const columns = { ...pairColumns(list), cls: pairs.cls, c: pairs.c };
      const segments = laneSegments(columns, pairs.history, this.lanes);
      const job: PairBuildJob = { cells, ghosts, ranges, segments, classes: this.inputs.classes };
      this.main.pairSearch = job;
      this.postPairSearch(job);
      this.run(Phase.findPairs);
      this.addSearchWork(Timed.pairSearch, ranges, counts);
      const needed = capacityNeeded(counts, this.lanes, segments, 8 * pairs.historyStride);
      if (needed === 0) {
        list.count = joinSegments(segments, counts, this.lanes);
        if (ghosts === null) list.image.fill(0, 0, list.count);
        return;
      }
      list.reserve(needed);
    }
  }

  /** Hands a pair search to the worker lanes (none here). */
  protected postPairSearch(_job: PairBuildJob): void {}

  /**
   * The sphere–wall candidates of `search` into `list`, the wall list being rebuilt; returns their count. Every lane
   * searches a contiguous range of spheres (contacts/wall-candidates.ts) into a segment of its own and the segments
   * are joined in lane order (segments.ts), so the list is the one-lane list, sorted by particle, then primitive. A
   * list too small for them is grown and the search run again.
   */
  findWallCandidates(search: WallSearch, list: WallCandidateList): number {
    const { walls, st } = this.inputs;
    const counts = this.control.laneWallCandidates;
    // Cost of a sphere: one distance per analytic primitive, plus its candidates of the list being replaced (a
    // sphere near a mesh queries the tree deeper); the shares follow the lanes' measured times, as above.
    const rows = walls.rowStart, ranges = this.wallSearchRanges;
    rebalance(this.control, [Timed.wallSearch], this.lanes, this.wallSearchShare, this.busyAtRebalance);
    balanceRanges(st.n, this.lanes, (p) => 1 + rows[p + 1] - rows[p], st.n + rows[st.n] - rows[0], ranges,
      this.wallSearchShare, this.laneCost);
    for (;;) {
      const segments = laneSegments(list.columns, list.spare, this.lanes);
      const job: WallSearchJob = { search, ranges, segments };
      this.main.wallSearch = job;
      this.postWallSearch(job);
      this.run(Phase.findWallCandidates);
      this.addSearchWork(Timed.wallSearch, ranges, counts);
      const needed = capacityNeeded(counts, this.lanes, segments, 8 * walls.historyStride);
      if (needed === 0) return joinSegments(segments, counts, this.lanes);
      list.reserve(needed);
    }
  }

  /** Hands a wall-candidate search to the worker lanes (none here). */
  protected postWallSearch(_job: WallSearchJob): void {}

  /** Runs `rebuild`, a neighbour rebuild and contactsChanged, on this thread (one lane: nothing else to do). */
  rebuilding(rebuild: () => void): void {
    rebuild();
  }

  /** Pass 1's part for the forces, without the kick and the drift: before the forces of the initial state. */
  beginForces(): void {
    this.main.beginForces(0, this.inputs.st.n);
  }

  /** Gives the lanes' scratch blocks and the boundary copies' arrays back to the kernel memory. */
  async close(): Promise<void> {
    for (const block of this.scratch) this.inputs.memory.release(block);
    this.boundaryCopies.release();
  }
}

export class ParallelExecutor extends SerialExecutor {
  private readonly ports: MessagePort[] = [];
  private tasks: Promise<unknown>[] = [];

  /**
   * @param spinsThroughRebuilds the lanes do not outnumber the machine's cores (create), so the worker lanes may
   * spin through a rebuild's serial parts (rebuilding)
   */
  private constructor(
    inputs: ExecutorInputs, lanes: number, private readonly pool: Piscina, private readonly spinsThroughRebuilds: boolean,
  ) {
    super(inputs, lanes);
  }

  /** @param cores the machine's cores (src/run knows them; the engine does not ask the machine) */
  static async create(inputs: ExecutorInputs, lanes: number, cores: number): Promise<ParallelExecutor> {
    const pool = new Piscina({
      filename: workerFile(),
      minThreads: lanes - 1,
      maxThreads: lanes - 1,
      concurrentTasksPerWorker: 1,
      idleTimeout: Infinity,
    });
    const ex = new ParallelExecutor(inputs, lanes, pool, lanes <= cores);
    ex.contactsChanged();
    for (let lane = 1; lane < lanes; lane++) {
      const { port1, port2 } = new MessageChannel();
      ex.ports.push(port1);
      const task: WorkerTask = { ...ex.laneContext(lane), port: port2, contacts: contactSnapshot(inputs, ex.copies) };
      ex.tasks.push(pool.run(task, { transferList: [port2] }));
    }
    // The lanes must be running before the main thread blocks in a barrier: piscina needs the event loop to
    // start them.
    const failed = Promise.race(ex.tasks.map((t) => t.then(() => { throw new Error('worker lane ended early'); })));
    while (Atomics.load(ex.control.ints, Slot.ready) < lanes - 1) {
      await Promise.race([new Promise((r) => setTimeout(r, 2)), failed]);
    }
    return ex;
  }

  protected override runRound(phase: PhaseCode): void {
    startPhase(this.control, phase);
    this.main.run(phase);
    awaitArrivals(this.control, this.lanes - 1);
  }

  /**
   * The worker lanes spin through the rebuild's serial parts, so that its search rounds and the next step's first
   * round start without a wake-up — unless they outnumber the cores: then a spinning lane would take the main
   * thread's core.
   */
  override rebuilding(rebuild: () => void): void {
    if (!this.spinsThroughRebuilds) {
      rebuild();
      return;
    }
    keepLanesSpinning(this.control, true);
    try {
      rebuild();
    } finally {
      keepLanesSpinning(this.control, false);
    }
  }

  override contactsChanged(): void {
    super.contactsChanged();
    if (this.ports.length === 0) return;
    const snapshot = contactSnapshot(this.inputs, this.copies);
    for (const port of this.ports) port.postMessage(snapshot);
    // No barrier round: the lanes are waiting for the next phase and take the lists before they run it.
    Atomics.add(this.control.ints, Slot.contactLists, 1);
  }

  protected override postPairSearch(job: PairBuildJob): void {
    for (const port of this.ports) port.postMessage(job);
  }

  protected override postWallSearch(job: WallSearchJob): void {
    for (const port of this.ports) port.postMessage(job);
  }

  override async close(): Promise<void> {
    startPhase(this.control, Phase.stop);
    awaitArrivals(this.control, this.lanes - 1);
    await Promise.all(this.tasks);
    for (const port of this.ports) port.close();
    await this.pool.destroy();
    await super.close();
  }
}

/** The current contact lists and boundary copies as plain objects (their shared buffers travel by reference). */
function contactSnapshot({ pairs: p, walls: w }: ExecutorInputs, copies: LaneCopies): LaneContacts {
  const core = (l: ContactArrays): ContactArrays => ({
    first: l.first, second: l.second, c: l.c, cls: l.cls, touching: l.touching, history: l.history,
    historyStride: l.historyStride,
    impact: l.impact, impactStride: l.impactStride, ended: l.ended, rowStart: l.rowStart,
  });
  return {
    pairs: {
      ...core(p), image: p.image, shift: p.shift, gathered: p.gathered,
      out: p.out, gatheredPairs: p.gatheredPairs, gatheredCount: p.gatheredCount, csrStart: p.csrStart,
      csrEntry: p.csrEntry,
    },
    walls: {
      ...core(w), kind: w.kind, owner: w.owner, geometry: w.geometry, triangleFeatures: w.triangleFeatures,
      edgeVertices: w.edgeVertices, state: w.state, candidateGeometry: w.candidateGeometry,
    },
    copies,
  };
}

/** The compiled worker module; tests running from TypeScript sources use the build next to them. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? here.replace(/[/\\]src[/\\]engine[/\\]parallel[/\\]executor\.ts$/, '/dist/src/engine/parallel/worker.js')
    : here.replace(/executor\.js$/, 'worker.js');
}
