/**
 * Runs a set-up simulation to its end and writes the run directory:
 *   scenario.json — the resolved scenario (defaults filled) and the derived constants per material pair
 *   series.csv    — energies and contact statistics every outputs.interval, and the loads on driven walls
 *   impact-statistics.csv — per output interval and source (pairs, each wall), the collisions that ended in it and
 *                   their statistics; impacts.bin — with outputs.impactRecords, every collision (output/impact-file.ts);
 *                   neither with outputs.impacts false
 *   frames/, vtk/ — particle snapshots every outputs.interval for the viewer and ParaView (outputs.frames, .vtk)
 *   summary.json  — run facts, the final state and the scenario's analysis; wall-clock figures under "performance"
 *   energy.svg    — the energies of series.csv against time; wall-torque.svg and wall-power.svg with driven
 *                   walls; the analysis adds its own plots
 *   checkpoints/  — with outputs.checkpointEvery: the run's checkpoints (src/checkpoint), for --resume
 * Everything outside "performance" is a deterministic function of the scenario.
 */
import { readFileSync } from 'node:fs';
import { RunDirectory, type RunOutputDirectory } from '../output/run-directory.js';
import { CsvWriter } from '../output/csv.js';
import { IMPACT_FILE, ImpactFileWriter } from '../output/impact-file.js';
import { IMPACT_STATISTICS_FILE, ImpactStatistics } from '../output/impact-statistics.js';
import { describeSetup } from '../output/resolved-scenario.js';
import { ContactTrace } from '../output/contact-trace.js';
import { snapshotDue, snapshotTime } from '../output/output-times.js';
import { SnapshotOutputs } from '../output/snapshots.js';
import { drivenWalls, wallLoadHeader, wallLoadPlots, wallLoads } from '../output/wall-loads.js';
import { Simulation, type ImpactRecord, type PhaseTimes } from '../engine/simulation.js';
import { createRunAnalysis, type RunAnalysis } from '../analysis/run-analysis.js';
import { renderLinePlotSvg, type PlotEvent } from '../plot/line-plot.js';
import { wallEvents } from './wall-events.js';
import type { RunSetup } from './setup.js';
import type { PourReport } from '../engine/pour.js';
import type { LanePhaseReport } from '../engine/parallel/lane-statistics.js';
import type { RunCheckpoints } from '../checkpoint/run-checkpoints.js';
import { CHECK_EVERY, measureState, totalEnergy, Watchdog, type StateMeasures } from './watchdog.js';
import { RunValues } from './run-values.js';

/** Largest run whose every particle is listed in summary.json (issue #2 contract). */
export const SUMMARY_PARTICLE_LIMIT = 10_000;

export const SERIES_HEADER = [
  't', 'kinetic_energy', 'rotational_energy', 'potential_energy', 'elastic_energy', 'total_energy',
  'contacts', 'max_overlap_ratio',
] as const;

export interface Progress {
  step: number;
  steps: number;
  elapsedSeconds: number;
  /** Σ over the steps done of the spheres present */
  particleSteps: number;
}

export interface RunOptions {
  onProgress?: (p: Progress) => void;
  /** write checkpoints (and on --resume continue from one); the run then writes into their directory in place */
  checkpoints?: RunCheckpoints;
  /** polled between steps: a signal name stops the run after the current step, with a checkpoint if any */
  stopRequested?: () => string | null;
  /** without checkpoints: replace an earlier output grainflow made at outDir (src/output/run-directory.ts) */
  force?: boolean;
  /** one-line notices about the output directory (a stale lock taken over, a dead run's staging removed) */
  onNotice?: (message: string) => void;
  /**
   * the set-up is this run's alone: its spheres' positions and velocities at t = 0 are let go once the simulation
   * holds them (engine/simulation.ts ownsSetup), and it cannot start another run
   */
  ownsSetup?: boolean;
}

/** A run that blew up: reported to the user like bad input, with the remedy. */
export class UnstableRunError extends Error {}

/** A run stopped by a signal after a complete step. */
export class RunInterrupted extends Error {
  constructor(message: string, readonly signal: string) {
    super(message);
  }
}

/** Longest stretch (ms) of steps without returning to the event loop, where signals are delivered. */
const YIELD_EVERY_MS = 50;

export interface RunSummary {
  name: string;
  seed: number;
  /** spheres present at the end (poured ones included) */
  particles: number;
  walls: number;
  steps: number;
  dt: number;
  simulatedTime: number;
  neighbourRebuilds: number;
  /** collisions recorded (impact-statistics.csv); null when the scenario does not record them (outputs.impacts false) */
  impacts: number | null;
  warnings: string[];
  /** the scenario's analysis: its results, and a one-line headline */
  analysis?: Record<string, unknown> & { headline: string };
  /** spheres poured during the run (present when an insert block has a rate) */
  pour?: PourReport;
  final: {
    kineticEnergy: number;
    rotationalEnergy: number;
    potentialEnergy: number;
    elasticEnergy: number;
    contacts: number;
    particles?: { id: number; position: number[]; velocity: number[]; angularVelocity: number[] }[];
  };
  performance: {
    /** threads that computed the forces (this one included) */
    lanes: number;
    wallSeconds: number;
    particleStepsPerSecond: number;
    phaseSeconds: PhaseTimes;
    /** per phase: its barrier rounds' wall time, each lane's busy time and work (engine/parallel/lane-statistics.ts) */
    lanePhases: LanePhaseReport[];
  };
}

export async function runToDirectory(
  setup: RunSetup, outDir: string, options: RunOptions = {},
): Promise<RunSummary> {
  const dir = options.checkpoints?.directory ?? new RunDirectory(outDir, { force: options.force, onNotice: options.onNotice });
  try {
    const summary = await simulate(setup, dir, options);
    dir.writeFile('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
    dir.commit();
    return summary;
  } catch (error) {
    // A checkpointed run that fails before its first checkpoint (its kernel memory refused under ulimit -v, issue 25)
    // leaves no directory, marker or lock: as a run without checkpoints leaves no staging directory.
    options.checkpoints?.discardAfterFailure();
    throw error;
  } finally {
    dir.discard();
  }
}

async function simulate(setup: RunSetup, dir: RunOutputDirectory, options: RunOptions): Promise<RunSummary> {
  const started = performance.now();
  // Made before the simulation, which may let go of the spheres at t = 0 (ownsSetup) that the analysis reads.
  const analysis = createRunAnalysis(setup);
  // Every collision's full record only where something reads it: impacts.bin, or an analysis of single collisions.
  const collisionStatisticsOnly = !setup.scenario.outputs.impactRecords && analysis?.onImpact === undefined;
  const sim = new Simulation(setup, { ownsSetup: options.ownsSetup, collisionStatisticsOnly, lanes: setup.lanes });
  const { checkpoints } = options;
  // Read when a checkpoint is written, by then the outputs below exist.
  const runValues = new RunValues(() => ({
    series: series.position(), impacts: impacts && { statistics: impacts.statistics.save(), records: impacts.records?.position() ?? null },
    analysis: analysis?.save() ?? null,
    snapshots: snapshots.save(), watchdog: watchdog.baseline(),
  }));
  // Restored before the worker threads start, so they map the restored arrays.
  const resumed = checkpoints?.restore(sim, runValues) ? runValues.resumed : undefined;
  // The first files, after the heavy set-up (a set-up that runs out of memory leaves no staging directory); on resume
  // they are checked against the checkpoint, before the worker threads start (a refusal leaves no thread running).
  const driven = drivenWalls(setup.walls.motion);
  const seriesHeader = [...SERIES_HEADER, ...wallLoadHeader(driven)];
  const series = new CsvWriter(dir.file('series.csv'), seriesHeader, resumed?.series);
  // Without outputs.impacts the engine records none: no file, rather than a header alone that reads as "none happened".
  const { impacts: tracked, impactRecords } = setup.scenario.outputs;
  const impacts = tracked ? {
    statistics: new ImpactStatistics(dir.file(IMPACT_STATISTICS_FILE), resumed?.impacts?.statistics),
    records: impactRecords ? new ImpactFileWriter(dir.file(IMPACT_FILE), resumed?.impacts?.records ?? undefined) : null,
  } : null;
  dir.writeFile('scenario.json', `${JSON.stringify(describeSetup(setup), null, 2)}\n`);
  if (resumed) analysis?.load(resumed.analysis);
  const watchdog = new Watchdog(sim, setup.scenario.watchdog, resumed?.watchdog);
  const onImpact = (r: ImpactRecord) => {
    impacts?.statistics.add(r);
    impacts?.records?.record(r);
    analysis?.onImpact?.(r);
  };
  const snapshots = new SnapshotOutputs(setup, dir);
  const trace = setup.scenario.outputs.contactTrace ? new ContactTrace(dir.file('contact-trace.csv')) : null;
  if (resumed) snapshots.load(resumed.snapshots);
  const { outputEvery, outputInterval, dt, steps } = setup;
  const energyRows: number[][] = resumed ? readSeriesRows(dir.file('series.csv')) : [];
  const sample = (measures: StateMeasures) => {
    energyRows.push(writeSeriesRow(sim, series, driven, measures));
    impacts?.statistics.endInterval(sim.time);
    analysis?.sample(sim);
  };
  // Frames and VTK files at the requested times, from the states of the steps nearest them (output-times.ts).
  const snapshot = (k: number) => snapshots.record(
    snapshotTime(k, outputInterval, dt, steps, setup.scenario.time.duration), sim.st, sim.time);
  const lastGood = () => (checkpoints?.newest ? `; last good checkpoint kept: ${checkpoints.newest}` : '');
  const writeCheckpoint = () => checkpoints?.write(sim, runValues);
  checkpoints?.reportResume();
  await sim.useWorkers(setup.lanes, setup.cores);
  // Read before the lanes are closed.
  let lanePhases: LanePhaseReport[] = [];
  try {
    if (!resumed) {
      sample(measureState(sim));
      snapshot(sim.stepCount);
    }
    let lastReport = performance.now(), lastYield = lastReport;
    for (let k = sim.stepCount + 1; k <= setup.steps; k++) {
      try {
        sim.step(onImpact);
      } catch (error) {
        const diagnosis = watchdog.stepFailure(error);
        if (diagnosis !== null) throw new UnstableRunError(`watchdog: ${diagnosis}${lastGood()}`);
        throw error;
      }
      trace?.record(sim);
      const outputRow = k % outputEvery === 0 || k === setup.steps;
      const checkpointDue = checkpoints?.due(k) ?? false;
      // Every output row is checked: its measures serve the watchdog and the row (one pass over the contacts).
      let measures: StateMeasures | null = null;
      if (outputRow || checkpointDue || k % CHECK_EVERY === 0) {
        measures = measureState(sim);
        const diagnosis = watchdog.check(measures);
        if (diagnosis !== null) throw new UnstableRunError(`watchdog: ${diagnosis}${lastGood()}`);
      }
      const snapshotRow = snapshotDue(k, outputInterval, dt, steps);
      if (outputRow || snapshotRow) {
        const t0 = performance.now();
        if (outputRow) sample(measures!);
        if (snapshotRow) snapshot(k);
        sim.phase.output += performance.now() - t0;
      }
      if (checkpointDue) writeCheckpoint();
      if (options.onProgress && (k & 63) === 0) {
        const now = performance.now();
        if (now - lastReport > 200) {
          lastReport = now;
          options.onProgress({ step: k, steps: setup.steps, elapsedSeconds: (now - started) / 1000,
            particleSteps: sim.particleSteps });
        }
      }
      // Checked every step: a step of a large run can take a second.
      if (options.stopRequested && performance.now() - lastYield > YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
      const signal = options.stopRequested?.() ?? null;
      if (signal !== null && k < setup.steps) {
        if (!checkpointDue) writeCheckpoint();
        throw new RunInterrupted(`${signal} at step ${k} of ${setup.steps} (t = ${sim.time.toPrecision(6)} s)`
          + (checkpoints ? `; checkpoint ${checkpoints.newest} written, continue with grainflow run --resume`
            : '; no checkpoint (set outputs.checkpointEvery to make runs resumable), nothing written'), signal);
      }
    }
    snapshots.finish();
    lanePhases = sim.lanePhases();
  } finally {
    series.close();
    impacts?.statistics.close();
    impacts?.records?.close();
    trace?.close();
    await sim.close();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  options.onProgress?.({ step: setup.steps, steps: setup.steps, elapsedSeconds: wallSeconds,
    particleSteps: sim.particleSteps });
  dir.writeFile('energy.svg', await energyPlot(energyRows, setup.pour.total > 0, wallEvents(setup)));
  if (driven.length > 0) {
    for (const { name, plot } of wallLoadPlots(seriesHeader, energyRows, driven)) dir.writeFile(name, await renderLinePlotSvg(plot));
  }
  if (trace) dir.writeFile('contact-trace.svg', await trace.plot());
  const analysed = await finishAnalysis(analysis, sim, dir);
  const energies = sim.energies();
  const contacts = sim.measureContacts();
  const { st } = sim;
  const phaseSeconds = { ...sim.phase };
  for (const name of Object.keys(phaseSeconds) as (keyof PhaseTimes)[]) phaseSeconds[name] /= 1000;
  return {
    name: setup.scenario.name,
    seed: setup.scenario.seed,
    particles: st.n,
    walls: setup.walls.count,
    steps: setup.steps,
    dt: setup.dt,
    simulatedTime: sim.time,
    neighbourRebuilds: sim.rebuilds,
    impacts: impacts?.statistics.total ?? null,
    warnings: setup.warnings,
    analysis: analysed,
    pour: sim.pourer?.report(),
    final: {
      kineticEnergy: energies.kinetic,
      rotationalEnergy: energies.rotational,
      potentialEnergy: energies.potential,
      elasticEnergy: contacts.elasticEnergy,
      contacts: contacts.contacts,
      particles: st.n <= SUMMARY_PARTICLE_LIMIT ? finalParticles(sim) : undefined,
    },
    performance: {
      lanes: setup.lanes,
      wallSeconds,
      particleStepsPerSecond: sim.particleSteps / wallSeconds,
      phaseSeconds,
      lanePhases,
    },
  };
}

/** The analysis's results with its headline, its plots written into the run directory. */
async function finishAnalysis(
  analysis: RunAnalysis | null, sim: Simulation, dir: RunOutputDirectory,
): Promise<RunSummary['analysis']> {
  if (analysis === null) return undefined;
  const out = await analysis.finish(sim);
  for (const f of out.files) dir.writeFile(f.name, f.content);
  return { ...out.result, headline: out.headline };
}

/**
 * Kinetic, rotational, elastic and total energy against time, from the series rows; `poured`: spheres were added;
 * `events`: the walls' changes (wall-events.ts), marked on the time axis.
 */
export function energyPlot(rows: readonly number[][], poured: boolean, events: readonly PlotEvent[] = []): Promise<string> {
  const column = (name: (typeof SERIES_HEADER)[number]) => rows.map((r) => r[SERIES_HEADER.indexOf(name)]);
  const t = column('t');
  const potential0 = rows[0][SERIES_HEADER.indexOf('potential_energy')];
  return renderLinePlotSvg({
    title: 'Energy against time',
    subtitle: [
      'potential energy measured from its value at t = 0',
      ...(poured ? ['the total rises while spheres are poured in: each brings its potential energy m g z and its kinetic energy'] : []),
    ],
    x: { label: 'time t', unit: 's' }, y: { label: 'energy', unit: 'J' },
    series: [
      { name: 'kinetic', x: t, y: column('kinetic_energy') },
      { name: 'rotational', x: t, y: column('rotational_energy') },
      { name: 'elastic', x: t, y: column('elastic_energy') },
      { name: 'potential', x: t, y: column('potential_energy').map((e) => e - potential0) },
      { name: 'total', x: t, y: column('total_energy').map((e) => e - potential0) },
    ],
    events,
  });
}

/** The rows of an existing series.csv (a resumed run's energy plot covers the whole run). */
function readSeriesRows(file: string): number[][] {
  const [, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
  return rows.map((line) => line.split(',').map(Number));
}

/** Writes one row of series.csv and returns it. */
function writeSeriesRow(sim: Simulation, series: CsvWriter, driven: readonly number[], measures: StateMeasures): number[] {
  const { energies: e, contacts: c } = measures;
  const total = totalEnergy(measures);
  if (!Number.isFinite(total)) {
    throw new UnstableRunError(`the simulation became unstable at t = ${sim.time} s (non-finite energy); `
      + `reduce time.dt (now ${sim.setup.dt} s; Rayleigh time ${sim.setup.limits.rayleighTime.toPrecision(3)} s, `
      + `Hertz contact time ${sim.setup.limits.contactTime.toPrecision(3)} s)`);
  }
  const row = [sim.time, e.kinetic, e.rotational, e.potential, c.elasticEnergy, total, c.contacts, c.maxOverlapRatio,
    ...wallLoads(sim, driven)];
  series.row(row);
  return row;
}

/** Final state of every particle in id order. */
function finalParticles(sim: Simulation): NonNullable<RunSummary['final']['particles']> {
  const { n, id, pos, vel, omega } = sim.st;
  const byId = new Array<number>(n);
  for (let p = 0; p < n; p++) byId[id[p]] = p;
  const v3 = (a: Float64Array, p: number) => [a[3 * p], a[3 * p + 1], a[3 * p + 2]];
  return byId.map((p) => ({ id: id[p], position: v3(pos, p), velocity: v3(vel, p), angularVelocity: v3(omega, p) }));
}
