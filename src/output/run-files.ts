/**
 * Reading back files a run directory holds (summary.json, scenario.json, series.csv, frames/index.json, a LAMMPS
 * deck's manifest and log) without trusting them, through the same bounds as scenario files
 * (src/base/regular-file.ts): only a regular file is read — a FIFO, socket or device (/dev/zero linked in its
 * place) is refused before a byte is read, so nothing waits forever — and at most a size limit of it, counted
 * while reading. Every refusal is one RunFileError naming the file.
 */
import { printable } from '../base/printable.js';
import { InputFileError, readRegularFile } from '../base/regular-file.js';

/** Largest JSON file of a run read back (a scenario listing two million spheres is about this size). */
export const MAX_RUN_JSON_BYTES = 256 * 1024 * 1024;
/** Largest text table read back whole (series.csv, log.lammps): V8's longest string is about 512 MiB. */
export const MAX_RUN_TEXT_BYTES = 512 * 1024 * 1024;

/** A file of a run that cannot be read back; the message names the file and says why, on one line. */
export class RunFileError extends Error {
  override name = 'RunFileError';
}

/** The text of `file`, a regular file of at most `maxBytes`. */
export function readRunText(file: string, maxBytes = MAX_RUN_TEXT_BYTES): string {
  try {
    return readRegularFile(file, maxBytes).toString('utf8');
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    throw new RunFileError(error.tooLarge ? `${file} ${error.message}` : `cannot read ${file}: ${error.message}`);
  }
}

/** The JSON value of `file` (read as readRunText reads); the caller checks its shape. */
export function readRunJson(file: string, maxBytes = MAX_RUN_JSON_BYTES): unknown {
  const text = readRunText(file, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // V8's message quotes the text, which may hold line breaks and escape sequences: shown, not sent.
    throw new RunFileError(`${file} is not valid JSON: ${printable((error as Error).message)}`);
  }
}
