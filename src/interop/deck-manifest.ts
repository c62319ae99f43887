/**
 * The files of an exported LAMMPS deck and its manifest, `grainflow.json`: what `grainflow import lammps` needs to
 * turn the deck's results back into a run directory besides the scenario (`scenario.json`): the LAMMPS release,
 * the atom types, the step and output cadence, and the digests of the files the physics is read from.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { InputFileError, readRegularFile } from '../base/regular-file.js';
import { MAX_RUN_JSON_BYTES, readRunJson, RunFileError } from '../output/run-files.js';
import type { LammpsVersion } from './lammps-target.js';

export const DECK_FILES = {
  /** the LAMMPS input script */
  input: 'in.grainflow',
  /** every sphere present at t = 0 */
  data: 'data.grainflow',
  manifest: 'grainflow.json',
  /** the scenario as validated (a grainflow scenario file: `grainflow run scenario.json` runs it) */
  scenario: 'scenario.json',
  /** a copy of the scenario's sphere file (`particles.file`), which the deck's scenario.json names */
  spheres: 'spheres.csv',
  readme: 'README.md',
  /** written by LAMMPS: frames every outputs.interval, the final state at full precision, the log */
  dump: 'dump.grainflow',
  final: 'final.grainflow',
  /** with a bounces analysis: the first sphere at every step */
  trace: 'trace.grainflow',
  log: 'log.lammps',
} as const;

export const DECK_FORMAT = 'grainflow-lammps-deck';
/** 2: the manifest holds the SHA-256 of the deck's scenario.json and sphere file (2026-12-06). */
export const DECK_FORMAT_VERSION = 2;

export interface DeckManifest {
  format: typeof DECK_FORMAT;
  version: number;
  lammps: { version: LammpsVersion; label: string; checked: boolean };
  /** material name of LAMMPS atom type k + 1 */
  types: string[];
  /** LAMMPS's step, s: the scenario's resolved step / substeps */
  dt: number;
  steps: number;
  /** LAMMPS steps per grainflow step (export --substeps) */
  substeps: number;
  /** dump and thermo every this many steps */
  outputEvery: number;
  /** the deck traces the first sphere at every step (bounces analysis) */
  trace: boolean;
  /**
   * SHA-256 (hex) of the files of the deck that import reads the physics from — scenario.json, and spheres.csv when
   * the scenario has a sphere file — as export wrote them: an edited copy would put LAMMPS's trajectories under
   * other masses and moduli.
   */
  sha256: Record<string, string>;
}

/** A directory that is not a readable deck, or whose LAMMPS results are missing or damaged. */
export class DeckError extends Error {
  override name = 'DeckError';
}

/** The manifest of the deck in `dir`; a DeckError when there is none or it is not a grainflow deck. */
export function readDeckManifest(dir: string): DeckManifest {
  const file = path.join(dir, DECK_FILES.manifest);
  if (!fs.existsSync(file)) {
    throw new DeckError(fs.existsSync(dir) ? `${dir} is not a deck written by grainflow export lammps (no ${DECK_FILES.manifest})`
      : `${dir} does not exist`);
  }
  let manifest: DeckManifest;
  try {
    manifest = readRunJson(file) as DeckManifest;
  } catch (error) {
    if (error instanceof RunFileError) throw new DeckError(error.message);
    throw error;
  }
  if (manifest === null || typeof manifest !== 'object' || manifest.format !== DECK_FORMAT || manifest.version !== DECK_FORMAT_VERSION) {
    throw new DeckError(`${file} is not a version ${DECK_FORMAT_VERSION} ${DECK_FORMAT} manifest (a deck exported by an `
      + 'older grainflow: export the scenario again)');
  }
  return manifest;
}

/** SHA-256 of `text` as hex: the digests of grainflow.json's sha256. */
export function sha256Of(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Refuses a deck whose scenario.json or sphere file is not the one export wrote (its SHA-256 in the manifest).
 * @throws DeckError naming the file
 */
export function checkDeckInputs(dir: string, manifest: DeckManifest): void {
  if (typeof manifest.sha256 !== 'object' || manifest.sha256 === null || !(DECK_FILES.scenario in manifest.sha256)) {
    throw new DeckError(`${path.join(dir, DECK_FILES.manifest)} has no sha256 of ${DECK_FILES.scenario}`);
  }
  for (const [name, digest] of Object.entries(manifest.sha256)) {
    const file = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = readRegularFile(file, MAX_RUN_JSON_BYTES);
    } catch (error) {
      if (error instanceof InputFileError) throw new DeckError(`cannot read ${file}: ${error.message}`);
      throw error;
    }
    if (sha256Of(bytes) !== digest) {
      throw new DeckError(`${file} is not the file grainflow export lammps wrote (its SHA-256 differs from ${DECK_FILES.manifest}'s): `
        + 'LAMMPS ran the deck as exported; export the edited scenario again and run that deck');
    }
  }
}
