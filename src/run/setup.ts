/**
 * Sets up a run of a checked scenario: what it will cost is checked (run-budget.ts, docs/scenario-format.md
 * "Limits") — memory before anything is allocated, then, with the engine's model resolved (engine/setup.ts), the
 * steps and the wall-clock time they take, the output and the threads — and the run's length, output cadence and
 * thread count are chosen. Those refusals and the model's random insertion are the only failures left, all before
 * any output is written. The engine takes the model alone; this is what the run driver, the library's stepping
 * simulation and the exporters add to it.
 */
import os from 'node:os';
import type { CheckedScenario } from '../scenario/checks.js';
import { createModel, timeStepReason, type ScenarioModel } from '../engine/setup.js';
import { cappedThreads, checkMemory, checkOutputs, checkRunLength } from './run-budget.js';

/**
 * Below this many particles a step takes so little time that the three barriers per step cost more than the
 * second thread saves; such runs use one thread whatever `workers` says.
 */
export const PARALLEL_MIN_PARTICLES = 1000;
/** series.csv rows per run when outputs.interval is not given. */
export const DEFAULT_OUTPUT_ROWS = 100;

/** The engine's model of the scenario (engine/setup.ts), and what only a run needs: its length, output cadence and threads. */
export interface RunSetup extends ScenarioModel {
  steps: number;
  outputInterval: number;
  /** steps between output rows: outputInterval / dt, rounded, at least 1 */
  outputEvery: number;
  /** threads for the force computation (1 below PARALLEL_MIN_PARTICLES; at most this machine's cores) */
  lanes: number;
  /** this machine's cores, which the lanes never outnumber (the engine's worker lanes then spin through rebuilds) */
  cores: number;
  /** remarks on running it on this machine (more workers than cores): for the terminal, not the run's files */
  machineWarnings: string[];
}

/** What a run may choose that the scenario leaves open. */
export interface SetupOptions {
  /** the thread count (`workers` of the scenario otherwise) */
  workers?: number;
  /** the steps the run may take, beyond the default limits of run-budget.ts (`--max-steps`) */
  maxSteps?: number;
}

export function createSetup(checked: CheckedScenario, options: SetupOptions = {}): RunSetup {
  checkMemory(checked);
  const model = createModel(checked);
  const { scenario, dt, limits } = model;
  const { duration } = scenario.time;
  const workers = options.workers ?? scenario.workers;
  const steps = Math.max(1, Math.round(duration / dt));
  const spheres = model.particles.n + model.pour.total;
  const cores = os.availableParallelism();
  const threads = spheres < PARALLEL_MIN_PARTICLES ? { lanes: 1 } : cappedThreads(workers === 'auto' ? cores : workers);
  checkRunLength({ steps, dt, duration, spheres, lanes: threads.lanes, dtReason: timeStepReason(scenario, dt, limits),
    maxSteps: options.maxSteps });
  const outputInterval = scenario.outputs.interval ?? duration / DEFAULT_OUTPUT_ROWS;
  const outputEvery = Math.max(1, Math.round(outputInterval / dt));
  const outputWarnings = checkOutputs({ steps, outputEvery, outputInterval,
    spheres, frames: scenario.outputs.frames, vtk: scenario.outputs.vtk });
  // Only for a dt the scenario gives: an automatic one is the engine's choice, and the times round to it silently.
  const roundingWarnings = scenario.time.dt === 'auto' ? [] : [
    roundedToSteps('time.duration', duration, steps, dt, 'the run ends at'),
    roundedToSteps('outputs.interval', outputInterval, outputEvery, dt, 'rows are written every'),
  ].filter((w) => w !== null);
  return {
    ...model,
    steps,
    outputInterval,
    outputEvery,
    lanes: threads.lanes,
    cores,
    warnings: [...model.warnings, ...outputWarnings, ...roundingWarnings],
    machineWarnings: threads.warning === undefined ? [] : [threads.warning],
  };
}

/** A rounding to whole steps (steps · dt for `seconds`) that moves a time by more than this fraction is reported. */
const ROUNDING_NOTICED = 0.01;

/**
 * A warning when `seconds` of `field`, taken as a whole number of steps of dt, moves by more than ROUNDING_NOTICED
 * (with dt 0.7 ms a 2 ms run takes 3 steps, 2.1 ms); null otherwise.
 */
function roundedToSteps(field: string, seconds: number, steps: number, dt: number, what: string): string | null {
  const taken = steps * dt;
  if (Math.abs(taken - seconds) <= ROUNDING_NOTICED * seconds) return null;
  return `${field} = ${seconds} s is not a whole number of time steps (dt = ${dt} s): ${what} ${steps} `
    + `step${steps === 1 ? '' : 's'}, ${taken.toPrecision(4)} s`;
}
