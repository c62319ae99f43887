/**
 * One grainflow process of the side-by-side benchmark (bench/vs-lammps.ts starts it, so that "whole process"
 * means the same for both codes: from exec to exit). Loads a scenario file, sets it up on `workers` threads
 * and runs two timed loops of steps, as LAMMPS runs its two `run` commands, printing the energies every
 * `thermo` steps as LAMMPS prints its thermo lines; the last line on stdout is a JSON report.
 *
 *   node dist/bench/vs-lammps-run.js SCENARIO WORKERS STEPS1 STEPS2 [FINAL_POSITIONS_FILE]
 *
 * FINAL_POSITIONS_FILE receives the final centres (Float64 xyz, in the scenario's sphere order, wrapped into the
 * periodic box), from which the benchmark tiles its large settled bed.
 */
import { writeFileSync } from 'node:fs';
import { loadScenarioFile } from '../src/scenario/load.js';
import { createSetup } from '../src/run/setup.js';
import { Simulation, type PhaseTimes } from '../src/engine/simulation.js';
import { wrapPositions } from '../src/broadphase/periodic.js';
import type { LanePhaseReport } from '../src/engine/parallel/lane-statistics.js';

export interface GrainflowReport {
  spheres: number;
  lanes: number;
  /** seconds from the start of this module to the first step (parse, set-up, first neighbour build, threads) */
  setupSeconds: number;
  /** seconds of each of the two loops */
  loopSeconds: [number, number];
  neighbourRebuilds: number;
  /** the barrier rounds of both loops per phase (engine/parallel/lane-statistics.ts) */
  lanePhases: LanePhaseReport[];
  /** milliseconds per phase of both loops (Simulation.phase) */
  phaseMs: PhaseTimes;
  contacts: number;
  kineticEnergy: number;
  /**
   * RSS and heapUsed + arrayBuffers + the kernel memory (B) at the end (a WebAssembly.Memory is not among Node's
   * arrayBuffers), and the largest RSS of the process (B)
   */
  rss: number;
  heapPlusBuffers: number;
  maxRss: number;
}

const THERMO = 2000;

async function main(): Promise<void> {
  const started = performance.now();
  const [file, workersText, s1Text, s2Text, finalFile] = process.argv.slice(2);
  const steps = [Number(s1Text), Number(s2Text)];
  const setup = createSetup(loadScenarioFile(file), { workers: Number(workersText) });
  // As a run does (run/run.ts ownsSetup): the set-up's copy of the spheres at t = 0 is not kept.
  const sim = new Simulation(setup, { ownsSetup: true, lanes: setup.lanes });
  await sim.useWorkers(setup.lanes, setup.cores);
  const setupSeconds = (performance.now() - started) / 1000;
  const thermo = () => {
    const e = sim.energies();
    console.log(`${sim.stepCount} ${e.kinetic} ${e.rotational} ${sim.measureContacts().contacts}`);
  };
  console.log('step kinetic_energy rotational_energy contacts');
  thermo();
  const loopSeconds: [number, number] = [0, 0];
  const ignore = () => {};
  for (let loop = 0; loop < 2; loop++) {
    const t0 = performance.now();
    for (let k = 0; k < steps[loop]; k++) {
      sim.step(ignore);
      if (sim.stepCount % THERMO === 0) thermo();
    }
    loopSeconds[loop] = (performance.now() - t0) / 1000;
  }
  const lanes = sim.lanes;
  const lanePhases = sim.lanePhases();
  await sim.close();
  if (finalFile !== undefined) {
    const { pos, n } = sim.st;
    const byId = new Float64Array(3 * n);
    for (let p = 0; p < n; p++) byId.set(pos.subarray(3 * p, 3 * p + 3), 3 * sim.st.id[p]);
    if (setup.periodic) wrapPositions(byId, n, setup.periodic);
    writeFileSync(finalFile, byId);
  }
  const memory = process.memoryUsage();
  const report: GrainflowReport = {
    spheres: sim.st.n, lanes, setupSeconds, loopSeconds, neighbourRebuilds: sim.rebuilds, lanePhases, phaseMs: sim.phase,
    contacts: sim.measureContacts().contacts, kineticEnergy: sim.energies().kinetic,
    rss: memory.rss, heapPlusBuffers: memory.heapUsed + memory.arrayBuffers + sim.memory.byteLength,
    maxRss: process.resourceUsage().maxRSS * 1024,
  };
  console.log(JSON.stringify(report));
}

await main();
