/**
 * Where the lanes' time goes, per phase (issue #26 point 2: what holds the 2-thread speed-up back): each barrier
 * round's wall time on the main thread, each lane's busy time in it (lane.ts, control.ts laneBusy) — the rest of the
 * round is that lane's wait at the barrier, wake-up included — and each lane's work in units of the cost model that
 * chose its range (executor.ts). The round of the pair pass and the gather ("forces") keeps each lane's busy time
 * and work in the two apart; a lane's wait in it for the lanes below counts as wait. Wall-clock waits are noisy on a
 * shared machine; the work per lane is not, so its max/mean shows the imbalance the ranges leave, and the busy time's
 * max/mean what it costs.
 *
 * Cheap enough to stay on: two clock reads per round and lane, and an addition per lane and round.
 */
import { TIMED, Phase, timedSlot, type ControlBlock, type PhaseCode } from './control.js';

/**
 * The barrier rounds of a step and a rebuild, as the bench prints them, each with the timed phases it runs: the pair
 * pass and the gather + kick share a round (lane.ts forcesAndKick), and their busy times are kept apart as its parts.
 */
const ROUNDS: readonly { name: string; phases: readonly PhaseCode[] }[] = [
  { name: 'kick + drift', phases: [Phase.kickDrift] },
  { name: 'forces', phases: [Phase.pairForces, Phase.gatherAndKick] },
  { name: 'pair search', phases: [Phase.findPairs] },
  { name: 'wall search', phases: [Phase.findWallCandidates] },
];

/** The names of a round's parts (ROUNDS). */
const PART_NAMES: Partial<Record<PhaseCode, string>> = {
  [Phase.pairForces]: 'pair forces',
  [Phase.gatherAndKick]: 'gather + kick',
};

/** Each lane's busy time and work in one part of a round. */
export interface LanePartReport {
  phase: string;
  busySeconds: number[];
  work: number[];
}

/** One kind of barrier round over a run (summary.json performance.lanePhases). */
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
   * candidate (the forces round: the two added); the searches: 1 per sphere + the candidates found
   */
  work: number[];
  /** the forces round: the pair pass's and the gather's busy time and work apart */
  parts?: LanePartReport[];
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

  /**
   * A round of `phase` took `ms` on the main thread; each lane did its range's work (of every part of the round:
   * the forces round is started as Phase.forcesAndKick and booked under its parts' slots).
   */
  roundEnded(phase: PhaseCode, ms: number): void {
    const parts = phase === Phase.forcesAndKick ? [Phase.pairForces, Phase.gatherAndKick] : [phase];
    const first = timedSlot(parts[0]);
    this.roundMs[first] += ms;
    this.rounds[first]++;
    for (const part of parts) {
      const slot = timedSlot(part);
      for (let lane = 0; lane < this.lanes; lane++) {
        this.work[TIMED * lane + slot] += this.rangeWork[TIMED * lane + slot];
      }
    }
  }

  /** Work a lane did in a round whose work is known only after it (the searches: the candidates found). */
  addWork(slot: number, lane: number, units: number): void {
    this.work[TIMED * lane + slot] += units;
  }

  /** The rounds that ran, with each lane's busy time from the control block. */
  report(c: ControlBlock): LanePhaseReport[] {
    const lanes = Array.from({ length: this.lanes }, (_, lane) => lane);
    const busy = (slot: number) => lanes.map((lane) => c.laneBusy[TIMED * lane + slot] / 1000);
    const work = (slot: number) => lanes.map((lane) => this.work[TIMED * lane + slot]);
    const sum = (rows: number[][]) => lanes.map((lane) => rows.reduce((total, row) => total + row[lane], 0));
    return ROUNDS.flatMap(({ name, phases }) => {
      const slots = phases.map(timedSlot), first = slots[0];
      if (this.rounds[first] === 0) return [];
      const report: LanePhaseReport = {
        phase: name, rounds: this.rounds[first], seconds: this.roundMs[first] / 1000,
        busySeconds: sum(slots.map(busy)), work: sum(slots.map(work)),
      };
      if (phases.length > 1) {
        report.parts = phases.map((part, k) => ({
          phase: PART_NAMES[part] ?? '', busySeconds: busy(slots[k]), work: work(slots[k]),
        }));
      }
      return [report];
    });
  }
}
