/**
 * A running simulation: owns the state, the pair list, the walls and the broad phase, and advances time with
 * velocity Verlet (docs/architecture.md §3). Measures where the time goes, per phase.
 */
import { createBroadPhase, type BroadPhase } from '../broadphase/index.js';
import { PairContactList, pairClasses, PairsFound } from '../contacts/pair-contacts.js';
import { WallContactList } from '../contacts/wall-contacts.js';
import { WallStates } from '../walls/motion.js';
import { contactStiffness } from '../forces/contact-table.js';
import { IMPACT, impactStride } from '../contacts/impact-records.js';
import { createParticleState, isFrozen, savedParticleState, type ParticleState } from '../particles/state.js';
import { inversePermutation, permuteParticles } from '../particles/reorder.js';
import { MortonOrder } from '../broadphase/morton.js';
import {
  imageShifts, PeriodicPairFinder, wrapPositions, type ImagedPairList,
} from '../broadphase/periodic.js';
import { GridBroadPhase } from '../broadphase/grid.js';
import { KernelMemory, kernelMemoryMaximum } from '../base/kernel-memory.js';
import { kernelTableIn } from '../forces/kernel-instance.js';
import { historyStride, kernelFeatures, type KernelFeatures } from '../forces/contact.js';
import type { KernelTable } from '../forces/contact-table.js';
import type { StepParams } from '../contacts/contact-arrays.js';
import { Phase } from './parallel/control.js';
import { ParallelExecutor, SerialExecutor, type ExecutorInputs } from './parallel/executor.js';
import type { LanePhaseReport } from './parallel/lane-statistics.js';
import { initialMotionReleased, releaseInitialMotion, type EngineModel } from './model.js';
import { createPourer, type Pourer } from './pour.js';
import { ExternalForces } from './external-forces.js';
import { kernelBytesEstimate } from './kernel-bytes.js';
import { boundaryCopyRoom } from './parallel/boundary-copies.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';

/**
 * Re-sort particles in Morton order at every RESORT_EVERY-th neighbour rebuild (and at the first). Particles
 * drift slowly between rebuilds, so the order stays good for many of them while the permutation costs about
 * as much as a rebuild.
 */
export const RESORT_EVERY = 10;
/** Ties of Morton code in runs this long are split further; a sphere's few neighbours fit in far fewer. */
const MORTON_REFINE_RUN = 64;

/**
 * Time spent in each phase of the steps so far: `Simulation.phase` holds milliseconds, a run's summary seconds
 * (run/run.ts `performance.phaseSeconds`).
 */
export interface PhaseTimes {
  /** neighbour rebuilds and the insertions that need them */
  broadphase: number;
  /** of broadphase: the pair search, which runs on every lane */
  pairSearch: number;
  /** of broadphase: the sphere–wall candidate search, which runs on every lane (the rest of a rebuild on this thread alone) */
  wallSearch: number;
  /** of broadphase, on this thread alone: wrapping into the periodic box, Morton re-numbering, positions at the build */
  renumber: number;
  /** of broadphase, on this thread alone: the periodic ghosts and the spheres sorted into the grid's cells */
  binning: number;
  /** of broadphase: the pair list's rebuild, binning and pair search included (the rest: carried contacts, the join, row index) */
  pairList: number;
  /** of broadphase: the wall list's rebuild, its search included (the rest: carried contacts, the join, row index) */
  wallList: number;
  /**
   * of broadphase, on this thread alone: the lanes' ranges, gathered particles, CSR and boundary copies after a
   * rebuild (executor contactsChanged)
   */
  laneRanges: number;
  forces: number;
  integration: number;
  output: number;
}

/** One completed collision, as written to impacts.csv. */
export interface ImpactRecord {
  tStart: number;
  duration: number;
  /** particle id */
  i: number;
  /** particle id, or the scenario's wall index (0-based) for a sphere–wall contact */
  j: number;
  isWall: boolean;
  impactSpeed: number;
  reboundSpeed: number;
  maxOverlap: number;
  maxNormalForce: number;
  slipBefore: number;
  slipAfter: number;
  omegaIBefore: number[];
  omegaJBefore: number[];
  omegaIAfter: number[];
  omegaJAfter: number[];
}

/**
 * A collision record with the fields only full records keep; closeRecord fills in the others. One object literal
 * for both kinds of record, so they share one shape (a spread made a slow object per collision).
 */
function recordWithDetail(
  tStart: number, duration: number, slipBefore: number, slipAfter: number,
  omegaIBefore: number[], omegaJBefore: number[], omegaIAfter: number[], omegaJAfter: number[],
): ImpactRecord {
  return {
    tStart, duration, i: 0, j: 0, isWall: false, impactSpeed: 0, reboundSpeed: 0, maxOverlap: 0, maxNormalForce: 0,
    slipBefore, slipAfter, omegaIBefore, omegaJBefore, omegaIAfter, omegaJAfter,
  };
}

export interface ContactMeasures {
  contacts: number;
  /** elastic energy stored in the normal springs, Σ (2/5) K δ^{5/2} (J) */
  elasticEnergy: number;
  /** largest δ / min(r_i, r_j) */
  maxOverlapRatio: number;
  /** the contact with that overlap: its two particle indices, or the particle and the wall index; −1 if none */
  maxOverlapAt: { first: number; second: number; isWall: boolean };
}

/**
 * The simulation's own counters in a checkpoint; its stateful members are parts of their own. rebuilds decides
 * the Morton re-sort schedule, particleSteps sums the work done; the time follows from the step count.
 */
const SIMULATION_STATE: StateDeclaration = {
  part: 'simulation',
  version: 1,
  saved: ['stepCount', 'rebuilds', 'particleSteps'],
  excluded: {
    time: 'derived: stepCount · dt, as step() computes it',
    st: 'part: particles',
    pairs: 'part: pairContacts',
    walls: 'part: wallContacts',
    wallStates: 'part: walls',
    pourer: 'part: pour (null when no block pours)',
    setup: 'fixed: the resolved model the simulation was made from',
    phase: 'scratch: wall-clock milliseconds per phase in this process (summary "performance")',
    broadphase: 'scratch: its buffers are rewritten at every neighbour build',
    periodic: 'scratch: ghost images made again at every neighbour build',
    params: "scratch: the step's constants; t is written at every phase",
    features: 'fixed: what the contact kernels are bound to use, from the set-up',
    statisticsRecord: 'scratch: refilled for every collision a statistics-only simulation reports',
    memory: 'fixed: the kernel memory the state and the contact lists live in (their parts save them)',
    kernelTable: 'fixed: the contact table of the set-up, copied into the kernel memory',
    executor: 'scratch: the threads of this process, re-balanced on restore (stateRestored)',
    morton: 'scratch: buffers of the Morton sort, and of the re-numbering that follows it',
    external: 'fixed: forces the library caller applies (src/api), set again by the caller after a restore',
  },
};

export class Simulation implements SavedState {
  readonly st: ParticleState;
  readonly pairs: PairContactList;
  readonly walls: WallContactList;
  /** where the scenario's walls are at the current time */
  readonly wallStates: WallStates;
  readonly phase: PhaseTimes = {
    broadphase: 0, pairSearch: 0, wallSearch: 0, renumber: 0, binning: 0, pairList: 0, wallList: 0, laneRanges: 0,
    forces: 0, integration: 0, output: 0,
  };
  time = 0;
  stepCount = 0;
  rebuilds = 0;
  /** Σ over steps of the spheres present (the work done, when spheres are poured in) */
  particleSteps = 0;
  /** places the spheres poured in during the run; null when no block pours */
  readonly pourer: Pourer | null;
  private readonly broadphase: BroadPhase;
  /** null without periodic boundaries */
  private readonly periodic: PeriodicPairFinder | null;
  private readonly params: StepParams;
  /** what the contact kernels are bound to use */
  private readonly features: KernelFeatures;
  /**
   * A statistics-only simulation's one collision record, refilled for every collision it hands to step's onImpact;
   * NaN in the fields the kernel leaves unwritten (kernel/records.ts). Null when records are full (a new one each).
   */
  private readonly statisticsRecord: ImpactRecord | null;
  /** where the state, the contact lists and the kernel's table live (base/kernel-memory.ts) */
  readonly memory: KernelMemory;
  private readonly kernelTable: KernelTable;
  private executor: SerialExecutor;
  private readonly morton = new MortonOrder(MORTON_REFINE_RUN);
  /** forces applied from outside (setExternalForces); null when none, the runs of scenario files */
  private external: ExternalForces | null = null;

  /**
   * @param options.ownsSetup the set-up is this simulation's alone (a run's): its copy of the spheres' positions
   * and velocities at t = 0 is let go as soon as the state holds them, before the neighbour lists are built, so the
   * two never add up in the run's peak memory (model.ts releaseInitialMotion)
   * @param options.collisionStatisticsOnly the caller reads only what impact-statistics.csv needs of each collision
   * (i, j, impact and rebound speed, peak overlap and force; the other fields of ImpactRecord are NaN), each at
   * once (onImpact gets the same object, refilled, for every collision): the kernel then keeps records of four
   * doubles and computes no slip (kernel/records.ts), and no object is made per collision
   * @param options.lanes the lanes it will run on (useWorkers): on several, the state has room for the boundary
   * copies (engine/parallel/boundary-copies.ts); without it, lanes added later read boundary spheres in place (the
   * same results, a little slower)
   */
  constructor(
    readonly setup: EngineModel,
    options: { ownsSetup?: boolean; collisionStatisticsOnly?: boolean; lanes?: number } = {},
  ) {
    if (initialMotionReleased(setup)) {
      throw new Error('internal: this set-up\'s spheres at t = 0 were let go after its run started (releaseInitialMotion); create a new set-up');
    }
    // Under an address-space limit the memory reserves its maximum at once: what the run is estimated to need.
    this.features = kernelFeatures(setup.table.kernel, setup.trackImpacts, setup.periodic !== null,
      !options.collisionStatisticsOnly);
    const nan3 = () => [NaN, NaN, NaN];
    this.statisticsRecord = this.features.fullImpactRecords ? null
      : recordWithDetail(NaN, NaN, NaN, NaN, nan3(), nan3(), nan3(), nan3());
    const stride = historyStride(this.features);
    const spheres = setup.particles.n + setup.pour.total;
    this.memory = new KernelMemory(0, kernelMemoryMaximum(kernelBytesEstimate(spheres, setup.trackImpacts, stride)));
    const copyRoom = boundaryCopyRoom(spheres, options.lanes ?? 1);
    this.st = createParticleState(setup.particles, setup.densities, this.memory, spheres, copyRoom);
    if (options.ownsSetup) releaseInitialMotion(setup);
    const records = impactStride(setup.trackImpacts, this.features.fullImpactRecords);
    this.pairs = new PairContactList(this.memory, stride, this.st.capacity, records, setup.contactTrace, this.st.copyRoom);
    this.wallStates = new WallStates(setup.walls.motion);
    this.walls = new WallContactList(this.memory, stride, setup.walls, this.wallStates, setup.wallMaterials,
      setup.table, this.st.capacity, records);
    this.kernelTable = kernelTableIn(this.memory, setup.table.kernel);
    this.broadphase = createBroadPhase(setup.broadphase);
    this.periodic = setup.periodic ? new PeriodicPairFinder(this.broadphase, setup.periodic) : null;
    if (setup.periodic) this.pairs.shift.set(imageShifts(setup.periodic));
    const [gx, gy, gz] = setup.gravity;
    this.params = { dt: setup.dt, t: 0, gx, gy, gz, trackImpacts: setup.trackImpacts };
    this.pourer = createPourer(setup);
    this.pourer?.placeDue(this.st, 0, 0);
    // Before the first build, whose pair search runs on the executor's lanes; balanced again for the built lists.
    this.executor = this.serialExecutor();
    this.rebuildLists();
    // the set-up's build belongs to no step's phase
    Object.assign(this.phase, { pairSearch: 0, wallSearch: 0, renumber: 0, binning: 0, pairList: 0, wallList: 0, laneRanges: 0 });
    this.initialForces();
  }

  /** Lanes (threads) computing each phase: 1 until useWorkers() starts more. */
  get lanes(): number {
    return this.executor.lanes;
  }

  /**
   * Spreads the work over `lanes` threads (this one and lanes − 1 piscina workers), on a machine with `cores` cores
   * (src/run knows them). Results are bit-identical to a single lane.
   */
  async useWorkers(lanes: number, cores: number): Promise<void> {
    await this.executor.close();
    this.executor = lanes > 1 ? await ParallelExecutor.create(this.executorInputs(), lanes, cores) : this.serialExecutor();
  }

  /**
   * The barrier rounds of each phase since useWorkers: their wall time, each lane's busy time and work
   * (engine/parallel/lane-statistics.ts). Wall-clock figures, like `phase`.
   */
  lanePhases(): LanePhaseReport[] {
    return this.executor.lanePhases();
  }

  /** Stops the worker threads, if any. */
  async close(): Promise<void> {
    await this.executor.close();
    this.executor = this.serialExecutor();
  }

  /** What a checkpoint saves (src/checkpoint walks these): the stateful parts, this simulation's counters among them. */
  savedParts(): SavedState[] {
    const parts = [savedParticleState(this.st), this.pairs, this.walls, this.wallStates, this];
    return this.pourer === null ? parts : [...parts, this.pourer];
  }

  get stateDeclaration(): StateDeclaration {
    return SIMULATION_STATE;
  }

  saveState(out: StateWriter): void {
    out.number('stepCount', this.stepCount);
    out.number('rebuilds', this.rebuilds);
    out.number('particleSteps', this.particleSteps);
  }

  restoreState(from: StateReader): void {
    this.stepCount = from.count('stepCount');
    this.rebuilds = from.count('rebuilds');
    this.particleSteps = from.count('particleSteps');
    this.time = this.stepCount * this.setup.dt;
  }

  /**
   * After src/checkpoint overwrote the state: the contact lists may live in new buffers, so the lanes are
   * re-balanced and (worker threads) handed the restored lists, as after a rebuild.
   */
  stateRestored(): void {
    this.contactsChanged();
  }

  /** A neighbour rebuild, then the lanes' ranges for its lists. */
  private rebuildLists(): void {
    this.executor.rebuilding(() => {
      this.rebuild();
      this.contactsChanged();
    });
  }

  /** After a rebuild or restore: the lanes' ranges for the new lists (executor contactsChanged), timed. */
  private contactsChanged(): void {
    const started = performance.now();
    this.executor.contactsChanged();
    this.phase.laneRanges += performance.now() - started;
  }

  private serialExecutor(): SerialExecutor {
    const ex = new SerialExecutor(this.executorInputs());
    ex.contactsChanged();
    return ex;
  }

  private executorInputs(): ExecutorInputs {
    return {
      memory: this.memory, st: this.st, table: this.kernelTable, features: this.features, params: this.params,
      pairs: this.pairs, walls: this.walls, classes: pairClasses(this.setup.table),
    };
  }

  /**
   * Advances one time step; completed collisions are passed to `onImpact` (with collisionStatisticsOnly one reused
   * object: read it before the next call).
   */
  step(onImpact: (r: ImpactRecord) => void): void {
    const { setup, executor: ex } = this;
    this.stepCount++;
    this.time = this.stepCount * setup.dt;
    ex.control.time[0] = this.time;
    this.wallStates.setTime(this.time);
    const t0 = performance.now();
    ex.run(Phase.kickDrift);
    const t1 = performance.now();
    this.phase.integration += t1 - t0;
    const halfSkin = 0.5 * setup.skin;
    let t2 = t1;
    // Particle and wall motion together, so a moving wall cannot pass through the skin unseen.
    if (Math.sqrt(ex.maxDisplacement2()) + this.wallStates.maxDisplacementSinceBuild(this.st.pos, this.st.n) > halfSkin) {
      this.rebuildLists();
      t2 = performance.now();
      this.phase.broadphase += t2 - t1;
    }
    this.external?.addTo(this.st, this.rebuilds);
    ex.run(Phase.forcesAndKick);
    const t3 = performance.now();
    // The last pass mixes wall forces, the reduction and the kick; it is booked under forces.
    this.phase.forces += t3 - t2;
    if (setup.trackImpacts) {
      this.collectImpacts(onImpact);
      this.phase.output += performance.now() - t3;
    }
    this.particleSteps += this.st.n;
    if (this.pourer !== null) {
      // Insertion and the neighbour rebuild it needs are booked under broad phase.
      const t4 = performance.now();
      if (this.pourer.placeDue(this.st, this.stepCount, this.time) > 0) this.rebuildLists();
      this.phase.broadphase += performance.now() - t4;
    }
  }

  /**
   * Forces on spheres by stable id (N; x, y, z per sphere), added at every step from the next one on until
   * replaced (engine/external-forces.ts); null removes them. The caller checks the ids (src/api/simulation.ts).
   */
  setExternalForces(forces: { ids: ArrayLike<number>; forces: ArrayLike<number> } | null): void {
    this.external = forces === null || forces.ids.length === 0 ? null : new ExternalForces(forces.ids, forces.forces);
  }

  /** Forces of the initial state, so that the first half-kick has a_0 (dt = 0: nothing moves, no history). */
  private initialForces(): void {
    const { params, executor: ex } = this;
    const dt = params.dt;
    params.dt = 0;
    ex.beginForces();
    ex.run(Phase.forcesAndKick);
    params.dt = dt;
  }

  /** Completed collisions of this step, lane by lane: ascending pair index, then particle index. */
  private collectImpacts(onImpact: (r: ImpactRecord) => void): void {
    const { pairs, walls, executor: ex } = this;
    const ended = ex.control.laneEnded;
    for (let lane = 0; lane < ex.lanes; lane++) {
      const begin = ex.control.pairBounds[lane];
      for (let k = 0; k < ended[2 * lane]; k++) {
        const p = pairs.ended[begin + k];
        onImpact(this.closeRecord(pairs.impact, pairs.impactStride * p, pairs.first[p], pairs.second[p], false));
      }
    }
    for (let lane = 0; lane < ex.lanes; lane++) {
      const begin = walls.rowStart[ex.control.sphereBounds[lane]], count = ended[2 * lane + 1];
      for (let k = 0; k < count; k++) {
        const s = walls.ended[begin + k];
        onImpact(this.closeRecord(walls.impact, walls.impactStride * s, walls.first[s], walls.owner[walls.second[s]], true));
      }
    }
  }

  private closeRecord(mem: Float64Array, b: number, i: number, jOrWall: number, isWall: boolean): ImpactRecord {
    const { id } = this.st;
    const r = this.statisticsRecord ?? this.detailedRecord(mem, b, i, jOrWall, isWall);
    r.i = id[i];
    r.j = isWall ? jOrWall : id[jOrWall];
    r.isWall = isWall;
    r.impactSpeed = mem[b + IMPACT.impactSpeed];
    r.reboundSpeed = mem[b + IMPACT.reboundSpeed];
    r.maxOverlap = mem[b + IMPACT.maxOverlap];
    r.maxNormalForce = mem[b + IMPACT.maxNormalForce];
    return r;
  }

  /** A new record with the fields only full records keep; closeRecord fills in the rest. */
  private detailedRecord(mem: Float64Array, b: number, i: number, jOrWall: number, isWall: boolean): ImpactRecord {
    const { omega } = this.st;
    const slice = (o: number) => [mem[b + o], mem[b + o + 1], mem[b + o + 2]];
    const omegaOf = (p: number) => [omega[3 * p], omega[3 * p + 1], omega[3 * p + 2]];
    return recordWithDetail(mem[b + IMPACT.tStart], mem[b + IMPACT.tEnd] - mem[b + IMPACT.tStart],
      mem[b + IMPACT.slipBefore], mem[b + IMPACT.slipAfter], slice(IMPACT.omegaIBefore), slice(IMPACT.omegaJBefore),
      omegaOf(i), isWall ? [0, 0, 0] : omegaOf(jOrWall));
  }

  /**
   * Neighbour rebuild; every RESORT_EVERY-th one first re-numbers the particles in Morton order so that
   * neighbours are close in memory (docs/architecture.md §3).
   */
  private rebuild(): void {
    const { st, phase } = this;
    const started = performance.now();
    if (this.setup.periodic) wrapPositions(st.pos, st.n, this.setup.periodic);
    let newIndexOf: Int32Array | null = null;
    if (this.rebuilds % RESORT_EVERY === 0) {
      const order = this.morton.sort(st.pos, st.n);
      // The sort's spare memory until the next sort, which only the next re-numbering makes.
      const { doubles, integers } = this.morton.spare(st.n);
      permuteParticles(st, order, doubles);
      inversePermutation(order, st.n, integers);
      newIndexOf = integers;
    }
    const renumbered = performance.now();
    this.pairs.rebuild((out) => this.findPairs(out), st, this.setup.table, newIndexOf);
    const pairsBuilt = performance.now();
    this.walls.rebuild((search, out) => {
      const searching = performance.now();
      const count = this.executor.findWallCandidates(search, out);
      phase.wallSearch += performance.now() - searching;
      return count;
    }, this.setup.skin, newIndexOf);
    const wallsBuilt = performance.now();
    st.posAtBuild.set(st.pos.subarray(0, 3 * st.n));
    this.rebuilds++;
    phase.renumber += renumbered - started + performance.now() - wallsBuilt;
    phase.pairList += pairsBuilt - renumbered;
    phase.wallList += wallsBuilt - pairsBuilt;
  }

  /**
   * The candidate pairs of the current positions into `out`. With the grid, the spheres are sorted into cells here
   * and the rows searched on every lane (engine/parallel/pair-search.ts), each lane writing its pairs' class and
   * damping coefficient too; the R-tree searches on this thread and leaves the constants to the list.
   */
  private findPairs(out: ImagedPairList): PairsFound {
    const { st, periodic, broadphase } = this;
    const { skin } = this.setup;
    if (broadphase instanceof GridBroadPhase) {
      const started = performance.now();
      const ghosts = periodic?.ghosts(st.pos, st.radius, st.n, skin);
      const cells = broadphase.bin(st.pos, st.radius, st.n, skin, ghosts);
      const binned = performance.now();
      this.executor.findPairs(cells, periodic?.ghostMap(st.n) ?? null, out);
      this.phase.binning += binned - started;
      this.phase.pairSearch += performance.now() - binned;
      return PairsFound.withConstants;
    }
    if (periodic) {
      periodic.findPairs(st.pos, st.radius, st.n, skin, out);
    } else {
      broadphase.findPairs(st.pos, st.radius, st.n, skin, out);
      out.image.fill(0, 0, out.count);
    }
    return PairsFound.bodies;
  }

  /** Stiffness of pair p of the current list: Hertz K = (4/3)E*√R_eff (N m^-3/2), or k (N/m) of a linear law. */
  pairStiffness(p: number): number {
    const { radius } = this.st;
    const ri = radius[this.pairs.first[p]], rj = radius[this.pairs.second[p]];
    return contactStiffness(this.setup.table.kernel, this.pairs.cls[p], Math.sqrt((ri * rj) / (ri + rj)));
  }

  /** Stiffness of sphere–wall contact s of the current list: Hertz K = (4/3)E*√R, or k of a linear law. */
  wallStiffness(s: number): number {
    return contactStiffness(this.setup.table.kernel, this.walls.cls[s], Math.sqrt(this.st.radius[this.walls.first[s]]));
  }

  /**
   * Visits every contact of the current state, pairs in list order, then sphere–wall contacts: `k` is the
   * contact's place in its list (pairStiffness, wallStiffness), `first` a particle index, `second` a particle
   * index or the wall primitive's, `overlap` δ > 0 (m).
   */
  forEachContact(visit: (k: number, first: number, second: number, isWall: boolean, overlap: number) => void): void {
    const { st, pairs, walls } = this;
    const { pos, radius } = st;
    const separation = new Float64Array(3);
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.first[p], j = pairs.second[p];
      const delta = radius[i] + radius[j] - pairs.separation(pos, p, separation);
      if (delta > 0) visit(p, i, j, false, delta);
    }
    // Touching flags, not overlaps, so that the mesh rule (one contact per surface) is respected.
    for (let s = 0; s < walls.count; s++) {
      if (walls.touching[s] === 0) continue;
      const delta = walls.overlap(st, s);
      if (delta > 0) visit(s, walls.first[s], walls.second[s], true, delta);
    }
  }

  /** The scenario's index of the wall that sphere–wall contact s of the current list touches. */
  wallOf(s: number): number {
    return this.walls.owner[this.walls.second[s]];
  }

  /** Contact count, stored elastic energy and the largest relative overlap (pairs and walls). */
  measureContacts(): ContactMeasures {
    const { radius } = this.st;
    let contacts = 0, elastic = 0, maxRatio = 0;
    const maxOverlapAt = { first: -1, second: -1, isWall: false };
    const { classes } = this.setup.table;
    // Spring energy ∫F_el dδ of each class's law: (2/5)Kδ^{5/2} for Hertz springs, ½kδ² for linear ones.
    this.forEachContact((k, first, second, isWall, delta) => {
      const cls = isWall ? this.walls.cls[k] : this.pairs.cls[k];
      const K = isWall ? this.wallStiffness(k) : this.pairStiffness(k);
      const rmin = isWall ? radius[first] : Math.min(radius[first], radius[second]);
      contacts++;
      elastic += classes[cls].definition.storedEnergy(K, delta);
      if (delta / rmin > maxRatio) {
        maxRatio = delta / rmin;
        maxOverlapAt.first = first; maxOverlapAt.second = second; maxOverlapAt.isWall = isWall;
      }
    });
    return { contacts, elasticEnergy: elastic, maxOverlapRatio: maxRatio, maxOverlapAt };
  }

  /** Kinetic, rotational and gravitational potential energy (J) of the current state (stateEnergies). */
  energies(): { kinetic: number; rotational: number; potential: number } {
    return stateEnergies(this.st, this.setup);
  }
}

/**
 * Kinetic, rotational and gravitational potential energy (J) of a state; potential is −Σ m g·x over the non-periodic
 * axes: along a periodic axis height has no meaning (a sphere re-enters at the other face), so gravity along
 * it does work that no potential accounts for (a driven flow, e.g. a periodic chute). Also measures states read
 * back from another engine (src/interop/lammps-import.ts).
 */
export function stateEnergies(st: ParticleState, setup: Pick<EngineModel, 'periodic' | 'gravity'>): { kinetic: number; rotational: number; potential: number } {
  const { n, vel, omega, mass, invInertia, pos } = st;
  const wraps = setup.periodic?.periodic ?? [false, false, false];
  const [gx, gy, gz] = setup.gravity.map((g, axis) => (wraps[axis] ? 0 : g));
  let kinetic = 0, rotational = 0, potential = 0;
  for (let p = 0; p < n; p++) {
    // A frozen sphere is part of the base, not of the system: it has no kinetic energy, and its constant height
    // would only offset the potential (its rotational term would be 0/0).
    if (isFrozen(st, p)) continue;
    const b = 3 * p;
    kinetic += 0.5 * mass[p] * (vel[b] ** 2 + vel[b + 1] ** 2 + vel[b + 2] ** 2);
    rotational += (0.5 * (omega[b] ** 2 + omega[b + 1] ** 2 + omega[b + 2] ** 2)) / invInertia[p];
    potential -= mass[p] * (gx * pos[b] + gy * pos[b + 1] + gz * pos[b + 2]);
  }
  return { kinetic, rotational, potential };
}
