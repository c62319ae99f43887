/**
 * `grainflow export lammps <scenario.json> --out <dir> [--lammps-version V] [--substeps N] [--force]`: writes the scenario as a
 * LAMMPS deck (src/interop/lammps-export.ts). A scenario LAMMPS cannot express is refused on one line naming the
 * field, before anything is written; an existing --out is replaced only as `grainflow run` replaces a run.
 *
 * `grainflow export impacts <run> [--out <file.csv>] [--force]`: a run's impacts.bin as impacts.csv
 * (src/api/impact-export.ts).
 */
import { exportImpacts, loadScenario, RunDirectoryError, ScenarioError } from '../api/index.js';
import { DEFAULT_LAMMPS_VERSION, exportLammps, LAMMPS_VERSIONS, MAX_SUBSTEPS } from '../api/lammps.js';
import { parseCommandLine, usageErrorLine } from './arguments.js';
import { parseOutputCommand } from './output-options.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-status.js';
import { decimal } from './option-number.js';

export const EXPORT_USAGE = `usage: grainflow export lammps <scenario.json> --out <dir> [--lammps-version V] [--substeps N] [--force]
       grainflow export impacts <run> [--out <file.csv>] [--force]

  Writes a LAMMPS deck: in.grainflow, data.grainflow (every sphere at t = 0), README.md (how to run it, every
  setting beside its LAMMPS counterpart, every approximation), grainflow.json and scenario.json for the import.
  Run it with \`lmp -in in.grainflow\` or \`mpirun -np N lmp -in in.grainflow\` in <dir>, then
  \`grainflow import lammps <dir> --out <run>\`.
  --lammps-version  the LAMMPS release: ${LAMMPS_VERSIONS.join(' (checked here), ')} (written from its documentation,
                    not run here); default ${DEFAULT_LAMMPS_VERSION}
  --substeps        LAMMPS steps per grainflow step, 1–${MAX_SUBSTEPS} (default 1). LAMMPS takes damping and friction
                    from the half-step velocity: frictional heaps need about 3 to match grainflow (docs/lammps.md)
  --force           replace an existing --out written by grainflow (refused otherwise)

  export impacts: writes every collision of the run (its impacts.bin, written with outputs.impactRecords true) as
  impacts.csv, one row per collision with the columns of docs/outputs.md; --out defaults to <run>/impacts.csv, and
  an existing file is replaced only with --force, and only when it is an impacts CSV grainflow exported.`;

class UsageError extends Error {}

export async function exportCommand(argv: string[]): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`grainflow: ${message}\n`);
    return EXIT_BAD_INPUT;
  };
  try {
    return argv[0] === 'impacts' ? exportImpactTable(argv.slice(1)) : exportDeck(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(usageErrorLine('export', err.message));
      return EXIT_BAD_INPUT;
    }
    if (err instanceof ScenarioError || err instanceof RunDirectoryError) return fail(`cannot export: ${err.message}`);
    if (err instanceof RangeError) return fail(`--lammps-version ${err.message}`);
    throw err;
  }
}

function exportDeck(argv: string[]): number {
  let parsed;
  try {
    parsed = parseCommandLine({
      args: argv, allowPositionals: true,
      options: {
        out: { type: 'string' }, force: { type: 'boolean', default: false }, 'lammps-version': { type: 'string' },
        substeps: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [format, scenarioPath, ...extra] = positionals;
  if (format !== 'lammps') {
    throw new UsageError(format === undefined ? 'missing the format (lammps or impacts)' : `unknown format "${format}" (lammps or impacts)`);
  }
  if (!scenarioPath) throw new UsageError('missing <scenario.json>');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (!values.out) throw new UsageError('missing --out <dir>');
  const substeps = values.substeps === undefined ? undefined : decimal(values.substeps);
  if (substeps !== undefined && !(Number.isInteger(substeps) && substeps >= 1 && substeps <= MAX_SUBSTEPS)) {
    throw new UsageError(`--substeps must be a whole number from 1 to ${MAX_SUBSTEPS} (got "${values.substeps}")`);
  }
  const scenario = loadScenario(scenarioPath);
  const deck = exportLammps(scenario, {
    out: values.out, force: values.force, lammpsVersion: values['lammps-version'], substeps,
  });
  for (const warning of deck.warnings) process.stderr.write(`grainflow: warning: ${warning}\n`);
  process.stdout.write(`${scenario.name}: LAMMPS deck for ${deck.manifest.lammps.label} → ${deck.dir} `
    + `(${deck.files.length} files; ${deck.manifest.steps} steps of ${deck.manifest.dt} s; see ${deck.dir}/README.md)\n`);
  return EXIT_OK;
}

function exportImpactTable(argv: string[]): number {
  let parsed;
  try {
    parsed = parseOutputCommand(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { positionals: [run, ...extra], ...values } = parsed;
  if (!run) throw new UsageError('missing <run> (a run directory)');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (values.out === '') throw new UsageError('--out needs a file name');
  const written = exportImpacts(run, { out: values.out, force: values.force });
  process.stdout.write(`${written.collisions} collisions → ${written.file}\n`);
  return EXIT_OK;
}
