/**
 * One lane's share of a time-step phase. The main thread (lane 0) and every worker lane run this same code on
 * their own contiguous range, so a run with L lanes computes exactly what a run with one lane computes.
 */
import type { ParticleState } from '../../particles/state.js';
import type { KernelTable } from '../../forces/contact-table.js';
import { gatherAndKick, kickDrift } from '../passes.js';
import { compilePairForces, type PairForces } from '../../contacts/pair-kernel.js';
import { createContactScratch, type ContactScratch } from '../../contacts/contact-step.js';
import type { KernelFeatures } from '../../forces/contact.js';
import type { PairArrays, StepParams, WallArrays } from '../../contacts/contact-arrays.js';
import { Phase, laneStart, type ControlBlock, type PhaseCode } from './control.js';

export interface LaneContext {
  st: ParticleState;
  table: KernelTable;
  /** what the lane's kernels are compiled for */
  features: KernelFeatures;
  params: StepParams;
  control: ControlBlock;
  lane: number;
  lanes: number;
}

/** The contact lists of the current neighbour build. */
export interface LaneContacts {
  pairs: PairArrays;
  walls: WallArrays;
}

export class Lane {
  private readonly scratch: ContactScratch;
  private readonly pairForces: PairForces;

  constructor(private readonly ctx: LaneContext, public contacts: LaneContacts) {
    this.scratch = createContactScratch(ctx.features);
    this.pairForces = compilePairForces(ctx.features);
  }

  run(phase: PhaseCode): void {
    const { st, table, params, control: c, lane, lanes } = this.ctx;
    const { pairs, walls } = this.contacts;
    switch (phase) {
      case Phase.kickDrift: {
        c.laneDisplacement[lane] = kickDrift(st, params.dt, laneStart(st.n, lane, lanes), laneStart(st.n, lane + 1, lanes));
        return;
      }
      case Phase.pairForces: {
        params.t = c.time[0];
        c.laneEnded[2 * lane] = this.pairForces(st, pairs, table, params, c.pairBounds[lane], c.pairBounds[lane + 1]);
        return;
      }
      case Phase.gatherAndKick: {
        params.t = c.time[0];
        c.laneEnded[2 * lane + 1] = gatherAndKick(st, pairs, walls, table, params,
          c.gatherBounds[lane], c.gatherBounds[lane + 1], this.scratch);
        return;
      }
      default:
        throw new Error(`internal: lane cannot run phase ${phase}`);
    }
  }
}
