/**
 * Angle of repose of a heap on a horizontal floor, from the heap's outer surface (the usual "fixed-base heap"
 * measurement, e.g. Zhou et al., Powder Technol. 125 (2002) 45, who fit the surface of DEM heaps the same way).
 *
 * The heap is cut into azimuthal sectors around its axis; in each sector the surface height at radius r is the
 * highest sphere top in a radial bin one mean diameter wide. A straight line is fitted to the flank of each
 * sector's profile — the bins whose surface lies between FLANK_LOW and FLANK_HIGH of the peak height, outside
 * the peak, and above a single layer of spheres — which leaves out the rounded cap, the toe, and the apron of
 * spheres that rolled away over the floor. The angle is the mean over the
 * sectors, and its uncertainty the standard error of that mean, so asymmetry of the heap shows up in it.
 */
import { fitLine, type LinearFit } from './linear-fit.js';

/** Flank window as fractions of the peak height (cap above, toe below). */
export const FLANK_LOW = 0.2;
export const FLANK_HIGH = 0.8;
/** Surfaces lower than this many mean diameters are a single layer on the floor (the apron), not the flank. */
export const APRON_DIAMETERS = 1.5;
export const DEFAULT_SECTORS = 8;
/** A sector whose flank window holds fewer bins is fitted over its whole profile outside the peak. */
const MIN_FLANK_BINS = 3;

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
  /** bin centres (m from the axis) and surface heights above the floor (m) of the occupied bins */
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
  const binWidth = 2 * meanRadius;

  // Highest sphere top per (sector, radial bin).
  const surfaces = Array.from({ length: nSectors }, () => new Map<number, number>());
  let heapHeight = 0;
  for (const p of heap) {
    const dx = pos[3 * p] - axis[0], dy = pos[3 * p + 1] - axis[1];
    const top = pos[3 * p + 2] + radius[p] - options.floorZ;
    const azimuth = Math.atan2(dy, dx) + Math.PI; // [0, 2π]
    const sector = Math.min(nSectors - 1, Math.floor((azimuth / (2 * Math.PI)) * nSectors));
    const bin = Math.floor(Math.hypot(dx, dy) / binWidth);
    const surface = surfaces[sector];
    if (top > (surface.get(bin) ?? -Infinity)) surface.set(bin, top);
    heapHeight = Math.max(heapHeight, top);
  }

  const flankFrom = Math.max(FLANK_LOW * heapHeight, APRON_DIAMETERS * 2 * meanRadius);
  const sectors = surfaces.map((surface) => fitSector(surface, binWidth, flankFrom, FLANK_HIGH * heapHeight));
  const angles = sectors.map((s) => s.angleDegrees);
  const mean = angles.reduce((a, b) => a + b, 0) / angles.length;
  const variance = angles.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, angles.length - 1);
  return {
    angleDegrees: mean,
    uncertaintyDegrees: Math.sqrt(variance / angles.length),
    heapHeight,
    axis,
    sectors,
  };
}

/** Fits the sector's flank: bins outside its peak whose surface height lies in [low, high]. */
function fitSector(surface: Map<number, number>, binWidth: number, low: number, high: number): SectorProfile {
  const bins = [...surface.keys()].sort((a, b) => a - b);
  const radius = bins.map((b) => (b + 0.5) * binWidth);
  const height = bins.map((b) => surface.get(b)!);
  // The flank starts at the sector's own peak: bins inside it belong to the cap or the far side of the axis.
  let peak = 0;
  for (let k = 1; k < height.length; k++) if (height[k] > height[peak]) peak = k;
  const outside = radius.map((_, k) => k).filter((k) => k >= peak);
  let chosen = outside.filter((k) => height[k] >= low && height[k] <= high);
  if (chosen.length < MIN_FLANK_BINS) chosen = outside;
  if (chosen.length < 2) {
    // A single occupied bin: no slope can be measured; the surface is taken as flat.
    return { radius, height, slope: 0, intercept: height[peak] ?? 0, fitFrom: radius[peak] ?? 0, fitTo: radius[peak] ?? 0, angleDegrees: 0 };
  }
  const fit = fitLine(chosen.map((k) => radius[k]), chosen.map((k) => height[k]));
  return {
    radius,
    height,
    slope: fit.slope,
    intercept: fit.intercept,
    fitFrom: radius[chosen[0]],
    fitTo: radius[chosen[chosen.length - 1]],
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
