/**
 * Memory per sphere at 1 M spheres (issue #3 target: under 1 KB). Two scenarios built in code, glass spheres
 * d = 2 mm with a floor and four walls, impacts off:
 *   poured  — 1 000 000 spheres inserted at random into a 250 × 250 × 300 mm box (φ = 0.22, as a pour starts);
 *   lattice — 100³ spheres as explicit particles on a simple cubic lattice of pitch 2.02 mm (φ = 0.51, about as
 *             many neighbour pairs per sphere as a settled bed).
 * Each is run through createSetup, `new Simulation` and 10 steps on one thread; reported is the growth of RSS
 * and of heapUsed + arrayBuffers + the kernel memory (SharedArrayBuffers included) since before the set-up (the
 * scenario object already built), divided by the sphere count. Each runs in its own worker thread — a fresh heap, so the
 * garbage of earlier cases does not blur the figures:
 *
 *   npm run build && node dist/bench/memory.js
 */
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { parseScenario } from '../src/scenario/load.js';
import { createSetup } from '../src/run/setup.js';
import { Simulation } from '../src/engine/simulation.js';

const LAYOUTS = ['poured', 'lattice'] as const;
type Layout = (typeof LAYOUTS)[number];

/** Lattice edge: LATTICE_EDGE³ = 1 000 000 spheres. */
const LATTICE_EDGE = 100;
const RADIUS = 0.001;
const LATTICE_PITCH = 2.02e-3;
const STEPS = 10;
/** Issue #3: bytes per sphere a run may take. */
const TARGET_BYTES = 1000;

const DESCRIPTIONS: Record<Layout, string> = {
  poured: '1000000 spheres inserted into a 250 × 250 × 300 mm box',
  lattice: `1000000 explicit spheres on a ${LATTICE_EDGE}³ cubic lattice, pitch ${LATTICE_PITCH * 1e3} mm`,
};

/** The scenario of a layout, as JSON (as it would be read from a file). */
function memoryScenario(layout: Layout): unknown {
  const n = LATTICE_EDGE ** 3;
  const side = layout === 'poured' ? 0.25 : LATTICE_EDGE * LATTICE_PITCH;
  const wall = (point: number[], normal: number[]) => ({ type: 'plane', point, normal, material: 'glass' });
  const base = {
    name: `memory-${layout}`,
    time: { duration: STEPS * 1e-5, dt: 1e-5 },
    materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5 },
    walls: [wall([0, 0, 0], [0, 0, 1]), wall([0, 0, 0], [1, 0, 0]), wall([side, 0, 0], [-1, 0, 0]),
      wall([0, 0, 0], [0, 1, 0]), wall([0, side, 0], [0, -1, 0])],
    broadphase: 'grid',
    workers: 1,
    outputs: { impacts: false },
  };
  if (layout === 'poured') {
    const height = 0.3;
    return { ...base, insert: [{ region: { type: 'box', min: [0, 0, 0], max: [side, side, height] }, count: n,
      radius: RADIUS, material: 'glass' }] };
  }
  const particles = [];
  const at = (k: number) => (k + 0.5) * LATTICE_PITCH;
  for (let z = 0; z < LATTICE_EDGE; z++) {
    for (let y = 0; y < LATTICE_EDGE; y++) {
      for (let x = 0; x < LATTICE_EDGE; x++) {
        particles.push({ position: [at(x), at(y), at(z)], radius: RADIUS, material: 'glass' });
      }
    }
  }
  return { ...base, particles };
}

/** The garbage collector, without needing node --expose-gc on the command line. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

interface Usage {
  rss: number;
  heapPlusBuffers: number;
}

function measureMemory(layout: Layout): void {
  const gc = collector();
  // The kernel memory (a WebAssembly.Memory) is not among Node's arrayBuffers: it is added once it exists.
  let kernelMemory = () => 0;
  const usage = (): Usage => {
    gc();
    const m = process.memoryUsage();
    return { rss: m.rss, heapPlusBuffers: m.heapUsed + m.arrayBuffers + kernelMemory() };
  };
  let json = memoryScenario(layout);
  const before = usage();
  let t0 = performance.now();
  const setup = createSetup(parseScenario(json));
  json = undefined;
  const setupSeconds = (performance.now() - t0) / 1000;
  const n = setup.particles.n;
  const afterSetup = usage();
  t0 = performance.now();
  const sim = new Simulation(setup, { ownsSetup: true }); // as a run does (run/run.ts ownsSetup)
  kernelMemory = () => sim.memory.byteLength;
  const constructSeconds = (performance.now() - t0) / 1000;
  const afterConstruct = usage();
  const stepMs: number[] = [];
  for (let k = 0; k < STEPS; k++) {
    t0 = performance.now();
    sim.step(() => {});
    stepMs.push(performance.now() - t0);
  }
  const after = usage();

  const sorted = [...stepMs].sort((a, b) => a - b);
  const median = (sorted[(STEPS - 1) >> 1] + sorted[STEPS >> 1]) / 2;
  const mean = stepMs.reduce((a, b) => a + b, 0) / STEPS;
  const bytes = Math.max(after.rss - before.rss, after.heapPlusBuffers - before.heapPlusBuffers) / n;
  const line = (label: string, u: Usage, note: string) => console.log(`  ${label.padEnd(46)}`
    + `${((u.rss - before.rss) / n).toFixed(0).padStart(5)}  ${((u.heapPlusBuffers - before.heapPlusBuffers) / n)
      .toFixed(0).padStart(19)}   ${note}`.trimEnd());
  console.log(`memory, ${layout}: ${DESCRIPTIONS[layout]}; ${setup.broadphase}, ${sim.lanes} lane, impacts off`);
  console.log(`  ${'bytes per sphere, growth since before set-up'.padEnd(46)}  RSS  heap + arrayBuffers + kernel memory`);
  line(`after createSetup (${setupSeconds.toFixed(1)} s)`, afterSetup, '');
  line(`after new Simulation (${constructSeconds.toFixed(1)} s)`, afterConstruct,
    `${(sim.pairs.count / n).toFixed(2)} pairs per sphere`);
  line(`after ${STEPS} steps`, after, `target < ${TARGET_BYTES}: ${bytes < TARGET_BYTES ? 'met' : 'MISSED'}`);
  console.log(`  time per step: mean ${mean.toFixed(0)} ms, median ${median.toFixed(0)} ms, first `
    + `${stepMs[0].toFixed(0)} ms (${((n / median) * 1e-3).toFixed(2)} M particle-steps/s at the median)`);
}

/** Runs each layout in a worker thread of its own, one after the other, so each starts from a clean heap. */
export async function runMemoryBench(): Promise<void> {
  for (const layout of LAYOUTS) {
    const worker = new Worker(new URL(import.meta.url), { workerData: layout });
    const [code] = (await once(worker, 'exit')) as [number];
    if (code !== 0) throw new Error(`memory benchmark (${layout}) exited with status ${code}`);
  }
}

if (!isMainThread) {
  measureMemory(workerData as Layout);
} else if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runMemoryBench();
}
