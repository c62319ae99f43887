/**
 * A simulation's complete dynamic state as a checkpoint, and back. Everything that decides the next steps is
 * saved as it is, never recomputed: particle arrays (force and torque included — the first half-kick after a
 * resume uses them — and posAtBuild, which decides the next rebuild), the contact lists in their exact order
 * with history, touching flags, open impact records and the CSR index, wall state, and the step and rebuild
 * counters (the Morton re-sort schedule depends on the latter). A restored simulation therefore continues
 * bit-identically to one that never stopped.
 */
import type { Simulation } from '../engine/simulation.js';
import type { Checkpoint, SavedArray } from './format.js';
import { captureObject, restoreObject } from './reflect.js';

/**
 * Per-step lists of ended collisions, written by each lane at its own offset before they are read: their
 * leftovers depend on the worker count, so they are saved zeroed and checkpoints are identical for any count.
 */
const SCRATCH = new Set(['ended']);

/** The parts of a Simulation that hold state, by section prefix. */
function stateParts(sim: Simulation): Record<string, object> {
  const parts: Record<string, object> = {
    particles: sim.st, pairs: sim.pairs, walls: sim.walls, wallStates: sim.wallStates, simulation: sim,
  };
  if (sim.pourer !== null) {
    // The pourer's counters and its random stream (a seedrandom generator inside RunRandom).
    parts.pour = sim.pourer;
    parts.pourRandom = (sim.pourer as unknown as { random: object }).random;
  }
  return parts;
}

/** `values` are the caller's own JSON values (output file lengths, analysis state), stored alongside. */
export function captureSimulation(sim: Simulation, scenarioHash: string, values: Record<string, unknown>): Checkpoint {
  const sections = new Map<string, SavedArray>();
  const all: Record<string, unknown> = {};
  for (const [prefix, part] of Object.entries(stateParts(sim))) captureObject(prefix, part, sections, all, SCRATCH);
  return { scenarioHash, step: sim.stepCount, time: sim.time, values: { ...all, run: values }, sections };
}

/** Overwrites the simulation's state with the checkpoint's; returns the caller's values saved with it. */
export function restoreSimulation(sim: Simulation, cp: Checkpoint): Record<string, unknown> {
  const { run, ...values } = cp.values;
  for (const [prefix, part] of Object.entries(stateParts(sim))) restoreObject(prefix, part, cp.sections, values);
  sim.stateRestored();
  return (run ?? {}) as Record<string, unknown>;
}
