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
  return {
    ...model,
    steps,
    outputInterval,
    outputEvery,
    lanes: threads.lanes,
    cores,
    warnings: [...model.warnings, ...outputWarnings],
    machineWarnings: threads.warning === undefined ? [] : [threads.warning],
  };
}
