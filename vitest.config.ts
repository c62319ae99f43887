import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_TESTS, LONG_TIER_FILES } from './test/helpers/tiers.js';

/**
 * Folders of unit tests that share their worker's modules across files (`isolate: false`): they call the library in
 * process and change no state of the process (environment, working directory, signal handlers, timers, mocks),
 * so a fresh process per file only costs its start and a fresh import of src, ~0.4 s of CPU per file here. Every
 * other file keeps a process of its own. A folder added here must pass `npx vitest run <folder> --no-isolate`.
 */
const SHARED_MODULE_FOLDERS = ['analysis', 'architecture', 'base', 'broadphase', 'forces', 'plot', 'scenario', 'walls']
  .map((folder) => `test/${folder}/**/*.test.ts`);
const excluded = LONG_TESTS ? configDefaults.exclude : [...configDefaults.exclude, ...LONG_TIER_FILES];

export default defineConfig({
  test: {
    // `npm test` is the fast tier; GRAINFLOW_LONG_TESTS=1 adds the long one (test/helpers/tiers.ts).
    exclude: excluded,
    // The fast tier runs two files at a time (vitest's default on 2 cores is one): about 4 instead of 7 minutes here.
    // The long tier keeps one: its LAMMPS runs use both cores themselves.
    maxWorkers: LONG_TESTS ? 1 : 2,
    // A limit only stops a test that hangs; it must not fail one that a shared, loaded 2-core machine slows down
    // (docs/verification.md). Tests set none of their own but the long tier's runs of tens of minutes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      { extends: true, test: { name: 'unit', include: SHARED_MODULE_FOLDERS, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: [...excluded, ...SHARED_MODULE_FOLDERS] } },
    ],
  },
});
