/**
 * `npm run gallery`: regenerates docs/gallery/<scenario>.png, a still of every scenario in scenarios/ (gallery.ts),
 * and prints each still's size and the total. Options: `--only <name>[,<name>…]` makes only those scenarios' stills
 * (the directory then holds only them; for a quick look or a test), `--scenarios <dir>` and `--out <dir>` read and
 * write elsewhere, `--workers N` sets the threads of each run. A gallery directory holding a file the gallery did
 * not write is refused (one line naming it, status 2), as is bad usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OutputExistsError } from '../run/output-guard.js';
import { ScenarioError } from '../base/scenario-error.js';
import { writeGallery } from './gallery.js';

const EXIT_BAD_INPUT = 2;

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { only: { type: 'string' }, scenarios: { type: 'string', default: 'scenarios' }, out: { type: 'string', default: 'docs/gallery' },
      workers: { type: 'string' } },
  });
  const shipped = fs.readdirSync(values.scenarios).filter((f) => f.endsWith('.json')).map((f) => path.basename(f, '.json')).sort();
  const only = values.only?.split(',') ?? shipped;
  const unknown = only.filter((name) => !shipped.includes(name));
  if (unknown.length > 0) throw new UsageError(`--only: no scenario ${unknown.join(', ')} in ${values.scenarios}/ (${shipped.join(', ')})`);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) {
    throw new UsageError(`--workers must be a whole number >= 1 (got "${values.workers}")`);
  }
  return { scenarios: only.map((name) => path.join(values.scenarios, `${name}.json`)), out: values.out, workers };
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  try {
    const settings = options(argv);
    const stills = await writeGallery({
      ...settings, onStill: (name, seconds) => process.stdout.write(`gallery: ${name} (${seconds.toFixed(0)} s)\n`),
    });
    for (const still of stills) process.stdout.write(`${path.join(settings.out, still.file)}  t = ${still.time} s  ${(still.bytes / 1024).toFixed(0)} KB\n`);
    const total = stills.reduce((sum, s) => sum + s.bytes, 0);
    process.stdout.write(`gallery: ${stills.length} stills, ${(total / 1024).toFixed(0)} KB in all\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`gallery: ${(error as Error).message.split('\n')[0]}\n`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof ScenarioError) {
      // A scenario in the gallery's folder that does not load: its field and the allowed range, not a stack trace.
      process.stderr.write(`gallery: cannot draw: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof OutputExistsError) {
      process.stderr.write(`gallery: ${error.describe({ out: '--out', force: 'npm run gallery' })}\n`);
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
