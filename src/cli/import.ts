/**
 * `grainflow import lammps <deckDir> --out <runDir> [--force]`: the results of an exported deck that LAMMPS has run
 * as a grainflow run directory (src/interop/lammps-import.ts), for `grainflow view`, `grainflow render` and readRun.
 * Missing, damaged or cut-short LAMMPS output is one line on stderr, and nothing is written.
 */
import { printable } from '../base/printable.js';
import { DeckError, importLammpsRun, RunInterrupted, ScenarioError } from '../api/index.js';
import { usageErrorLine } from './arguments.js';
import { parseOutputCommand } from './output-options.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-status.js';
import { signalExitStatus, watchStopSignals } from './stop-signals.js';

export const IMPORT_USAGE = `usage: grainflow import lammps <deckDir> --out <runDir> [--force]

  Reads what LAMMPS wrote in a deck written by \`grainflow export lammps\` (dump.grainflow, final.grainflow,
  log.lammps) and writes a run directory: frames, series.csv, impacts.csv, summary.json with the final
  particles and the scenario's analysis computed on the imported frames.
  --force   replace an existing --out run directory (refused otherwise)`;

class UsageError extends Error {}

export async function importCommand(argv: string[]): Promise<number> {
  const fail = (message: string) => {
    // What a deck's files say is echoed in messages: never their control characters (a crafted dump's escapes).
    process.stderr.write(`grainflow: ${printable(message)}\n`);
    return EXIT_BAD_INPUT;
  };
  try {
    return await importRun(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(usageErrorLine('import', printable(err.message)));
      return EXIT_BAD_INPUT;
    }
    if (err instanceof DeckError) return fail(`cannot import: ${err.message}`);
    if (err instanceof RunInterrupted) {
      process.stderr.write(`grainflow: ${err.message}\n`);
      return signalExitStatus(err.signal);
    }
    if (err instanceof ScenarioError) return fail(`cannot import: the deck's scenario.json: ${err.message}`);
    throw err;
  }
}

async function importRun(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseOutputCommand(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { positionals, ...values } = parsed;
  const [format, deckDir, ...extra] = positionals;
  if (format !== 'lammps') throw new UsageError(format === undefined ? 'missing the format (lammps)' : `unknown format "${format}" (lammps)`);
  if (!deckDir) throw new UsageError('missing <deckDir>');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (!values.out) throw new UsageError('missing --out <runDir>');
  // SIGINT/SIGTERM stop the import between two frames; a second one exits at once (stop-signals.ts).
  const stop = new AbortController();
  const signals = watchStopSignals((signal) => stop.abort(signal));
  let summary;
  try {
    summary = await importLammpsRun(deckDir, { out: values.out, force: values.force, signal: stop.signal,
      onWarning: (warning) => process.stderr.write(`grainflow: warning: ${printable(warning)}\n`) });
  } finally {
    signals.dispose();
  }
  process.stdout.write(`${summary.name}: ${summary.particles} particles after ${summary.steps} LAMMPS steps of ${summary.dt} s`
    + (summary.performance ? ` (${summary.performance.ranks} ranks, ${summary.performance.wallSeconds} s wall)` : '')
    + ` → ${values.out}\n`);
  if (summary.analysis) process.stdout.write(`${summary.name}: ${summary.analysis.headline}\n`);
  return EXIT_OK;
}
