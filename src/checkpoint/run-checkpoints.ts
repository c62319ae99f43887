/**
 * Checkpoints of one run directory (issue #7): when to write them, writing them with the run's own bookkeeping
 * (CSV lengths and checksums, analysis state), and, for `--resume`, finding the newest usable one and the scenario
 * it belongs to. A checkpoint another grainflow wrote (another format or part version), one that does not fit the
 * simulation, or one whose STL meshes or sphere file have changed since is refused with one line saying so (ResumeError), not
 * skipped like a damaged one: the older ones are no better. The run's other files are checked against the
 * checkpoint as the outputs reopen them (src/output/resume-check.ts).
 *
 * Layout: `<run>/checkpoints/scenario.json` is the validated scenario (written when the run starts, read by
 * --resume); `<run>/checkpoints/step-<step>.gfck` are the checkpoints (store.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadScenarioFile } from '../scenario/load.js';
import type { CheckedScenario } from '../scenario/checks.js';
import type { ScenarioModel } from '../engine/setup.js';
import type { Simulation } from '../engine/simulation.js';
import { ResumableRunDirectory } from '../output/run-directory.js';
import { ResumeError } from '../output/resume-error.js';
import { SavedStateError, type SavedState } from '../base/saved-state.js';
import { CheckpointVersionError, type Checkpoint } from './format.js';
import { checkInputFiles, inputFileHashes, scenarioHash } from './scenario-hash.js';
import { restoreSimulation, captureSimulation } from './snapshot.js';
import { CheckpointStore } from './store.js';

const CHECKPOINT_DIRECTORY = 'checkpoints';
const SCENARIO_FILE = 'scenario.json';
/** Marks a finished run: written last (run.ts). */
const FINISHED_MARKER = 'summary.json';

export { ResumeError };

export class RunCheckpoints {
  readonly directory: ResumableRunDirectory;
  private readonly store: CheckpointStore;
  private readonly hash: string;
  /** SHA-256 of the input files, by field (scenario-hash.ts); the checkpoint header's `meshes` */
  private readonly inputFiles: Record<string, string>;
  private readonly everySteps: number | undefined;
  private readonly everyWallMs: number | undefined;
  private lastWrite = performance.now();
  /** the checkpoint the run continues from (resume only) */
  private readonly resumeFrom: Checkpoint | undefined;
  /** file of the newest checkpoint written or resumed from */
  newest: string | undefined;

  /**
   * @param resume continue the run in `runDir` (its scenario: readRunScenario); otherwise start it afresh there
   * @param log one-line notices (damaged checkpoints skipped, the checkpoint a resumed run continues from, a stale
   *   lock taken over)
   * @param force a new run replaces an earlier output grainflow made in `runDir` (src/output/run-directory.ts)
   */
  constructor(
    setup: ScenarioModel, runDir: string, resume: boolean, private readonly log: (message: string) => void,
    force = false,
  ) {
    const every = setup.scenario.outputs.checkpointEvery;
    if (every === undefined) throw new Error('internal: RunCheckpoints without outputs.checkpointEvery');
    this.everySteps = typeof every === 'number' ? Math.max(1, Math.round(every / setup.dt)) : undefined;
    this.everyWallMs = typeof every === 'number' ? undefined : 1000 * every.wallSeconds;
    this.hash = scenarioHash(setup.scenario);
    this.inputFiles = inputFileHashes(setup);
    this.store = new CheckpointStore(path.join(runDir, CHECKPOINT_DIRECTORY), (file) => this.directory.file(path.relative(runDir, file)));
    this.directory = new ResumableRunDirectory(runDir, resume ? 'resume' : 'fresh', { force, onNotice: log });
    try {
      if (resume) {
        this.resumeFrom = this.newestUsable(setup);
        this.newest = this.store.files().find((f) => f.step === this.resumeFrom!.step)?.file;
      } else {
        this.directory.writeFile(path.join(CHECKPOINT_DIRECTORY, SCENARIO_FILE), `${JSON.stringify(setup.scenario, null, 2)}\n`);
      }
    } catch (error) {
      this.directory.discard();
      throw error;
    }
  }

  /**
   * Ends the run's hold on its directory after a failure: kept for --resume when it holds a checkpoint, removed when
   * it holds none (a fresh run refused its memory or stopped before its first checkpoint: nothing to resume, and the
   * half-made directory would refuse the rerun).
   */
  discardAfterFailure(): void {
    if (this.newest === undefined) this.directory.discardUnresumable();
    else this.directory.discard();
  }

  /** The checkpoint to resume from; ResumeError when there is none, or when a mesh or the sphere file differs from the run's. */
  private newestUsable(setup: ScenarioModel): Checkpoint {
    this.store.removeInterruptedWrites();
    let cp: Checkpoint | undefined;
    try {
      cp = this.store.newestValid(this.hash, this.log);
    } catch (error) {
      throw error instanceof CheckpointVersionError ? new ResumeError(error.message) : error;
    }
    if (cp === undefined) throw new ResumeError(`no usable checkpoint in ${this.store.directory}; start the run again`);
    checkInputFiles(setup, cp.meshes);
    return cp;
  }

  /**
   * Resume only: puts the checkpoint's state into `sim` (before its worker threads start) and the run's own
   * values into `run`; false for a fresh run. reportResume says so once the outputs are checked.
   */
  restore(sim: Simulation, run: SavedState): boolean {
    const cp = this.resumeFrom;
    if (cp === undefined) return false;
    const file = path.relative(process.cwd(), this.newest!);
    try {
      restoreSimulation(sim, cp, run);
    } catch (error) {
      if (error instanceof CheckpointVersionError) throw new ResumeError(new CheckpointVersionError(error.written, error.older, file).message);
      if (error instanceof SavedStateError) throw new ResumeError(`checkpoint ${file} does not fit this simulation: ${error.message}`);
      throw error;
    }
    return true;
  }

  /**
   * Says which checkpoint the run continues from: once its outputs have been checked against it too (the run's
   * files, src/output/resume-check.ts), so that a refused resume prints one line.
   */
  reportResume(): void {
    if (this.resumeFrom !== undefined) this.log(`resuming from ${this.newest}`);
  }

  /** Whether a checkpoint is due after `step`. */
  due(step: number): boolean {
    if (this.everySteps !== undefined) return step % this.everySteps === 0;
    return performance.now() - this.lastWrite >= this.everyWallMs!;
  }

  /** `run`: the run's own values, saved with the simulation's state. */
  write(sim: Simulation, run: SavedState): void {
    this.newest = this.store.write(captureSimulation(sim, { scenarioHash: this.hash, meshes: this.inputFiles }, run));
    this.lastWrite = performance.now();
  }
}

/** The scenario a resumable run was started with; refuses directories that cannot be resumed. */
export function readRunScenario(runDir: string): CheckedScenario {
  const file = path.join(runDir, CHECKPOINT_DIRECTORY, SCENARIO_FILE);
  // Said apart: a mistyped path is not a run without checkpoints.
  if (!fs.existsSync(runDir)) throw new ResumeError(`${runDir} does not exist`);
  if (!fs.existsSync(file)) {
    throw new ResumeError(`${runDir} is not a resumable run (no ${path.join(CHECKPOINT_DIRECTORY, SCENARIO_FILE)}; `
      + 'only runs with outputs.checkpointEvery write checkpoints)');
  }
  if (fs.existsSync(path.join(runDir, FINISHED_MARKER))) {
    throw new ResumeError(`${runDir} has finished (it has ${FINISHED_MARKER}); nothing to resume`);
  }
  return loadScenarioFile(file);
}
