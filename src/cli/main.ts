/**
 * The grainflow command line: `grainflow <command> [options]`, dispatched through one table of commands, each
 * with its one-line summary and its module (usage text and handler), loaded only when that command runs.
 * `grainflow <command> --help` prints the command's usage and exits 0 (the handlers never see --help);
 * `grainflow --help` lists the commands; `grainflow --version` prints the package version. A bare `grainflow`, an
 * unknown command or an option before the command prints one line and the list on stderr and exits 2, like every
 * other usage error: a script that calls grainflow without saying what to do has a bug, which a 0 would hide. An
 * output refused and a file-system failure (a full disk, a read-only directory) that a command does not handle
 * itself end as one line naming the path and the cause (failures.ts).
 * Exit statuses: exit-status.ts.
 */
import { version } from '../api/version.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-status.js';

/** What a command's module gives: its usage and its handler. */
interface CommandModule {
  /** what `grainflow <name> --help` prints */
  usage: string;
  /** runs the command with the arguments after its name; resolves to the exit status */
  handler: (argv: string[]) => Promise<number>;
}

interface Command {
  name: string;
  /** one line for the command list */
  summary: string;
  /**
   * The command's module, loaded only when the command is asked for. Loaded together, the commands took 0.95 s
   * before `grainflow --help` printed (the library, the calibration plots' Vega, the renderer's encoders: 200
   * modules) against 0.1 s for Node.js to start.
   */
  load: () => Promise<CommandModule>;
}

const COMMANDS: readonly Command[] = [
  { name: 'run', summary: 'simulate a scenario into a run directory, or continue a checkpointed run (--resume)',
    load: async () => { const m = await import('./run.js'); return { usage: m.RUN_USAGE, handler: m.runCommand }; } },
  { name: 'view', summary: 'serve an interactive 3-D player of a finished run on 127.0.0.1',
    load: async () => { const m = await import('./view.js'); return { usage: m.VIEW_USAGE, handler: m.viewCommand }; } },
  { name: 'render', summary: 'draw a run\'s frames in headless Chromium into an MP4, a GIF or PNG frames',
    load: async () => { const m = await import('./render.js'); return { usage: m.RENDER_USAGE, handler: m.renderCommand }; } },
  { name: 'calibrate', summary: 'a contact law\'s constants for a target e, and its e(v), contact time, peak force',
    load: async () => { const m = await import('./calibrate.js'); return { usage: m.CALIBRATE_USAGE, handler: m.calibrateCommand }; } },
  { name: 'impact', summary: 'single impacts through the engine: one law at one speed, or every law\'s worked examples',
    load: async () => { const m = await import('./impact.js'); return { usage: m.IMPACT_USAGE, handler: m.impactCommand }; } },
  { name: 'export', summary: 'write a scenario as a LAMMPS deck (export lammps), or a run\'s collisions as CSV (export impacts)',
    load: async () => { const m = await import('./export.js'); return { usage: m.EXPORT_USAGE, handler: m.exportCommand }; } },
  { name: 'import', summary: 'turn the results of an exported deck that LAMMPS ran into a run directory (import lammps)',
    load: async () => { const m = await import('./import.js'); return { usage: m.IMPORT_USAGE, handler: m.importCommand }; } },
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
  const { usage, handler } = await command.load();
  if (asksForHelp(rest)) {
    process.stdout.write(`${usage}\n`);
    return EXIT_OK;
  }
  try {
    return await handler(rest);
  } catch (error) {
    // An output refused or a file-system failure: one line (failures.ts); anything else keeps its trace.
    const { reportFailure } = await import('./failures.js');
    return reportFailure(error);
  }
}

/** --help or -h among the options (not after `--`, which ends them). */
function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => HELP.includes(arg));
}
