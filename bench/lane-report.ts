/**
 * The lanes' barrier rounds of a run on several lanes, as the bench prints them (issue #26 point 2): how the steps'
 * wall time splits into the main thread alone (between rounds) and the rounds, and per phase each lane's busy time
 * and wait, with the imbalance max/mean of the lanes' work (cost-model units: not noisy on a shared machine) and of
 * their busy time (engine/parallel/lane-statistics.ts).
 */
import type { LanePhaseReport } from '../src/engine/parallel/lane-statistics.js';

/** Lines for a run of `stepsSeconds` of steps on `lanes` lanes; none for one lane. */
export function laneLines(lanes: number, phases: LanePhaseReport[], stepsSeconds: number): string[] {
  if (lanes < 2) return [];
  const rounds = phases.reduce((sum, q) => sum + q.seconds, 0);
  const busy = phases.reduce((sum, q) => sum + mean(q.busySeconds), 0);
  const percent = (seconds: number) => `${((100 * seconds) / stepsSeconds).toFixed(1)} %`;
  const seconds = (values: number[]) => values.map((v) => v.toFixed(2)).join(' | ');
  return [
    `  of the steps on ${lanes} lanes: main thread alone ${percent(stepsSeconds - rounds)}, barrier rounds `
      + `${percent(rounds)} (a lane busy ${percent(busy)} on average, waiting ${percent(rounds - busy)})`,
    ...phases.flatMap((q) => [
      `    ${q.phase.padEnd(13)} ${String(q.rounds).padStart(6)} rounds ${q.seconds.toFixed(2).padStart(6)} s, `
        + `busy ${seconds(q.busySeconds)} s, wait ${seconds(q.busySeconds.map((b) => q.seconds - b))} s; max/mean: `
        + `work ${imbalance(q.work)}, busy ${imbalance(q.busySeconds)}`,
      // The forces round's two parts: where each lane's busy time went.
      ...(q.parts ?? []).map((part) => `      ${part.phase.padEnd(13)} busy ${seconds(part.busySeconds)} s; `
        + `max/mean: work ${imbalance(part.work)}, busy ${imbalance(part.busySeconds)}`),
    ]),
  ];
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** max/mean of the lanes' values: 1 is perfect balance; each round waits for the largest. */
const imbalance = (values: number[]) => (Math.max(...values) / mean(values)).toFixed(3);
