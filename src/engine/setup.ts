/**
 * Resolves a checked scenario (scenario/checks.ts: every input error has surfaced there as a ScenarioError) into the
 * engine's model (model.ts): the spheres at t = 0, the pour plan, the time step (auto, or the given one with
 * warnings) and skin; the walls and the contact table come built from the checks. The random insertion (a block
 * whose spheres find no room) is the only failure left here. What a run of the model will cost, its length,
 * output cadence and threads are the run's (run/setup.ts).
 */
import { DEFAULT_SKIN_FRACTION, type Scenario } from '../scenario/schema.js';
import type { CheckedScenario } from '../scenario/checks.js';
import { buildInitialParticles } from '../scenario/insert.js';
import type { ExplicitSpheres } from '../scenario/explicit-spheres.js';
import { materialIndices } from '../scenario/material-names.js';
import { planPour, pourStandIns, pourWarnings, STAND_INS_PER_BLOCK } from '../scenario/pour-plan.js';
import { RunRandom } from '../scenario/random.js';
import { contactConstants, type ContactTable } from '../forces/contact-table.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';
import { farthestFromAxis, lowestWallPoint, type WallModel, type WallMotion } from '../walls/build.js';
import type { InitialParticles } from '../particles/state.js';
import { resolvePeriodicBox } from '../scenario/periodic-box.js';
import {
  AUTO_RAYLEIGH_FRACTION, AUTO_STEPS_PER_CONTACT, autoTimeStep, rayleighTime, timeStepWarnings, type TimeStepLimits,
} from './timestep.js';
import { formatPath } from '../scenario/field-path.js';
import { shortNumber as shown } from '../base/short-number.js';
import type { EngineModel } from './model.js';

/**
 * "auto" broad phase. Measured (ms per full rebuild, Morton order, 2-core machine; src/broadphase/rtree.ts):
 * grid vs packed R-tree 3.9 vs 11.9 at 10k mono, 5.3 vs 11.6 at 10k 1:5, 39 vs 143 at 100k, 121 vs 433 at 300k
 * mono, 172 vs 416 at 300k 1:5; with far outliers the grid stays O(n) through hashing. The grid won every
 * case (size ratios 1:1 to 1:10, 2k–300k spheres), so "auto" is the grid; the R-tree stays for cross-checks
 * and for scenes where it is asked for.
 */
export const AUTO_BROADPHASE = 'grid';

/**
 * The engine's model of a checked scenario, with what a run reports of it besides: the scenario it came from, the
 * sphere file and the remarks on the scenario. Simulation reads only the EngineModel part.
 */
export interface ScenarioModel extends EngineModel {
  scenario: Scenario;
  /** the file the explicit spheres were read from (`particles.file`): its path, SHA-256 and sphere count; else null */
  sphereFile: { path: string; sha256: string; spheres: number } | null;
  /** remarks on the scenario (walls, pours, a given time step), written to the run's scenario.json and summary.json */
  warnings: string[];
}

export function createModel(checked: CheckedScenario): ScenarioModel {
  const { scenario, walls, contacts: table, explicit } = checked;
  // The material indices of the spheres (material-names.ts) are the contact table's: both follow `materials`.
  const materialIndex = materialIndices(scenario.materials);
  const random = new RunRandom(scenario.seed);
  // The model's own record of the arrays: without insert blocks they are the checked scenario's explicit spheres,
  // and releaseInitialMotion must let go of them here without emptying those, which a library Scenario keeps for
  // its next run (issue 25).
  const particles = { ...buildInitialParticles(checked, random) };
  const pour = planPour(scenario, random);
  // The time step and skin must suit every sphere the run will hold, poured ones included.
  const everySphere = [particles, pourStandIns(pour, materialIndex)];
  const wallMaterials = scenario.walls.map((w) => materialIndex.get(w.material)!);

  const limits = timeStepLimits(scenario, table, everySphere, explicit, walls, wallMaterials);
  const warnings: string[] = [...walls.warnings, ...pourWarnings(pour, scenario.time.duration)];
  let dt: number;
  const { duration } = scenario.time;
  if (scenario.time.dt === 'auto') {
    // Never longer than the run: a very soft material would otherwise simulate far beyond time.duration.
    dt = Math.min(autoTimeStep(limits), duration);
  } else {
    dt = scenario.time.dt;
    warnings.push(...timeStepWarnings(dt, limits));
  }
  // A loop, not Math.min(...radii): spreading a million arguments overflows the call stack.
  let rMin = Infinity;
  for (const { n, radius } of everySphere) for (let k = 0; k < n; k++) rMin = Math.min(rMin, radius[k]);
  const skin = scenario.skin ?? DEFAULT_SKIN_FRACTION * rMin;
  return {
    scenario,
    table,
    particles,
    sphereFile: explicit.file && { path: explicit.file.path, sha256: explicit.file.sha256, spheres: explicit.file.spheres.n },
    pour,
    densities: table.materialNames.map((name) => scenario.materials[name].density),
    walls,
    wallMaterials,
    gravity: [...scenario.gravity],
    dt,
    skin,
    trackImpacts: scenario.outputs.impacts,
    contactTrace: scenario.outputs.contactTrace,
    broadphase: scenario.broadphase === 'auto' ? AUTO_BROADPHASE : scenario.broadphase,
    periodic: resolvePeriodicBox(scenario),
    limits,
    warnings,
  };
}

/**
 * The characteristic impact speed for the contact-time rule: the fastest initial approach (twice the largest
 * speed), the free-fall speed over the vertical extent of particles and walls, and any law reference speed; with
 * what set it, for messages.
 */
function characteristicSpeed(
  scenario: Scenario, spheres: readonly InitialParticles[], explicit: ExplicitSpheres, walls: WallModel,
): { speed: number; source: string } {
  const g = Math.hypot(...scenario.gravity);
  let speed = 0, source = '';
  const raise = (candidate: number, why: () => string) => {
    if (candidate > speed) [speed, source] = [candidate, why()];
  };
  let lo = Infinity, hi = -Infinity;
  const up = g > 0 ? scenario.gravity.map((c) => -c / g) : [0, 0, 0];
  /** height of the point x[at…at + 2] */
  const height = (x: ArrayLike<number>, at = 0) => x[at] * up[0] + x[at + 1] * up[1] + x[at + 2] * up[2];
  forEachSphere(spheres, (set, k, id) => {
    const v = set.velocity;
    raise(2 * Math.hypot(v[3 * k], v[3 * k + 1], v[3 * k + 2]), () => `twice the speed of ${sphereField(scenario, explicit, id, 'velocity')}`);
    const h = height(set.position, 3 * k);
    lo = Math.min(lo, h);
    hi = Math.max(hi, h);
  });
  lo = Math.min(lo, lowestWallPoint(walls, height));
  // A moving wall hits spheres at its own speed: its translation, and a turning wall's surface as fast as its rotation
  // moves it towards them.
  walls.motion.forEach((m, w) => raise(2 * (Math.hypot(...m.velocity) + turningSpeed(m, spheres)),
    () => `twice the speed of walls[${w}].motion${m.rotation === null ? '' : ' (translation and rotation)'}`));
  if (g > 0 && hi > lo) raise(Math.sqrt(2 * g * (hi - lo)), () => `a free fall of ${shown(hi - lo)} m under gravity`);
  [scenario.contact.normal, ...scenario.contactPairs.map((p) => p.normal)].forEach((law, k) => {
    if (law !== undefined && 'referenceSpeed' in law && law.referenceSpeed !== undefined) {
      raise(law.referenceSpeed, () => (k === 0 ? 'contact.normal.referenceSpeed' : `contactPairs[${k - 1}].normal.referenceSpeed`));
    }
  });
  // A bed at rest still collides at small speeds; 1 mm/s keeps t_c ∝ v^{-1/5} finite.
  raise(1e-3, () => 'the 1 mm/s floor');
  return { speed, source };
}

/**
 * The fastest a turning wall's surface moves towards or away from a sphere (m/s): |ω| times its reach
 * (WallRotation.reach: 0 for a surface of revolution about its own axis), or for a plane turning about an axis
 * across it, which has no farthest point, times the distance of the farthest sphere from the axis at the start.
 */
function turningSpeed({ rotation }: WallMotion, spheres: readonly InitialParticles[]): number {
  if (rotation === null) return 0;
  let reach = rotation.reach;
  if (reach === Infinity) {
    reach = Math.max(0, ...spheres.map((set) => farthestFromAxis(set.position, set.n, rotation.point, rotation.axis)));
  }
  return 2 * Math.PI * Math.abs(rotation.turnsPerSecond) * reach;
}

function timeStepLimits(
  scenario: Scenario, table: ContactTable, spheres: readonly InitialParticles[], explicit: ExplicitSpheres, walls: WallModel,
  wallMaterials: number[],
): TimeStepLimits {
  const { speed: impactSpeed, source: speedSource } = characteristicSpeed(scenario, spheres, explicit, walls);
  // Smallest particle of each material: it has the shortest Rayleigh and contact times.
  const smallest = new Map<string, number>();
  // Where each material's smallest radius was given, for messages.
  const smallestAt = new Map<string, number>();
  forEachSphere(spheres, (set, k, id) => {
    const name = table.materialNames[set.material[k]], r = set.radius[k];
    if (r < (smallest.get(name) ?? Infinity)) {
      smallest.set(name, r);
      smallestAt.set(name, id);
    }
  });
  let tR = Infinity, tC = Infinity, tD = Infinity;
  const causes = { rayleighTime: '', contactTime: '', dampingTime: '' };
  const consts = new Float64Array(3);
  const massOf = (material: string, r: number) => (4 / 3) * Math.PI * r ** 3 * scenario.materials[material].density;
  const classOf = (a: string, b: string) => {
    const nm = table.materialNames.length;
    return table.classIndex[table.materialNames.indexOf(a) * nm + table.materialNames.indexOf(b)];
  };
  // Each class's law gives its contact time (Hertz's, or π/√(k/m*) for a linear spring) and, if it has one,
  // its damping time.
  const contact = (cls: number, reff: number, meff: number, bodies: string) => {
    contactConstants(consts, table.kernel, cls, reff, 0);
    const { law, definition, materials } = table.classes[cls];
    const t = definition.contactTime(meff, consts[0], impactSpeed);
    const [a, b] = materials.map((m) => formatPath(['materials', m]));
    const stiffness = law.linearStiffness > 0 ? `, stiffness ${shown(law.linearStiffness)} N/m` : '';
    const pair = `${a === b ? a : `${a}–${b}`} contacts (${law.model}${stiffness}) of ${bodies}`;
    if (t < tC) [tC, causes.contactTime] = [t, `${pair} at ${shown(impactSpeed)} m/s, ${speedSource}`];
    const damping = definition.dampingTime?.(t, law) ?? Infinity;
    if (damping < tD) [tD, causes.dampingTime] = [damping, pair];
  };
  for (const [name, r] of smallest) {
    const t = rayleighTime(r, scenario.materials[name]);
    if (t < tR) {
      [tR, causes.rayleighTime] = [t, `the smallest sphere of ${formatPath(['materials', name])}, radius ${shown(r)} m `
        + `(${sphereField(scenario, explicit, smallestAt.get(name)!, 'radius')})`];
    }
    for (const [other, r2] of smallest) {
      contact(classOf(name, other), effectiveRadius(r, r2), effectiveMass(massOf(name, r), massOf(other, r2)),
        `spheres of radius ${shown(r)} and ${shown(r2)} m`);
    }
    for (const material of new Set(wallMaterials)) {
      contact(classOf(name, table.materialNames[material]), r, massOf(name, r), `a sphere of radius ${shown(r)} m on a wall`);
    }
  }
  return { rayleighTime: tR, contactTime: tC, impactSpeed, dampingTime: tD, causes };
}

/** Visits sphere k of each set in turn; `id` counts through all of them. */
function forEachSphere(sets: readonly InitialParticles[], visit: (set: InitialParticles, k: number, id: number) => void): void {
  let id = 0;
  for (const set of sets) for (let k = 0; k < set.n; k++) visit(set, k, id++);
}

/**
 * The field that gave sphere k of the time-step rules its velocity or radius: the spheres are the explicit ones in
 * order (their origin names them), then those of each insert block placed at t = 0, then STAND_INS_PER_BLOCK stand-ins
 * per poured block (pourStandIns).
 */
function sphereField(scenario: Scenario, explicit: ExplicitSpheres, k: number, key: 'velocity' | 'radius'): string {
  if (k < explicit.spheres.n) return explicit.origin.where(k, key);
  let first = explicit.spheres.n;
  const blocks = [...scenario.insert.entries()];
  for (const [b, block] of [...blocks.filter(([, x]) => x.rate === undefined), ...blocks.filter(([, x]) => x.rate !== undefined)]) {
    first += block.rate === undefined ? block.count : STAND_INS_PER_BLOCK;
    const spread = key === 'velocity' && block.velocitySpread > 0 && block.rate === undefined ? ' and velocitySpread' : '';
    if (k < first) return `insert[${b}].${key}${spread}`;
  }
  return 'a sphere';
}

/**
 * Where the time step came from, for messages: the given `time.dt`, or the rule of timestep.ts that set the
 * automatic one, with the inputs behind it.
 */
export function timeStepReason(scenario: Scenario, dt: number, l: TimeStepLimits): string {
  if (scenario.time.dt !== 'auto') return 'dt is time.dt';
  if (dt === scenario.time.duration) return 'dt "auto" is capped at time.duration';
  if (dt === l.dampingTime) {
    return `dt "auto" is the damping time ${shown(l.dampingTime)} s of ${l.causes.dampingTime} (set by the law's restitution)`;
  }
  if (dt === l.contactTime / AUTO_STEPS_PER_CONTACT) {
    return `dt "auto" is t_c/${AUTO_STEPS_PER_CONTACT}, t_c = ${shown(l.contactTime)} s the contact time of ${l.causes.contactTime}`;
  }
  return `dt "auto" is ${AUTO_RAYLEIGH_FRACTION} × the Rayleigh time ${shown(l.rayleighTime)} s of ${l.causes.rayleighTime}`;
}
