/**
 * One normal impact run through the real engine (scenario → setup → Simulation, the same contact kernel as
 * `grainflow run`): two identical spheres head-on (the aluminium spheres of Machado 2012 and Lankarani 1994) or a
 * sphere dropped on a fixed plane of its own material (the bouncing ball of Safaeifar 2020) — the reference
 * impacts of docs/physics.md §7.9. Used by `grainflow impact`, `grainflow calibrate` and the tests of those
 * reference impacts.
 *
 * The run starts a few steps before touch-down and stops when the collision record closes (overlap back to 0); once
 * the bodies have lifted off with overlap left and nothing acts on them, the coast to the record's close is skipped
 * (skipForceFreeCoast).
 * Each step records the overlap δ and the normal contact force F_n, read back from the particle state
 * (F_n = (f − m g)·n on the moving sphere, n pointing away from the other body).
 */
import { ScenarioError } from '../base/scenario-error.js';
import { shortNumber } from '../base/short-number.js';
import { parseScenario } from '../scenario/load.js';
import type { EndOfContact, Material, ScenarioInput } from '../scenario/schema.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';
import { createSetup, type RunSetup } from './setup.js';
import { Simulation, type ImpactRecord } from '../engine/simulation.js';
import { hertzContactTime, linearContactTime } from '../forces/normal/springs.js';

export type NormalLawInput = NonNullable<ScenarioInput['contact']>['normal'];
export type ImpactTarget = 'sphere' | 'wall';

export interface ImpactSpec {
  normal: NormalLawInput;
  endOfContact: EndOfContact;
  /** normal approach speed at touch-down (m/s), > 0 */
  speed: number;
  /** 'sphere': two identical spheres, each moving at speed/2 towards the other; 'wall': a sphere on a plane */
  target: ImpactTarget;
  material: Material;
  /** sphere radius (m) */
  radius: number;
  /** gravity towards the wall (m/s²), wall impacts only; default 0 */
  gravity?: number;
  /** time steps per elastic Hertz contact time; default 1000 */
  stepsPerContact?: number;
}

export interface ImpactTrace {
  time: number[];
  overlap: number[];
  force: number[];
}

export interface ImpactOutcome {
  /** e = rebound speed / impact speed, both from the engine's collision record */
  restitution: number;
  impactSpeed: number;
  reboundSpeed: number;
  /** largest overlap (m) */
  maxOverlap: number;
  /** largest normal force (N) */
  maxForce: number;
  /** time with a compressive normal force (s): for laws with a permanent set it ends before the overlap does */
  contactTime: number;
  /** K (N m^-3/2, or k in N/m for a linear law) and damping coefficient c the engine used */
  stiffness: number;
  damping: number;
  /** effective mass m* (kg) */
  effectiveMass: number;
  trace: ImpactTrace;
}

/**
 * Bounds of an impact's inputs. Speed: Hertz's quasi-static contact, on which every law builds, holds only well
 * below the elastic wave speed of solids (a few km/s); DEM calibrations stay below 10 m/s. Radius: from grains to
 * boulders, with the approach gap well inside the scene's coordinate range. Gravity: up to 100 g; beyond that the
 * weight, not the impact, sets the contact.
 */
export const MAX_IMPACT_SPEED = 1000;
const MAX_IMPACT_RADIUS = 100;
const MAX_IMPACT_GRAVITY = 1000;
/** The run's length in elastic contact times: heavily damped impacts last several; the loop stops at the close. */
const IMPACT_WINDOW = 100;
/**
 * Rebound above the impact speed by more than this is energy the integration created: no law (elastic Hertz
 * included) may deliver it. Velocity Verlet at 1000 steps per contact errs by ~1e-6.
 */
const RESTITUTION_TOLERANCE = 1e-3;

/**
 * Refuses an impact the engine cannot resolve, naming the ImpactSpec field (`speed`, `radius`, `gravity`): before
 * the impact's own scenario is built, whose internal fields (`particles[0].position[0]`) would mean nothing to the
 * caller.
 */
export function checkImpactSpec(spec: ImpactSpec): void {
  const within = (field: string, value: number | undefined, low: string, ok: boolean, max: number, unit: string) => {
    if (!ok) throw new ScenarioError(field, `must be a number in ${low}, ${max}] ${unit}; got ${value}`);
  };
  within('speed', spec.speed, '(0', spec.speed > 0 && spec.speed <= MAX_IMPACT_SPEED, MAX_IMPACT_SPEED, 'm/s (impact speed)');
  within('radius', spec.radius, '(0', spec.radius > 0 && spec.radius <= MAX_IMPACT_RADIUS, MAX_IMPACT_RADIUS, 'm (sphere radius)');
  if (spec.gravity !== undefined) {
    within('gravity', spec.gravity, '[0', spec.gravity >= 0 && spec.gravity <= MAX_IMPACT_GRAVITY, MAX_IMPACT_GRAVITY,
      'm/s² (gravity towards the wall)');
    if (spec.target !== 'wall' && spec.gravity !== 0) {
      throw new ScenarioError('gravity', 'applies to a sphere on a wall only (target "wall"); two spheres head-on '
        + `collide without gravity; got ${spec.gravity} with target "${spec.target}"`);
    }
  }
}

/**
 * Refuses an outcome that is not a physical impact — a number that is not finite, a rebound faster than the
 * approach, an overlap beyond the radius — rather than let it be printed: inputs at the edge of what the law
 * resolves (a material of extreme stiffness, a law at its limits) give such numbers, and no caller can use them.
 */
function checkOutcome(spec: ImpactSpec, o: Omit<ImpactOutcome, 'trace'>): void {
  const bad = ([['e_out', o.restitution], ['largest overlap', o.maxOverlap], ['peak force', o.maxForce],
    ['contact time', o.contactTime]] as const).find(([, x]) => !Number.isFinite(x));
  const why = bad !== undefined ? `${bad[0]} = ${bad[1]}`
    : o.restitution > 1 + RESTITUTION_TOLERANCE ? `e_out = ${shortNumber(o.restitution)} > 1, a rebound faster than the impact`
      : o.maxOverlap >= spec.radius ? `a largest overlap of ${shortNumber(o.maxOverlap)} m, beyond the radius ${spec.radius} m`
        : undefined;
  if (why === undefined) return;
  throw new RangeError(`the ${spec.normal.model} impact at ${spec.speed} m/s (radius ${spec.radius} m, E = `
    + `${shortNumber(spec.material.youngsModulus)} Pa${spec.gravity ? `, gravity ${spec.gravity} m/s²` : ''}) gave ${why}: `
    + 'not a physical result; these inputs are outside what the law resolves');
}

/** Young's modulus that gives Hertz stiffness K for a sphere of radius R against `target` of the same material. */
export function youngsModulusForStiffness(K: number, radius: number, target: ImpactTarget, poissonsRatio: number): number {
  // Same material on both sides: E* = E/(2(1−ν²)), K = (4/3)E*√R_eff (docs/physics.md §1.5).
  const reff = target === 'wall' ? radius : radius / 2;
  return ((3 * K) / (4 * Math.sqrt(reff))) * 2 * (1 - poissonsRatio ** 2);
}

/** Density that gives mass m to a sphere of radius R (kg/m³). */
export function densityForMass(mass: number, radius: number): number {
  return mass / ((4 / 3) * Math.PI * radius ** 3);
}

function sphereMass(spec: ImpactSpec): number {
  return (4 / 3) * Math.PI * spec.radius ** 3 * spec.material.density;
}

function impactScenario(spec: ImpactSpec, dt: number, gap: number, duration: number): ScenarioInput {
  const R = spec.radius, v = spec.speed;
  const material = { ...spec.material };
  if (spec.target === 'wall') {
    return {
      name: 'impact',
      gravity: [0, 0, -(spec.gravity ?? 0)],
      time: { duration, dt },
      materials: { m: material },
      contact: { normal: spec.normal, endOfContact: spec.endOfContact },
      particles: [{ position: [0, 0, R + gap], velocity: [0, 0, -v], radius: R, material: 'm' }],
      walls: [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }],
      workers: 1,
    };
  }
  return {
    name: 'impact',
    gravity: [0, 0, 0],
    time: { duration, dt },
    materials: { m: material },
    contact: { normal: spec.normal, endOfContact: spec.endOfContact },
    particles: [
      { position: [-(R + gap / 2), 0, 0], velocity: [v / 2, 0, 0], radius: R, material: 'm' },
      { position: [R + gap / 2, 0, 0], velocity: [-v / 2, 0, 0], radius: R, material: 'm' },
    ],
    workers: 1,
  };
}

/**
 * Runs the impact; throws ScenarioError for an input out of range (checkImpactSpec) or a bad law spec or material
 * (from the scenario loader), RangeError for an impact that does not end or gives no physical result.
 */
export function simulateImpact(spec: ImpactSpec): ImpactOutcome {
  checkImpactSpec(spec);
  const mass = sphereMass(spec);
  const wall = spec.target === 'wall';
  const meff = wall ? mass : effectiveMass(mass, mass);
  const reff = wall ? spec.radius : effectiveRadius(spec.radius, spec.radius);
  const hertzK = (4 / 3) * (spec.material.youngsModulus / (2 * (1 - spec.material.poissonsRatio ** 2))) * Math.sqrt(reff);
  // The step resolves the shorter of the elastic Hertz time and, for a linear law, π/√(k/m*).
  const linearK = (spec.normal as { stiffness?: number }).stiffness;
  const hertzTime = hertzContactTime(meff, hertzK, spec.speed);
  const tc = linearK === undefined ? hertzTime : Math.min(hertzTime, linearContactTime(meff, linearK));
  const dt = tc / (spec.stepsPerContact ?? 1000);
  const gap = 5 * dt * spec.speed;
  const duration = gap / spec.speed + IMPACT_WINDOW * tc;
  const setup = impactSetup(impactScenario(spec, dt, gap, duration), spec);
  const g = wall ? spec.gravity ?? 0 : 0;
  const trace: ImpactTrace = { time: [], overlap: [], force: [] };
  let stiffness = 0, damping = 0;
  // Time the bodies spent in a force-free coast that was skipped (skipForceFreeCoast), for the trace's clock.
  let skipped = 0;
  const { record } = stepUntilImpactEnds(setup, (sim, ended) => {
    const { overlap, force: fn, separationSpeed } = contactState(sim, wall, spec.radius, mass * g);
    if (overlap > 0 || ended !== undefined) {
      if (stiffness === 0 && overlap > 0) {
        stiffness = wall ? sim.wallStiffness(0) : sim.pairStiffness(0);
        damping = wall ? sim.walls.c[0] : sim.pairs.c[0];
      }
      trace.time.push(sim.time + skipped);
      trace.overlap.push(Math.max(overlap, 0));
      trace.force.push(overlap > 0 ? fn : 0);
    }
    if (ended === undefined && g === 0 && overlap > 0 && fn === 0 && separationSpeed > 0) {
      skipped += skipForceFreeCoast(sim, wall, overlap, separationSpeed, dt);
    }
  });
  if (record === undefined) {
    throw new RangeError(`the ${spec.normal.model} impact at ${spec.speed} m/s had not ended after `
      + `${duration.toPrecision(3)} s (${IMPACT_WINDOW} contact times): its overlap closes too slowly for the steps `
      + `that resolve the contact (strong damping under "free", or gravity holding the sphere on the wall)`);
  }
  const outcome = {
    restitution: record.reboundSpeed / record.impactSpeed,
    impactSpeed: record.impactSpeed,
    reboundSpeed: record.reboundSpeed,
    maxOverlap: record.maxOverlap,
    maxForce: record.maxNormalForce,
    contactTime: compressiveTime(trace, dt),
    stiffness,
    damping,
    effectiveMass: meff,
  };
  checkOutcome(spec, outcome);
  return { ...outcome, trace };
}

/** The contact of the impact as the bodies' state shows it after a step. */
interface ContactState {
  /** overlap δ (m) */
  overlap: number;
  /** normal contact force F_n (N), > 0 pushing the bodies apart */
  force: number;
  /** −dδ/dt (m/s): > 0 while the bodies move apart */
  separationSpeed: number;
}

/**
 * The contact read back from the particle state: a sphere on the plane z = 0 (`weight` = m g is in its total
 * force and not the contact's), or two spheres on the x axis, the first at negative x.
 */
function contactState(sim: Simulation, wall: boolean, radius: number, weight: number): ContactState {
  const { pos, vel, force } = sim.st;
  if (wall) return { overlap: radius - pos[2], force: force[2] + weight, separationSpeed: vel[2] };
  const dx = pos[0] - pos[3], side = Math.sign(dx);
  return { overlap: 2 * radius - Math.abs(dx), force: force[0] * side, separationSpeed: side * (vel[0] - vel[3]) };
}

/**
 * Moves the bodies of a contact that has lifted off — no contact force (clamped at 0 under "no-tension", or
 * below a law's permanent set), no gravity, bodies moving apart — to half a step's travel short of the overlap's
 * end, and returns the time that takes. Why: from there on nothing acts on them, so they coast at the rebound
 * speed, already settled, until the overlap closes; but that coast takes δ/(e·v₀), which at the least e a law
 * reaches (~1e-6) is 1e5 contact times, beyond any window of steps sized by the contact. The force stays 0 on the
 * way: at a fixed separation speed every law's elastic part shrinks faster with δ than its damping (δ^{3/2} or δ
 * against δ^m with m below the elastic exponent) or, in the Hunt–Crossley family, in proportion with it
 * (Kδ^{3/2}(1 + Zδ̇/v₀)), and a permanent set's unloading curve has ended. The next step then closes the engine's
 * collision record with the speed it had.
 */
function skipForceFreeCoast(sim: Simulation, wall: boolean, overlap: number, separationSpeed: number, dt: number): number {
  const time = (overlap - 0.5 * separationSpeed * dt) / separationSpeed;
  if (!(time > 0)) return 0;
  const { pos, vel } = sim.st;
  for (const k of wall ? [2] : [0, 3]) pos[k] += vel[k] * time;
  return time;
}

/**
 * Steps a simulation of `setup` on this thread until the first collision record closes, at most the scenario's
 * steps; after every step `observe` sees the simulation and the record if it closed in that step. Returns the
 * record (undefined when the steps ran out first) and the simulation in its final state.
 */
function stepUntilImpactEnds(
  setup: RunSetup, observe: (sim: Simulation, ended: ImpactRecord | undefined) => void,
): { record: ImpactRecord | undefined; sim: Simulation } {
  const sim = new Simulation(setup);
  let record: ImpactRecord | undefined;
  for (let k = 0; k < setup.steps && record === undefined; k++) {
    sim.step((r) => { record = r; });
    observe(sim, record);
  }
  return { record, sim };
}

/**
 * The impact's run set up; an error in its scenario names the caller's field — the law (`contact.normal.…`) or
 * the material (`material.…`) — or, when it is in the geometry this module derived (a material so stiff or light
 * that the contact time underflows), says so about the impact as a whole.
 */
function impactSetup(scenario: ScenarioInput, spec: ImpactSpec) {
  try {
    return createSetup(parseScenario(scenario));
  } catch (error) {
    if (!(error instanceof ScenarioError) || error.field.startsWith('contact.')) throw error;
    const { detail } = error;
    if (error.field.startsWith('materials.m.')) throw new ScenarioError(`material.${error.field.slice(12)}`, detail);
    throw new RangeError(`the ${spec.normal.model} impact at ${spec.speed} m/s (radius ${spec.radius} m, E = `
      + `${shortNumber(spec.material.youngsModulus)} Pa, density ${shortNumber(spec.material.density)} kg/m³) cannot be `
      + `simulated (${error.field}: ${detail}); these inputs are outside what the engine resolves`);
  }
}

/**
 * Duration of the compressive force: from touch-down to the zero of F_n on the way out, with both ends
 * interpolated linearly within their step (F_n grows from 0 at touch-down, so the first sample's step counts
 * in proportion to its overlap).
 */
function compressiveTime(trace: ImpactTrace, dt: number): number {
  const { time, force, overlap } = trace;
  if (time.length < 2) return 0;
  // Touch-down inside the step before the first sample: overlap grows linearly from 0 at the approach speed.
  const start = time[0] - dt * overlap[0] / Math.max(overlap[1] - overlap[0], Number.MIN_VALUE);
  let k = 1;
  while (k < force.length && !(force[k] <= 0 && force[k - 1] > 0)) k++;
  if (k >= force.length) return time[time.length - 1] - start;
  const fraction = force[k - 1] / (force[k - 1] - force[k]);
  return time[k - 1] + fraction * (time[k] - time[k - 1]) - start;
}
