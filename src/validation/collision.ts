/**
 * One collision of a sphere with a fixed plane or with a second sphere, run through the engine as a scenario with
 * the automatic time step (what a user gets): the set-ups of Chung & Ooi's benchmarks (chung-ooi.ts).
 *
 * Geometry (every case is planar): the plane is z = 0 with its normal +z; a second sphere sits below the first,
 * centres on the z axis at contact. Sphere 1 moves towards it with normal speed `normalSpeed` and tangential
 * (x) speed `tangentialSpeed`, spinning about y at `spin`; sphere 2 moves with its own velocity and spin. The run
 * starts a tenth of a contact time before touch-down and ends when the collision record closes. It is stepped
 * through the library's createSimulation on one thread, as a user's script would step it, and reads the contact's
 * damping coefficient from its `contacts()` (docs/library.md, "Stepping a simulation").
 */
import type { Material, ScenarioInput } from '../scenario/schema.js';
// The API's module, not its index (see scenario-run.ts).
import { createSimulation, type Collision, type Simulation } from '../api/simulation.js';
import { hertzContact } from './hertz.js';

export type NormalLaw = NonNullable<ScenarioInput['contact']>['normal'];
export type TangentialModel = NonNullable<NonNullable<ScenarioInput['contact']>['tangential']>['model'];

/** A second sphere: its material, radius and motion (x velocity, z velocity towards sphere 1, spin about y). */
export interface SecondSphere {
  material: Material;
  radius: number;
  tangentialSpeed?: number;
  normalSpeed?: number;
  spin?: number;
}

export interface CollisionSpec {
  material: Material;
  radius: number;
  /** approach speed of sphere 1 along −z (m/s) */
  normalSpeed: number;
  tangentialSpeed?: number;
  /** ω_y of sphere 1 (rad/s); its contact point then slides at tangentialSpeed − R·spin */
  spin?: number;
  /** the plane's material (Chung & Ooi's rigid plane: a much stiffer one) or a second sphere */
  target: { plane: Material } | { sphere: SecondSphere };
  normal: NormalLaw;
  friction?: number;
  /** the tangential model (contact.tangential.model; default the scenario format's) */
  tangential?: TangentialModel;
  /** the automatic time step is divided by this (default 1: what a user gets) */
  refine?: number;
}

/** Velocities (m/s) and spins (rad/s) of a sphere in the plane of the collision. */
export interface PlanarMotion {
  /** x velocity */
  tangential: number;
  /** z velocity */
  normal: number;
  /** ω_y */
  spin: number;
}

export interface CollisionOutcome {
  record: Collision;
  /** sphere 1 and (for two spheres) sphere 2 after the collision */
  after: PlanarMotion[];
  dt: number;
  /** damping coefficient c of the contact's normal law, as the engine calibrated it */
  damping: number;
  /** normal force against overlap at every step of the contact (N, m), from sphere 1's force */
  loop: { overlap: number[]; force: number[] };
}

export async function collide(spec: CollisionSpec): Promise<CollisionOutcome> {
  const two = 'sphere' in spec.target;
  const other = 'sphere' in spec.target ? spec.target.sphere : null;
  const R1 = spec.radius, R2 = other?.radius ?? 0;
  const approach = spec.normalSpeed + (other?.normalSpeed ?? 0);
  const estimate = hertzContact(spec.material, spec.radius, 'plane' in spec.target ? spec.target.plane : other!.material,
    other?.radius ?? Infinity, other === null ? Infinity : sphereMass(other.material, R2), approach);
  const lead = 0.1 * estimate.duration;
  const materials: Record<string, Material> = { one: spec.material, two: 'plane' in spec.target ? spec.target.plane : other!.material };
  // Placed so that the bodies touch, centres on the z axis, `lead` seconds into the run.
  const particles: NonNullable<ScenarioInput['particles']> = [{
    position: [-(spec.tangentialSpeed ?? 0) * lead, 0, R1 + R2 + spec.normalSpeed * lead],
    velocity: [spec.tangentialSpeed ?? 0, 0, -spec.normalSpeed],
    angularVelocity: [0, spec.spin ?? 0, 0],
    radius: R1, material: 'one',
  }];
  if (other !== null) {
    particles.push({
      position: [-(other.tangentialSpeed ?? 0) * lead, 0, -(other.normalSpeed ?? 0) * lead],
      velocity: [other.tangentialSpeed ?? 0, 0, other.normalSpeed ?? 0],
      angularVelocity: [0, other.spin ?? 0, 0],
      radius: R2, material: 'two',
    });
  }
  const input: ScenarioInput = {
    name: 'collision',
    gravity: [0, 0, 0],
    time: { duration: lead + 20 * estimate.duration, dt: 'auto' },
    materials,
    contact: {
      normal: spec.normal, friction: spec.friction ?? 0,
      ...(spec.tangential === undefined ? {} : { tangential: { model: spec.tangential } }),
    },
    particles,
    walls: two ? [] : [{ type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'two' }],
    outputs: { frames: false },
    workers: 1,
  };
  // A refined run takes a fraction of the automatic step, which a simulation of the scenario as given reports.
  const automatic = await createSimulation(input);
  const refine = spec.refine ?? 1;
  let sim = automatic;
  if (refine !== 1) {
    await automatic.dispose();
    sim = await createSimulation({ ...input, time: { ...input.time, dt: automatic.dt / refine } });
  }
  try {
    return stepUntilEnded(sim, two, R1 + R2);
  } finally {
    await sim.dispose();
  }
}

/**
 * Steps `sim` until its collision ends (at most the scenario's steps), recording the force loop; sphere 1 has id 0,
 * the second sphere (when `two`) id 1, and their radii add up to `reach`.
 */
function stepUntilEnded(sim: Simulation, two: boolean, reach: number): CollisionOutcome {
  const loop = { overlap: [] as number[], force: [] as number[] };
  // The views are in storage order (the engine re-numbers spheres); ids keep the scenario's order.
  const index = (id: number) => sim.state.ids.indexOf(id);
  let record: Collision | undefined;
  let damping = Number.NaN;
  for (let k = 0; k < sim.steps && record === undefined; k++) {
    record = sim.step(1)[0];
    const pos = sim.state.positions, force = sim.state.forces;
    // n from the target to sphere 1; the normal force is sphere 1's force along it (no gravity).
    const a = 3 * index(0), b = 3 * index(1);
    const d = two ? [pos[a] - pos[b], pos[a + 1] - pos[b + 1], pos[a + 2] - pos[b + 2]] : [0, 0, pos[a + 2]];
    const distance = Math.hypot(d[0], d[1], d[2]);
    const overlap = reach - distance;
    if (overlap > 0) {
      loop.overlap.push(overlap);
      loop.force.push((force[a] * d[0] + force[a + 1] * d[1] + force[a + 2] * d[2]) / distance);
      if (Number.isNaN(damping)) damping = sim.contacts()[0].damping;
    }
  }
  if (record === undefined) throw new Error(`the collision had not ended after ${sim.steps * sim.dt} s`);
  const motion = (id: number): PlanarMotion => {
    const p = index(id), vel = sim.state.velocities, spin = sim.state.spins;
    return { tangential: vel[3 * p], normal: vel[3 * p + 2], spin: spin[3 * p + 1] };
  };
  return { record, after: two ? [motion(0), motion(1)] : [motion(0)], dt: sim.dt, damping, loop };
}

/**
 * `run` on each item one after the other (not all at once, as Promise.all would start them), so that a sweep of
 * collisions holds one simulation's memory at a time; results in the items' order.
 */
export async function inTurn<T, U>(items: readonly T[], run: (item: T) => Promise<U>): Promise<U[]> {
  const results: U[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}

export function sphereMass(material: Material, radius: number): number {
  return (4 / 3) * Math.PI * radius ** 3 * material.density;
}
