/**
 * The grainflow command line: `grainflow <command> [options]`, dispatched through one table of commands, each
 * with its one-line summary, usage text and handler. `grainflow <command> --help` prints the command's usage and
 * exits 0 (the handlers never see --help); `grainflow --help` lists the commands; `grainflow --version` prints
 * the package version. A bare `grainflow`, an unknown command or an option before the command prints one line and
 * the list on stderr and exits 2, like every other usage error: a script that calls grainflow without saying what
 * to do has a bug, which a 0 would hide. An output refused and a file-system failure (a full disk, a read-only
 * directory) that a command does not handle itself end as one line naming the path and the cause (failures.ts).
 * Exit statuses: exit-status.ts.
 */
import { version } from '../api/index.js';
import { CALIBRATE_USAGE, calibrateCommand } from './calibrate.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-status.js';
import { EXPORT_USAGE, exportCommand } from './export.js';
import { reportFailure } from './failures.js';
import { IMPACT_USAGE, impactCommand } from './impact.js';
import { IMPORT_USAGE, importCommand } from './import.js';
import { RENDER_USAGE, renderCommand } from './render.js';
import { RUN_USAGE, runCommand } from './run.js';
import { VIEW_USAGE, viewCommand } from './view.js';

interface Command {
  name: string;
  /** one line for the command list */
  summary: string;
  /** what `grainflow <name> --help` prints */
  usage: string;
  /** runs the command with the arguments after its name; resolves to the exit status */
  handler: (argv: string[]) => Promise<number>;
}

const COMMANDS: readonly Command[] = [
  { name: 'run', summary: 'simulate a scenario into a run directory, or continue a checkpointed run (--resume)',
    usage: RUN_USAGE, handler: runCommand },
  { name: 'view', summary: 'serve an interactive 3-D player of a finished run on 127.0.0.1',
    usage: VIEW_USAGE, handler: viewCommand },
  { name: 'render', summary: 'draw a run\'s frames in headless Chromium into an MP4, a GIF or PNG frames',
    usage: RENDER_USAGE, handler: renderCommand },
  { name: 'calibrate', summary: 'a contact law\'s constants for a target e, and its e(v), contact time, peak force',
    usage: CALIBRATE_USAGE, handler: calibrateCommand },
  { name: 'impact', summary: 'single impacts through the engine: one law at one speed, or every law\'s worked examples',
    usage: IMPACT_USAGE, handler: impactCommand },
  { name: 'export', summary: 'write a scenario as a LAMMPS deck (export lammps), or a run\'s collisions as CSV (export impacts)',
    usage: EXPORT_USAGE, handler: exportCommand },
  { name: 'import', summary: 'turn the results of an exported deck that LAMMPS ran into a run directory (import lammps)',
    usage: IMPORT_USAGE, handler: importCommand },
];

const HELP = ['--help', '-h'];

/** The command list: `grainflow --help`, and after a usage error on stderr. */
export function commandList(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: grainflow <command> [options]       (grainflow <command> --help: the command\'s options)',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    '  grainflow --help      this list',
    '  grainflow --version   the package version',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first !== undefined && HELP.includes(first)) {
    process.stdout.write(`${commandList()}\n`);
    return EXIT_OK;
  }
  if (first === '--version') {
    process.stdout.write(`${version}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (command === undefined) {
    const problem = first === undefined ? 'missing command'
      : first.startsWith('-') ? `the command comes first (got "${first}")` : `unknown command "${first}"`;
    process.stderr.write(`grainflow: ${problem}\n${commandList()}\n`);
    return EXIT_BAD_INPUT;
  }
  if (asksForHelp(rest)) {
    process.stdout.write(`${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.handler(rest);
  } catch (error) {
    // An output refused or a file-system failure: one line (failures.ts); anything else keeps its trace.
    return reportFailure(error);
  }
}

/** --help or -h among the options (not after `--`, which ends them). */
function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => HELP.includes(arg));
}
