/**
 * grainflow's compute kernel, in AssemblyScript (https://www.assemblyscript.org), compiled to WebAssembly by
 * `npm run build` (asc, an npm package: no system toolchain) into dist/src/kernel/grainflow.wasm. It holds the
 * contact law and the three passes of every time step (the sphere–wall geometry stays in JavaScript); the JavaScript side (src/forces/kernel-instance.ts) gives each
 * thread an instance over the one shared memory that holds the particle state and the contact lists
 * (src/base/kernel-memory.ts), binds it to those arrays, and calls these exports. docs/architecture.md §3 says how
 * results stay bit-identical for any number of threads, and what each lever of issue #13 gave; in short (10 000-sphere
 * bed of `npm run bench -- --only vs-lammps`, 6 000 fall + 6 000 bed steps, seconds on 1 / 2 threads, 2026-11-27,
 * faster of two passes on a machine whose speed drifts by ±15 %):
 *   JavaScript kernel (39ef8f0)                                          24.1 / 16.7
 *   this kernel in WebAssembly, one pair pass per law and options         17.9 / 12.7
 *   compact lists (history 3 doubles, CSR for split particles only)       17.1 / 11.8   (94 → 48 B per pair)
 *   wall law in the gather pass, geometry from JavaScript beforehand      18.5 / 10.7   (within noise)
 *   lanes balanced by measured time                                       15.6 /  9.8   (A/B: 11.7 → 10.3 s, 2 threads)
 *   predicted velocities once per particle (pass 1)                       15.3 / 10.5   (A/B: 17.9 → 17.2 s, 1 thread)
 *   pairs summed straight into force and torque                           17.4 / 10.6   (A/B at 50k, 2 threads: −7 %)
 *   memory levers at 10⁶ spheres (856 → 698 B per sphere)                 16.4 / 11.4   (within noise)
 *   memory, second pass (698 → 630 B per sphere; 803 → 643 on 2 threads)  16.5 /  9.0   (within noise)
 */
import * as bound from './bound';

export { pairForces } from './pairs';
export { kickDrift, beginForces, gatherAndKick } from './passes';
export { evaluateContact } from './contact';
export * from './layout';

/** The particle state (particles/state.ts), by byte offset, and gravity (m/s²). */
export function bindParticles(
  pos: usize, vel: usize, omega: usize, force: usize, torque: usize, radius: usize, mass: usize, invMass: usize,
  invInertia: usize, posAtBuild: usize, predicted: usize, gx: f64, gy: f64, gz: f64,
): void {
  bound.pos = pos; bound.vel = vel; bound.omega = omega; bound.force = force; bound.torque = torque;
  bound.radius = radius; bound.mass = mass; bound.invMass = invMass; bound.invInertia = invInertia;
  bound.posAtBuild = posAtBuild; bound.predicted = predicted; bound.gravityX = gx; bound.gravityY = gy; bound.gravityZ = gz;
}

/** The contact table (forces/contact-table.ts KernelTable), by byte offset, and its end-of-contact rule. */
export function bindTable(
  elastic: usize, exponent: usize, linearStiffness: usize, plasticSet: usize, minimumImpactSpeed: usize,
  friction: usize, rollingFriction: usize, hertzCoef: usize, mindlinCoef: usize, noTension: bool,
): void {
  bound.elasticOf = elastic; bound.exponentOf = exponent; bound.linearStiffness = linearStiffness;
  bound.plasticSet = plasticSet; bound.minimumImpactSpeed = minimumImpactSpeed; bound.friction = friction;
  bound.rollingFriction = rollingFriction; bound.hertzCoef = hertzCoef; bound.mindlinCoef = mindlinCoef;
  bound.noTension = noTension;
}

/** What the run uses (forces/contact.ts KernelFeatures); −1 for a law the classes do not share. */
export function bindFeatures(
  elastic: i32, exponent: i32, friction: bool, rolling: bool, impacts: bool, periodic: bool,
): void {
  bound.sharedElastic = elastic; bound.sharedExponent = exponent; bound.hasFriction = friction;
  bound.hasRolling = rolling; bound.trackImpacts = impacts; bound.periodic = periodic;
}

/**
 * The pair list of the current neighbour build (contacts/contact-arrays.ts PairArrays), by byte offset, and its
 * doubles of history per contact.
 */
export function bindPairs(
  first: usize, second: usize, c: usize, cls: usize, touching: usize, history: usize, historyStride: i32, impact: usize,
  ended: usize,
  image: usize, shift: usize, gathered: usize, out: usize, gatheredPairs: usize, gatheredCount: i32, csrStart: usize,
  csrEntry: usize,
): void {
  bound.pairFirst = first; bound.pairSecond = second; bound.pairDamping = c; bound.pairClass = cls;
  bound.pairTouching = touching; bound.pairHistory = history; bound.pairHistoryStride = historyStride;
  bound.pairImpact = impact; bound.pairEnded = ended;
  bound.image = image; bound.shift = shift; bound.gathered = gathered; bound.pairOut = out; bound.gatheredPairs = gatheredPairs;
  bound.gatheredCount = gatheredCount; bound.csrStart = csrStart;
  bound.csrEntry = csrEntry;
}

/**
 * The sphere–wall list of the current neighbour build (contacts/contact-arrays.ts WallArrays), by byte offset, and
 * its doubles of history per contact.
 */
export function bindWalls(
  rowStart: usize, c: usize, cls: usize, touching: usize, history: usize, historyStride: i32, impact: usize,
  ended: usize, candidateGeometry: usize,
): void {
  bound.wallStart = rowStart; bound.wallDamping = c; bound.wallClass = cls; bound.wallTouching = touching;
  bound.wallHistory = history; bound.wallHistoryStride = historyStride; bound.wallImpact = impact;
  bound.wallEnded = ended; bound.wallCandidates = candidateGeometry;
}

/** This thread's scratch block (layout.ts SCRATCH_LENGTH doubles), by byte offset. */
export function bindScratch(scratch: usize): void {
  bound.scratch = scratch;
}
