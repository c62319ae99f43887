/**
 *   grainflow run <scenario.json> --out <dir> [--workers N] [--max-steps N] [--quiet] [--render] [--force]
 *   grainflow run --resume <dir> [--workers N] [--max-steps N] [--quiet]
 * Parses the options and hands the run to the library (src/api/run.ts), then prints the result line and the
 * analysis headline. Input problems (usage, scenario file, contact law, an --out refused by the output rule, a
 * directory that cannot be resumed or that another run is writing) exit with status 2 and one line on stderr;
 * nothing is written. A run that becomes unstable or cannot write its files (disk full, no permission) exits with
 * 1 and one line, and leaves no output (runs with checkpoints keep their directory and last good checkpoint).
 * SIGINT/SIGTERM stop after the current step with 128 + the signal number (stop-signals.ts).
 */
import {
  loadScenario, OutputExistsError, ResumeError, resumeRun, RunInterrupted, runScenario, ScenarioError,
  UnstableRunError, type RunControl, type RunSummary,
} from '../api/index.js';
import { CLI_OPTION_NAMES } from '../api/output-directory.js';
import { parseCommandLine, usageErrorLine } from './arguments.js';
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK } from './exit-status.js';
import { reportFailure } from './failures.js';
import { createProgressReporter } from './progress.js';
import { renderAfterRun } from './render.js';
import { signalExitStatus, watchStopSignals } from './stop-signals.js';
import { decimal } from './option-number.js';

export const RUN_USAGE = `usage: grainflow run <scenario.json> --out <dir> [--workers N] [--max-steps N] [--quiet] [--render] [--force]
       grainflow run --resume <dir> [--workers N] [--max-steps N] [--quiet]

  run        simulate the scenario and write scenario.json, summary.json, series.csv and impact-statistics.csv
             to <dir> (every collision in impacts.bin with the scenario's outputs.impactRecords; docs/outputs.md)
  --out      output directory (appears when the run succeeds; untouched when it fails)
  --force    replace an existing --out that grainflow made (marker .grainflow-output); never a directory it did
             not make, the working directory, your home or /
  --resume   continue the run in <dir> from its newest intact checkpoint (scenario with outputs.checkpointEvery)
  --workers  worker threads for the force computation (whole number >= 1; default: the scenario's "workers";
             at most the machine's cores are used)
  --max-steps
             allow a run of up to N steps (without it, a run of more than 1e9 steps or of an estimated week
             is refused before it starts)
  --quiet    no progress line and no summary on stdout (warnings and errors still go to stderr)
  --render   then render <dir>/anim.mp4 with headless Chromium (see grainflow render)`;

/** Bad command line: one line, the message and where the options are listed. */
class UsageError extends Error {}

/** The directory a run writes, once the options are parsed: for the messages of a failure. */
interface Target {
  dir?: string;
  resume?: boolean;
}

export async function runCommand(argv: string[]): Promise<number> {
  const target: Target = {};
  try {
    return await run(argv, target);
  } catch (err) {
    const fail = (message: string, status = EXIT_BAD_INPUT) => {
      process.stderr.write(`grainflow: ${message}\n`);
      return status;
    };
    if (err instanceof UsageError) {
      process.stderr.write(usageErrorLine('run', err.message));
      return EXIT_BAD_INPUT;
    }
    if (err instanceof OutputExistsError) {
      return fail(err.describe(target.resume ? { ...CLI_OPTION_NAMES, out: '--resume' } : CLI_OPTION_NAMES));
    }
    if (err instanceof ResumeError) return fail(`cannot resume: ${err.message}`);
    if (err instanceof ScenarioError) return fail(`invalid scenario: ${err.message}`);
    if (err instanceof UnstableRunError) return fail(`run failed: ${err.message}`, EXIT_FAILED);
    if (err instanceof RunInterrupted) return fail(`interrupted: ${err.message}`, signalExitStatus(err.signal));
    return reportFailure(err, CLI_OPTION_NAMES, target.dir);
  }
}

async function run(argv: string[], target: Target): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        workers: { type: 'string' },
        'max-steps': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        render: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        resume: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [scenarioPath, ...extra] = positionals;
  const resume = values.resume;
  if (resume !== undefined && (scenarioPath || values.out || values.force)) {
    throw new UsageError('--resume <dir> takes no <scenario.json>, --out or --force (the run directory has them)');
  }
  if (resume === undefined && !scenarioPath) throw new UsageError('missing <scenario.json>');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (resume === undefined && !values.out) throw new UsageError('missing --out <dir>');
  const outDir = resume ?? values.out!;
  target.dir = outDir;
  target.resume = resume !== undefined;
  const workers = values.workers === undefined ? undefined : wholeNumber('--workers', values.workers);
  const maxSteps = values['max-steps'] === undefined ? undefined : wholeNumber('--max-steps', values['max-steps']);

  const log = (message: string) => process.stderr.write(`grainflow: ${message}\n`);
  const stop = new AbortController();
  const signals = watchStopSignals((signal) => {
    log(`${signal}: finishing the current step, then stopping`);
    stop.abort(signal);
  });
  const control: RunControl = {
    workers,
    maxSteps,
    onProgress: values.quiet ? undefined : createProgressReporter().report,
    signal: stop.signal,
    onWarning: (warning) => log(`warning: ${warning}`),
    onNotice: log,
  };
  let summary: RunSummary;
  try {
    summary = resume === undefined
      ? await runScenario(loadScenario(scenarioPath), { ...control, out: outDir, force: values.force })
      : await resumeRun(resume, control);
  } finally {
    signals.dispose();
  }
  if (!values.quiet) {
    const perf = summary.performance;
    // dt to 4 significant digits (it is often derived, 3.375115740740741e-6); collisions only when recorded.
    const collisions = summary.impacts === null ? '' : `, ${plural(summary.impacts, 'collision')}`;
    process.stdout.write(`${summary.name}: ${plural(summary.particles, 'particle')}, ${plural(summary.steps, 'step')} of `
      + `${summary.dt.toExponential(3).replace(/\.?0+e/, 'e')} s${collisions}; ${perf.wallSeconds.toFixed(2)} s wall, `
      + `${(perf.particleStepsPerSecond / 1e6).toFixed(2)} M particle-steps/s → ${outDir}\n`);
    if (summary.analysis) process.stdout.write(`${summary.name}: ${summary.analysis.headline}\n`);
  }
  if (values.render) return renderAfterRun(outDir, values.quiet);
  return EXIT_OK;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function wholeNumber(option: string, text: string): number {
  const n = decimal(text);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`${option} must be a whole number >= 1 (got "${text}")`);
  }
  return n;
}
