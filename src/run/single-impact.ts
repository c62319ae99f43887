/**
 * One normal impact run through the real engine (scenario → setup → Simulation, the same contact kernel as
 * `grainflow run`): two identical spheres head-on (the aluminium spheres of Machado 2012 and Lankarani 1994) or a
 * sphere dropped on a fixed plane of its own material (the bouncing ball of Safaeifar 2020) — the reference
 * impacts of docs/physics.md §7.9. Used by `grainflow impact`, `grainflow calibrate` and the tests of those
 * reference impacts.
 *
 * The run starts a few steps before touch-down and stops when the collision record closes (overlap back to 0).
 * Each step records the overlap δ and the normal contact force F_n, read back from the particle state
 * (F_n = (f − m g)·n on the moving sphere, n pointing away from the other body).
 */
import { parseScenario } from '../scenario/load.js';
import type { EndOfContact, Material, ScenarioInput } from '../scenario/schema.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';
import { createSetup } from '../engine/setup.js';
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

/** Runs the impact; throws ScenarioError for a bad law spec or material (from the scenario loader). */
export function simulateImpact(spec: ImpactSpec): ImpactOutcome {
  if (!(spec.speed > 0)) throw new RangeError(`impact speed must be > 0 m/s, got ${spec.speed}`);
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
  // Generous: heavily damped impacts last several elastic contact times; the loop stops at the record's close.
  const duration = gap / spec.speed + 100 * tc;
  const setup = createSetup(parseScenario(impactScenario(spec, dt, gap, duration)));
  const sim = new Simulation(setup);
  const g = wall ? spec.gravity ?? 0 : 0;
  const trace: ImpactTrace = { time: [], overlap: [], force: [] };
  let record: ImpactRecord | undefined;
  let stiffness = 0, damping = 0;
  for (let k = 0; k < setup.steps && record === undefined; k++) {
    sim.step((r) => { record = r; });
    const { pos, force } = sim.st;
    let overlap: number, fn: number;
    if (wall) {
      overlap = spec.radius - pos[2];
      fn = force[2] + mass * g;
    } else {
      const dx = pos[0] - pos[3];
      overlap = 2 * spec.radius - Math.abs(dx);
      fn = force[0] * Math.sign(dx);
    }
    if (overlap > 0 || record !== undefined) {
      if (stiffness === 0 && overlap > 0) {
        stiffness = wall ? sim.wallStiffness(0) : sim.pairStiffness(0);
        damping = wall ? sim.walls.c[0] : sim.pairs.c[0];
      }
      trace.time.push(sim.time);
      trace.overlap.push(Math.max(overlap, 0));
      trace.force.push(overlap > 0 ? fn : 0);
    }
  }
  if (record === undefined) {
    throw new RangeError(`the impact at ${spec.speed} m/s had not ended after ${duration.toPrecision(3)} s`);
  }
  return {
    restitution: record.reboundSpeed / record.impactSpeed,
    impactSpeed: record.impactSpeed,
    reboundSpeed: record.reboundSpeed,
    maxOverlap: record.maxOverlap,
    maxForce: record.maxNormalForce,
    contactTime: compressiveTime(trace, dt),
    stiffness,
    damping,
    effectiveMass: meff,
    trace,
  };
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
