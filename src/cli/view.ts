/**
 *   grainflow view <runDir> [--port P]
 * Serves the viewer for a run on http://127.0.0.1:P/ until interrupted (Ctrl-C). Bad options or run directory:
 * status 2, one line naming the option and the allowed range.
 */
import { parseArgs } from 'node:util';
import { startViewerServer, ViewerInputError } from '../render/server.js';
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
    process.stderr.write(`grainflow: ${err.message}\n${VIEW_USAGE}\n`);
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
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { port: { type: 'string' } } });
  } catch (err) {
    throw new ViewerInputError((err as Error).message);
  }
  const [runDir, ...extra] = parsed.positionals;
  if (!runDir) throw new ViewerInputError('missing <runDir>');
  if (extra.length > 0) throw new ViewerInputError(`unexpected argument "${extra[0]}"`);
  const text = parsed.values.port;
  const port = text === undefined ? DEFAULT_PORT : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ViewerInputError(`--port must be a whole number in 0–65535 (got "${text}")`);
  }
  return { runDir, port };
}
