/**
 * The rotating drum (docs/physics.md §1.6 "Moving and rotating walls"; scenarios/drum.json): the dynamic angle of
 * repose of the bed's free surface, its Froude number and the regimes of the transverse-motion map that Froude
 * number falls in. Pure functions, tested on synthetic beds.
 *
 * Angle: in a slab about the drum's mid-plane the spheres are projected onto the cross-section, with u horizontal
 * (perpendicular to the axis and to gravity) and v up. The free surface is the highest sphere top per column of
 * one mean diameter; a straight line is fitted to the middle 60 % of the occupied columns (the ends bend towards
 * the wall), and the angle is atan |dv/du|. A run averages it over the samples taken once the flow is steady.
 */
import { fitLine } from './linear-fit.js';

type Vec3 = readonly [number, number, number];

export interface DrumGeometry {
  /** a point of the axis (m) */
  centre: Vec3;
  /** unit vector along the axis */
  axis: Vec3;
  /** m */
  radius: number;
  /** positions of the end caps along the axis from `centre` (m) */
  zMin: number;
  zMax: number;
}

export interface Spheres {
  position: Float64Array;
  radius: Float64Array;
  count: number;
}

export interface DrumSurface {
  /** dynamic angle of repose of this sample (degrees, ≥ 0) */
  angleDegrees: number;
  /** slope dv/du of the fitted line: its sign says which side the bed rises on */
  slope: number;
  /** column centres u (m) and surface heights v (m) about the axis, every occupied column */
  u: number[];
  v: number[];
  /** u range of the fitted columns (m) */
  fitFrom: number;
  fitTo: number;
  intercept: number;
  /** spheres in the mid-plane slab */
  slabSpheres: number;
}

/** Fraction of the occupied columns left out at each end of the surface fit. */
const END_FRACTION = 0.2;

/**
 * The free surface in the mid-plane slab of half-width `slabHalfWidth` (m) under gravity `gravity` (m/s², not
 * along the axis). Throws RangeError when the slab holds too few columns for a fit.
 */
export function drumSurface(spheres: Spheres, drum: DrumGeometry, gravity: Vec3, slabHalfWidth: number): DrumSurface {
  const a = drum.axis;
  const ga = gravity[0] * a[0] + gravity[1] * a[1] + gravity[2] * a[2];
  const gp = [gravity[0] - ga * a[0], gravity[1] - ga * a[1], gravity[2] - ga * a[2]];
  const gLength = Math.hypot(gp[0], gp[1], gp[2]);
  if (!(gLength > 0)) throw new RangeError('gravity is along the drum axis: the bed has no free surface across it');
  const up = gp.map((c) => -c / gLength);
  const across = [a[1] * up[2] - a[2] * up[1], a[2] * up[0] - a[0] * up[2], a[0] * up[1] - a[1] * up[0]];
  const mid = (drum.zMin + drum.zMax) / 2;
  const inSlab: number[] = [];
  let diameter = 0;
  for (let p = 0; p < spheres.count; p++) {
    diameter += 2 * spheres.radius[p];
    const d = [0, 1, 2].map((k) => spheres.position[3 * p + k] - drum.centre[k]);
    if (Math.abs(d[0] * a[0] + d[1] * a[1] + d[2] * a[2] - mid) <= slabHalfWidth) inSlab.push(p);
  }
  const tooFew = (columns: number) => new RangeError(
    `the mid-plane slab holds ${inSlab.length} spheres in ${columns} surface columns: too few for a surface fit`);
  if (inSlab.length === 0) throw tooFew(0);
  diameter /= spheres.count;
  const columns = Math.max(1, Math.ceil((2 * drum.radius) / diameter));
  const top = new Float64Array(columns).fill(-Infinity);
  for (const p of inSlab) {
    const d = [0, 1, 2].map((k) => spheres.position[3 * p + k] - drum.centre[k]);
    const u = d[0] * across[0] + d[1] * across[1] + d[2] * across[2];
    const v = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
    const c = Math.min(columns - 1, Math.max(0, Math.floor((u + drum.radius) / diameter)));
    top[c] = Math.max(top[c], v + spheres.radius[p]);
  }
  const u: number[] = [], v: number[] = [];
  top.forEach((h, c) => {
    if (h > -Infinity) { u.push(-drum.radius + (c + 0.5) * diameter); v.push(h); }
  });
  const skip = Math.floor(END_FRACTION * u.length);
  const fu = u.slice(skip, u.length - skip), fv = v.slice(skip, v.length - skip);
  if (fu.length < 3) throw tooFew(u.length);
  const fit = fitLine(fu, fv);
  return {
    angleDegrees: (Math.atan(Math.abs(fit.slope)) * 180) / Math.PI, slope: fit.slope, u, v,
    fitFrom: fu[0], fitTo: fu[fu.length - 1], intercept: fit.intercept, slabSpheres: inSlab.length,
  };
}

/** Froude number ω²R/g of a drum of radius R (m) turning at ω (rad/s) under gravity g (m/s²). */
export function froudeNumber(omega: number, radius: number, gravity: number): number {
  return (omega * omega * radius) / gravity;
}

/**
 * Froude-number ranges of the transverse-motion regimes as recalled from Mellmann, Powder Technology 118 (2001)
 * 251–270, Table 2; the paper was not found in a readable form (2026-11-27), so the table is not verified. Two
 * published sources agree with it where they reach: Oba & Otsuki (arXiv:2407.19466) give the rolling state as
 * 1e-4 < Fr < 1e-2 (their ref. 1), and each regime Sunday et al. (MNRAS 498, 2020) saw, as quoted in src/validation/drum-case.ts, in a half-full drum of glass
 * beads between Fr = 1e-4 and 1.5 falls in a range of that regime here (test/analysis/drum.test.ts). The ranges
 * overlap, since filling degree and wall friction decide between neighbours; their ends are closed, so Fr at a
 * shared end names both (Sunday et al. saw cascading at Fr = 0.1, where cataracting starts).
 */
export const MELLMANN_REGIMES = [
  { regime: 'slumping', from: 1e-5, to: 1e-3 },
  { regime: 'rolling', from: 1e-4, to: 1e-2 },
  { regime: 'cascading', from: 1e-3, to: 1e-1 },
  { regime: 'cataracting', from: 1e-1, to: 1 },
  { regime: 'centrifuging', from: 1, to: Infinity },
] as const;

/** The regimes whose Froude range holds Fr, ends included ("rolling or cascading" where ranges overlap). */
export function drumRegimes(froude: number): string[] {
  return MELLMANN_REGIMES.filter((r) => froude >= r.from && froude <= r.to).map((r) => r.regime);
}

/** Mean, standard deviation and standard error of the mean of the sampled angles (degrees). */
export function averageAngle(angles: readonly number[]): { mean: number; deviation: number; error: number } {
  const n = angles.length;
  if (n === 0) throw new RangeError('no sample of the steady flow: the run ended before analysis.steadyFrom');
  const mean = angles.reduce((s, x) => s + x, 0) / n;
  const deviation = n > 1 ? Math.sqrt(angles.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : 0;
  return { mean, deviation, error: deviation / Math.sqrt(n) };
}
