/**
 * What a run will cost, estimated before anything is allocated or written, and refused beyond what the machine
 * or a sane run can take (docs/scenario-format.md, "Limits"): memory for its spheres, the number of steps and the wall-clock time
 * they take, the output it writes, and the threads it starts. Every refusal is one ScenarioError naming the
 * fields that cause it, the estimate and the limit.
 */
import os from 'node:os';
import v8 from 'node:v8';
import { ScenarioError } from '../base/scenario-error.js';
import { shortNumber as shown } from '../base/short-number.js';
import { requestedSphereCount, type CheckedScenario } from '../scenario/checks.js';
import { SPHERE_FILE_FIELD } from '../scenario/sphere-file.js';
import { KERNEL_MEMORY_LIMIT } from '../base/kernel-memory.js';
import { kernelBytesEstimate, KERNEL_PAIRS_PER_SPHERE } from '../engine/kernel-bytes.js';
import { pairBytes } from '../contacts/pair-contacts.js';
import { scenarioHistoryStride } from '../forces/contact.js';

// Memory, measured as bench/memory.ts does (a fresh process per case; peak RSS and the JavaScript heap's peak
// before a collection, set-up plus 10 steps, 1 M spheres of d = 2 mm, 1 thread, 2026-11-24): inserted at φ = 0.22
// (0.72 neighbour pairs per sphere) 594 B/sphere RSS and a 273 B/sphere heap peak; listed explicitly on a cubic
// lattice (2.97 pairs per sphere) 1174 B/sphere RSS and a 976 B/sphere heap peak. The difference in pairs gives
// the cost of a pair, the difference beyond that the cost of a sphere listed in the scenario. The same 10⁶ lattice
// spheres from a sphere file (`particles.file`; 2026-11-27, loadScenarioFile + createSetup in a fresh process, maximum
// RSS with Node's own 65 MB): 193 MB for a file of the five required columns (72 MB), 371 MB for all eleven columns
// (202 MB) — the file's bytes and the 82 B per sphere of arrays — against 1 090 MB as a JSON array.
/** Engine state of one sphere (particle arrays, broad phase, contact-list rows), in bytes. */
const BYTES_PER_SPHERE = 500;
/** One neighbour pair with its contact history, in bytes. */
const BYTES_PER_CONTACT = 125;
/** Neighbour pairs per sphere assumed for the estimate: a settled bed (coordination number about 6). */
const CONTACTS_PER_SPHERE = 3;
/**
 * A sphere listed in the `particles` array, kept as parsed JSON while the run is set up, in bytes. A sphere of a
 * sphere file (`particles.file`) costs nothing beyond BYTES_PER_SPHERE: it is read straight into the arrays the
 * set-up keeps.
 */
const BYTES_PER_LISTED_SPHERE = 300;
/** JavaScript heap per sphere at its peak while the run is set up, in bytes. */
const HEAP_BYTES_PER_SPHERE = 280;
/** JavaScript heap per sphere listed in `particles`, in bytes. */
const HEAP_BYTES_PER_LISTED_SPHERE = 700;

/** Steps a run may take unless `maxSteps` (`--max-steps`) allows more. */
export const DEFAULT_MAX_STEPS = 1e9;
/** Estimated wall-clock time a run may take unless `maxSteps` allows it. */
export const MAX_ESTIMATED_SECONDS = 7 * 86400;
// Lower bounds of the cost of a step, so that the estimate never overstates it (measured on a 2-core machine,
// 2026-11-24: a single bouncing sphere ~15 µs per step, a 500-sphere gas 11 M particle-steps/s, a settled 10k bed
// 3.8 M particle-steps/s, each on one thread).
/** Seconds a step takes whatever the number of spheres. */
const STEP_SECONDS = 5e-6;
/** Seconds per sphere and step on one thread (20 M particle-steps/s). */
const PARTICLE_STEP_SECONDS = 5e-8;

/** Output times (rows of series.csv, and frames or VTK files when written) a run may have. */
export const MAX_OUTPUT_TIMES = 100_000;
/** Frame and VTK files beyond this many get a warning: a directory that large is slow to list, copy and view. */
export const WARN_OUTPUT_FILES = 10_000;
/** Bytes of frames and VTK files a run may write. */
export const MAX_OUTPUT_BYTES = 100e9;
/** Bytes per sphere of a frame (position and speed, Float32) and of a VTK file (base64 point data). */
const FRAME_BYTES_PER_SPHERE = 16;
const VTK_BYTES_PER_SPHERE = 80;

/** The memory of this machine the process may use: the cgroup limit when one applies, else the physical memory. */
function machineMemory(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < total ? constrained : total;
}

const gigabytes = (bytes: number) => `${shown(bytes / 1e9)} GB`;

/** Refuses a scenario whose spheres would not fit in this machine's memory or in the JavaScript heap. */
export function checkMemory({ scenario, explicit }: Pick<CheckedScenario, 'scenario' | 'explicit'>): void {
  const listed = explicit.file === null ? explicit.spheres.n : 0;
  const spheres = requestedSphereCount({ scenario, explicit });
  const perSphere = BYTES_PER_SPHERE + CONTACTS_PER_SPHERE * BYTES_PER_CONTACT;
  const bytes = spheres * perSphere + listed * BYTES_PER_LISTED_SPHERE;
  const heap = spheres * HEAP_BYTES_PER_SPHERE + listed * HEAP_BYTES_PER_LISTED_SPHERE;
  // Pairs with the longest history the scenario's tangential models can need (a spring row per contact with
  // micro-slip): the estimate does not depend on the other laws' details.
  const impacts = scenario.outputs.impacts;
  const history = scenarioHistoryStride(scenario);
  const kernelPerPair = pairBytes(history, impacts);
  const kernelPerSphere = kernelBytesEstimate(1, impacts, history);
  const kernel = kernelBytesEstimate(spheres, impacts, history);
  const memory = machineMemory();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  if (bytes <= memory && heap <= heapLimit && kernel <= KERNEL_MEMORY_LIMIT) return;
  // The field that asks for the most spheres.
  let field = explicit.file === null ? 'particles' : SPHERE_FILE_FIELD, most = explicit.spheres.n;
  scenario.insert.forEach((block, k) => {
    if (block.count > most) [field, most] = [`insert[${k}].count`, block.count];
  });
  const records = impacts
    ? {
      pairs: ' and their collision records',
      saving: ` (outputs.impacts false saves ${KERNEL_PAIRS_PER_SPHERE * (kernelPerPair - pairBytes(history, false))} B per sphere)`,
    }
    : { pairs: '', saving: '' };
  let need: string;
  if (bytes > memory) {
    need = `about ${gigabytes(bytes)} of memory (${perSphere} B per sphere with ${CONTACTS_PER_SPHERE} contacts, measured), `
      + `more than the ${gigabytes(memory)} of this machine`;
  } else if (heap > heapLimit) {
    need = `about ${gigabytes(heap)} of JavaScript heap while the run is set up, more than its limit of ${gigabytes(heapLimit)} `
      + '(node --max-old-space-size raises it)';
  } else {
    need = `about ${gigabytes(kernel)} of kernel memory (${kernelPerSphere} B per sphere with ${KERNEL_PAIRS_PER_SPHERE} `
      + `neighbour pairs${records.pairs}), more than the ${gigabytes(KERNEL_MEMORY_LIMIT)} a WebAssembly memory can hold${records.saving}`;
  }
  throw new ScenarioError(field, `${spheres} spheres in all need ${need}; reduce the number of spheres`);
}

/** What the run-length check needs to know. */
export interface RunLength {
  steps: number;
  dt: number;
  duration: number;
  /** spheres the run will hold at most */
  spheres: number;
  /** threads that compute the forces */
  lanes: number;
  /** the field the step refers to and what set it, for the message: `dt = 1e-30 s (time.dt)` */
  dtReason: string;
  /** the steps the caller allows (`--max-steps`, `maxSteps`), if given */
  maxSteps?: number;
}

/**
 * Refuses a run of more than DEFAULT_MAX_STEPS steps or an estimated MAX_ESTIMATED_SECONDS of wall-clock time,
 * unless maxSteps allows its steps; and, whatever maxSteps says, a step that is not a positive finite number.
 */
export function checkRunLength(run: RunLength): void {
  const { steps, dt, duration, dtReason, maxSteps } = run;
  const length = `time.duration ${shown(duration)} s / dt ${shown(dt)} s = ${shown(steps)} steps; ${dtReason}`;
  if (!(dt > 0 && Number.isFinite(steps))) {
    throw new ScenarioError('time', `the time step is not a positive number: ${length}`);
  }
  const allow = ' shorten time.duration or give a larger time step; a long run can be allowed with --max-steps N '
    + '(library: the maxSteps option)';
  if (maxSteps !== undefined) {
    if (steps > maxSteps) {
      throw new ScenarioError('time', `the run needs more steps than the ${maxSteps} allowed (--max-steps, maxSteps): ${length}`);
    }
    return;
  }
  if (steps > DEFAULT_MAX_STEPS) {
    throw new ScenarioError('time', `the run needs more than ${shown(DEFAULT_MAX_STEPS)} steps: ${length};${allow}`);
  }
  const seconds = steps * (STEP_SECONDS + (run.spheres * PARTICLE_STEP_SECONDS) / run.lanes);
  if (seconds > MAX_ESTIMATED_SECONDS) {
    throw new ScenarioError('time', `${shown(steps)} steps of ${run.spheres} spheres take at least ${shown(seconds)} s `
      + `(${(seconds / 86400).toPrecision(2)} days; the limit is ${MAX_ESTIMATED_SECONDS / 86400} days) at `
      + `${(run.lanes / PARTICLE_STEP_SECONDS / 1e6).toPrecision(2)} M particle-steps/s: ${length};${allow}`);
  }
}

/** What the output check needs to know. */
export interface RunOutputs {
  steps: number;
  /** steps between output times */
  outputEvery: number;
  outputInterval: number;
  spheres: number;
  frames: boolean;
  vtk: boolean;
}

/**
 * Refuses a run that would write more than MAX_OUTPUT_TIMES output times or MAX_OUTPUT_BYTES of frames and VTK
 * files; returns a warning when it writes more than WARN_OUTPUT_FILES of those files.
 */
export function checkOutputs(o: RunOutputs): string[] {
  const times = Math.ceil(o.steps / o.outputEvery) + 1;
  const which = [o.frames ? 'frames' : '', o.vtk ? 'VTK files' : ''].filter((w) => w !== '').join(' and ');
  const every = `an interval of ${o.outputInterval} s (every ${o.outputEvery} of ${o.steps} steps)`;
  if (times > MAX_OUTPUT_TIMES) {
    throw new ScenarioError('outputs.interval', `${every} gives ${times} output times${which ? ` (series rows, ${which})` : ''}; `
      + `the limit is ${MAX_OUTPUT_TIMES}: raise outputs.interval`);
  }
  const bytes = times * o.spheres * ((o.frames ? FRAME_BYTES_PER_SPHERE : 0) + (o.vtk ? VTK_BYTES_PER_SPHERE : 0));
  if (bytes > MAX_OUTPUT_BYTES) {
    throw new ScenarioError('outputs.interval', `${every} writes ${times} ${which} of ${o.spheres} spheres, about `
      + `${gigabytes(bytes)}; the limit is ${gigabytes(MAX_OUTPUT_BYTES)}: raise outputs.interval or set outputs.${o.vtk ? 'vtk' : 'frames'} to false`);
  }
  if (which === '' || times <= WARN_OUTPUT_FILES) return [];
  return [`outputs.interval: ${every} writes ${times} ${which} (about ${gigabytes(bytes)}); raise outputs.interval for fewer`];
}

/**
 * Threads for a run that asks for `requested`: never more than this machine's cores (more only queue for them);
 * the warning says so, and is about the machine, not the scenario, so it goes to the terminal, not the run's files.
 */
export function cappedThreads(requested: number): { lanes: number; warning?: string } {
  const cores = os.availableParallelism();
  if (requested <= cores) return { lanes: requested };
  return { lanes: cores, warning: `workers = ${requested} is more than the ${cores} cores of this machine; using ${cores} `
    + 'threads (results are identical for any count)' };
}
