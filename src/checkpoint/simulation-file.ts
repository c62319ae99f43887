/**
 * A checkpoint of one simulation as a file of its own, outside any run directory: what the library's
 * `Simulation.checkpoint(file)` writes and `createSimulation(scenario, { from })` continues from (src/api). The
 * format is a run's (format.ts), without the run's own part; the file is written whole or not at all. A file that
 * is no checkpoint, or belongs to another scenario, mesh or sphere file, is refused in one line (ResumeError).
 */
import fs from 'node:fs';
import type { ScenarioModel } from '../engine/setup.js';
import type { Simulation } from '../engine/simulation.js';
import { causeOf, errnoCode, writeFileAtomically } from '../output/file-writes.js';
import { ResumeError } from '../output/resume-error.js';
import { SavedStateError } from '../base/saved-state.js';
import { CheckpointFormatError, CheckpointVersionError, decodeCheckpoint, encodeCheckpoint } from './format.js';
import { checkInputFiles, inputFileHashes, scenarioHash } from './scenario-hash.js';
import { captureSimulation, restoreSimulation } from './snapshot.js';

/** Writes the state of `sim`, made from `setup`, to `file` (replacing it), flushed to disk before it takes the name. */
export function writeSimulationCheckpoint(sim: Simulation, setup: ScenarioModel, file: string): void {
  const identity = { scenarioHash: scenarioHash(setup.scenario), meshes: inputFileHashes(setup) };
  writeFileAtomically(file, encodeCheckpoint(captureSimulation(sim, identity)), true);
}

/**
 * Puts the state of checkpoint `file` into `sim`, made from `setup` (before its worker threads start).
 * @throws ResumeError when the file cannot be read, is not a checkpoint of this grainflow, or was written for
 *   another scenario, mesh or sphere file
 */
export function restoreSimulationCheckpoint(sim: Simulation, setup: ScenarioModel, file: string): void {
  const refuse = (why: string) => new ResumeError(`checkpoint ${file} ${why}`);
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = errnoCode(error);
    if (code === undefined) throw error;
    throw refuse(`cannot be read: ${causeOf(code)}`);
  }
  try {
    const cp = decodeCheckpoint(bytes);
    if (cp.scenarioHash !== scenarioHash(setup.scenario)) throw refuse('belongs to a different scenario');
    checkInputFiles(setup, cp.meshes);
    restoreSimulation(sim, cp);
  } catch (error) {
    if (error instanceof CheckpointFormatError) throw refuse(`is unusable: ${error.message}`);
    if (error instanceof CheckpointVersionError) throw new ResumeError(new CheckpointVersionError(error.written, error.older, file).message);
    if (error instanceof SavedStateError) throw refuse(`does not fit this simulation: ${error.message}`);
    throw error;
  }
}
