/**
 * Reading a finished run directory back: its resolved scenario, summary (with the analysis), and the rows of
 * series.csv, impact-statistics.csv and the collisions (impacts.bin, or the impacts.csv of older runs and imports) as
 * objects keyed by the documented column names (docs/outputs.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRunJson, readRunText, RunFileError } from '../output/run-files.js';
import { SERIES_HEADER, type RunSummary } from '../run/run.js';
import { IMPACT_FILE, ImpactFileError, ImpactFileReader, impactRow, IMPACTS_HEADER } from '../output/impact-file.js';
import { IMPACT_STATISTICS_FILE, IMPACT_STATISTICS_HEADER } from '../output/impact-statistics.js';
import type { Scenario } from '../scenario/schema.js';
import { describeValue } from './run-control.js';

/** A column of series.csv. */
export type SeriesColumn = (typeof SERIES_HEADER)[number];
/** A column of impacts.csv. */
export type ImpactsColumn = (typeof IMPACTS_HEADER)[number];
/** A column of impact-statistics.csv. */
export type ImpactStatisticsColumn = (typeof IMPACT_STATISTICS_HEADER)[number];

/**
 * One row of impact-statistics.csv: the collisions of one source ("pairs", or "wall:K" for `walls[K]`) that ended in
 * (t_start, t_end] (s); impact speed mean, rms and max (m/s); restitution mean, min and max over those with an impact
 * speed > 0 (null when none); the largest peak normal force (N) and overlap (m).
 */
export type ImpactStatisticsRow = Record<Exclude<ImpactStatisticsColumn, 'source' | `restitution_${string}`>, number> & {
  source: 'pairs' | `wall:${number}`;
  restitution_mean: number | null;
  restitution_min: number | null;
  restitution_max: number | null;
};

/**
 * One row of series.csv (every outputs.interval): t (s); kinetic, rotational, potential, elastic and total energy
 * (J; potential = −Σ m g·x); contacts; max_overlap_ratio (largest overlap / smaller radius).
 */
export type SeriesRow = Record<SeriesColumn, number>;

/**
 * One completed collision of impacts.csv: t_start, duration (s); the sphere ids i and j, where j is "wall:K" for
 * `walls[K]` of the scenario; impact and rebound normal speeds (m/s); restitution = rebound/impact (null when the
 * impact speed is 0); max_overlap (m), max_normal_force (N); tangential contact-point speeds before and after
 * (m/s) and the angular velocity components of both bodies before and after (rad/s).
 */
export type ImpactRow = Record<Exclude<ImpactsColumn, 'j' | 'restitution'>, number> & {
  j: number | `wall:${number}`;
  restitution: number | null;
};

/** A run's scenario.json: the scenario with every default filled, plus the constants derived from it. */
export type ResolvedScenario = Omit<Scenario, '$schema'> & {
  /** particle counts, dt and its limits, skin, output interval and, per material pair, the contact law's constants */
  derived: Record<string, unknown>;
};

/** Everything a finished run wrote that a script usually reads. */
export interface RunResults {
  /** the run directory */
  dir: string;
  /** scenario.json */
  scenario: ResolvedScenario;
  /** summary.json: run facts, final state, warnings and wall-clock figures (under `performance`) */
  summary: RunSummary;
  /** the scenario's analysis (angle of repose, discharge, bounces, cooling) with its headline, if it has one */
  analysis: RunSummary['analysis'];
  /** series.csv, one row per output time */
  series: SeriesRow[];
  /** impact-statistics.csv, per output interval and source (none when outputs.impacts is false) */
  impactStatistics: ImpactStatisticsRow[];
  /**
   * every completed collision in the order they ended, as rows of impacts.csv: from impacts.bin (with
   * outputs.impactRecords), or from the impacts.csv of a run made before it or of an import; none otherwise
   */
  impacts: ImpactRow[];
}

/** A directory that does not hold a finished run. */
export class RunDirectoryError extends Error {
  override name = 'RunDirectoryError';
}

/**
 * Reads a finished run directory.
 * @throws RunDirectoryError when `dir` holds no finished run (no summary.json: missing, unfinished or not a run), or
 *   when one of its files is not a regular file, is larger than the limits of src/output/run-files.ts or not JSON
 */
export function readRun(dir: string): RunResults {
  if (typeof dir !== 'string' || dir === '') {
    throw new RunDirectoryError(`readRun(dir): dir must be the path of a run directory (got ${describeValue(dir)})`);
  }
  const summaryFile = path.join(dir, 'summary.json');
  if (!fs.existsSync(summaryFile)) {
    throw new RunDirectoryError(fs.existsSync(dir) ? `${dir} holds no finished run (no summary.json)` : `${dir} does not exist`);
  }
  try {
    const summary = readRunJson(summaryFile) as RunSummary;
    return {
      dir,
      scenario: readRunJson(path.join(dir, 'scenario.json')) as ResolvedScenario,
      summary,
      analysis: summary.analysis,
      series: readCsv(path.join(dir, 'series.csv')) as SeriesRow[],
      impactStatistics: optionalCsv(path.join(dir, IMPACT_STATISTICS_FILE)) as ImpactStatisticsRow[],
      impacts: fs.existsSync(path.join(dir, IMPACT_FILE))
        ? impactRows(new ImpactFileReader(path.join(dir, IMPACT_FILE)))
        : optionalCsv(path.join(dir, 'impacts.csv')) as ImpactRow[],
    };
  } catch (error) {
    // A FIFO, a device or a file too large in a run's place: one typed error naming it (src/output/run-files.ts).
    if (error instanceof RunFileError || error instanceof ImpactFileError) throw new RunDirectoryError(error.message);
    throw error;
  }
}

type Row = Record<string, number | string | null>;

/**
 * Rows of a CSV file the run wrote (no quoting): numbers as numbers, empty cells as null, other text as is. The run
 * writes whole lines of a cell per column, so a file that does not end with a line break, or a row of another
 * width, was cut or edited: refused, naming the file and the line, rather than read as rows with columns missing.
 * @throws RunFileError
 */
function readCsv(file: string): Row[] {
  const text = readRunText(file);
  if (!text.endsWith('\n')) throw new RunFileError(`${file} does not end with a line break: the file was cut`);
  const [header, ...lines] = text.slice(0, -1).split('\n');
  const columns = header.split(',');
  return lines.map((line, k) => {
    const cells = line.split(',');
    if (cells.length !== columns.length) {
      throw new RunFileError(`${file}, line ${k + 2}: ${cells.length} cells where the header has ${columns.length} columns`);
    }
    return Object.fromEntries(columns.map((name, c) => [name, cellValue(cells[c])]));
  });
}

/** readCsv of a file the run may not have written (none: no rows). */
function optionalCsv(file: string): Row[] {
  return fs.existsSync(file) ? readCsv(file) : [];
}

/**
 * The collisions of impacts.bin as the rows readCsv gives for the impacts.csv `grainflow export impacts` writes of
 * it, without the text between (shortest round-trip numbers read back to the same doubles).
 */
function impactRows(reader: ImpactFileReader): ImpactRow[] {
  const rows: Row[] = [];
  for (let k = 0; k < reader.count; k++) {
    const cells = impactRow(reader.record(k));
    rows.push(Object.fromEntries(IMPACTS_HEADER.map((name, c) => [name, cells[c] === '' ? null : cells[c]])));
  }
  return rows as ImpactRow[];
}

function cellValue(cell: string): number | string | null {
  if (cell === '') return null;
  const x = Number(cell);
  return Number.isNaN(x) ? cell : x;
}
