/**
 * `grainflow import lammps`: the results of a deck that LAMMPS has run (its dump, final state, trace and log) as a
 * grainflow run directory — scenario.json, frames/ and vtk/ as the scenario's outputs ask, series.csv with
 * grainflow's columns measured on every dumped frame, impacts.csv (the first sphere's wall collisions, when the
 * deck traced it), summary.json with the final particles and the scenario's analysis computed on the imported
 * frames, energy.svg. Everything is checked while it is read: a damaged or cut-short dump, an atom type or count
 * the deck does not have, a log that ends in an error, are one DeckError line, and nothing is written — the
 * directory appears whole through the run directory's staging (src/output/run-directory.ts), and an existing one
 * is replaced only as `grainflow run` replaces a run (src/run/output-guard.ts).
 */
import path from 'node:path';
import { createSetup, type RunSetup } from '../run/setup.js';
import { stateEnergies } from '../engine/simulation.js';
import { createRunAnalysis } from '../analysis/run-analysis.js';
import { CsvWriter } from '../output/csv.js';
import { describeSetup } from '../output/resolved-scenario.js';
import { RunDirectory } from '../output/run-directory.js';
import { SnapshotOutputs } from '../output/snapshots.js';
import { createParticleState, setSphereProperties, type ParticleState } from '../particles/state.js';
import { sharedArrays } from '../base/shared-arrays.js';
import { energyPlot, RunInterrupted, SERIES_HEADER, SUMMARY_PARTICLE_LIMIT, type RunSummary } from '../run/run.js';
import { impactRow, IMPACTS_HEADER } from '../output/impact-file.js';
import { wallEvents } from '../run/wall-events.js';
import { loadScenarioFile } from '../scenario/load.js';
import { checkDeckInputs, DECK_FILES, DeckError, readDeckManifest, type DeckManifest } from './deck-manifest.js';
import { ContactMeter } from './frame-measures.js';
import { DUMP_COLUMNS } from './lammps-deck.js';
import { dumpFrames, type DumpFrame } from './lammps-dump.js';
import { readLammpsLog, type LammpsLog } from './lammps-log.js';
import { traceWallImpacts } from './trace-impacts.js';

export interface LammpsImportOptions {
  /** the run directory to write */
  out: string;
  /** replace an existing `out` (as runScenario's `force`) */
  force?: boolean;
  /**
   * one-line warnings about the imported results: an analysis without a result (a discharge scenario in which
   * nothing was discharged is LAMMPS delivering other physics than grainflow, or a deck run too short); also in
   * summary.json's `warnings`
   */
  onWarning?: (message: string) => void;
  /**
   * aborting it stops the import between two frames (RunInterrupted): nothing is written, no lock or staging
   * directory is left; a string reason (the CLI passes the signal's name) is the interruption's `signal`
   */
  signal?: AbortSignal;
}

/** summary.json of an imported run: `performance` holds what the LAMMPS log says. */
export type ImportedSummary = Omit<RunSummary, 'performance'> & {
  source: { engine: 'LAMMPS'; release: string; deck: string };
  performance: { ranks: number; wallSeconds: number; loopSeconds: number; particleStepsPerSecond: number } | null;
};

const C = Object.fromEntries(DUMP_COLUMNS.map((c, k) => [c, k])) as Record<(typeof DUMP_COLUMNS)[number], number>;
const WIDTH = DUMP_COLUMNS.length;

/**
 * Imports the LAMMPS results of the deck in `deckDir` into `options.out`.
 * @throws DeckError for a directory that is not a deck, results that are missing, damaged or cut short;
 *   OutputExistsError for an existing `out` that may not be replaced; RunInterrupted when `options.signal` aborts
 */
export async function importLammpsRun(deckDir: string, options: LammpsImportOptions): Promise<ImportedSummary> {
  const pause = betweenFrames(options.signal);
  await pause();
  const manifest = readDeckManifest(deckDir);
  checkDeckInputs(deckDir, manifest);
  const checked = loadScenarioFile(path.join(deckDir, DECK_FILES.scenario));
  const setup = createSetup(checked, { workers: 1 });
  const log = readLammpsLog(path.join(deckDir, DECK_FILES.log));
  const frames = new FrameReader(setup, manifest);
  // The final state at full precision, read before anything is written: a missing or damaged file stops here.
  let final: ParticleState | null = null;
  for (const frame of dumpFrames(path.join(deckDir, DECK_FILES.final), DUMP_COLUMNS, frames.capacity)) {
    if (frame.step !== manifest.steps) {
      throw new DeckError(`${DECK_FILES.final} is of step ${frame.step}, the deck runs ${manifest.steps} steps`);
    }
    final = frames.state(frame, DECK_FILES.final);
    await pause();
  }
  if (final === null) throw new DeckError(`${path.join(deckDir, DECK_FILES.final)} holds no frame: the LAMMPS run did not finish`);
  const finalState: ParticleState = final;
  const tEnd = manifest.steps * manifest.dt;

  const dir = new RunDirectory(options.out, { force: options.force ?? false, kind: 'import', inputs: [deckDir] });
  try {
    dir.writeFile('scenario.json', `${JSON.stringify(describeSetup(setup), null, 2)}\n`);
    const meter = new ContactMeter(setup);
    const analysis = createRunAnalysis(setup);
    const snapshots = new SnapshotOutputs(setup, dir);
    const series = new CsvWriter(dir.file('series.csv'), SERIES_HEADER);
    // As a run: without outputs.impacts no impacts.csv (a header alone would read as "none happened").
    const impacts = setup.scenario.outputs.impacts ? new CsvWriter(dir.file('impacts.csv'), IMPACTS_HEADER) : null;
    const rows: number[][] = [];
    let lastStep = -1;
    try {
      if (manifest.trace) {
        const records = traceWallImpacts(path.join(deckDir, DECK_FILES.trace), setup.particles.radius[0], meter);
        for (const r of records) {
          impacts?.row(impactRow(r));
          analysis?.onImpact?.(r);
        }
      }
      const sample = (st: ParticleState, t: number) => {
        const row = seriesRow(st, t, setup, meter);
        series.row(row);
        rows.push(row);
        snapshots.record(t, st);
        analysis?.sample({ st, time: t });
      };
      for (const frame of dumpFrames(path.join(deckDir, DECK_FILES.dump), DUMP_COLUMNS, frames.capacity)) {
        if (frame.step !== (lastStep < 0 ? 0 : lastStep + manifest.outputEvery)) {
          throw new DeckError(`${DECK_FILES.dump}: a frame of step ${frame.step} follows step ${lastStep} `
            + `(frames every ${manifest.outputEvery} steps from 0)`);
        }
        lastStep = frame.step;
        sample(frames.state(frame, DECK_FILES.dump), frame.step * manifest.dt);
        await pause();
      }
      // An empty dump has no last step to name: LAMMPS writes step 0's frame at set-up, so it did not get that far.
      if (lastStep < 0) {
        throw new DeckError(`${DECK_FILES.dump} holds no frame: the LAMMPS run did not start, or stopped before it `
          + `wrote step 0 (see ${DECK_FILES.log})`);
      }
      // LAMMPS dumps multiples of outputEvery; grainflow's last row is the final step (the deck's final state).
      if (manifest.steps - lastStep >= manifest.outputEvery) {
        throw new DeckError(`${DECK_FILES.dump} ends at step ${lastStep} of ${manifest.steps}: the LAMMPS run did not finish `
          + 'or the dump was cut short');
      }
      if (lastStep < manifest.steps) sample(finalState, tEnd);
      snapshots.finish();
    } finally {
      series.close();
      impacts?.close();
    }
    dir.writeFile('energy.svg', await energyPlot(rows, setup.pour.total > 0, wallEvents(setup)));
    let analysed: RunSummary['analysis'];
    if (analysis !== null) {
      let out;
      try {
        out = await analysis.finish({ st: finalState, time: tEnd });
      } catch (error) {
        // The analyses refuse data they cannot measure (e.g. too few samples of a discharge) with a RangeError.
        if (!(error instanceof RangeError)) throw error;
        throw new DeckError(`the scenario's analysis cannot be computed on the imported frames: ${error.message}`);
      }
      for (const f of out.files) dir.writeFile(f.name, f.content);
      analysed = { ...out.result, headline: out.headline };
    }
    const warnings = [...setup.warnings, ...unmeasured(analysed)];
    const summary = importedSummary(setup, manifest, finalState, meter, impacts?.rows ?? null, analysed, log, deckDir, warnings);
    dir.writeFile('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
    dir.commit();
    for (const warning of unmeasured(analysed)) options.onWarning?.(warning);
    return summary;
  } finally {
    dir.discard();
  }
}

/**
 * The warning of an analysis that has no result on the imported frames (run-analysis.ts reports its reason as
 * `error`): the numbers it would have given are not there, and the import says so rather than only in summary.json.
 */
function unmeasured(analysis: RunSummary['analysis']): string[] {
  const reason = analysis?.error;
  if (typeof reason !== 'string') return [];
  return [`the ${String(analysis!.type)} analysis has no result on the LAMMPS frames: ${reason}`];
}

/**
 * Returns to the event loop (where signal handlers run) and stops the import if `signal` was aborted meanwhile: the
 * callers' `finally` then removes the staging directory and releases the lock.
 */
function betweenFrames(signal: AbortSignal | undefined): () => Promise<void> {
  return async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal?.aborted) {
      const name = typeof signal.reason === 'string' ? signal.reason : 'abort';
      throw new RunInterrupted(`import stopped by ${name}; nothing written`, name);
    }
  };
}

/** Dumped frames as particle states, every value checked against the deck. */
class FrameReader {
  /** spheres the scenario can hold: the most atoms a frame may list */
  readonly capacity: number;
  private readonly materialOfType: number[];

  constructor(private readonly setup: RunSetup, manifest: DeckManifest) {
    this.capacity = setup.particles.n + setup.pour.total;
    const names = setup.table.materialNames;
    this.materialOfType = manifest.types.map((name) => {
      const m = names.indexOf(name);
      if (m < 0) throw new DeckError(`grainflow.json: atom type material "${name}" is not in the deck's scenario.json`);
      return m;
    });
  }

  /** The state of a frame, spheres in id order. */
  state(frame: DumpFrame, file: string): ParticleState {
    const { atoms, values, step } = frame;
    if (atoms > this.capacity) {
      throw new DeckError(`${file}, step ${step}: ${atoms} atoms, but the scenario holds at most ${this.capacity} spheres`);
    }
    const none = new Float64Array(0);
    const st = createParticleState({ n: 0, position: none, velocity: none, angularVelocity: none, radius: none,
      material: new Uint16Array(0), frozen: new Uint8Array(0) }, this.setup.densities, sharedArrays, atoms);
    st.active[0] = atoms;
    // An id listed twice would leave another sphere out and the frame's last slot a phantom at the origin.
    const seen = new Uint8Array(this.capacity);
    for (let k = 0; k < atoms; k++) {
      const row = k * WIDTH;
      const id = values[row + C.id] - 1;
      const type = values[row + C.type];
      const radius = values[row + C.radius];
      if (!Number.isInteger(id) || id < 0 || id >= this.capacity) {
        throw new DeckError(`${file}, step ${step}: atom id ${id + 1} is not one of the scenario's spheres (1 to ${this.capacity})`);
      }
      if (seen[id] === 1) throw new DeckError(`${file}, step ${step}: atom id ${id + 1} is listed twice`);
      seen[id] = 1;
      if (!Number.isInteger(type) || type < 1 || type > this.materialOfType.length) {
        throw new DeckError(`${file}, step ${step}: atom ${id + 1} has type ${type}; the deck has types 1 to ${this.materialOfType.length}`);
      }
      if (!(radius > 0)) throw new DeckError(`${file}, step ${step}: atom ${id + 1} has radius ${radius}`);
      const material = this.materialOfType[type - 1];
      setSphereProperties(st, k, radius, material, this.setup.densities[material]);
      st.id[k] = id;
      for (let a = 0; a < 3; a++) {
        st.pos[3 * k + a] = values[row + C.x + a];
        st.vel[3 * k + a] = values[row + C.vx + a];
        st.omega[3 * k + a] = values[row + C.omegax + a];
      }
    }
    return st;
  }
}

/** A series.csv row of an imported frame (SERIES_HEADER). */
function seriesRow(st: ParticleState, t: number, setup: RunSetup, meter: ContactMeter): number[] {
  const e = stateEnergies(st, setup);
  const c = meter.measure(st, t);
  return [t, e.kinetic, e.rotational, e.potential, c.elasticEnergy, e.kinetic + e.rotational + e.potential + c.elasticEnergy,
    c.contacts, c.maxOverlapRatio];
}

function importedSummary(
  setup: RunSetup, manifest: DeckManifest, st: ParticleState, meter: ContactMeter, impacts: number | null,
  analysis: RunSummary['analysis'], log: LammpsLog | null, deckDir: string, warnings: string[],
): ImportedSummary {
  const e = stateEnergies(st, setup);
  const t = manifest.steps * manifest.dt;
  const contacts = meter.measure(st, t);
  const order = Array.from({ length: st.n }, (_, k) => k).sort((a, b) => st.id[a] - st.id[b]);
  const v3 = (a: Float64Array, p: number) => [a[3 * p], a[3 * p + 1], a[3 * p + 2]];
  return {
    name: setup.scenario.name,
    seed: setup.scenario.seed,
    particles: st.n,
    walls: setup.walls.count,
    steps: manifest.steps,
    dt: manifest.dt,
    simulatedTime: t,
    neighbourRebuilds: log?.neighbourBuilds ?? 0,
    impacts,
    warnings,
    analysis,
    final: {
      kineticEnergy: e.kinetic,
      rotationalEnergy: e.rotational,
      potentialEnergy: e.potential,
      elasticEnergy: contacts.elasticEnergy,
      contacts: contacts.contacts,
      particles: st.n <= SUMMARY_PARTICLE_LIMIT
        ? order.map((p) => ({ id: st.id[p], position: v3(st.pos, p), velocity: v3(st.vel, p), angularVelocity: v3(st.omega, p) }))
        : undefined,
    },
    source: { engine: 'LAMMPS', release: log?.release ?? manifest.lammps.label, deck: path.resolve(deckDir) },
    performance: log === null ? null : {
      ranks: log.ranks, wallSeconds: log.totalSeconds, loopSeconds: log.loopSeconds,
      particleStepsPerSecond: log.particleSteps / log.loopSeconds,
    },
  };
}
