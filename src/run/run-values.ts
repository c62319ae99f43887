/**
 * The run's own values in every checkpoint (part "run", beside the simulation's parts): where series.csv,
 * impact-statistics.csv (with the interval still open) and impacts.bin end, the analysis's and the snapshot writers' state and the watchdog's energy baseline, so that a
 * resumed run continues its outputs exactly where the state continues (run.ts).
 */
import type { CsvPosition } from '../output/csv.js';
import type { FilePosition } from '../output/append-file.js';
import type { SavedImpactStatistics } from '../output/impact-statistics.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';
import type { EnergyBaseline } from './watchdog.js';

export interface SavedRunValues {
  series: CsvPosition;
  /** null when the run records no impacts (outputs.impacts false); records null without outputs.impactRecords */
  impacts: SavedImpacts | null;
  /** the analysis's own save(); null without one */
  analysis: unknown;
  snapshots: unknown;
  watchdog: EnergyBaseline;
}

export interface SavedImpacts {
  statistics: SavedImpactStatistics;
  records: FilePosition | null;
}

const RUN_VALUES_STATE: StateDeclaration = {
  part: 'run',
  // 2: CSV positions carry the SHA-256 of the part kept (resume checks the files against it)
  // 3: impacts are impact-statistics.csv with its open interval, and impacts.bin, in place of impacts.csv
  version: 3,
  saved: ['series', 'impacts', 'analysis', 'snapshots', 'watchdog'],
  excluded: {
    current: 'fixed: reads the values of the outputs being written',
    resumed: 'scratch: what a restore read, for the outputs to continue from',
  },
};

/**
 * The run's own part of a checkpoint: SavedRunValues, one JSON entry each, read from the run's outputs when a
 * checkpoint is written (so, unlike the simulation's parts, its entries are not fields of its own).
 */
export class RunValues implements SavedState {
  resumed: SavedRunValues | undefined;

  constructor(private readonly current: () => SavedRunValues) {}

  get stateDeclaration(): StateDeclaration {
    return RUN_VALUES_STATE;
  }

  saveState(out: StateWriter): void {
    const { series, impacts, analysis, snapshots, watchdog } = this.current();
    out.json('series', series);
    out.json('impacts', impacts);
    out.json('analysis', analysis);
    out.json('snapshots', snapshots);
    out.json('watchdog', watchdog);
  }

  restoreState(from: StateReader): void {
    this.resumed = {
      series: from.json('series', isCsvPosition, 'a CSV file position'),
      impacts: from.json('impacts', (v): v is SavedImpacts | null => v === null || isSavedImpacts(v),
        'the impact files\' positions or null'),
      analysis: from.json('analysis'),
      snapshots: from.json('snapshots'),
      watchdog: from.json('watchdog', isEnergyBaseline, 'an energy baseline'),
    };
  }
}

const isCsvPosition = (v: unknown): v is CsvPosition => hasNumbers(v, ['bytes', 'rows'])
  && typeof (v as { sha256?: unknown }).sha256 === 'string';
const isSavedImpacts = (v: unknown): v is SavedImpacts => {
  if (typeof v !== 'object' || v === null) return false;
  const { statistics, records } = v as Partial<SavedImpacts>;
  return (records === null || isCsvPosition(records))
    && typeof statistics === 'object' && statistics !== null && isCsvPosition(statistics.file)
    && hasNumbers(statistics, ['from', 'total']) && Array.isArray(statistics.open);
};
const isEnergyBaseline = (v: unknown): v is EnergyBaseline => hasNumbers(v, ['initialEnergy', 'energyScale', 'particles']);

function hasNumbers(v: unknown, keys: readonly string[]): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const fields = new Map(Object.entries(v));
  return keys.every((k) => typeof fields.get(k) === 'number');
}
