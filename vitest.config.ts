import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Physics verification runs thousands of integration steps; the default 5 s is too tight on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
