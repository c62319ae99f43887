/**
 * Where the lanes' time goes, per phase (issue #26 point 2: what holds the 2-thread speed-up back): each barrier
 * round's wall time on the main thread, each lane's busy time in it (lane.ts, control.ts laneBusy) — the rest of the
 * round is that lane's wait at the barrier, wake-up included — and each lane's work in units of the cost model that
 * chose its range (executor.ts). Wall-clock waits are noisy on a shared machine; the work per lane is not, so its
 * max/mean shows the imbalance the ranges leave, and the busy time's max/mean what it costs.
 *
 * Cheap enough to stay on: two clock reads per round and lane, and an addition per lane and round.
 */
import { TIMED, TIMED_PHASES, Phase, type ControlBlock } from './control.js';

/** The timed phases' names, as the bench prints them (in TIMED_PHASES order). */
const NAMES: Record<(typeof TIMED_PHASES)[number], string> = {
  [Phase.kickDrift]: 'kick + drift',
  [Phase.pairForces]: 'pair forces',
  [Phase.gatherAndKick]: 'gather + kick',
  [Phase.findPairs]: 'pair search',
  [Phase.findWallCandidates]: 'wall search',
};

/** One phase's barrier rounds over a run (summary.json performance.lanePhases). */
export interface LanePhaseReport {
  phase: string;
  rounds: number;
  /** wall time of the rounds on the main thread, from starting the phase to the last lane's arrival (s) */
  seconds: number;
  /** per lane: its own work in the rounds (s); seconds − busy is its wait */
  busySeconds: number[];
  /**
   * per lane: its work in the cost model's units, summed over the rounds — kick + drift: spheres; pair forces:
   * 1 per candidate pair + 9 per touching one; gather + kick: 1 per sphere + its pairs gathered + 4 per wall
   * candidate; the searches: 1 per sphere + the candidates found
   */
  work: number[];
}

export class LaneStatistics {
  private readonly roundMs = new Float64Array(TIMED);
  private readonly rounds = new Float64Array(TIMED);
  /** per lane and slot ([TIMED · lane + slot]): work summed over the rounds */
  private readonly work: Float64Array;
  /**
   * per lane, the work of each pass's current ranges ([TIMED · lane + slot], the three passes' slots), set when the
   * ranges change and added at every round
   */
  readonly rangeWork: Float64Array;

  constructor(private readonly lanes: number) {
    this.work = new Float64Array(TIMED * lanes);
    this.rangeWork = new Float64Array(TIMED * lanes);
  }

  /** A round of the phase in `slot` took `ms` on the main thread; each lane did its range's work. */
  roundEnded(slot: number, ms: number): void {
    this.roundMs[slot] += ms;
    this.rounds[slot]++;
    for (let lane = 0; lane < this.lanes; lane++) this.work[TIMED * lane + slot] += this.rangeWork[TIMED * lane + slot];
  }

  /** Work a lane did in a round whose work is known only after it (the searches: the candidates found). */
  addWork(slot: number, lane: number, units: number): void {
    this.work[TIMED * lane + slot] += units;
  }

  /** The phases that ran, with each lane's busy time from the control block. */
  report(c: ControlBlock): LanePhaseReport[] {
    const lanes = Array.from({ length: this.lanes }, (_, lane) => lane);
    return TIMED_PHASES.flatMap((phase, slot) => (this.rounds[slot] === 0 ? [] : [{
      phase: NAMES[phase],
      rounds: this.rounds[slot],
      seconds: this.roundMs[slot] / 1000,
      busySeconds: lanes.map((lane) => c.laneBusy[TIMED * lane + slot] / 1000),
      work: lanes.map((lane) => this.work[TIMED * lane + slot]),
    }]));
  }
}
