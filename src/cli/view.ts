/**
 *   grainflow view <runDir> [--port P]
 * Serves the viewer for a run on http://127.0.0.1:P/ until interrupted (Ctrl-C). Bad options or run directory:
 * status 2, one line naming the option and the allowed range.
 */
import { startViewerServer, ViewerInputError } from '../render/server.js';
import { parseCommandLine } from './arguments.js';
import { EXIT_BAD_INPUT, EXIT_OK } from './exit-status.js';

export const VIEW_USAGE = `usage: grainflow view <runDir> [--port P]

  view    serve an interactive 3-D player of a finished run on 127.0.0.1 (open the printed address in a browser)
  --port  TCP port, 0–65535; 0 picks a free one (8765)`;

const DEFAULT_PORT = 8765;

export async function viewCommand(argv: string[]): Promise<number> {
  let server;
  try {
    const { runDir, port } = parseViewArgs(argv);
    server = await startViewerServer(runDir, port);
  } catch (err) {
    if (!(err instanceof ViewerInputError)) throw err;
    // One line: the message names the option and its allowed range (`grainflow view --help` has the rest).
    process.stderr.write(`grainflow: ${err.message}\n`);
    return EXIT_BAD_INPUT;
  }
  process.stdout.write(`grainflow: viewer at ${server.url} (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await server.close();
  return EXIT_OK;
}

function parseViewArgs(argv: string[]): { runDir: string; port: number } {
  let parsed;
  try {
    parsed = parseCommandLine({ args: argv, allowPositionals: true, options: { port: { type: 'string' } } });
  } catch (err) {
    throw new ViewerInputError((err as Error).message);
  }
  const [runDir, ...extra] = parsed.positionals;
  if (!runDir) throw new ViewerInputError('missing <runDir>');
  if (extra.length > 0) throw new ViewerInputError(`unexpected argument "${extra[0]}"`);
  const text = parsed.values.port;
  // Decimal digits only: Number() would take "" as 0, "0x1F90" as 8080 and "9e3" as 9000.
  const port = text === undefined ? DEFAULT_PORT : /^[0-9]{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new ViewerInputError(`--port must be a whole number in 0–65535, in decimal digits (got "${text}")`);
  }
  return { runDir, port };
}
