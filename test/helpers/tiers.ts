/**
 * The two test tiers (docs/verification.md, "Test tiers"). `npm test` runs the fast tier: every contact law, the
 * kernel equivalence, the CLI and rendering, in minutes on 2 cores. GRAINFLOW_LONG_TESTS=1 (.ci/run sets it) adds
 * the long tier: the files listed here, the runs in LAMMPS (test/interop/lammps-runner.ts) and the long variants of
 * tests that keep a reduced one in the fast tier (`LONG_TESTS` in the test). vitest.config.ts reads both.
 */

/** Whether this run includes the long tier. */
export const LONG_TESTS = process.env.GRAINFLOW_LONG_TESTS === '1';

/**
 * Whole files of long physics, with no reduced variant: what they check is the behaviour of thousands of spheres
 * over ~10^5 steps, and the laws, the kernel and the analyses they use are covered by the fast tier.
 */
export const LONG_TIER_FILES = [
  // Beverloo's law over 3 orifices of scenarios/silo.json: 8 minutes of CPU, over 20 minutes on a loaded machine.
  'test/physics/silo-discharge.test.ts',
  // The angle of repose against μ, four pours of scenarios/pile.json: ~45 s (idle).
  'test/physics/pile.test.ts',
];
