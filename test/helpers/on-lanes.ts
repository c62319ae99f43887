/**
 * A whole simulation stepped on a number of lanes (worker threads from the compiled build), for the tests that hold
 * runs on several lanes to the one-lane run: what `read` takes of it after the steps, and the state as bytes.
 */
import { availableParallelism } from 'node:os';
import type { CheckedScenario } from '../../src/scenario/checks.js';
import type { SerialExecutor } from '../../src/engine/parallel/executor.js';
import { Simulation } from '../../src/engine/simulation.js';
import { createSetup } from '../../src/run/setup.js';

/** Positions, velocities and spins of the simulation's spheres, each as base64 of their bytes. */
export function stateBytes(sim: Simulation): string[] {
  const { st } = sim;
  return [st.pos, st.vel, st.omega].map((a) => Buffer.from(a.buffer, a.byteOffset, 24 * st.n).toString('base64'));
}

/**
 * Steps `scenario` `steps` times on `lanes` lanes, on a machine of `cores` cores (this one's unless given), and returns
 * what `read` takes of it before it is closed.
 */
export async function afterStepsOnLanes<T>(
  scenario: CheckedScenario, lanes: number, steps: number, read: (sim: Simulation, executor: SerialExecutor) => T,
  cores = availableParallelism(),
): Promise<T> {
  const sim = new Simulation(createSetup(scenario), { lanes });
  await sim.useWorkers(lanes, cores);
  try {
    for (let k = 0; k < steps; k++) sim.step(() => {});
    return read(sim, (sim as unknown as { executor: SerialExecutor }).executor);
  } finally {
    await sim.close();
  }
}
