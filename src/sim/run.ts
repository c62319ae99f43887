/**
 * Runs a set-up simulation to its end and writes the run directory:
 *   scenario.json — the resolved scenario (defaults filled) and the derived constants per material pair
 *   series.csv    — energies and contact statistics every outputs.interval
 *   impacts.csv   — one row per completed collision (pair or sphere–wall)
 *   frames/, vtk/ — particle snapshots every outputs.interval for the viewer and ParaView (outputs.frames, .vtk)
 *   summary.json  — run facts and the final state; wall-clock figures are kept under "performance"
 * Everything outside "performance" is a deterministic function of the scenario.
 */
import { RunDirectory } from '../output/run-directory.js';
import { CsvWriter } from '../output/csv.js';
import { describeSetup } from '../output/resolved-scenario.js';
import { SnapshotOutputs } from '../output/snapshots.js';
import { Simulation, type ImpactRecord, type PhaseSeconds } from './simulation.js';
import type { SimulationSetup } from './setup.js';

/** Largest run whose every particle is listed in summary.json (issue #2 contract). */
export const SUMMARY_PARTICLE_LIMIT = 10_000;

export const SERIES_HEADER = [
  't', 'kinetic_energy', 'rotational_energy', 'potential_energy', 'elastic_energy', 'total_energy',
  'contacts', 'max_overlap_ratio',
] as const;

export const IMPACTS_HEADER = [
  't_start', 'duration', 'i', 'j', 'impact_speed', 'rebound_speed', 'restitution', 'max_overlap', 'max_normal_force',
  'slip_before', 'slip_after',
  'omega_i_before_x', 'omega_i_before_y', 'omega_i_before_z', 'omega_j_before_x', 'omega_j_before_y', 'omega_j_before_z',
  'omega_i_after_x', 'omega_i_after_y', 'omega_i_after_z', 'omega_j_after_x', 'omega_j_after_y', 'omega_j_after_z',
] as const;

export interface Progress {
  step: number;
  steps: number;
  elapsedSeconds: number;
}

export interface RunOptions {
  onProgress?: (p: Progress) => void;
}

/** A run that blew up: reported to the user like bad input, with the remedy. */
export class UnstableRunError extends Error {}

export interface RunSummary {
  name: string;
  seed: number;
  particles: number;
  walls: number;
  steps: number;
  dt: number;
  simulatedTime: number;
  neighbourRebuilds: number;
  impacts: number;
  warnings: string[];
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
    phaseSeconds: PhaseSeconds;
  };
}

export async function runToDirectory(
  setup: SimulationSetup, outDir: string, options: RunOptions = {},
): Promise<RunSummary> {
  const dir = new RunDirectory(outDir);
  try {
    dir.writeFile('scenario.json', `${JSON.stringify(describeSetup(setup), null, 2)}\n`);
    const summary = await simulate(setup, dir, options);
    dir.writeFile('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
    dir.commit();
    return summary;
  } finally {
    dir.discard();
  }
}

async function simulate(setup: SimulationSetup, dir: RunDirectory, options: RunOptions): Promise<RunSummary> {
  const started = performance.now();
  const sim = new Simulation(setup);
  await sim.useWorkers(setup.lanes);
  const series = new CsvWriter(dir.file('series.csv'), SERIES_HEADER);
  const impacts = new CsvWriter(dir.file('impacts.csv'), IMPACTS_HEADER);
  const onImpact = (r: ImpactRecord) => impacts.row(impactRow(r));
  const snapshots = new SnapshotOutputs(setup, dir);
  const outputEvery = Math.max(1, Math.round(setup.outputInterval / setup.dt));
  try {
    writeSeriesRow(sim, series);
    snapshots.record(sim.time, sim.st);
    let lastReport = performance.now();
    for (let k = 1; k <= setup.steps; k++) {
      sim.step(onImpact);
      if (k % outputEvery === 0 || k === setup.steps) {
        const t0 = performance.now();
        writeSeriesRow(sim, series);
        snapshots.record(sim.time, sim.st);
        sim.phase.output += performance.now() - t0;
      }
      if (options.onProgress && (k & 63) === 0) {
        const now = performance.now();
        if (now - lastReport > 200) {
          lastReport = now;
          options.onProgress({ step: k, steps: setup.steps, elapsedSeconds: (now - started) / 1000 });
        }
      }
    }
    snapshots.finish();
  } finally {
    series.close();
    impacts.close();
    await sim.close();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  options.onProgress?.({ step: setup.steps, steps: setup.steps, elapsedSeconds: wallSeconds });
  const energies = sim.energies();
  const contacts = sim.measureContacts();
  const { st } = sim;
  const toSeconds = (ms: number) => ms / 1000;
  return {
    name: setup.scenario.name,
    seed: setup.scenario.seed,
    particles: st.n,
    walls: setup.walls.length,
    steps: setup.steps,
    dt: setup.dt,
    simulatedTime: sim.time,
    neighbourRebuilds: sim.rebuilds,
    impacts: impacts.rows,
    warnings: setup.warnings,
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
      particleStepsPerSecond: (st.n * setup.steps) / wallSeconds,
      phaseSeconds: {
        broadphase: toSeconds(sim.phase.broadphase),
        forces: toSeconds(sim.phase.forces),
        integration: toSeconds(sim.phase.integration),
        output: toSeconds(sim.phase.output),
      },
    },
  };
}

function writeSeriesRow(sim: Simulation, series: CsvWriter): void {
  const e = sim.energies();
  const c = sim.measureContacts();
  const total = e.kinetic + e.rotational + e.potential + c.elasticEnergy;
  if (!Number.isFinite(total)) {
    throw new UnstableRunError(`the simulation became unstable at t = ${sim.time} s (non-finite energy); `
      + `reduce time.dt (now ${sim.setup.dt} s; Rayleigh time ${sim.setup.limits.rayleighTime.toPrecision(3)} s, `
      + `Hertz contact time ${sim.setup.limits.contactTime.toPrecision(3)} s)`);
  }
  series.row([sim.time, e.kinetic, e.rotational, e.potential, c.elasticEnergy, total, c.contacts, c.maxOverlapRatio]);
}

function impactRow(r: ImpactRecord): (number | string)[] {
  return [
    r.tStart, r.duration, r.i, r.isWall ? `wall:${r.j}` : r.j, r.impactSpeed, r.reboundSpeed,
    r.impactSpeed > 0 ? r.reboundSpeed / r.impactSpeed : '', r.maxOverlap, r.maxNormalForce,
    r.slipBefore, r.slipAfter, ...r.omegaIBefore, ...r.omegaJBefore, ...r.omegaIAfter, ...r.omegaJAfter,
  ];
}

/** Final state of every particle in id order. */
function finalParticles(sim: Simulation): NonNullable<RunSummary['final']['particles']> {
  const { n, id, pos, vel, omega } = sim.st;
  const byId = new Array<number>(n);
  for (let p = 0; p < n; p++) byId[id[p]] = p;
  const v3 = (a: Float64Array, p: number) => [a[3 * p], a[3 * p + 1], a[3 * p + 2]];
  return byId.map((p) => ({ id: id[p], position: v3(pos, p), velocity: v3(vel, p), angularVelocity: v3(omega, p) }));
}
