/**
 * Turns a checked scenario (scenario/checks.ts: every input error has surfaced there as a ScenarioError) into
 * everything a run needs: particles, the pour plan, the time step (auto, or the given one with warnings), skin
 * and output cadence. The walls and the contact table come built from the checks. Only the random insertion can
 * still fail here (a block whose spheres find no room), before any output is written.
 */
import os from 'node:os';
import { DEFAULT_SKIN_FRACTION, type Scenario } from '../scenario/schema.js';
import type { CheckedScenario } from '../scenario/checks.js';
import { buildInitialParticles, type InitialParticle } from '../scenario/insert.js';
import { planPour, pourStandIns, pourWarnings, type PourPlan } from '../scenario/pour-plan.js';
import { RunRandom } from '../scenario/random.js';
import { contactConstants, type ContactTable } from '../forces/contact-table.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';
import { lowestWallPoint, type WallModel } from '../walls/build.js';
import type { InitialParticles } from '../particles/state.js';
import type { PeriodicBox } from '../broadphase/periodic.js';
import { resolvePeriodicBox } from '../scenario/periodic-box.js';
import { autoTimeStep, rayleighTime, timeStepWarnings, type TimeStepLimits } from './timestep.js';

/**
 * Below this many particles a step takes so little time that the three barriers per step cost more than the
 * second thread saves; such runs use one thread whatever `workers` says.
 */
export const PARALLEL_MIN_PARTICLES = 1000;
/**
 * "auto" broad phase. Measured (ms per full rebuild, Morton order, 2-core machine; src/broadphase/rtree.ts):
 * grid vs packed R-tree 3.9 vs 11.9 at 10k mono, 5.3 vs 11.6 at 10k 1:5, 39 vs 143 at 100k, 121 vs 433 at 300k
 * mono, 172 vs 416 at 300k 1:5; with far outliers the grid stays O(n) through hashing. The grid won every
 * case (size ratios 1:1 to 1:10, 2k–300k spheres), so "auto" is the grid; the R-tree stays for cross-checks
 * and for scenes where it is asked for.
 */
export const AUTO_BROADPHASE = 'grid';
/** series.csv rows per run when outputs.interval is not given. */
export const DEFAULT_OUTPUT_ROWS = 100;

export interface SimulationSetup {
  scenario: Scenario;
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
  steps: number;
  skin: number;
  outputInterval: number;
  trackImpacts: boolean;
  broadphase: 'rtree' | 'grid';
  /** periodic box, or null when no axis wraps */
  periodic: PeriodicBox | null;
  /** threads for the force computation (1 below PARALLEL_MIN_PARTICLES) */
  lanes: number;
  limits: TimeStepLimits;
  warnings: string[];
}

/** What a run may choose that the scenario leaves open: the thread count (`workers` of the scenario otherwise). */
export interface SetupOptions {
  workers?: number;
}

export function createSetup(checked: CheckedScenario, options: SetupOptions = {}): SimulationSetup {
  const { scenario, walls, contacts: table } = checked;
  const workers = options.workers ?? scenario.workers;
  const materialIndex = new Map(table.materialNames.map((name, k) => [name, k]));
  const random = new RunRandom(scenario.seed);
  const initial = buildInitialParticles(checked, random);
  const pour = planPour(scenario, random);
  // The time step and skin must suit every sphere the run will hold, poured ones included.
  const everySphere = [...initial, ...pourStandIns(pour)];
  const particles = flatten(initial, materialIndex);
  const wallMaterials = scenario.walls.map((w) => materialIndex.get(w.material)!);

  const limits = timeStepLimits(scenario, table, everySphere, walls, wallMaterials);
  const warnings: string[] = [...walls.warnings, ...pourWarnings(pour, scenario.time.duration)];
  let dt: number;
  if (scenario.time.dt === 'auto') {
    dt = autoTimeStep(limits);
  } else {
    dt = scenario.time.dt;
    warnings.push(...timeStepWarnings(dt, limits));
  }
  const steps = Math.max(1, Math.round(scenario.time.duration / dt));
  // A loop, not Math.min(...radii): spreading a million arguments overflows the call stack.
  const rMin = everySphere.reduce((least, p) => Math.min(least, p.radius), Infinity);
  const skin = scenario.skin ?? DEFAULT_SKIN_FRACTION * rMin;
  return {
    scenario,
    table,
    particles,
    pour,
    densities: table.materialNames.map((name) => scenario.materials[name].density),
    walls,
    wallMaterials,
    gravity: [...scenario.gravity],
    dt,
    steps,
    skin,
    outputInterval: scenario.outputs.interval ?? scenario.time.duration / DEFAULT_OUTPUT_ROWS,
    trackImpacts: scenario.outputs.impacts,
    broadphase: scenario.broadphase === 'auto' ? AUTO_BROADPHASE : scenario.broadphase,
    periodic: resolvePeriodicBox(scenario),
    lanes: initial.length + pour.total < PARALLEL_MIN_PARTICLES ? 1
      : workers === 'auto' ? os.availableParallelism() : workers,
    limits,
    warnings,
  };
}

/**
 * The characteristic impact speed for the contact-time rule: the fastest initial approach (twice the largest
 * speed), the free-fall speed over the vertical extent of particles and walls, and any law reference speed.
 */
function characteristicSpeed(scenario: Scenario, initial: InitialParticle[], walls: WallModel): number {
  const g = Math.hypot(...scenario.gravity);
  let speed = 0;
  let lo = Infinity, hi = -Infinity;
  const up = g > 0 ? scenario.gravity.map((c) => -c / g) : [0, 0, 0];
  const height = (x: readonly number[]) => x[0] * up[0] + x[1] * up[1] + x[2] * up[2];
  for (const p of initial) {
    speed = Math.max(speed, 2 * Math.hypot(...p.velocity));
    lo = Math.min(lo, height(p.position));
    hi = Math.max(hi, height(p.position));
  }
  lo = Math.min(lo, lowestWallPoint(walls, height));
  // A moving wall hits spheres at its own speed.
  for (const m of walls.motion) speed = Math.max(speed, 2 * Math.hypot(...m.velocity));
  if (g > 0 && hi > lo) speed = Math.max(speed, Math.sqrt(2 * g * (hi - lo)));
  for (const law of [scenario.contact.normal, ...scenario.contactPairs.map((p) => p.normal)]) {
    if (law !== undefined && 'referenceSpeed' in law && law.referenceSpeed !== undefined) {
      speed = Math.max(speed, law.referenceSpeed);
    }
  }
  // A bed at rest still collides at small speeds; 1 mm/s keeps t_c ∝ v^{-1/5} finite.
  return Math.max(speed, 1e-3);
}

function timeStepLimits(
  scenario: Scenario, table: ContactTable, initial: InitialParticle[], walls: WallModel, wallMaterials: number[],
): TimeStepLimits {
  const impactSpeed = characteristicSpeed(scenario, initial, walls);
  // Smallest particle of each material: it has the shortest Rayleigh and contact times.
  const smallest = new Map<string, number>();
  for (const p of initial) smallest.set(p.material, Math.min(smallest.get(p.material) ?? Infinity, p.radius));
  let tR = Infinity, tC = Infinity;
  const consts = new Float64Array(3);
  const massOf = (material: string, r: number) => (4 / 3) * Math.PI * r ** 3 * scenario.materials[material].density;
  const classOf = (a: string, b: string) => {
    const nm = table.materialNames.length;
    return table.classIndex[table.materialNames.indexOf(a) * nm + table.materialNames.indexOf(b)];
  };
  // Each class's law gives its contact time (Hertz's, or π/√(k/m*) for a linear spring) and, if it has one,
  // its damping time.
  let tD = Infinity;
  const contact = (cls: number, reff: number, meff: number) => {
    contactConstants(consts, table.kernel, cls, reff, 0);
    const { law, definition } = table.classes[cls];
    const t = definition.contactTime(meff, consts[0], impactSpeed);
    tC = Math.min(tC, t);
    if (definition.dampingTime) tD = Math.min(tD, definition.dampingTime(t, law));
  };
  for (const [name, r] of smallest) {
    tR = Math.min(tR, rayleighTime(r, scenario.materials[name]));
    for (const [other, r2] of smallest) {
      contact(classOf(name, other), effectiveRadius(r, r2), effectiveMass(massOf(name, r), massOf(other, r2)));
    }
    for (const material of new Set(wallMaterials)) contact(classOf(name, table.materialNames[material]), r, massOf(name, r));
  }
  return { rayleighTime: tR, contactTime: tC, impactSpeed, dampingTime: tD };
}

function flatten(initial: readonly InitialParticle[], materialIndex: Map<string, number>): InitialParticles {
  const n = initial.length;
  const flat: InitialParticles = {
    n,
    position: new Float64Array(3 * n),
    velocity: new Float64Array(3 * n),
    angularVelocity: new Float64Array(3 * n),
    radius: new Float64Array(n),
    material: new Uint16Array(n),
  };
  initial.forEach((p, k) => {
    flat.position.set(p.position, 3 * k);
    flat.velocity.set(p.velocity, 3 * k);
    flat.angularVelocity.set(p.angularVelocity, 3 * k);
    flat.radius[k] = p.radius;
    flat.material[k] = materialIndex.get(p.material)!;
  });
  return flat;
}
