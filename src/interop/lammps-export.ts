/**
 * `grainflow export lammps`: a checked scenario written as a LAMMPS deck directory (lammps-deck.ts). Everything the
 * deck refuses (a law or wall LAMMPS cannot express) is a ScenarioError naming the field, thrown before anything is
 * written; the directory then appears whole, through the run directory's staging (src/output/run-directory.ts),
 * and an existing one is replaced only as `grainflow run` replaces a run (src/run/output-guard.ts).
 */
import { ScenarioError } from '../base/scenario-error.js';
import type { CheckedScenario } from '../scenario/checks.js';
import { createSetup } from '../run/setup.js';
import { RunDirectory } from '../output/run-directory.js';
import { DEFAULT_LAMMPS_VERSION, lammpsTarget } from './lammps-target.js';
import { buildLammpsDeck } from './lammps-deck.js';
import type { DeckManifest } from './deck-manifest.js';

/** A finer LAMMPS step than a hundredth of grainflow's buys nothing the comparison needs and multiplies the cost. */
export const MAX_SUBSTEPS = 100;

export interface LammpsExportOptions {
  /** the deck directory to write */
  out: string;
  /** replace an existing `out` (as runScenario's `force`) */
  force?: boolean;
  /** LAMMPS release the deck is written for (LAMMPS_VERSIONS); default the checked one */
  lammpsVersion?: string;
  /** LAMMPS steps per grainflow step, a whole number 1–100 (default 1; buildLammpsDeck says why more) */
  substeps?: number;
}

export interface LammpsExport {
  dir: string;
  manifest: DeckManifest;
  /** the files written, by name */
  files: string[];
  /** set-up warnings of the scenario (e.g. a time step that breaks a stability rule) */
  warnings: string[];
}

/**
 * Writes the deck of `checked` into `options.out`.
 * @throws RangeError for an unknown lammpsVersion; ScenarioError for what LAMMPS cannot express;
 *   OutputExistsError for an existing `out` that may not be replaced
 */
export function exportLammpsDeck(checked: CheckedScenario, options: LammpsExportOptions): LammpsExport {
  const target = lammpsTarget(options.lammpsVersion ?? DEFAULT_LAMMPS_VERSION);
  const substeps = options.substeps ?? 1;
  if (!(Number.isInteger(substeps) && substeps >= 1 && substeps <= MAX_SUBSTEPS)) {
    throw new ScenarioError('substeps', `must be a whole number from 1 to ${MAX_SUBSTEPS} (got ${substeps})`);
  }
  const setup = createSetup(checked, { workers: 1 });
  const deck = buildLammpsDeck(checked, setup, target, substeps);
  const dir = new RunDirectory(options.out, { force: options.force ?? false, kind: 'export' });
  try {
    for (const [name, content] of deck.files) dir.writeFile(name, content);
    dir.commit();
  } finally {
    dir.discard();
  }
  return { dir: options.out, manifest: deck.manifest, files: [...deck.files.keys()], warnings: setup.warnings };
}
