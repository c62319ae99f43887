/**
 * A checkpoint of one simulation as a file of its own, outside any run directory: what the library's
 * `Simulation.checkpoint(file)` writes and `createSimulation(scenario, { from })` continues from (src/api). The
 * format is a run's (format.ts), without the run's own part; the file is written whole or not at all. A file that
 * is no checkpoint, or belongs to another scenario, mesh or sphere file, is refused in one line (ResumeError).
 */
import { constants as bufferConstants } from 'node:buffer';
import fs from 'node:fs';
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import type { ScenarioModel } from '../engine/setup.js';
import type { Simulation } from '../engine/simulation.js';
import { fileStartsWith } from '../output/file-ends.js';
import { fileTypeOf, writeFileAtomically } from '../output/file-writes.js';
import { ResumeError } from '../output/resume-error.js';
import { SavedStateError } from '../base/saved-state.js';
import {
  CHECKPOINT_MAGIC, CheckpointFormatError, CheckpointVersionError, decodeCheckpoint, encodeCheckpoint,
} from './format.js';
import { checkInputFiles, inputFileHashes, scenarioHash } from './scenario-hash.js';
import { captureSimulation, restoreSimulation } from './snapshot.js';

/**
 * Writes the state of `sim`, made from `setup`, to `file`, flushed to disk before it takes the name. An existing
 * `file` is replaced only when it is a checkpoint itself (a grainflow checkpoint's first bytes): grainflow replaces
 * no file it did not write — not a user's file, a device (/dev/full), a directory or a symbolic link.
 * @throws RangeError naming what is at `file` when it is something else
 */
export function writeSimulationCheckpoint(sim: Simulation, setup: ScenarioModel, file: string): void {
  const refusal = replaceRefusal(file);
  if (refusal !== null) {
    throw new RangeError(`checkpoint(file): ${file} ${refusal}; a checkpoint replaces only a checkpoint file: name a new file`);
  }
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
    // Only a regular file: /dev/zero would fill the memory, a FIFO wait for a writer forever.
    bytes = readRegularFile(file, bufferConstants.MAX_LENGTH);
  } catch (error) {
    if (error instanceof InputFileError) throw refuse(`cannot be read: ${error.message}`);
    throw error;
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

/** Why `file` may not be replaced by a checkpoint (what is there), or null when nothing is or a checkpoint is. */
function replaceRefusal(file: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    // Nothing there, or a path that cannot be written: the write says which.
    return null;
  }
  if (!stat.isFile()) return `is ${fileTypeOf(stat)}`;
  return fileStartsWith(file, Buffer.from(CHECKPOINT_MAGIC, 'latin1')) ? null : 'is a file that is not a grainflow checkpoint';
}
