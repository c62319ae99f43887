/**
 * One lane's share of a time-step phase. The main thread (lane 0) and every worker lane run this same code on
 * their own contiguous range, so a run with L lanes computes exactly what a run with one lane computes.
 */
import type { ParticleState } from '../../particles/state.js';
import type { KernelTable } from '../../forces/contact-table.js';
import { forcesAndKick, kickDrift, type Ended } from '../passes.js';
import { createPairScratch, crossPairForces } from '../../contacts/pair-kernel.js';
import type { CrossPairs, PairArrays, StepParams, WallArrays } from '../../contacts/contact-arrays.js';
import { Phase, laneStart, type ControlBlock, type PhaseCode } from './control.js';

export interface LaneContext {
  st: ParticleState;
  table: KernelTable;
  params: StepParams;
  control: ControlBlock;
  lane: number;
  lanes: number;
}

/** The contact lists of the current neighbour build, and the cross pairs of its split over the lanes. */
export interface LaneContacts {
  pairs: PairArrays;
  walls: WallArrays;
  cross: CrossPairs;
}

export class Lane {
  private readonly scratch = createPairScratch();
  private readonly ended: Ended = { pairs: 0, walls: 0 };

  constructor(private readonly ctx: LaneContext, public contacts: LaneContacts) {}

  run(phase: PhaseCode): void {
    const { st, table, params, control: c, lane, lanes } = this.ctx;
    const { pairs, walls, cross } = this.contacts;
    switch (phase) {
      case Phase.kickDrift: {
        c.laneDisplacement[lane] = kickDrift(st, params, laneStart(st.n, lane, lanes), laneStart(st.n, lane + 1, lanes));
        return;
      }
      case Phase.crossPairs: {
        params.t = c.time[0];
        crossPairForces(st, pairs, table, params, cross, cross.laneStart[lane], cross.laneStart[lane + 1], this.scratch);
        return;
      }
      case Phase.forcesAndKick: {
        params.t = c.time[0];
        forcesAndKick(st, pairs, walls, cross, table, params, lane, c.particleBounds[lane], c.particleBounds[lane + 1],
          this.scratch, this.ended);
        c.laneEnded[2 * lane] = this.ended.pairs;
        c.laneEnded[2 * lane + 1] = this.ended.walls;
        return;
      }
      default:
        throw new Error(`internal: lane cannot run phase ${phase}`);
    }
  }
}
