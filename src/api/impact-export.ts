/**
 * `exportImpacts` (and `grainflow export impacts`): a run's impacts.bin as impacts.csv, the table of runs made before
 * impacts.bin, row for row and digit for digit (docs/outputs.md). The CSV is written as a file output: it appears
 * whole or not at all, an existing file is replaced only with `force` and only when it is an impacts CSV (by its
 * header line: a user's file or another output is never replaced), and a CSV written into the run is added to the
 * run's marker (src/output/run-directory.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMPACT_FILE, IMPACTS_CSV, ImpactFileError, ImpactFileReader, writeImpactsCsv } from '../output/impact-file.js';
import { StagedFiles } from '../output/run-directory.js';
import { RunDirectoryError } from './read-run.js';
import { describeValue, optionOfType, optionsObject, pathArgument } from './run-control.js';

export interface ImpactExport {
  /** the CSV written */
  file: string;
  collisions: number;
}

/**
 * Writes the collisions of `runDir`/impacts.bin as CSV to `out` (default `runDir`/impacts.csv).
 * @throws RunDirectoryError when the run has not finished or has no readable impacts.bin (made without
 *   outputs.impactRecords, cut, or not a regular file); OutputExistsError when `out` may not be written
 */
export function exportImpacts(runDir: string, options: { out?: string; force?: boolean } = {}): ImpactExport {
  if (typeof runDir !== 'string' || runDir === '') {
    throw new RunDirectoryError(`exportImpacts(runDir): runDir must be the path of a run directory (got ${describeValue(runDir)})`);
  }
  optionsObject(options);
  if (options.out !== undefined) pathArgument('out', options.out, 'the CSV file to write');
  optionOfType(options, 'force', 'boolean');
  const source = path.join(runDir, IMPACT_FILE);
  if (!fs.existsSync(source)) {
    throw new RunDirectoryError(`${runDir} holds no ${IMPACT_FILE} (a run writes every collision there with `
      + 'outputs.impactRecords true; impact-statistics.csv holds the statistics of every run)');
  }
  // An unfinished run's collisions are partial, and a resume would leave the CSV behind them.
  if (!fs.existsSync(path.join(runDir, 'summary.json'))) {
    throw new RunDirectoryError(`${runDir} has not finished (no summary.json): export its collisions when it has `
      + '(grainflow run --resume continues a checkpointed run)');
  }
  let reader: ImpactFileReader;
  try {
    reader = new ImpactFileReader(source);
  } catch (error) {
    if (error instanceof ImpactFileError) throw new RunDirectoryError(error.message);
    throw error;
  }
  const target = path.resolve(options.out ?? path.join(runDir, 'impacts.csv'));
  const staged = new StagedFiles([target], IMPACTS_CSV, { force: options.force ?? false, kind: 'export', inputs: [source] });
  try {
    const file = path.join(staged.directory, path.basename(target));
    writeImpactsCsv(reader, file);
    staged.commit([file]);
  } finally {
    staged.discard();
  }
  return { file: target, collisions: reader.count };
}
