/**
 * The grainflow command line:
 *   grainflow run <scenario.json> --out <dir> [--workers N] [--quiet] [--render] [--force]
 *   grainflow run --resume <dir> [--workers N] [--quiet]
 *   grainflow view <runDir> [--port P]          (src/cli/view.ts)
 *   grainflow render <runDir> [--out …] [...]   (src/cli/render.ts)
 * Input problems (usage, scenario file, calibration) exit with status 2 and one line on stderr naming the field
 * and the allowed range; nothing is written. A run that becomes unstable exits with 1 and leaves no output
 * (runs with checkpoints keep their directory and last good checkpoint). SIGINT/SIGTERM stop after the current
 * step with 128 + the signal number.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadScenarioFile } from '../scenario/load.js';
import { ScenarioError } from '../base/scenario-error.js';
import { createSetup } from '../engine/setup.js';
import { RunInterrupted, runToDirectory, UnstableRunError } from '../run/run.js';
import { readRunScenario, ResumeError, RunCheckpoints } from '../checkpoint/run-checkpoints.js';
import { isReplaceableRunDirectory } from '../output/run-directory.js';
import { createProgressReporter } from './progress.js';
import { calibrateCommand } from './calibrate.js';
import { impactCommand } from './impact.js';
import { renderAfterRun, renderCommand } from './render.js';
import { viewCommand } from './view.js';
import { signalExitStatus, watchStopSignals } from './stop-signals.js';

const USAGE = `usage: grainflow run <scenario.json> --out <dir> [--workers N] [--quiet] [--render] [--force]
       grainflow run --resume <dir> [--workers N] [--quiet]
       grainflow view <runDir> [--port P]
       grainflow render <runDir> [--out anim.mp4|anim.gif|frames/] [options]   (grainflow render --help)

  run        simulate the scenario and write scenario.json, summary.json, series.csv and impacts.csv to <dir>
  --out      output directory (replaced when the run succeeds; untouched when it fails)
  --force    replace an existing --out directory (refused otherwise)
  --resume   continue the run in <dir> from its newest intact checkpoint (scenario with outputs.checkpointEvery)
  --workers  worker threads for the force computation (whole number >= 1; default: the scenario's "workers")
  --quiet    no progress line and no summary on stdout (warnings and errors still go to stderr)
  --render   then render <dir>/anim.mp4 with headless Chromium (see grainflow render)`;

export const EXIT_OK = 0;
export const EXIT_RUN_FAILED = 1;
export const EXIT_BAD_INPUT = 2;

class UsageError extends Error {}
/** Bad input outside the scenario (an existing --out): one line, no usage text. */
class InputError extends Error {}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'view') return viewCommand(argv.slice(1));
  if (argv[0] === 'render') return renderCommand(argv.slice(1));
  try {
    return await run(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`grainflow: ${err.message}\n${USAGE}\n`);
      return EXIT_BAD_INPUT;
    }
    if (err instanceof InputError) {
      process.stderr.write(`grainflow: ${err.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (err instanceof ResumeError) {
      process.stderr.write(`grainflow: cannot resume: ${err.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (err instanceof ScenarioError) {
      process.stderr.write(`grainflow: invalid scenario: ${err.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (err instanceof UnstableRunError) {
      process.stderr.write(`grainflow: run failed: ${err.message}\n`);
      return EXIT_RUN_FAILED;
    }
    if (err instanceof RunInterrupted) {
      process.stderr.write(`grainflow: interrupted: ${err.message}\n`);
      return signalExitStatus(err.signal);
    }
    throw err;
  }
}

async function run(argv: string[]): Promise<number> {
  if (argv[0] === 'calibrate') return calibrateCommand(argv.slice(1));
  if (argv[0] === 'impact') return impactCommand(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        workers: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        render: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        resume: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_OK;
  }
  const [command, scenarioPath, ...extra] = positionals;
  if (command !== 'run') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  const resume = values.resume;
  if (resume !== undefined && (scenarioPath || values.out || values.force)) {
    throw new UsageError('--resume <dir> takes no <scenario.json>, --out or --force (the run directory has them)');
  }
  if (resume === undefined && !scenarioPath) throw new UsageError('missing <scenario.json>');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (resume === undefined && !values.out) throw new UsageError('missing --out <dir>');
  const outDir = resume ?? values.out!;
  const workers = values.workers === undefined ? undefined : parseWorkers(values.workers);

  const checked = resume === undefined ? loadScenarioFile(scenarioPath) : readRunScenario(resume);
  const { scenario } = checked;
  const setup = createSetup(checked, { workers });
  if (resume === undefined && existsSync(outDir)) {
    if (!values.force) throw new InputError(`--out ${outDir} already exists (an earlier run?); pass --force to replace it`);
    if (!isReplaceableRunDirectory(outDir)) {
      throw new InputError(`--out ${outDir} is not a grainflow run directory (no scenario.json); --force replaces only runs`);
    }
  }
  for (const w of setup.warnings) process.stderr.write(`grainflow: warning: ${w}\n`);

  const log = (message: string) => process.stderr.write(`grainflow: ${message}\n`);
  const checkpoints = scenario.outputs.checkpointEvery === undefined ? undefined
    : new RunCheckpoints(setup, outDir, resume !== undefined, log);
  if (resume !== undefined && checkpoints?.newest) log(`resuming from ${checkpoints.newest}`);
  const progress = values.quiet ? undefined : createProgressReporter();
  const signals = watchStopSignals((signal) => log(`${signal}: finishing the current step, then stopping`));
  let summary;
  try {
    summary = await runToDirectory(setup, outDir, { onProgress: progress?.report, checkpoints, stopRequested: signals.requested });
  } finally {
    signals.dispose();
  }
  if (!values.quiet) {
    const perf = summary.performance;
    process.stdout.write(`${summary.name}: ${summary.particles} particles, ${summary.steps} steps of ${summary.dt} s, `
      + `${summary.impacts} collisions; ${perf.wallSeconds.toFixed(2)} s wall, `
      + `${(perf.particleStepsPerSecond / 1e6).toFixed(2)} M particle-steps/s → ${outDir}\n`);
    if (summary.analysis) process.stdout.write(`${summary.name}: ${summary.analysis.headline}\n`);
  }
  if (values.render) return renderAfterRun(outDir, values.quiet);
  return EXIT_OK;
}

function parseWorkers(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--workers must be a whole number >= 1 (got "${text}")`);
  return n;
}
