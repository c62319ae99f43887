/**
 * A running simulation: owns the state, the pair list, the walls and the broad phase, and advances time with
 * velocity Verlet (architecture.md, data flow). Measures where the time goes, per phase.
 */
import { createBroadPhase, createPairList, type BroadPhase, type PairList } from '../broadphase/index.js';
import { PairStore } from '../forces/pairs.js';
import { WallSet } from '../forces/walls.js';
import { IMPACT, IMPACT_STRIDE } from '../forces/impacts.js';
import { createParticleState, type ParticleState } from '../particles/state.js';
import { gatherAndKick, kickDrift, pairForces, SCRATCH_LENGTH, type StepParams } from './kernels.js';
import type { SimulationSetup } from './setup.js';

export interface PhaseSeconds {
  broadphase: number;
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
  /** particle id, or the wall index for a sphere–wall contact */
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

export interface ContactMeasures {
  contacts: number;
  /** elastic energy stored in the normal springs, Σ (2/5) K δ^{5/2} (J) */
  elasticEnergy: number;
  /** largest δ / min(r_i, r_j) */
  maxOverlapRatio: number;
}

export class Simulation {
  readonly st: ParticleState;
  readonly pairs: PairStore;
  readonly walls: WallSet;
  readonly phase: PhaseSeconds = { broadphase: 0, forces: 0, integration: 0, output: 0 };
  time = 0;
  stepCount = 0;
  rebuilds = 0;
  private readonly broadphase: BroadPhase;
  private readonly candidates: PairList = createPairList();
  private readonly params: StepParams;
  private readonly scratch = new Float64Array(SCRATCH_LENGTH);

  constructor(readonly setup: SimulationSetup) {
    this.st = createParticleState(setup.particles);
    this.pairs = new PairStore(this.st.n, setup.trackImpacts);
    this.walls = new WallSet(setup.walls, this.st, setup.table, setup.trackImpacts);
    this.broadphase = createBroadPhase(setup.broadphase);
    const [gx, gy, gz] = setup.gravity;
    this.params = { dt: setup.dt, t: 0, gx, gy, gz, trackImpacts: setup.trackImpacts };
    this.rebuild();
    // Forces of the initial state, so that the first half-kick has a_0 (dt = 0: nothing moves, no history).
    this.evaluateForces({ ...this.params, dt: 0 }, () => {});
  }

  /** Advances one time step; completed collisions are passed to `onImpact`. */
  step(onImpact: (r: ImpactRecord) => void): void {
    const { st, setup } = this;
    this.stepCount++;
    this.time = this.stepCount * setup.dt;
    this.params.t = this.time;
    const t0 = performance.now();
    const maxDisp2 = kickDrift(st, setup.dt, 0, st.n);
    const t1 = performance.now();
    this.phase.integration += t1 - t0;
    const halfSkin = 0.5 * setup.skin;
    if (maxDisp2 > halfSkin * halfSkin) {
      this.rebuild();
      this.phase.broadphase += performance.now() - t1;
    }
    this.evaluateForces(this.params, onImpact);
  }

  private evaluateForces(sp: StepParams, onImpact: (r: ImpactRecord) => void): void {
    const { st, pairs, walls, setup } = this;
    const kernel = setup.table.kernel;
    const t0 = performance.now();
    const endedPairs = pairForces(st, pairs, kernel, sp, 0, pairs.count, this.scratch);
    const endedWalls = gatherAndKick(st, pairs, walls, kernel, sp, 0, st.n, this.scratch);
    const t1 = performance.now();
    // The second pass mixes wall forces with the kick; book it under forces (it is dominated by them).
    this.phase.forces += t1 - t0;
    if (sp.trackImpacts && (endedPairs > 0 || endedWalls > 0)) {
      for (let k = 0; k < endedPairs; k++) {
        const p = pairs.ended[k];
        onImpact(this.closeRecord(pairs.impact, IMPACT_STRIDE * p, pairs.i[p], pairs.j[p], false));
      }
      for (let k = 0; k < endedWalls; k++) {
        const s = walls.ended[k];
        const p = Math.floor(s / walls.count);
        onImpact(this.closeRecord(walls.impact, IMPACT_STRIDE * s, p, s - p * walls.count, true));
      }
      this.phase.output += performance.now() - t1;
    }
  }

  private closeRecord(mem: Float64Array, b: number, i: number, jOrWall: number, isWall: boolean): ImpactRecord {
    const { omega, id } = this.st;
    const slice = (o: number) => [mem[b + o], mem[b + o + 1], mem[b + o + 2]];
    const omegaOf = (p: number) => [omega[3 * p], omega[3 * p + 1], omega[3 * p + 2]];
    return {
      tStart: mem[b + IMPACT.tStart],
      duration: this.time - mem[b + IMPACT.tStart],
      i: id[i],
      j: isWall ? jOrWall : id[jOrWall],
      isWall,
      impactSpeed: mem[b + IMPACT.impactSpeed],
      reboundSpeed: mem[b + IMPACT.reboundSpeed],
      maxOverlap: mem[b + IMPACT.maxOverlap],
      maxNormalForce: mem[b + IMPACT.maxNormalForce],
      slipBefore: mem[b + IMPACT.slipBefore],
      slipAfter: mem[b + IMPACT.slipAfter],
      omegaIBefore: slice(IMPACT.omegaIBefore),
      omegaJBefore: slice(IMPACT.omegaJBefore),
      omegaIAfter: omegaOf(i),
      omegaJAfter: isWall ? [0, 0, 0] : omegaOf(jOrWall),
    };
  }

  private rebuild(): void {
    const { st } = this;
    this.broadphase.findPairs(st.pos, st.radius, st.n, this.setup.skin, this.candidates);
    this.pairs.rebuild(this.candidates, st, this.setup.table);
    st.posAtBuild.set(st.pos.subarray(0, 3 * st.n));
    this.rebuilds++;
  }

  /** Contact count, stored elastic energy and the largest relative overlap (pairs and walls). */
  measureContacts(): ContactMeasures {
    const { st, pairs, walls } = this;
    const { pos, radius } = st;
    let contacts = 0, elastic = 0, maxRatio = 0;
    const add = (delta: number, K: number, rmin: number) => {
      contacts++;
      elastic += 0.4 * K * delta * delta * Math.sqrt(delta);
      maxRatio = Math.max(maxRatio, delta / rmin);
    };
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.i[p], j = pairs.j[p];
      const d = Math.hypot(pos[3 * i] - pos[3 * j], pos[3 * i + 1] - pos[3 * j + 1], pos[3 * i + 2] - pos[3 * j + 2]);
      const delta = radius[i] + radius[j] - d;
      if (delta > 0) add(delta, pairs.K[p], Math.min(radius[i], radius[j]));
    }
    const g = walls.geometry;
    for (let p = 0; p < st.n; p++) {
      for (let w = 0; w < walls.count; w++) {
        const dist = (pos[3 * p] - g[6 * w]) * g[6 * w + 3] + (pos[3 * p + 1] - g[6 * w + 1]) * g[6 * w + 4]
          + (pos[3 * p + 2] - g[6 * w + 2]) * g[6 * w + 5];
        const delta = radius[p] - dist;
        if (delta > 0) add(delta, walls.K[p * walls.count + w], radius[p]);
      }
    }
    return { contacts, elasticEnergy: elastic, maxOverlapRatio: maxRatio };
  }

  /** Kinetic, rotational and gravitational potential energy (J); potential is −Σ m g·x. */
  energies(): { kinetic: number; rotational: number; potential: number } {
    const { n, vel, omega, mass, invInertia, pos } = this.st;
    const [gx, gy, gz] = this.setup.gravity;
    let kinetic = 0, rotational = 0, potential = 0;
    for (let p = 0; p < n; p++) {
      const b = 3 * p;
      kinetic += 0.5 * mass[p] * (vel[b] ** 2 + vel[b + 1] ** 2 + vel[b + 2] ** 2);
      rotational += (0.5 * (omega[b] ** 2 + omega[b + 1] ** 2 + omega[b + 2] ** 2)) / invInertia[p];
      potential -= mass[p] * (gx * pos[b] + gy * pos[b + 1] + gz * pos[b + 2]);
    }
    return { kinetic, rotational, potential };
  }
}
