/** The directory holding grainflow's package.json: the one above this module (from src/ under vitest, from dist/). */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    directory = parent;
  }
  return directory;
}
