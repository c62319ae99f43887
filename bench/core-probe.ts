/**
 * What each core gives on the same short run: the benches that compare one-thread runs print it before and after
 * them, so that a reader sees whether the host's cores were equal while they ran (code-runs.ts pinnableCores says
 * why they may not be). The run is the vs-lammps bed on one grainflow thread, pinned to each core in turn.
 */
import { loopSeconds, pinnableCores, runGrainflow } from './code-runs.js';

/** steps of the fall and of the bed: long enough to reach the settled bed's contacts, a few seconds a core */
const PROBE_STEPS: [number, number] = [2000, 2000];

/** `cores: …` — each core's loop seconds on `scenario` (a one-thread vs-lammps bed), or why none were probed. */
export async function coreProbeLine(scenario: string, dir: string): Promise<string> {
  const cores = pinnableCores();
  if (cores === 0) return 'cores: not probed (one core, or taskset not on the PATH): one-thread runs are left to the scheduler';
  const seconds: number[] = [];
  let spheres = 0;
  for (let core = 0; core < cores; core++) {
    const t = await runGrainflow(scenario, 1, PROBE_STEPS, dir, { core });
    seconds.push(loopSeconds(t));
    spheres = t.spheres;
  }
  return `cores: the ${spheres}-sphere bed on one grainflow thread, ${PROBE_STEPS[0]} + ${PROBE_STEPS[1]} steps, `
    + `pinned to each core in turn, loop seconds: ${seconds.map((s, k) => `core ${k} ${s.toFixed(2)}`).join(', ')} `
    + `(slowest / fastest ${(Math.max(...seconds) / Math.min(...seconds)).toFixed(2)})`;
}
