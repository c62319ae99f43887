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
import { CONTACT_SPEEDS } from '../forces/normal/parameters.js';
import { shortNumber } from '../base/short-number.js';
import { parseScenario } from '../scenario/load.js';
import type { EndOfContact, Material, ScenarioInput } from '../scenario/schema.js';
import { effectiveMass, effectiveRadius } from '../forces/elastic.js';
import { AUTO_STEPS_PER_CONTACT } from '../engine/timestep.js';
import { createSetup, type RunSetup } from './setup.js';
import { Simulation, type ImpactRecord } from '../engine/simulation.js';
import { hertzContactTime, hertzOverlap, linearContactTime } from '../forces/normal/springs.js';

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
  /** time steps per elastic Hertz contact time, in IMPACT_BOUNDS.stepsPerContact; default IMPACT_STEPS_PER_CONTACT */
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

/** A closed range an impact input must lie in, with its unit and what it is, for the message. */
export interface ImpactBound {
  min: number;
  max: number;
  unit: string;
  what: string;
  /** a count: only whole numbers lie in the range */
  whole?: boolean;
}

/**
 * Steps per elastic contact time t_c of an impact by default: the force curve and e_out resolved to ~1e-6 in e for
 * every law but those whose damping ends the approach within few steps (`grainflow impact` says which).
 */
export const IMPACT_STEPS_PER_CONTACT = 1000;

/**
 * Bounds of an impact's inputs, each wide enough for every real grain and narrow enough that the impact's scenario
 * (its contact time, step and approach gap) stays in range: outside them the run's own fields overflowed or
 * underflowed (`time.duration: must be > 0`, `particles[0].position[0]`) instead of naming the input.
 *  speed         CONTACT_SPEEDS, the speeds a contact meets in DEM (forces/normal/parameters.ts). Above: Hertz's
 *                quasi-static contact, on which every law builds, holds only well below the elastic wave speed of
 *                solids (a few km/s). Below: the largest overlap, δ/R ≈ (ρv²/E)^{2/5}, must stay far above the
 *                coordinates' resolution (1e-16 R); at 1e-4 m/s with the lightest and stiffest material below it is
 *                ~1e-9 R, while at 1e-300 m/s it underflows.
 *  radius        From 0.1 µm, below which adhesion (JKR) and surface forces, not Hertz's adhesionless contact, govern
 *                an impact, to boulders of 100 m, with the approach gap well inside the scene's coordinate range.
 *                The contact time is proportional to R: at 1e-300 m it underflows to 0.
 *  youngsModulus From 100 Pa, softer than the softest hydrogels (~1 kPa), to 1e13 Pa, ten times diamond's 1.05e12 Pa.
 *                The contact time goes as E^{-2/5}: at 1e-300 Pa the approach lies beyond the coordinate range.
 *  density       From 0.1 kg/m³, below the lightest aerogels (~0.16), to 1e5 kg/m³, four times osmium's 22 590.
 *  stiffness     A linear spring k up to 1e14 N/m, stiffer than any contact: two diamond bodies (E* ≈ 6e11 Pa)
 *                touching over a contact radius of 100 m (the largest radius) have 2E*a ≈ 1e14 N/m. The step is
 *                π√(m* / k)/1000: at 1e308 N/m it underflows.
 *  gravity       Up to 100 g; beyond that the weight, not the impact, sets the contact.
 *  stepsPerContact  A whole number from a run's own automatic step (t_c/AUTO_STEPS_PER_CONTACT, engine/timestep.ts),
 *                so a caller can see what e that step delivers, to 20 times the default, which holds an impact that
 *                never ends (given up after IMPACT_WINDOW contact times) to 2·10⁶ steps, seconds, and its trace to
 *                tens of MB. Beyond it the run's own step budget refused the impact naming its internal time.dt
 *                (1e12: 1e14 steps); a fraction (1.5) gave a contact time of Infinity.
 */
export const IMPACT_BOUNDS = {
  speed: { min: CONTACT_SPEEDS[0], max: CONTACT_SPEEDS[1], unit: 'm/s', what: 'impact speed' },
  radius: { min: 1e-7, max: 100, unit: 'm', what: 'sphere radius' },
  youngsModulus: { min: 100, max: 1e13, unit: 'Pa', what: "Young's modulus" },
  density: { min: 0.1, max: 1e5, unit: 'kg/m³', what: 'density' },
  stiffness: { min: 0, max: 1e14, unit: 'N/m', what: 'linear spring stiffness k' },
  gravity: { min: 0, max: 1000, unit: 'm/s²', what: 'gravity towards the wall' },
  stepsPerContact: {
    min: AUTO_STEPS_PER_CONTACT, max: 20 * IMPACT_STEPS_PER_CONTACT, unit: 'steps', what: 'time steps per elastic contact time t_c',
    whole: true,
  },
} as const satisfies Record<string, ImpactBound>;

export const MAX_IMPACT_SPEED = IMPACT_BOUNDS.speed.max;

/**
 * A bound's range as messages and usage print it, e.g. "[1e-7, 100] m". A bound from 0 excludes 0 (a stiffness of
 * 0 is no spring) unless `zeroAllowed` (gravity, where 0 is no gravity).
 */
export function boundRange(bound: ImpactBound, zeroAllowed = false): string {
  const low = bound.min === 0 && !zeroAllowed ? '(0' : `[${shortNumber(bound.min)}`;
  return `${low}, ${shortNumber(bound.max)}] ${bound.unit}`;
}

/** Refuses `value` outside `bound` (boundRange) with a ScenarioError naming `field` and the range. */
export function checkWithin(field: string, bound: ImpactBound, value: number, zeroAllowed = false): void {
  const aboveMin = bound.min === 0 && !zeroAllowed ? value > 0 : value >= bound.min;
  if (aboveMin && value <= bound.max && (bound.whole !== true || Number.isInteger(value))) return;
  throw new ScenarioError(field, `must be a ${bound.whole === true ? 'whole ' : ''}number in ${boundRange(bound, zeroAllowed)} `
    + `(${bound.what}); got ${value}`);
}

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
  checkWithin('speed', IMPACT_BOUNDS.speed, spec.speed);
  checkWithin('radius', IMPACT_BOUNDS.radius, spec.radius);
  checkWithin('material.youngsModulus', IMPACT_BOUNDS.youngsModulus, spec.material.youngsModulus);
  checkWithin('material.density', IMPACT_BOUNDS.density, spec.material.density);
  const { stiffness } = spec.normal as { stiffness?: unknown };
  if (typeof stiffness === 'number') checkWithin('contact.normal.stiffness', IMPACT_BOUNDS.stiffness, stiffness);
  if (spec.stepsPerContact !== undefined) checkWithin('stepsPerContact', IMPACT_BOUNDS.stepsPerContact, spec.stepsPerContact);
  if (spec.gravity !== undefined) {
    checkWithin('gravity', IMPACT_BOUNDS.gravity, spec.gravity, true);
    if (spec.target !== 'wall' && spec.gravity !== 0) {
      throw new ScenarioError('gravity', 'applies to a sphere on a wall only (target "wall"); two spheres head-on '
        + `collide without gravity; got ${spec.gravity} with target "${spec.target}"`);
    }
  }
}

/**
 * Refuses an outcome that is not a physical impact — a number that is not finite, a rebound faster than the
 * approach, an overlap beyond the radius — rather than let it be printed: inputs at the edge of what the law
 * resolves (a material of extreme stiffness, a law at its limits) or a step too coarse for the law's damping give
 * such numbers, and no caller can use them; the message says when a finer step may help.
 */
function checkOutcome(spec: ImpactSpec, o: Omit<ImpactOutcome, 'trace'>): void {
  const bad = ([['e_out', o.restitution], ['largest overlap', o.maxOverlap], ['peak force', o.maxForce],
    ['contact time', o.contactTime]] as const).find(([, x]) => !Number.isFinite(x));
  const unstable = bad !== undefined ? `${bad[0]} = ${bad[1]}`
    : o.restitution > 1 + RESTITUTION_TOLERANCE ? `e_out = ${shortNumber(o.restitution)} > 1, a rebound faster than the impact`
      : undefined;
  if (unstable !== undefined) {
    // Energy the integration created: a damping time m*/c shorter than the step (Kelvin–Voigt and hertz-dashpot at
    // their least e act over about t_c/2800), which a finer step resolves; past the finest, the inputs are the cause.
    const steps = spec.stepsPerContact ?? IMPACT_STEPS_PER_CONTACT;
    const finest = IMPACT_BOUNDS.stepsPerContact.max;
    throw new RangeError(`${describeImpact(spec)} gave ${unstable}: not a physical result at t_c/${steps} steps; `
      + (steps < finest ? `more steps per contact (up to ${finest}) resolve a damping faster than the step, otherwise `
        : 'even at the finest step, so ') + 'these inputs are outside what the law resolves');
  }
  if (o.maxOverlap >= spec.radius) {
    throw new RangeError(`${describeImpact(spec)} gave a largest overlap of ${shortNumber(o.maxOverlap)} m, beyond the `
      + `radius ${spec.radius} m: not a physical result; these inputs are outside what the law resolves`);
  }
}

/** The impact in a message: its law, speed and the inputs that set its scales. */
function describeImpact(spec: ImpactSpec): string {
  const { stiffness } = spec.normal as { stiffness?: number };
  return `the ${spec.normal.model} impact at ${spec.speed} m/s (radius ${spec.radius} m, `
    + `E = ${shortNumber(spec.material.youngsModulus)} Pa, density ${shortNumber(spec.material.density)} kg/m³`
    + `${stiffness === undefined ? '' : `, k = ${shortNumber(stiffness)} N/m`}`
    + `${spec.gravity ? `, gravity ${spec.gravity} m/s²` : ''})`;
}

/**
 * The least overlap, as a fraction of the radius, an impact's run resolves: its coordinates carry ~1e-16 of the
 * radius, and the overlap, sampled ~1000 times a contact, must move by many such units per step.
 */
const LEAST_RESOLVED_OVERLAP = 1e-10;

/**
 * Refuses, before the run, an impact whose elastic overlap (the largest any law of that spring reaches; damping
 * only lessens it) is beyond the radius — the bodies would pass through each other, which the engine's contact
 * bookkeeping does not survive — or too small a fraction of it for the coordinates to resolve. Each input can be
 * in its range (IMPACT_BOUNDS) and the combination still be either: a 100 Pa gel as dense as osmium at 1000 m/s, a
 * 1e14 N/m spring on a 0.1 µm aerogel grain at 1e-4 m/s.
 */
function checkOverlapResolved(spec: ImpactSpec, elasticOverlap: number): void {
  const why = elasticOverlap >= spec.radius ? 'beyond the radius: the bodies would pass through each other'
    : elasticOverlap < LEAST_RESOLVED_OVERLAP * spec.radius
      ? `below ${LEAST_RESOLVED_OVERLAP} of the radius, finer than its coordinates resolve` : undefined;
  if (why === undefined) return;
  throw new RangeError(`${describeImpact(spec)} would overlap by up to ${shortNumber(elasticOverlap)} m, ${why}; `
    + 'these inputs are outside what the engine resolves');
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
  // The step resolves the law's own elastic contact time, as the engine's automatic step does (engine/setup.ts):
  // Hertz's, or π/√(k/m*) for a linear law, whose force has no Hertz part (the shorter of the two once sized it, so
  // a soft spring's contact outlasted the window of 100 Hertz times).
  const linearK = (spec.normal as { stiffness?: number }).stiffness;
  checkOverlapResolved(spec, linearK === undefined ? hertzOverlap(meff, hertzK, spec.speed) : spec.speed * Math.sqrt(meff / linearK));
  const tc = linearK === undefined ? hertzContactTime(meff, hertzK, spec.speed) : linearContactTime(meff, linearK);
  const dt = tc / (spec.stepsPerContact ?? IMPACT_STEPS_PER_CONTACT);
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
    throw new RangeError(`${describeImpact(spec)} cannot be simulated (${error.field}: ${detail}); these inputs are `
      + 'outside what the engine resolves');
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
