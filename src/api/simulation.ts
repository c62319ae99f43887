/**
 * Stepping a simulation from a script — the coupling loop of a fluid solver, a notebook or a probe: create it from
 * a scenario, advance it any number of steps, read its state between steps, push spheres with external forces,
 * checkpoint it, dispose of it (docs/library.md, "Stepping a simulation"). It is the engine a run uses (src/engine),
 * so without external forces its state after k steps is bit-identical to a run's after k steps; it writes no files
 * unless asked to (checkpoint).
 */
import { ScenarioError } from '../base/scenario-error.js';
import { writeSimulationCheckpoint, restoreSimulationCheckpoint } from '../checkpoint/simulation-file.js';
import { createSetup, type RunSetup } from '../run/setup.js';
import { Simulation as Engine, type ImpactRecord } from '../engine/simulation.js';
import { UnstableRunError } from '../run/run.js';
import { Watchdog } from '../run/watchdog.js';
import type { Scenario, ScenarioInput } from '../scenario/schema.js';
import { setupOptions, type SetupControl } from './run-control.js';
import { checkedScenario } from './scenario.js';
import { energiesOf, stateViews, touchingContacts, type Contact, type Energies, type StateViews } from './state-views.js';
import { checkedExternalForces } from './external-force-input.js';

/** Options of createSimulation. */
export interface SimulationOptions extends SetupControl {
  /** a checkpoint file written by `Simulation.checkpoint` for the same scenario: the simulation continues from it */
  from?: string;
  /** Warnings about the set-up (a time step that breaks a stability rule, more workers than cores), one line each. */
  onWarning?: (message: string) => void;
}

/**
 * One completed collision (with `outputs.impacts`, the default), as a row of impacts.csv: start time and duration
 * (s), sphere ids `i` and `j` (or the scenario's wall index `j` when `isWall`), impact and rebound normal speeds
 * (m/s), largest overlap (m) and normal force (N), tangential contact-point speeds and both bodies' angular
 * velocities before and after.
 */
export type Collision = ImpactRecord;

/** A simulation a script steps: see createSimulation. */
export interface Simulation {
  /** simulated time (s): stepCount · dt */
  readonly time: number;
  /** steps taken (counted from the scenario's t = 0, also after `from`) */
  readonly stepCount: number;
  /** the time step (s), set as for a run (`time.dt`, or automatic) */
  readonly dt: number;
  /** the steps of the scenario's `time.duration`; `step` may go on past them */
  readonly steps: number;
  /** spheres present now (poured spheres join as they are placed) */
  readonly count: number;
  /** read-only views of the spheres' arrays, in storage order with their `ids` */
  readonly state: StateViews;
  /**
   * Advances `n` steps (default 1) and returns the collisions that ended in them (none without `outputs.impacts`).
   * @throws RangeError when n is not a whole number >= 0; UnstableRunError when a sphere leaves a contact by more
   *   than the neighbour skin in one step (the time step is too long); Error after dispose
   */
  step(n?: number): Collision[];
  /**
   * Sets the external forces (N) on spheres by id, `forces` holding x, y, z per id; they act from the next step on,
   * added to each sphere's force as gravity is, until the next call replaces them (an empty `ids` removes them).
   * @throws RangeError naming the argument: an id not of a sphere present, an id given twice, a force that is not
   *   finite, or `forces` not 3 numbers per id
   */
  setExternalForces(ids: ArrayLike<number>, forces: ArrayLike<number>): void;
  /** Kinetic, rotational, potential, elastic and total energy (J) now, as series.csv's columns. */
  energies(): Energies;
  /** The touching contacts now: sphere pairs, then sphere–wall contacts, each with its overlap (m). */
  contacts(): Contact[];
  /**
   * Writes the state to `file` (a new file, or an earlier checkpoint it replaces), for
   * `createSimulation(scenario, { from: file })`. External forces are not saved: set them again after continuing.
   * @throws RangeError when `file` is not a path or something other than a checkpoint is there
   * @throws the file system's error (with its `code`, e.g. ENOENT, ENOSPC) when the file cannot be written
   */
  checkpoint(file: string): void;
  /** Stops the worker threads; the simulation cannot be stepped after. */
  dispose(): Promise<void>;
}

/**
 * Makes a simulation of `scenario` at t = 0 (or at its checkpoint `options.from`), ready to step.
 * @param scenario from loadScenario or parseScenario; any other object is validated first, like parseScenario
 * @param options `workers` (threads, default the scenario's; results are the same for any count), `maxSteps` (as
 *   runScenario's: the scenario's duration must fit the run limits), `from`, `onWarning`
 * @throws ScenarioError (bad scenario or option); ResumeError when `from` cannot be read, is no checkpoint of this
 *   grainflow, or was written for another scenario, mesh or sphere file; KernelMemoryError when the system will
 *   not give the simulation its memory
 */
export async function createSimulation(scenario: Scenario | ScenarioInput, options: SimulationOptions = {}): Promise<Simulation> {
  const { from } = options;
  if (from !== undefined && (typeof from !== 'string' || from === '')) {
    throw new ScenarioError('from', 'must be the path of a checkpoint file written by Simulation.checkpoint');
  }
  const setup = createSetup(checkedScenario(scenario), setupOptions(options));
  for (const warning of [...setup.warnings, ...setup.machineWarnings]) options.onWarning?.(warning);
  const engine = new Engine(setup, { ownsSetup: true, lanes: setup.lanes });
  try {
    // Restored before the worker threads start, so that they map the restored arrays.
    if (from !== undefined) restoreSimulationCheckpoint(engine, setup, from);
    await engine.useWorkers(setup.lanes, setup.cores);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return new SteppedSimulation(engine, setup);
}

class SteppedSimulation implements Simulation {
  readonly state: StateViews;
  private disposed = false;

  constructor(private readonly engine: Engine, private readonly setup: RunSetup) {
    this.state = stateViews(engine);
  }

  get time(): number { return this.engine.time; }
  get stepCount(): number { return this.engine.stepCount; }
  get dt(): number { return this.engine.setup.dt; }
  get steps(): number { return this.setup.steps; }
  get count(): number { return this.engine.st.n; }

  step(n = 1): Collision[] {
    this.checkOpen();
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`step(n): n must be a whole number >= 0 (got ${n})`);
    const collisions: Collision[] = [];
    const onImpact = (r: ImpactRecord) => { collisions.push(r); };
    try {
      for (let k = 0; k < n; k++) this.engine.step(onImpact);
    } catch (error) {
      // The run driver's diagnosis (src/run/watchdog.ts): which sphere left which contact or has a state that is not
      // finite, and the likely cause.
      const diagnosis = new Watchdog(this.engine, this.setup.scenario.watchdog).stepFailure(error);
      if (diagnosis !== null) throw new UnstableRunError(`watchdog: ${diagnosis}`);
      throw error;
    }
    return collisions;
  }

  setExternalForces(ids: ArrayLike<number>, forces: ArrayLike<number>): void {
    this.checkOpen();
    this.engine.setExternalForces(checkedExternalForces(ids, forces, this.engine.st.n));
  }

  energies(): Energies {
    return energiesOf(this.engine);
  }

  contacts(): Contact[] {
    return touchingContacts(this.engine);
  }

  checkpoint(file: string): void {
    this.checkOpen();
    if (typeof file !== 'string' || file === '') {
      throw new RangeError(`checkpoint(file): file must be the path of the checkpoint to write (got ${String(file)})`);
    }
    writeSimulationCheckpoint(this.engine, this.setup, file);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.engine.close();
  }

  private checkOpen(): void {
    if (this.disposed) throw new Error('this simulation was disposed; create a new one');
  }
}
