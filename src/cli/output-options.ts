/**
 * The output options every writing command shares: `--force` (replace an earlier output grainflow made, under the
 * output rule of src/output/run-directory.ts) and the notices the rule may give (a stale lock taken over, a killed
 * run's staging directory removed), printed as one line each on stderr.
 */
import type { OutputOptions } from '../api/output-directory.js';
import { parseCommandLine } from './arguments.js';

/**
 * The arguments of a command that reads its inputs from positionals and writes `--out` (`import lammps`, `export
 * impacts`): the positionals and the two options; a command line that does not parse throws ArgumentError.
 */
export function parseOutputCommand(argv: string[]): { positionals: string[]; out: string | undefined; force: boolean } {
  const { values, positionals } = parseCommandLine({
    args: argv, allowPositionals: true, options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  return { positionals, out: values.out, force: values.force };
}

/** The OutputOptions of a command's parsed options; `kind` is recorded in the output's marker. */
export function outputOptions(values: Record<string, unknown>, kind: string): OutputOptions {
  return {
    force: values.force === true,
    kind,
    onNotice: (message) => process.stderr.write(`grainflow: ${message}\n`),
  };
}
