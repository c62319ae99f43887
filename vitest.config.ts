import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_TESTS, LONG_TIER_FILES } from './test/helpers/tiers.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // `npm test` is the fast tier; GRAINFLOW_LONG_TESTS=1 adds the long one (test/helpers/tiers.ts).
    exclude: LONG_TESTS ? configDefaults.exclude : [...configDefaults.exclude, ...LONG_TIER_FILES],
    // The fast tier runs two files at a time (vitest's default on 2 cores is one): 4.7 instead of 7 minutes here.
    // The long tier keeps one: its LAMMPS runs use both cores themselves.
    maxWorkers: LONG_TESTS ? 1 : 2,
    // A limit only stops a test that hangs; it must not fail one that a shared, loaded 2-core machine slows down
    // (docs/verification.md). Tests set none of their own but the long tier's runs of tens of minutes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
