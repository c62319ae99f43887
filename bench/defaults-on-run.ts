/**
 * One grainflow process of the "defaults-on" benchmark (bench/defaults-on.ts starts it, timed from exec to exit):
 * a scenario file run as `grainflow run` runs it — set-up, then runToDirectory into `OUT` with the scenario's
 * outputs — on `WORKERS` threads. The last line on stdout is a JSON report.
 *
 *   node dist/bench/defaults-on-run.js SCENARIO WORKERS OUT
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadScenarioFile } from '../src/scenario/load.js';
import { createSetup } from '../src/run/setup.js';
import { runToDirectory, type RunSummary } from '../src/run/run.js';

export interface DefaultsOnReport {
  summary: RunSummary;
  setupSeconds: number;
  /** user + system CPU seconds of the whole process (every thread) */
  cpuSeconds: number;
  /** bytes of each file and directory at the top of the run directory */
  bytes: Record<string, number>;
}

/** Bytes of `file`, or of every file under it. */
function sizeOf(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(file).reduce((sum, name) => sum + sizeOf(path.join(file, name)), 0);
}

async function main(): Promise<void> {
  const [file, workersText, out] = process.argv.slice(2);
  const t0 = performance.now();
  const setup = createSetup(loadScenarioFile(file), { workers: Number(workersText) });
  const setupSeconds = (performance.now() - t0) / 1000;
  const summary = await runToDirectory(setup, out, { ownsSetup: true });
  const cpu = process.cpuUsage();
  const bytes = Object.fromEntries(readdirSync(out).map((name) => [name, sizeOf(path.join(out, name))]));
  const report: DefaultsOnReport = { summary, setupSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, bytes };
  console.log(JSON.stringify(report));
}

await main();
