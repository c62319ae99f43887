/** The package's version, read from its package.json (the one above this module, in src/ or dist/). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../base/package-root.js';

/** The version of grainflow, as in its package.json (e.g. "0.1.0"). */
export const version: string = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
