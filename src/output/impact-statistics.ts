/**
 * What a run records of its collisions by default (`outputs.impacts`): impact-statistics.csv, per output interval
 * and per source — the sphere pairs, and each wall — the number of collisions that ended in the interval and the
 * statistics of their impact speed, restitution, peak force and overlap. A 10 000-sphere fall has hundreds of
 * thousands of collisions (most of them the chatter of a settling bed); their rows as CSV were 109 MB and half the
 * run's time, while wear, breakage and collision-rate studies ask for rates and speed statistics per wall and
 * over time. Every collision's own record stays available with `outputs.impactRecords` (impact-file.ts).
 * docs/outputs.md says why.
 *
 * A row covers (t_start, t_end], the collisions that ended after the previous output time up to this one; a source
 * without a collision in an interval has no row. The sums are taken in the order the collisions end, which is the
 * same for any number of threads (engine/simulation.ts collectImpacts), so the file is too.
 */
import type { ImpactRecord } from '../engine/simulation.js';
import { CsvWriter, type CsvPosition } from './csv.js';

export const IMPACT_STATISTICS_FILE = 'impact-statistics.csv';

export const IMPACT_STATISTICS_HEADER = [
  't_start', 't_end', 'source', 'collisions', 'impact_speed_mean', 'impact_speed_rms', 'impact_speed_max',
  'restitution_mean', 'restitution_min', 'restitution_max', 'max_normal_force_max', 'max_overlap_max',
] as const;

/** The sums of one source over one interval. */
interface Sums {
  collisions: number;
  speed: number;
  speedSquared: number;
  speedMax: number;
  /** over the collisions with an impact speed > 0 (restitution is rebound / impact speed) */
  restitutions: number;
  restitution: number;
  restitutionMin: number;
  restitutionMax: number;
  forceMax: number;
  overlapMax: number;
}

/** What a checkpoint keeps: the file's position and the interval still open. */
export interface SavedImpactStatistics {
  file: CsvPosition;
  from: number;
  total: number;
  /** [source key, sums]: key −1 for the sphere pairs, K for walls[K] */
  open: [number, Sums][];
}

const PAIRS = -1;

export class ImpactStatistics {
  private readonly csv: CsvWriter;
  private from: number;
  private open = new Map<number, Sums>();
  /** collisions recorded over the whole run */
  total = 0;

  /** a new file whose first interval starts at 0, or, `resumed`, the file and open interval a checkpoint saved */
  constructor(file: string, resumed?: SavedImpactStatistics) {
    this.csv = new CsvWriter(file, IMPACT_STATISTICS_HEADER, resumed?.file);
    this.from = resumed?.from ?? 0;
    this.total = resumed?.total ?? 0;
    for (const [key, sums] of resumed?.open ?? []) this.open.set(key, { ...sums });
  }

  add(r: ImpactRecord): void {
    const key = r.isWall ? r.j : PAIRS;
    const v = r.impactSpeed;
    let s = this.open.get(key);
    if (s === undefined) {
      // Extremes start at the first collision's values: the sums travel through a checkpoint's JSON, which has no ±∞.
      s = {
        collisions: 0, speed: 0, speedSquared: 0, speedMax: v, restitutions: 0, restitution: 0,
        restitutionMin: 0, restitutionMax: 0, forceMax: r.maxNormalForce, overlapMax: r.maxOverlap,
      };
      this.open.set(key, s);
    }
    s.collisions++;
    s.speed += v;
    s.speedSquared += v * v;
    s.speedMax = Math.max(s.speedMax, v);
    if (v > 0) {
      const e = r.reboundSpeed / v;
      const first = s.restitutions++ === 0;
      s.restitution += e;
      s.restitutionMin = first ? e : Math.min(s.restitutionMin, e);
      s.restitutionMax = first ? e : Math.max(s.restitutionMax, e);
    }
    s.forceMax = Math.max(s.forceMax, r.maxNormalForce);
    s.overlapMax = Math.max(s.overlapMax, r.maxOverlap);
    this.total++;
  }

  /** Ends the interval at `t`: a row per source with collisions in it, the pairs first, then the walls in order. */
  endInterval(t: number): void {
    const keys = [...this.open.keys()].sort((a, b) => a - b);
    for (const key of keys) {
      const s = this.open.get(key)!;
      const n = s.collisions, m = s.restitutions;
      this.csv.row([
        this.from, t, key === PAIRS ? 'pairs' : `wall:${key}`, n, s.speed / n, Math.sqrt(s.speedSquared / n), s.speedMax,
        m > 0 ? s.restitution / m : '', m > 0 ? s.restitutionMin : '', m > 0 ? s.restitutionMax : '', s.forceMax, s.overlapMax,
      ]);
    }
    this.open.clear();
    this.from = t;
  }

  save(): SavedImpactStatistics {
    return { file: this.csv.position(), from: this.from, total: this.total, open: [...this.open].map(([k, s]) => [k, { ...s }]) };
  }

  close(): void {
    this.csv.close();
  }
}
