/**
 * Angle of repose of a heap on a horizontal floor, from the heap's outer surface (the usual "fixed-base heap"
 * measurement, e.g. Zhou et al., Powder Technol. 125 (2002) 45, who fit the surface of DEM heaps the same way).
 *
 * The surface is sampled on cells of (nearly) equal area: rings one mean diameter wide, each sector's part of a
 * ring cut along the azimuth into arcs of about CELL_ARC_DIAMETERS diameters; the highest sphere top in a cell is a
 * point of the surface at the ring's mid-radius. The flank is fitted as a cone, height = a − r·tan θ, over a band of
 * distances r from the axis: the band where that cone lies between FLANK_LOW and FLANK_HIGH of the peak height and
 * above a single layer of spheres, found by refitting until the band stops moving. That leaves out the rounded cap,
 * the toe, and the apron of spheres that rolled away over the floor; the band is chosen in r, not in height,
 * because cutting on the fitted quantity would flatten the slope. Each sector is fitted over the band; the angle
 * is the mean over the sectors and its uncertainty the standard error of that mean, so asymmetry of the heap
 * shows up in it.
 *
 * Equal areas matter for small heaps: the highest of the few spheres in a small cell lies further below the
 * surface than the highest of the many in a large one, so cells that grow with r (a sector's radial bins) make
 * the profile flatter than the heap: 4–9° at 500 spheres, 1–3° at 2 000. Measured on synthetic heaps of two surface
 * models, bench/repose-bias.ts; docs/verification.md "Angle of repose: the estimator's bias".
 */
import { fitLine, type LinearFit } from './linear-fit.js';

/** Flank window as fractions of the peak height (cap above, toe below). */
export const FLANK_LOW = 0.2;
export const FLANK_HIGH = 0.8;
/** Surfaces lower than this many mean diameters are a single layer on the floor (the apron), not the flank. */
export const APRON_DIAMETERS = 1.5;
export const DEFAULT_SECTORS = 8;
/**
 * Length of a surface cell along the azimuth, in mean diameters: 3 keeps the bias under 0.6° from 2 000 spheres
 * on both synthetic surface models (1 and 2 diameters read up to 1.9° and 0.7° low on the random one).
 */
export const CELL_ARC_DIAMETERS = 3;
/** A sector (or heap) whose flank band holds fewer surface cells is fitted over all its cells. */
const MIN_FLANK_CELLS = 3;
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
  /** mid-radius (m from the axis) and surface height above the floor (m) of the sector's surface cells */
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
  /** spheres on the floor (the heap and its apron) */
  heapSpheres: number;
  /** surface cells holding a sphere (the points fitted, over all sectors) */
  surfaceCells: number;
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
 * A heap rests on its floor: its lowest sphere touches the floor (on a plane its bottom is at floorZ; on a rough
 * base whose top is floorZ it sits lower, in a gap). When even the lowest lies more than a diameter above the
 * floor, the spheres are not on it (still falling, with no floor under them, or resting on something higher) and
 * their "surface" would be measured from a level they never reached: RangeError.
 */
function restsOnFloor({ position: pos, radius }: HeapSpheres, heap: readonly number[], floorZ: number, diameter: number): void {
  let lowest = Infinity;
  for (const p of heap) lowest = Math.min(lowest, pos[3 * p + 2] - radius[p]);
  if (lowest - floorZ > diameter) {
    throw new RangeError(`the lowest of ${heap.length} spheres lies ${(lowest - floorZ).toPrecision(3)} m above the floor `
      + `(z = ${floorZ} m), more than a diameter: none rests on it (no floor under them, or they rest on something higher)`);
  }
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
  restsOnFloor(spheres, heap, options.floorZ, 2 * meanRadius);
  const axis: [number, number] = options.axis ? [options.axis[0], options.axis[1]] : [cx / count, cy / count];

  const points = surfaceCells(spheres, heap, axis, options.floorZ, nSectors, 2 * meanRadius);
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
    surfaceCells: points.length,
    flankFrom: band.from,
    flankTo: band.to,
    sectors,
  };
}

/** The highest sphere top in each surface cell (see the file's head), with its sector and the ring's mid-radius. */
function surfaceCells({ position: pos, radius }: HeapSpheres, heap: readonly number[], axis: readonly [number, number],
  floorZ: number, nSectors: number, diameter: number): SurfacePoint[] {
  const cells = new Map<string, SurfacePoint>();
  for (const p of heap) {
    const dx = pos[3 * p] - axis[0], dy = pos[3 * p + 1] - axis[1];
    const turns = ((Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI)) * nSectors; // [0, nSectors]
    const sector = Math.min(nSectors - 1, Math.floor(turns));
    const ring = Math.floor(Math.hypot(dx, dy) / diameter);
    const r = (ring + 0.5) * diameter;
    const arcs = Math.max(1, Math.round((2 * Math.PI * r) / nSectors / (CELL_ARC_DIAMETERS * diameter)));
    const arc = Math.min(arcs - 1, Math.floor((turns - sector) * arcs));
    const key = `${sector},${ring},${arc}`;
    const height = pos[3 * p + 2] + radius[p] - floorZ;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { r, height, sector });
    else if (height > cell.height) cell.height = height;
  }
  return [...cells.values()];
}

interface Band {
  from: number;
  to: number;
}

/**
 * The band of distances from the axis where the heap's fitted cone lies between the heights `low` and `high`:
 * first the surface cells between those heights, then, refitted until it stops moving, those whose distance
 * lies in the band the last fit gives. Without a falling flank (a layer, not a heap) the band is everything.
 */
function flankBand(points: readonly SurfacePoint[], low: number, high: number): Band {
  const everything: Band = { from: 0, to: points.reduce((far, p) => Math.max(far, p.r), 0) };
  let chosen = points.filter((p) => p.height >= low && p.height <= high);
  let band: Band | null = null;
  for (let k = 0; k < MAX_BAND_REFITS; k++) {
    if (chosen.length < MIN_FLANK_CELLS) return everything;
    const fit = fitLine(chosen.map((p) => p.r), chosen.map((p) => p.height));
    if (!(fit.slope < 0)) return everything;
    const next = { from: Math.max(0, (high - fit.intercept) / fit.slope), to: (low - fit.intercept) / fit.slope };
    if (band && next.from === band.from && next.to === band.to) break;
    band = next;
    chosen = points.filter((p) => p.r >= next.from && p.r <= next.to);
  }
  return band ?? everything;
}

/** Fits the sector's flank: its surface cells in the band (all of them if the band holds too few). */
function fitSector(points: readonly SurfacePoint[], band: Band): SectorProfile {
  const radius = points.map((p) => p.r);
  const height = points.map((p) => p.height);
  let chosen = points.filter((p) => p.r >= band.from && p.r <= band.to);
  if (chosen.length < MIN_FLANK_CELLS) chosen = [...points];
  if (chosen.length < 2) {
    // One surface cell: no slope can be measured; the surface is taken as flat.
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
