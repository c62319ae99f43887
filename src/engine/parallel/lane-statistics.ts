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
import { Phase, TIMED, Timed, type ControlBlock, type PhaseCode, type TimedSlot } from './control.js';

/** One kind of barrier round: the phase code that starts it, its name in the report, and its parts' timed slots. */
interface RoundKind {
  started: PhaseCode;
  name: string;
  parts: readonly { name: string; slot: TimedSlot }[];
}

/** A round of one part, which the report names as the round. */
const onePart = (started: PhaseCode, name: string, slot: TimedSlot): RoundKind => ({
  started, name, parts: [{ name, slot }],
});

/**
 * The barrier rounds of a step and a rebuild, as the bench prints them: the pair pass and the gather + kick share a
 * round (lane.ts forcesAndKick), and their busy times are kept apart as its parts.
 */
const ROUNDS: readonly RoundKind[] = [
  onePart(Phase.kickDrift, 'kick + drift', Timed.kickDrift),
  {
    started: Phase.forcesAndKick, name: 'forces',
    parts: [{ name: 'pair forces', slot: Timed.pairPass }, { name: 'gather + kick', slot: Timed.gather }],
  },
  onePart(Phase.findPairs, 'pair search', Timed.pairSearch),
  onePart(Phase.findWallCandidates, 'wall search', Timed.wallSearch),
];

/** The index in ROUNDS of the round each phase code starts (−1: none), a table so that each round pays one load. */
const ROUND_OF = Array.from({ length: Math.max(...ROUNDS.map((r) => r.started)) + 1 },
  (_, code) => ROUNDS.findIndex((r) => r.started === code));

/**
 * The timed slot a round of one part books its busy time under (lane.ts run): the same slot its work is booked
 * under here, from the one table.
 */
export function onePartSlot(phase: PhaseCode): TimedSlot {
  const parts = ROUNDS[ROUND_OF[phase]]?.parts;
  if (parts?.length !== 1) throw new Error(`internal: phase ${phase} is not a round of one part`);
  return parts[0].slot;
}

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
  /** per kind of round (ROUNDS): its wall time on the main thread, summed, and how many ran */
  private readonly roundMs = new Float64Array(ROUNDS.length);
  private readonly rounds = new Float64Array(ROUNDS.length);
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

  /** A round started as `phase` took `ms` on the main thread; each lane did its range's work of each of its parts. */
  roundEnded(phase: PhaseCode, ms: number): void {
    const round = ROUND_OF[phase];
    if (round === undefined || round < 0) throw new Error(`internal: phase ${phase} is not a barrier round`);
    this.roundMs[round] += ms;
    this.rounds[round]++;
    const { parts } = ROUNDS[round];
    for (let k = 0; k < parts.length; k++) {
      const slot = parts[k].slot;
      for (let lane = 0; lane < this.lanes; lane++) {
        this.work[TIMED * lane + slot] += this.rangeWork[TIMED * lane + slot];
      }
    }
  }

  /** Work a lane did in a round whose work is known only after it (the searches: the candidates found). */
  addWork(slot: TimedSlot, lane: number, units: number): void {
    this.work[TIMED * lane + slot] += units;
  }

  /** The rounds that ran, with each lane's busy time from the control block. */
  report(c: ControlBlock): LanePhaseReport[] {
    const lanes = Array.from({ length: this.lanes }, (_, lane) => lane);
    const busy = (slot: TimedSlot) => lanes.map((lane) => c.laneBusy[TIMED * lane + slot] / 1000);
    const work = (slot: TimedSlot) => lanes.map((lane) => this.work[TIMED * lane + slot]);
    const sum = (rows: number[][]) => lanes.map((lane) => rows.reduce((total, row) => total + row[lane], 0));
    return ROUNDS.flatMap(({ name, parts }, round) => {
      if (this.rounds[round] === 0) return [];
      const slots = parts.map((p) => p.slot);
      const report: LanePhaseReport = {
        phase: name, rounds: this.rounds[round], seconds: this.roundMs[round] / 1000,
        busySeconds: sum(slots.map(busy)), work: sum(slots.map(work)),
      };
      if (parts.length > 1) {
        report.parts = parts.map((p) => ({ phase: p.name, busySeconds: busy(p.slot), work: work(p.slot) }));
      }
      return [report];
    });
  }
}
