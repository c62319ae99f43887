/**
 * Builds and runs single-collision scenarios through the real engine (scenario → setup → Simulation), so the
 * physics tests exercise exactly what `grainflow run` does, minus the file output.
 */
import { parseScenario } from '../../src/scenario/load.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';
import { createSetup, type RunSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';

export type Vec3 = [number, number, number];
export type NormalInput = NonNullable<ScenarioInput['contact']>['normal'];
export type EndOfContactInput = 'free' | 'no-tension';

/** Young's modulus giving Hertz stiffness K for two bodies of one material: E* = E/(2(1−ν²)), K = (4/3)E*√R_eff. */
export function youngsModulusFor(K: number, reff: number, nu: number): number {
  return ((3 * K) / (4 * Math.sqrt(reff))) * 2 * (1 - nu * nu);
}

export function densityFor(mass: number, radius: number): number {
  return mass / ((4 / 3) * Math.PI * radius ** 3);
}

export interface CollisionCase {
  normal: NormalInput;
  endOfContact: EndOfContactInput;
  /** impact (approach) speed, m/s */
  speed: number;
  target: 'sphere' | 'wall';
  radius?: number;
  mass?: number;
  /** Hertz stiffness of the contact, N m^-3/2 */
  K?: number;
  nu?: number;
  friction?: number;
  /** time steps per Hertz contact time */
  stepsPerContact?: number;
  angularVelocities?: [Vec3, Vec3];
}

export interface CollisionResult {
  impact: ImpactRecord;
  setup: RunSetup;
  sim: Simulation;
  /** total linear momentum (kg m/s) before and after */
  momentumBefore: number[];
  momentumAfter: number[];
}

/** Elastic Hertz contact time at the impact speed (docs/physics.md §7.2). */
export function hertzContactTime(meff: number, K: number, v: number): number {
  return 3.2181 * (meff / K) ** 0.4 * v ** -0.2;
}

export function collisionScenario(c: CollisionCase): ScenarioInput {
  const R = c.radius ?? 0.02;
  const m = c.mass ?? 0.092;
  const K = c.K ?? 5.5e9;
  const nu = c.nu ?? 0.33;
  const wall = c.target === 'wall';
  const reff = wall ? R : R / 2;
  const meff = wall ? m : m / 2;
  const tc = hertzContactTime(meff, K, c.speed);
  const dt = tc / (c.stepsPerContact ?? 1000);
  const gap = 20 * dt * c.speed;
  const material = { youngsModulus: youngsModulusFor(K, reff, nu), poissonsRatio: nu, density: densityFor(m, R) };
  const [wa, wb]: [Vec3, Vec3] = c.angularVelocities ?? [[0, 0, 0], [0, 0, 0]];
  const particles: NonNullable<ScenarioInput['particles']> = wall
    ? [{ position: [0, 0, R + gap], velocity: [0, 0, -c.speed], angularVelocity: wa, radius: R, material: 'm' }]
    : [
      { position: [-(R + gap / 2), 0, 0], velocity: [c.speed / 2, 0, 0], angularVelocity: wa, radius: R, material: 'm' },
      { position: [R + gap / 2, 0, 0], velocity: [-c.speed / 2, 0, 0], angularVelocity: wb, radius: R, material: 'm' },
    ];
  return {
    name: 'collision',
    gravity: [0, 0, 0],
    time: { duration: gap / c.speed + 6 * tc, dt },
    materials: { m: material },
    contact: { normal: c.normal, endOfContact: c.endOfContact, friction: c.friction ?? 0 },
    particles,
    walls: wall ? [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'm' }] : [],
  };
}

function momentum(sim: Simulation): number[] {
  const { n, vel, mass } = sim.st;
  const p = [0, 0, 0];
  for (let k = 0; k < n; k++) for (let a = 0; a < 3; a++) p[a] += mass[k] * vel[3 * k + a];
  return p;
}

/** Runs a scenario to its end and returns the completed collisions. */
export function runScenario(input: ScenarioInput): { sim: Simulation; setup: RunSetup; impacts: ImpactRecord[] } {
  const setup = createSetup(parseScenario(input));
  const sim = new Simulation(setup);
  const impacts: ImpactRecord[] = [];
  for (let k = 0; k < setup.steps; k++) sim.step((r) => impacts.push(r));
  return { sim, setup, impacts };
}

export function collide(c: CollisionCase): CollisionResult {
  const setup = createSetup(parseScenario(collisionScenario(c)));
  const sim = new Simulation(setup);
  const momentumBefore = momentum(sim);
  const impacts: ImpactRecord[] = [];
  for (let k = 0; k < setup.steps; k++) sim.step((r) => impacts.push(r));
  if (impacts.length !== 1) throw new Error(`expected one collision, got ${impacts.length}`);
  return { impact: impacts[0], setup, sim, momentumBefore, momentumAfter: momentum(sim) };
}
