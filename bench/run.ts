/**
 * `npm run bench`: throughput of whole runs (scenario → run directory) for every case × broad phase × worker
 * count, then the broad-phase micro-benchmark and the memory per sphere at 1 M spheres. Not a test: numbers
 * depend on the machine; quote them, with the machine idle, in issue notes and the README.
 *
 *   node dist/bench/run.js [--only NAME[,NAME…]] [--steps N] [--workers 1,2] [--broadphase grid,rtree]
 *                          [--skip-memory]
 *
 * NAME is a case (settle-10k, settle-50k, poly-10k), `broadphase` or `memory`. --steps shortens the cases for
 * a quick look (their physics then differs: the pour takes the whole 20 000 steps to settle).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runBroadphaseBench } from './broadphase.js';
import { CASES, RESULT_HEADER, fingerprint, formatResult, runCase, type BroadphaseName } from './cases.js';
import { runMemoryBench } from './memory.js';

const EXTRAS = ['broadphase', 'memory'] as const;
const USAGE = 'usage: node dist/bench/run.js [--only NAME[,NAME…]] [--steps N] [--workers 1,2] '
  + '[--broadphase grid,rtree] [--skip-memory]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function list(text: string | undefined, fallback: string[]): string[] {
  return text === undefined ? fallback : text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function wholeNumber(text: string, what: string): number {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) fail(`${what} must be a whole number ≥ 1, got "${text}"`);
  return v;
}

function options() {
  try {
    return parseArgs({
      options: {
        only: { type: 'string' },
        steps: { type: 'string' },
        workers: { type: 'string' },
        broadphase: { type: 'string' },
        'skip-memory': { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}
const values = options();
const names = [...CASES.map((c) => c.name), ...EXTRAS];
const only = list(values.only, names);
for (const n of only) if (!names.includes(n)) fail(`--only: unknown name "${n}" (one of ${names.join(', ')})`);
const steps = values.steps === undefined ? undefined : wholeNumber(values.steps, '--steps');
const workers = list(values.workers, ['1', '2']).map((w) => wholeNumber(w, '--workers')).sort((a, b) => a - b);
const broadphases = list(values.broadphase, ['grid', 'rtree']);
for (const b of broadphases) if (b !== 'grid' && b !== 'rtree') fail(`--broadphase: "${b}" is not grid or rtree`);

const started = performance.now();
console.log(`grainflow bench: node ${process.version}, ${os.availableParallelism()} cores, `
  + `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const cases = CASES.filter((c) => only.includes(c.name));
if (cases.length > 0) {
  for (const c of cases) console.log(`${c.name}: ${c.description} (${c.scenario})`);
  if (steps !== undefined) console.log(`--steps ${steps}: cases cut short, not the figures to quote`);
  console.log(`\n${RESULT_HEADER}`);
  for (const c of cases) {
    let reference: string | undefined;
    for (const b of broadphases as BroadphaseName[]) {
      let oneWorker: number | undefined;
      for (const w of workers) {
        const r = await runCase(c, b, w, steps);
        const rate = r.summary.performance.particleStepsPerSecond;
        if (w === 1) oneWorker = rate;
        console.log(formatResult(r, oneWorker === undefined ? undefined : rate / oneWorker));
        reference ??= fingerprint(r.summary);
        if (fingerprint(r.summary) !== reference) {
          console.log(`  ^ final state differs from the first ${c.name} run: ${fingerprint(r.summary)} vs ${reference}`);
        }
      }
    }
  }
  console.log('speed-up: particle-steps/s over the 1-worker run of the same case and broad phase; '
    + '% of run wall time; other = start-up (first neighbour build, workers)');
}
if (only.includes('broadphase')) {
  console.log('');
  await runBroadphaseBench();
}
if (only.includes('memory') && !values['skip-memory']) {
  console.log('');
  await runMemoryBench();
}
console.log(`\nbench wall time ${((performance.now() - started) / 1000).toFixed(0)} s, `
  + `load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
