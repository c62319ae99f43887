/**
 * grainflow as a library — `import { … } from 'grainflow'`: load and validate scenarios, run them (with progress
 * and cancellation) or resume them, step a simulation from a script (read its state, apply external forces),
 * read a run's results and analysis back, and calibrate a contact law. The command line (src/cli) reaches the
 * engine only through src/api, so a script gets the same files, numbers and one-line errors as `grainflow run`
 * and `grainflow calibrate`. See docs/library.md.
 */
import type * as schema from '../scenario/schema.js';
import type * as driver from '../run/run.js';
import type * as impact from '../run/single-impact.js';

export { version } from './version.js';
export { loadScenario, parseScenario } from './scenario.js';
export { runScenario, resumeRun, type RunControl, type RunScenarioOptions } from './run.js';
export type { SetupControl } from './run-control.js';
export { createSimulation, type Collision, type Simulation, type SimulationOptions } from './simulation.js';
export type { Contact, Energies, ReadonlyView, StateViews } from './state-views.js';
export {
  readRun, RunDirectoryError, type ImpactRow, type ImpactsColumn, type ImpactStatisticsColumn, type ImpactStatisticsRow,
  type ResolvedScenario, type RunResults, type SeriesColumn, type SeriesRow,
} from './read-run.js';
export { exportImpacts, type ImpactExport } from './impact-export.js';
export { calibrateLaw, type CalibrateOptions } from './calibrate.js';
export { CALIBRATION_SPEEDS, type ImpactGeometry, type LawCalibration, type ScenarioConstant } from '../run/calibration.js';
export { exportLammps, type LammpsExport, type LammpsExportOptions } from './lammps.js';
export { importLammpsRun, DeckError, type ImportedSummary, type LammpsImportOptions } from '../interop/index.js';
export { ScenarioError } from '../base/scenario-error.js';
export { OutputExistsError } from '../run/output-guard.js';
export { ResumeError } from '../checkpoint/run-checkpoints.js';
export { RunInterrupted, UnstableRunError } from '../run/run.js';
export { KernelMemoryError } from '../base/kernel-memory.js';

/** A validated scenario, every default filled in: what loadScenario and parseScenario return. */
export type Scenario = schema.Scenario;
/** A scenario as written in a scenario file (defaults optional); see `schema/scenario.schema.json`. */
export type ScenarioInput = schema.ScenarioInput;
/** A material: `youngsModulus` (Pa), `poissonsRatio` (−1 < ν < 0.5), `density` (kg/m³), optional viscosities (Pa·s). */
export type Material = schema.Material;
/** End of a contact: 'no-tension' (normal force clamped at 0) or 'free' (it may pull until the overlap is 0). */
export type EndOfContact = schema.EndOfContact;
/** A normal contact law as `contact.normal` takes it: `model` and its parameters (README, Contact laws). */
export type NormalLawInput = impact.NormalLawInput;
/**
 * One single impact: restitution (rebound/impact normal speed), impact and rebound speed (m/s), max overlap (m),
 * max normal force (N), contact time (s, while the force is compressive), the stiffness K (N m^-3/2, or k in N/m
 * for a linear law), damping coefficient c and effective mass m* (kg) the engine used, and the per-step trace of
 * overlap and normal force.
 */
export type ImpactOutcome = impact.ImpactOutcome;
/**
 * Progress of a run: `step` of `steps` done after `elapsedSeconds` of wall-clock time, and `particleSteps`, the
 * sum over the steps done of the spheres present (particle-steps per second = particleSteps / elapsedSeconds).
 */
export type Progress = driver.Progress;
/**
 * A run's summary.json: name, seed, particles (present at the end), walls, steps, dt (s), simulated time (s),
 * neighbour rebuilds, collisions (`impacts`), warnings, the scenario's `analysis` (results and a one-line
 * `headline`), `pour` (for pouring scenarios), `final` energies (J), contacts and, up to 10 000 spheres, every
 * particle's final state; wall-clock figures under `performance` (the only part that is not a deterministic
 * function of the scenario).
 */
export type RunSummary = driver.RunSummary;
