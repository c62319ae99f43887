/**
 * Running scenarios from the library: a new run into a directory, or the continuation of a checkpointed one. Both
 * go through the run driver (src/run/run.ts) exactly as `grainflow run` does, so a run's files are the same
 * whichever starts it; cancellation is an AbortSignal, which the driver polls between steps.
 */
import { readRunScenario, RunCheckpoints } from '../checkpoint/run-checkpoints.js';
import { createSetup, type RunSetup } from '../run/setup.js';
import { refuseToReplace } from '../run/output-guard.js';
import { RunInterrupted, runToDirectory, type Progress, type RunSummary } from '../run/run.js';
import type { Scenario, ScenarioInput } from '../scenario/schema.js';
import { ScenarioError } from '../base/scenario-error.js';
import { describeValue, optionOfType, pathArgument, setupOptions, type SetupControl } from './run-control.js';
import { checkedScenario } from './scenario.js';

/** Options shared by runScenario and resumeRun. */
export interface RunControl extends SetupControl {
  /** Called about every 200 ms of a run (and once at its end) with the steps done; runs do not slow down for it. */
  onProgress?: (progress: Progress) => void;
  /**
   * Stops the run after its current step: with checkpoints (`outputs.checkpointEvery`) a checkpoint is written
   * and the directory kept for resumeRun; without, nothing is written. The run then rejects with RunInterrupted,
   * whose `signal` is the abort reason when that is a string (e.g. "SIGINT"), else "abort". A signal aborted
   * before the run starts rejects at once, writing nothing.
   */
  signal?: AbortSignal;
  /**
   * Warnings about the set-up (e.g. a time step that breaks a stability rule, more workers than cores), one line
   * each, before the run.
   */
  onWarning?: (message: string) => void;
  /**
   * Notices about checkpoints (a damaged one skipped, the one a resume starts from) and the output directory (the
   * lock of a process no longer running taken over, its staging directory removed), one line each.
   */
  onNotice?: (message: string) => void;
}

/** Options of runScenario. */
export interface RunScenarioOptions extends RunControl {
  /**
   * The run directory to write. It appears only when the run succeeds (runs with checkpoints write into it as
   * they go, so that resumeRun finds them).
   */
  out: string;
  /**
   * Replace an existing `out`. Without it an existing non-empty `out` is refused; with it, only a directory
   * grainflow made (its marker file `.grainflow-output` lists everything in it) is replaced — never `/`, the home
   * directory, the working directory or an ancestor of it. A directory another run is writing is refused too
   * (lock file). Refusals throw OutputExistsError (docs/outputs.md, "Safety of your files").
   */
  force?: boolean;
}

/**
 * Runs a scenario to its end and writes its run directory: scenario.json (resolved, with derived constants),
 * summary.json, series.csv, impacts.csv, the plots and, as the scenario asks, frames, VTK files and checkpoints.
 * @param scenario from loadScenario or parseScenario; any other object is validated first, like parseScenario
 * @returns the run's summary, with the scenario's analysis under `analysis` (as in summary.json)
 * @throws ScenarioError (bad scenario or `workers`) and OutputExistsError before anything is written;
 *   KernelMemoryError when the system will not give the simulation its memory (ulimit -v, a full machine);
 *   UnstableRunError when the watchdog stops the run; RunInterrupted when `signal` aborts it
 */
export async function runScenario(scenario: Scenario | ScenarioInput, options: RunScenarioOptions): Promise<RunSummary> {
  const controls = setupOptions(options);
  pathArgument('out', options.out, 'the run directory to write');
  optionOfType(options, 'force', 'boolean');
  checkRunControl(options);
  const setup = createSetup(checkedScenario(scenario), controls);
  refuseToReplace(options.out, options.force ?? false, { kind: 'run' });
  return drive(setup, options.out, false, options, options.force ?? false);
}

/**
 * Continues a checkpointed run that stopped (killed, interrupted, or failed after a checkpoint) from its newest
 * intact checkpoint; the finished directory is bit-identical to that of a run that never stopped.
 * @param dir the run directory (its scenario had `outputs.checkpointEvery`)
 * @returns the run's summary, as runScenario
 * @throws ResumeError when `dir` cannot be resumed (no checkpoints, finished, no intact checkpoint, a CSV file,
 *   frame or STL mesh changed since the checkpoint); OutputExistsError when another process is writing `dir`;
 *   otherwise as runScenario
 */
export async function resumeRun(dir: string, options: RunControl = {}): Promise<RunSummary> {
  const controls = setupOptions(options);
  pathArgument('dir', dir, 'a run directory to resume');
  checkRunControl(options);
  const setup = createSetup(readRunScenario(dir), controls);
  return drive(setup, dir, true, options, false);
}

async function drive(
  setup: RunSetup, dir: string, resume: boolean, options: RunControl, force: boolean,
): Promise<RunSummary> {
  const { signal } = options;
  if (signal?.aborted) throw new RunInterrupted(`${stopReason(signal)} before the run started; nothing written`, stopReason(signal));
  for (const warning of [...setup.warnings, ...setup.machineWarnings]) options.onWarning?.(warning);
  const notice = options.onNotice ?? (() => {});
  const checkpoints = setup.scenario.outputs.checkpointEvery === undefined ? undefined
    : new RunCheckpoints(setup, dir, resume, notice, force);
  return runToDirectory(setup, dir, {
    onProgress: options.onProgress,
    checkpoints,
    force,
    onNotice: notice,
    stopRequested: signal && (() => (signal.aborted ? stopReason(signal) : null)),
    ownsSetup: true,
  });
}

/** The name a stopped run reports: the abort reason when it is a string (the CLI passes the signal's name). */
function stopReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'abort';
}

/** The callbacks and the signal of `options`, of their types when given (ScenarioError naming the option). */
function checkRunControl(options: RunControl): void {
  for (const name of ['onProgress', 'onWarning', 'onNotice']) optionOfType(options, name, 'function');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ScenarioError('signal', `must be an AbortSignal when given (got ${describeValue(options.signal)})`);
  }
}
