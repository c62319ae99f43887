/**
 * What the engine takes: the resolved model of a simulation — spheres as flat arrays, the contact table, the walls,
 * the pour plan, gravity, the time step and skin, the broad phase and periodic box, which per-contact records to
 * keep — and nothing of the scenario format, the run's length or its outputs (docs/architecture.md §2). The
 * set-up (setup.ts) resolves it from a checked scenario; the run adds its length, output cadence and threads
 * (run/setup.ts).
 */
import type { PeriodicBox } from '../broadphase/periodic.js';
import type { ContactTable } from '../forces/contact-table.js';
import type { InitialParticles } from '../particles/state.js';
import type { PourPlan } from '../scenario/pour-plan.js';
import type { WallModel } from '../walls/build.js';
import type { TimeStepLimits } from './timestep.js';

export interface EngineModel {
  table: ContactTable;
  /** the spheres present at t = 0 */
  particles: InitialParticles;
  /** the spheres poured in during the run (insert blocks with a `rate`) */
  pour: PourPlan;
  /** density (kg/m³) of each material, by material index */
  densities: number[];
  walls: WallModel;
  /** material index of each scenario wall */
  wallMaterials: number[];
  gravity: [number, number, number];
  dt: number;
  /** the time-step rules dt was chosen against, for diagnostics (the watchdog's remedies) */
  limits: TimeStepLimits;
  skin: number;
  broadphase: 'rtree' | 'grid';
  /** periodic box, or null when no axis wraps */
  periodic: PeriodicBox | null;
  /** keep each collision's record (impact speeds, peak overlap and force) until it ends */
  trackImpacts: boolean;
  /** keep each pair contact's normal force and overlap per step (the contact trace) */
  contactTrace: boolean;
}

/**
 * Lets go of the positions and velocities of the spheres at t = 0 (72 B per sphere) once the one Simulation of a
 * run holds them: a run of 10⁶ spheres would otherwise carry a copy it never reads to its end. Radii, materials
 * and the count stay (the run's scenario.json describes them). The model cannot start another simulation after.
 */
export function releaseInitialMotion(model: EngineModel): void {
  const empty = new Float64Array(0);
  model.particles.position = empty;
  model.particles.velocity = empty;
  model.particles.angularVelocity = empty;
}

/** Whether releaseInitialMotion let go of the model's spheres at t = 0 (with any). */
export function initialMotionReleased(model: EngineModel): boolean {
  return model.particles.position.length < 3 * model.particles.n;
}
