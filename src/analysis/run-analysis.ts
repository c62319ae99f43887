/**
 * The scenario's `analysis`, attached to a run: it samples the simulation at every output row, sees every
 * completed collision, and at the end returns its results (for summary.json), its plots and a one-line headline.
 * The analyses themselves are pure functions in this folder, tested on synthetic data; this module only feeds them.
 */
import type { AnalysisSpec } from '../scenario/schema.js';
import type { ImpactRecord, Simulation } from '../engine/simulation.js';
import type { ScenarioModel } from '../engine/setup.js';
import { isFrozen, type ParticleState } from '../particles/state.js';
import { centrePoint } from '../walls/wall-spec.js';
import { renderLinePlotSvg, type PlotSeries } from '../plot/line-plot.js';
import { angleOfRepose } from './repose.js';
import { beverloo, massFlowRate } from './discharge.js';
import { bulkDensity } from './bulk-density.js';
import { analyseBounces, type BounceImpact } from './bounces.js';
import { coolingCurve, fitCooling, granularTemperature, type CoolingFit } from './cooling.js';
import { averageAngle, drumRegimes, drumSurface, froudeNumber, type DrumGeometry, type DrumSurface } from './drum.js';

export interface AnalysisOutput {
  /** written to summary.json under "analysis" */
  result: Record<string, unknown>;
  /** files for the run directory (SVG plots) */
  files: { name: string; content: string }[];
  /** one line for the terminal */
  headline: string;
}

/** What an analysis reads of a simulation: its state and time (a frame read back from LAMMPS is one too). */
export type SampledState = Pick<Simulation, 'st' | 'time'>;

export interface RunAnalysis {
  sample(sim: SampledState): void;
  /** every collision's full record, for an analysis that reads single collisions (the run keeps them only then) */
  onImpact?(record: ImpactRecord): void;
  finish(sim: SampledState): Promise<AnalysisOutput>;
  /** what the analysis has gathered so far, as JSON (saved in checkpoints) */
  save(): unknown;
  /** continues from what save() returned (a resumed run) */
  load(saved: unknown): void;
}

export function createRunAnalysis(setup: ScenarioModel): RunAnalysis | null {
  const spec = setup.scenario.analysis;
  if (spec === undefined) return null;
  switch (spec.type) {
    case 'angle-of-repose': return unmeasuredOnRangeError(spec.type, reposeAnalysis(spec, setup.gravity));
    case 'discharge': return unmeasuredOnRangeError(spec.type, dischargeAnalysis(spec, setup));
    case 'bounces': return unmeasuredOnRangeError(spec.type, bounceAnalysis(setup));
    case 'cooling': return coolingAnalysis(spec);
    case 'rotating-drum': return unmeasuredOnRangeError(spec.type, drumAnalysis(spec, setup));
  }
}

/**
 * An analysis whose data cannot give a result (a heap of fewer than two spheres left, nothing discharged in the
 * steady window: the analyses throw RangeError saying so) reports that in summary.json and the headline instead
 * of failing a run that itself went well — as the cooling analysis does when it has no fit.
 */
function unmeasuredOnRangeError(type: string, analysis: RunAnalysis): RunAnalysis {
  return {
    ...analysis,
    async finish(sim) {
      try {
        return await analysis.finish(sim);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        return { result: { type, error: error.message }, files: [], headline: `no ${type} result: ${error.message}` };
      }
    },
  };
}

/** push(...from) would overflow the call stack for long runs. */
function append<T>(to: T[], from: readonly T[]): void {
  for (const x of from) to.push(x);
}
const degrees = (x: number) => `${x.toFixed(1)}°`;

/**
 * The spheres that are free to move, positions and radii copied in index order: a heap is what was poured, not the
 * frozen base it stands on (a frozen layer would pull the heap's centroid, and its flat top would read as flank).
 */
function movingSpheres(st: ParticleState): { position: Float64Array; radius: Float64Array; count: number } {
  let count = 0;
  for (let p = 0; p < st.n; p++) if (!isFrozen(st, p)) count++;
  const position = new Float64Array(3 * count), radius = new Float64Array(count);
  for (let p = 0, k = 0; p < st.n; p++) {
    if (isFrozen(st, p)) continue;
    position.set(st.pos.subarray(3 * p, 3 * p + 3), 3 * k);
    radius[k++] = st.radius[p];
  }
  return { position, radius, count };
}

function reposeAnalysis(spec: Extract<AnalysisSpec, { type: 'angle-of-repose' }>, gravity: readonly number[]): RunAnalysis {
  return {
    sample: () => {},
    save: () => null,
    load: () => {},
    async finish(sim) {
      // The floor is horizontal (z = floorZ): a heap rests on it only under gravity pointing down (-z).
      if (!(gravity[2] < 0)) {
        throw new RangeError(`gravity points ${gravity[2] > 0 ? 'up' : 'along the floor'} (g = [${gravity.join(', ')}] m/s²): `
          + `no heap rests on the floor at z = ${spec.floorZ} m`);
      }
      const result = angleOfRepose(movingSpheres(sim.st), { floorZ: spec.floorZ, axis: spec.axis, sectors: spec.sectors });
      // One colour per sector: its surface points and its flank fit share it and one legend entry.
      const series: PlotSeries[] = result.sectors.flatMap((s, k) => [
        { name: `sector ${k + 1}`, group: `sector ${k + 1}`, x: s.radius, y: s.height, mark: 'point' as const },
        { name: `fit ${k + 1}`, group: `sector ${k + 1}`, x: [s.fitFrom, s.fitTo], y: [s.intercept + s.slope * s.fitFrom, s.intercept + s.slope * s.fitTo] },
      ]);
      const svg = await renderLinePlotSvg({
        title: `Heap surface: angle of repose ${degrees(result.angleDegrees)} ± ${degrees(result.uncertaintyDegrees)}`,
        subtitle: `points: highest sphere top per surface cell (ring one diameter wide, arc about three) in each of ${result.sectors.length} azimuthal sectors; lines: flank fits`,
        x: { label: 'distance from the heap axis r', unit: 'm' }, y: { label: 'surface height above the floor z', unit: 'm' }, series,
      });
      return {
        result: {
          type: 'angle-of-repose',
          angleOfRepose_deg: result.angleDegrees,
          uncertainty_deg: result.uncertaintyDegrees,
          sectorAngles_deg: result.sectors.map((s) => s.angleDegrees),
          heapHeight_m: result.heapHeight,
          axis_m: result.axis,
          heapSpheres: result.heapSpheres,
          surfaceCells: result.surfaceCells,
          flankBand_m: [result.flankFrom, result.flankTo],
        },
        files: [{ name: 'repose.svg', content: svg }],
        headline: `angle of repose ${degrees(result.angleDegrees)} ± ${degrees(result.uncertaintyDegrees)} `
          + `(${result.sectors.length} sectors; ${result.heapSpheres} spheres, heap height ${result.heapHeight.toPrecision(3)} m)`,
      };
    },
  };
}

function dischargeAnalysis(spec: Extract<AnalysisSpec, { type: 'discharge' }>, setup: ScenarioModel): RunAnalysis {
  const t: number[] = [];
  const mass: number[] = [];
  const bulkAt = spec.bulkDensityAt ?? firstGateTime(setup) ?? 0;
  let bulk: { density: number; spheres: number; time: number } | null = null;
  return {
    sample(sim) {
      const { pos, mass: m, n } = sim.st;
      let below = 0;
      for (let p = 0; p < n; p++) if (pos[3 * p + 2] < spec.outletZ) below += m[p];
      t.push(sim.time);
      mass.push(below);
      if (bulk === null && sim.time >= bulkAt) {
        bulk = { ...bulkDensity({ position: pos, mass: m, count: n }, spec.bulkDensityRegion), time: sim.time };
      }
    },
    save: () => ({ t, mass, bulk }),
    load(saved) {
      const s = saved as { t: number[]; mass: number[]; bulk: typeof bulk };
      append(t, s.t);
      append(mass, s.mass);
      bulk = s.bulk;
    },
    async finish(sim) {
      const flow = massFlowRate({ t, mass });
      const measured = bulk ?? { density: Number.NaN, spheres: 0, time: Number.NaN };
      if (measured.spheres === 0) {
        const at = Number.isNaN(measured.time) ? `the run never reached t = ${bulkAt} s` : `at t = ${measured.time} s`;
        throw new RangeError(`the bulk-density region held no sphere (${at}): ρ_b and Beverloo's C cannot be measured`);
      }
      let diameter = 0;
      for (let p = 0; p < sim.st.n; p++) diameter += 2 * sim.st.radius[p];
      diameter /= sim.st.n;
      const g = Math.hypot(...setup.gravity);
      const law = beverloo({
        massFlowRate: flow.massFlowRate, bulkDensity: measured.density, gravity: g,
        orificeDiameter: spec.orificeDiameter, particleDiameter: diameter,
      });
      const [a, b] = flow.window;
      const svg = await renderLinePlotSvg({
        title: `Discharge: W = ${flow.massFlowRate.toPrecision(4)} kg/s, Beverloo C = ${law.fittedC.toFixed(3)} (k = ${law.k})`,
        subtitle: `mass below the outlet (z < ${spec.outletZ} m); steady fit over ${a.toPrecision(3)}–${b.toPrecision(3)} s`,
        x: { label: 'time t', unit: 's' }, y: { label: 'discharged mass', unit: 'kg' },
        series: [
          { name: 'discharged mass', x: t, y: mass },
          { name: 'steady fit', x: [a, b], y: [flow.intercept + flow.massFlowRate * a, flow.intercept + flow.massFlowRate * b] },
        ],
      });
      return {
        result: {
          type: 'discharge',
          massFlowRate_kg_per_s: flow.massFlowRate,
          massFlowRateError_kg_per_s: flow.massFlowRateError,
          steadyWindow_s: flow.window,
          bulkDensity_kg_per_m3: measured.density,
          bulkDensitySpheres: measured.spheres,
          bulkDensityTime_s: measured.time,
          meanParticleDiameter_m: diameter,
          orificeDiameter_m: spec.orificeDiameter,
          beverloo: { k: law.k, fittedC: law.fittedC, rhoB_sqrtG_opening_2_5_kg_per_s: law.scale },
        },
        files: [{ name: 'discharge.svg', content: svg }],
        headline: `mass flow rate ${flow.massFlowRate.toPrecision(4)} ± ${flow.massFlowRateError.toPrecision(2)} kg/s; `
          + `Beverloo W = C ρ_b √g (D − 1.5 d)^2.5 with ρ_b = ${measured.density.toPrecision(4)} kg/m³ gives C = ${law.fittedC.toFixed(3)}`,
      };
    },
  };
}

/** The restitution the scenario's normal law is calibrated to, if it has one. */
function targetRestitution(setup: ScenarioModel): number | undefined {
  const normal = setup.scenario.contact.normal as { restitution?: unknown };
  return typeof normal.restitution === 'number' ? normal.restitution : undefined;
}

/** Earliest time a wall (a gate) stops acting, if any wall has one. */
function firstGateTime(setup: ScenarioModel): number | undefined {
  const times = setup.scenario.walls.flatMap((w) => (w.removeAt === undefined ? [] : [w.removeAt]));
  return times.length > 0 ? Math.min(...times) : undefined;
}

function bounceAnalysis(setup: ScenarioModel): RunAnalysis {
  const impacts: BounceImpact[] = [];
  const t: number[] = [];
  const z: number[] = [];
  let first = -1;
  const dropHeight = setup.particles.position[2];
  const radius = setup.particles.radius[0];
  return {
    sample(sim) {
      if (first < 0 || sim.st.id[first] !== 0) first = sim.st.id.indexOf(0);
      t.push(sim.time);
      z.push(sim.st.pos[3 * first + 2]);
    },
    onImpact(r) {
      if (r.i === 0 && r.isWall) {
        impacts.push({ tStart: r.tStart, duration: r.duration, impactSpeed: r.impactSpeed, reboundSpeed: r.reboundSpeed });
      }
    },
    save: () => ({ impacts, t, z }),
    load(saved) {
      const s = saved as { impacts: BounceImpact[]; t: number[]; z: number[] };
      append(impacts, s.impacts);
      append(t, s.t);
      append(z, s.z);
    },
    async finish() {
      const bounces = analyseBounces(impacts, { t, z }, dropHeight, radius);
      const complete = bounces.filter((b) => b.apexHeight !== null);
      const number = complete.map((b) => b.bounce);
      const svg = await renderLinePlotSvg({
        title: 'Rebound apex height per bounce',
        subtitle: `drop height H_{0} = ${dropHeight} m (centre), radius R = ${radius} m; e_{1} = restitution of the first bounce`,
        x: { label: 'bounce k', integer: true }, y: { label: 'apex centre height', unit: 'm' },
        series: [
          { name: 'measured', x: number, y: complete.map((b) => b.apexHeight!), mark: 'point' },
          { name: 'R + (H_{0} − R)·e_{1}^{2k} (constant e)', x: number, y: complete.map((b) => b.constantRestitutionApex) },
        ],
      });
      const target = targetRestitution(setup);
      const restitutionSvg = await renderLinePlotSvg({
        title: 'Restitution per bounce',
        subtitle: `${setup.scenario.contact.normal.model}; each bounce's rebound speed over its impact speed`,
        x: { label: 'impact speed v', unit: 'm/s', log: true }, y: { label: 'restitution e' },
        series: [{ name: 'measured', x: bounces.map((b) => b.impactSpeed), y: bounces.map((b) => b.restitution), mark: 'point' }],
        references: target === undefined ? [] : [{ y: target, label: `target e = ${target}` }],
      });
      const es = bounces.slice(0, 5).map((b) => b.restitution.toFixed(4)).join(', ');
      return {
        result: { type: 'bounces', dropHeight_m: dropHeight, radius_m: radius, bounces },
        files: [{ name: 'bounces.svg', content: svg }, { name: 'restitution.svg', content: restitutionSvg }],
        headline: `${bounces.length} bounces; restitution ${es}${bounces.length > 5 ? ', …' : ''}`,
      };
    },
  };
}

/**
 * Granular temperature at every output row → temperature.csv and temperature.svg (log–log, with the fit); the fit
 * of its decay (Haff's law T0/(1 + t/τ)^p, p = 2 for constant e, 5/3 for Brilliantov) → summary.json.
 */
function coolingAnalysis(spec: Extract<AnalysisSpec, { type: 'cooling' }>): RunAnalysis {
  const t: number[] = [];
  const T: number[] = [];
  return {
    sample(sim) {
      t.push(sim.time);
      T.push(granularTemperature(sim.st.mass, sim.st.vel, sim.st.n));
    },
    save: () => ({ t, T }),
    load(saved) {
      const s = saved as { t: number[]; T: number[] };
      append(t, s.t);
      append(T, s.T);
    },
    async finish() {
      let fit: CoolingFit | null = null, error: string | undefined;
      try {
        fit = fitCooling(t, T, spec.fitFrom ?? 0, spec.fitTo ?? Infinity);
      } catch (e) {
        error = (e as Error).message;
      }
      const model = (time: number) => (fit ? coolingCurve(fit, time) : '');
      const csv = ['t,granular_temperature,fit', ...t.map((time, k) => [time, T[k], model(time)].join(','))].join('\n');
      const svg = await renderLinePlotSvg({
        title: fit ? `Granular cooling: T ∝ (1 + t/τ)^{−p}, p = ${fit.exponent.toFixed(3)} ± ${fit.exponentStdError.toFixed(3)}`
          : 'Granular cooling (no fit)',
        subtitle: 'T = (1/(3N)) Σ m|v − v̄|²; Haff\'s law: p = 2 for constant e, 5/3 for Brilliantov',
        x: { label: 'time t', unit: 's', log: true }, y: { label: 'granular temperature T', unit: 'J', log: true },
        series: [
          { name: 'simulation', x: t, y: T, mark: 'point' },
          ...(fit ? [{ name: `fit, ${fit.from.toPrecision(3)}–${fit.to.toPrecision(3)} s`, x: t, y: t.map((time) => coolingCurve(fit, time)) }] : []),
        ],
      });
      return {
        result: {
          type: 'cooling',
          temperature: 'T = (1/(3N)) Σ m|v − v̄|² (J), v̄ the mass-weighted mean velocity; fit T0/(1 + t/τ)^p',
          fit,
          ...(error === undefined ? {} : { error }),
        },
        files: [{ name: 'temperature.csv', content: `${csv}\n` }, { name: 'temperature.svg', content: svg }],
        headline: fit ? `cooling exponent p = ${fit.exponent.toFixed(3)} ± ${fit.exponentStdError.toFixed(3)} `
          + `(T ∝ (1 + t/τ)^−p, τ = ${fit.tau.toPrecision(3)} s)` : `no cooling fit: ${error}`,
      };
    },
  };
}

/**
 * The drum's free surface at every output time from `steadyFrom` on (analysis/drum.ts): the dynamic angle of
 * repose averaged over them, the Froude number of the drum's full rate and the regimes it falls in.
 */
function drumAnalysis(spec: Extract<AnalysisSpec, { type: 'rotating-drum' }>, setup: ScenarioModel): RunAnalysis {
  const wall = setup.scenario.walls[spec.wall];
  if (wall.type !== 'cylinder' || wall.motion?.rotation === undefined) throw new Error('checked: the drum is a turning cylinder');
  const length = Math.hypot(...wall.axis);
  const drum: DrumGeometry = {
    centre: centrePoint(wall.center),
    axis: [wall.axis[0] / length, wall.axis[1] / length, wall.axis[2] / length],
    radius: wall.radius, zMin: wall.zMin, zMax: wall.zMax,
  };
  const omega = Math.abs(wall.motion.rotation.angularVelocity);
  const steadyFrom = spec.steadyFrom ?? setup.scenario.time.duration / 2;
  const slabHalfWidth = (spec.slabWidth ?? (wall.zMax - wall.zMin) / 3) / 2;
  const gravity = setup.gravity as [number, number, number];
  const t: number[] = [];
  const angles: number[] = [];
  let last: DrumSurface | null = null;
  return {
    sample(sim) {
      if (sim.time < steadyFrom) return;
      last = drumSurface(movingSpheres(sim.st), drum, gravity, slabHalfWidth);
      t.push(sim.time);
      angles.push(last.angleDegrees);
    },
    save: () => ({ t, angles }),
    load(saved) {
      const s = saved as { t: number[]; angles: number[] };
      append(t, s.t);
      append(angles, s.angles);
    },
    async finish(sim) {
      const surface = last ?? drumSurface(movingSpheres(sim.st), drum, gravity, slabHalfWidth);
      const average = averageAngle(angles);
      const froude = froudeNumber(omega, drum.radius, Math.hypot(...gravity));
      const regimes = drumRegimes(froude);
      const title = `dynamic angle of repose ${degrees(average.mean)} ± ${degrees(average.error)}`;
      const profile = await renderLinePlotSvg({
        title: `Drum mid-plane surface at t = ${sim.time.toPrecision(4)} s (${degrees(surface.angleDegrees)})`,
        subtitle: `points: highest sphere top per column one diameter wide, in a slab ${(2 * slabHalfWidth).toPrecision(3)} m wide about the mid-plane; line: fit over the middle 60 %`,
        x: { label: 'across the drum u', unit: 'm' }, y: { label: 'height above the axis v', unit: 'm' },
        series: [
          { name: 'surface', x: surface.u, y: surface.v, mark: 'point' },
          { name: 'fit', x: [surface.fitFrom, surface.fitTo],
            y: [surface.intercept + surface.slope * surface.fitFrom, surface.intercept + surface.slope * surface.fitTo] },
        ],
      });
      const history = await renderLinePlotSvg({
        title: `Drum: ${title}`,
        subtitle: `Froude number ω²R/g = ${froude.toPrecision(3)} (${regimes.join(' or ')}); samples from t = ${steadyFrom} s`,
        x: { label: 'time t', unit: 's' }, y: { label: 'dynamic angle of repose', unit: '°' },
        series: [{ name: 'angle', x: t, y: angles }],
      });
      return {
        result: {
          type: 'rotating-drum',
          dynamicAngle_deg: average.mean,
          dynamicAngleError_deg: average.error,
          dynamicAngleDeviation_deg: average.deviation,
          samples: angles.length,
          steadyFrom_s: steadyFrom,
          froude,
          regimes,
          angularVelocity_rad_per_s: omega,
          drumRadius_m: drum.radius,
          slabSpheres: surface.slabSpheres,
        },
        files: [{ name: 'drum-surface.svg', content: profile }, { name: 'drum-angle.svg', content: history }],
        headline: `${title} over ${angles.length} samples; Froude ${froude.toPrecision(3)} (${regimes.join(' or ')})`,
      };
    },
  };
}
