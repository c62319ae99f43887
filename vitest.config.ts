import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_TESTS, LONG_TIER_FILES } from './test/helpers/tiers.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // `npm test` is the fast tier; GRAINFLOW_LONG_TESTS=1 adds the long one (test/helpers/tiers.ts).
    exclude: LONG_TESTS ? configDefaults.exclude : [...configDefaults.exclude, ...LONG_TIER_FILES],
    // Physics verification runs thousands of integration steps; the default 5 s is too tight on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
