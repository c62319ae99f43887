/**
 * Angle of repose of a heap on a horizontal floor, from the heap's outer surface (the usual "fixed-base heap"
 * measurement, e.g. Zhou et al., Powder Technol. 125 (2002) 45, who fit the surface of DEM heaps the same way).
 *
 * The surface is sampled by the spheres it is made of: a sphere is on the surface when nothing lies above its apex
 * (no other sphere's outline covers it seen from above), and its apex is a point of the surface. The flank is
 * fitted as a cone, height = a − r·tan θ, over a band of distances r from the axis: the band where that cone lies
 * between FLANK_LOW and FLANK_HIGH of the peak height and above a single layer of spheres, found by refitting until
 * the band stops moving. That leaves out the rounded cap, the toe, and the apron of spheres that rolled away over
 * the floor; the band is chosen in r, not in height, because cutting on the fitted quantity would flatten the
 * slope. The heap is cut into azimuthal sectors, each fitted over the band; the angle is the mean over the sectors
 * and its uncertainty the standard error of that mean, so asymmetry of the heap shows up in it.
 *
 * Sampling at the surface spheres rather than at the highest sphere of each radial bin matters for small heaps:
 * a bin near the axis holds few spheres, so its highest one lies further below the surface than in the wide bins
 * of the toe, and the profile comes out flatter than the heap (4° at 500 spheres, 1° at 2 000; measured on
 * synthetic heaps, bench/repose-bias.ts, docs/verification.md "Angle of repose: the estimator's bias").
 */
import { fitLine, type LinearFit } from './linear-fit.js';

/** Flank window as fractions of the peak height (cap above, toe below). */
export const FLANK_LOW = 0.2;
export const FLANK_HIGH = 0.8;
/** Surfaces lower than this many mean diameters are a single layer on the floor (the apron), not the flank. */
export const APRON_DIAMETERS = 1.5;
export const DEFAULT_SECTORS = 8;
/** A sector (or heap) whose flank band holds fewer surface spheres is fitted over all its surface spheres. */
const MIN_FLANK_SPHERES = 3;
/** Refits of the flank band: it settles in two or three on every synthetic heap; more is a safeguard. */
const MAX_BAND_REFITS = 20;

export interface HeapSpheres {
  /** x, y, z of each centre (m) */
  position: ArrayLike<number>;
  radius: ArrayLike<number>;
  count: number;
}

export interface ReposeOptions {
  /** height of the floor (m) */
  floorZ: number;
  /** heap axis [x, y] (m); default: the centroid of the spheres */
  axis?: readonly [number, number];
  sectors?: number;
}

export interface SectorProfile {
  /** distance from the axis (m) and apex height above the floor (m) of the sector's surface spheres */
  radius: number[];
  height: number[];
  /** fitted flank: height = intercept + slope·r over [fitFrom, fitTo] (m) */
  slope: number;
  intercept: number;
  fitFrom: number;
  fitTo: number;
  angleDegrees: number;
}

export interface ReposeResult {
  angleDegrees: number;
  /** standard error of the mean over sectors (degrees) */
  uncertaintyDegrees: number;
  /** peak height of the heap surface above the floor (m) */
  heapHeight: number;
  axis: [number, number];
  /** spheres on the floor (the heap and its apron), and those of them on the heap's surface */
  heapSpheres: number;
  surfaceSpheres: number;
  /** the band of distances from the axis the flank is fitted over (m) */
  flankFrom: number;
  flankTo: number;
  sectors: SectorProfile[];
}

/**
 * The spheres of the heap: those not wholly below the floor. A few below it rolled off the edge of a finite floor
 * and are left out; when most are, there is no heap on the floor (they fell through, or the floor is above them)
 * and a number would measure nothing: RangeError.
 */
function spheresOnFloor({ position: pos, radius, count }: HeapSpheres, floorZ: number): number[] {
  const on: number[] = [];
  for (let p = 0; p < count; p++) if (pos[3 * p + 2] + radius[p] >= floorZ) on.push(p);
  const below = count - on.length;
  if (2 * below > count) {
    throw new RangeError(`${below} of ${count} spheres lie wholly below the floor (z = ${floorZ} m): they fell through `
      + 'it, or it lies above them; no heap stands on it');
  }
  return on;
}

/**
 * The spheres whose apex no other sphere covers: q covers p's apex when p's apex lies within q's outline seen from
 * above (horizontal distance h < r_q) and under q's upper surface there (z_q + √(r_q² − h²) > z_p + r_p).
 * A grid of columns 2·max radius wide finds the candidates q in linear time.
 */
function surfaceSpheres({ position: pos, radius }: HeapSpheres, heap: readonly number[]): number[] {
  let maxRadius = 0;
  for (const p of heap) maxRadius = Math.max(maxRadius, radius[p]);
  const column = 2 * maxRadius;
  const key = (i: number, j: number) => `${i},${j}`;
  const columns = new Map<string, number[]>();
  for (const p of heap) {
    const k = key(Math.floor(pos[3 * p] / column), Math.floor(pos[3 * p + 1] / column));
    const list = columns.get(k);
    if (list) list.push(p); else columns.set(k, [p]);
  }
  return heap.filter((p) => {
    const x = pos[3 * p], y = pos[3 * p + 1], apex = pos[3 * p + 2] + radius[p];
    const i = Math.floor(x / column), j = Math.floor(y / column);
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) {
      for (const q of columns.get(key(i + di, j + dj)) ?? []) {
        if (q === p) continue;
        const h2 = (pos[3 * q] - x) ** 2 + (pos[3 * q + 1] - y) ** 2, r2 = radius[q] ** 2;
        if (h2 < r2 && pos[3 * q + 2] + Math.sqrt(r2 - h2) > apex) return false;
      }
    }
    return true;
  });
}

interface SurfacePoint {
  r: number;
  height: number;
  sector: number;
}

export function angleOfRepose(spheres: HeapSpheres, options: ReposeOptions): ReposeResult {
  const { position: pos, radius } = spheres;
  const heap = spheresOnFloor(spheres, options.floorZ);
  const count = heap.length;
  if (count < 2) throw new RangeError(`angleOfRepose: needs at least 2 spheres on the floor, got ${count}`);
  const nSectors = options.sectors ?? DEFAULT_SECTORS;
  let meanRadius = 0, cx = 0, cy = 0;
  for (const p of heap) {
    meanRadius += radius[p];
    cx += pos[3 * p];
    cy += pos[3 * p + 1];
  }
  meanRadius /= count;
  const axis: [number, number] = options.axis ? [options.axis[0], options.axis[1]] : [cx / count, cy / count];

  const points: SurfacePoint[] = surfaceSpheres(spheres, heap).map((p) => {
    const dx = pos[3 * p] - axis[0], dy = pos[3 * p + 1] - axis[1];
    const azimuth = Math.atan2(dy, dx) + Math.PI; // [0, 2π]
    return {
      r: Math.hypot(dx, dy),
      height: pos[3 * p + 2] + radius[p] - options.floorZ,
      sector: Math.min(nSectors - 1, Math.floor((azimuth / (2 * Math.PI)) * nSectors)),
    };
  });
  let heapHeight = 0;
  for (const point of points) heapHeight = Math.max(heapHeight, point.height);

  const band = flankBand(points, Math.max(FLANK_LOW * heapHeight, APRON_DIAMETERS * 2 * meanRadius), FLANK_HIGH * heapHeight);
  const sectors = Array.from({ length: nSectors }, (_, s) => fitSector(points.filter((point) => point.sector === s), band));
  const angles = sectors.map((s) => s.angleDegrees);
  const mean = angles.reduce((a, b) => a + b, 0) / angles.length;
  const variance = angles.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, angles.length - 1);
  return {
    angleDegrees: mean,
    uncertaintyDegrees: Math.sqrt(variance / angles.length),
    heapHeight,
    axis,
    heapSpheres: count,
    surfaceSpheres: points.length,
    flankFrom: band.from,
    flankTo: band.to,
    sectors,
  };
}

interface Band {
  from: number;
  to: number;
}

/**
 * The band of distances from the axis where the heap's fitted cone lies between the heights `low` and `high`:
 * first the surface spheres between those heights, then, refitted until it stops moving, those whose distance
 * lies in the band the last fit gives. Without a falling flank (a layer, not a heap) the band is everything.
 */
function flankBand(points: readonly SurfacePoint[], low: number, high: number): Band {
  const everything: Band = { from: 0, to: Infinity };
  let chosen = points.filter((p) => p.height >= low && p.height <= high);
  let band: Band | null = null;
  for (let k = 0; k < MAX_BAND_REFITS; k++) {
    if (chosen.length < MIN_FLANK_SPHERES) return everything;
    const fit = fitLine(chosen.map((p) => p.r), chosen.map((p) => p.height));
    if (!(fit.slope < 0)) return everything;
    const next = { from: Math.max(0, (high - fit.intercept) / fit.slope), to: (low - fit.intercept) / fit.slope };
    if (band && next.from === band.from && next.to === band.to) break;
    band = next;
    chosen = points.filter((p) => p.r >= next.from && p.r <= next.to);
  }
  return band ?? everything;
}

/** Fits the sector's flank: its surface spheres in the band (all of them if the band holds too few). */
function fitSector(points: readonly SurfacePoint[], band: Band): SectorProfile {
  const radius = points.map((p) => p.r);
  const height = points.map((p) => p.height);
  let chosen = points.filter((p) => p.r >= band.from && p.r <= band.to);
  if (chosen.length < MIN_FLANK_SPHERES) chosen = [...points];
  if (chosen.length < 2) {
    // One surface sphere: no slope can be measured; the surface is taken as flat.
    const top = height[0] ?? 0, at = radius[0] ?? 0;
    return { radius, height, slope: 0, intercept: top, fitFrom: at, fitTo: at, angleDegrees: 0 };
  }
  const fit = fitLine(chosen.map((p) => p.r), chosen.map((p) => p.height));
  return {
    radius,
    height,
    slope: fit.slope,
    intercept: fit.intercept,
    fitFrom: Math.min(...chosen.map((p) => p.r)),
    fitTo: Math.max(...chosen.map((p) => p.r)),
    angleDegrees: (Math.atan(-fit.slope) * 180) / Math.PI,
  };
}

/** A heap as the run summary reports it (src/analysis/run-analysis.ts). */
export interface ReportedHeap {
  angleOfRepose_deg: number;
  uncertainty_deg: number;
}

/**
 * How the angle of repose changes with sliding friction over several heaps: the straight line through
 * (μ, angle), each heap weighted by 1/uncertainty² (its scatter over the sectors). Heaps get steeper as μ grows
 * (Zhou et al., Phys. Rev. E 64 (2001) 021301, and Powder Technol. 125 (2002) 45); one heap per μ is too noisy to
 * order neighbours, but the slope over all of them, with its standard error, says whether the rise is real.
 */
export function reposeTrend(frictions: readonly number[], heaps: readonly ReportedHeap[]): LinearFit {
  return fitLine(frictions, heaps.map((h) => h.angleOfRepose_deg), heaps.map((h) => h.uncertainty_deg));
}
