/**
 * `npm run bench`: throughput of whole runs (scenario → run directory), printed as particle-steps per second
 * with the split of wall time per phase. Not a test: numbers depend on the machine; quote them, with the
 * machine idle, in issue notes.
 *
 *   node dist/bench/run.js [--steps N] [--only NAME]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadScenarioFile } from '../src/scenario/load.js';
import { createSetup } from '../src/sim/setup.js';
import { runToDirectory } from '../src/sim/run.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Case {
  name: string;
  scenario: string;
  steps: number;
}

const CASES: Case[] = [
  { name: 'settle-10k (2 000 steps)', scenario: 'scenarios/bench/settle-10k.json', steps: 2000 },
];

async function runCase(c: Case): Promise<void> {
  const scenario = loadScenarioFile(path.join(root, c.scenario));
  if (scenario.time.dt === 'auto') throw new Error(`${c.scenario}: a benchmark needs a fixed time.dt`);
  scenario.time.duration = c.steps * scenario.time.dt;
  const t0 = performance.now();
  const setup = createSetup(scenario);
  const setupSeconds = (performance.now() - t0) / 1000;
  const out = mkdtempSync(path.join(os.tmpdir(), 'grainflow-bench-'));
  try {
    const s = await runToDirectory(setup, path.join(out, 'run'));
    const p = s.performance;
    const phases = Object.entries(p.phaseSeconds)
      .map(([k, v]) => `${k} ${((100 * v) / p.wallSeconds).toFixed(1)} %`).join(', ');
    console.log(`${c.name}: ${s.particles} particles, ${s.steps} steps, ${s.neighbourRebuilds} rebuilds, `
      + `set-up ${setupSeconds.toFixed(2)} s`);
    console.log(`  ${(p.particleStepsPerSecond / 1e6).toFixed(3)} M particle-steps/s `
      + `(${p.wallSeconds.toFixed(2)} s); ${phases}; final contacts ${s.final.contacts}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { steps: { type: 'string' }, only: { type: 'string' } } });
for (const c of CASES) {
  if (values.only && !c.name.startsWith(values.only)) continue;
  await runCase(values.steps ? { ...c, steps: Number(values.steps) } : c);
}
