/**
 * Angle of repose of a poured heap against sliding friction (issue #4 acceptance): 1 000 spheres poured on a rough
 * floor (scenarios/pile.json) with μ ∈ {0.1, 0.3, 0.6} and rolling resistance μ_r = 0.1 build steeper heaps as μ
 * grows (the slope of the angle against μ, each heap weighted by its uncertainty, is positive by two standard
 * errors: analysis/repose.ts reposeTrend, the check of `npm run validate`); frictionless spheres without rolling resistance spread into a layer (about 0°). The heap is measured by
 * the run's own analysis (src/analysis/repose.ts: flank fits in 8 sectors; uncertainty = standard error over them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { reposeTrend, type ReportedHeap } from '../../src/analysis/repose.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-pile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Four pours of ~100 000 steps: about 2 minutes on an idle 2-core machine, more on a busy one. */
const RUNS_TIMEOUT_MS = 15 * 60_000;

interface Repose extends ReportedHeap { heapHeight_m: number }

async function pile(friction: number, rollingFriction: number): Promise<Repose> {
  const scenario = editedScenario('scenarios/pile.json', (s) => {
    s.contact.friction = friction;
    s.contact.rollingFriction = rollingFriction;
    // The floor stays rough in every run (μ = 0.8, μ_r = 0.3 in contactPairs), as in a fixed-base heap experiment,
    // except for the frictionless control, where nothing may resist sliding or rolling.
    if (friction === 0) {
      s.contactPairs[0].friction = 0;
      s.contactPairs[0].rollingFriction = 0;
    }
    s.outputs.frames = false;
  });
  const summary = await runToDirectory(createSetup(scenario), path.join(scratch, `mu-${friction}`));
  expect(summary.pour?.poured).toBe(1000);
  return summary.analysis as unknown as Repose;
}

describe('poured heap (scenarios/pile.json, 1 000 spheres)', () => {
  it('is steeper for larger sliding friction (μ = 0.1, 0.3, 0.6 with μ_r = 0.1), and flat without friction', async () => {
    const flat = await pile(0, 0);
    const frictions = [0.1, 0.3, 0.6];
    const heaps = [];
    for (const mu of frictions) heaps.push(await pile(mu, 0.1));
    // Frictionless spheres end as a single layer: the analysis reads it as a flat surface.
    expect(Math.abs(flat.angleOfRepose_deg)).toBeLessThan(2);
    expect(flat.heapHeight_m).toBeLessThan(2 * 2 * 0.00165);
    // The angle rises with μ by more than two standard errors of the weighted slope.
    const trend = reposeTrend(frictions, heaps);
    expect(trend.slope).toBeGreaterThan(2 * trend.slopeError);
    expect(heaps[0].angleOfRepose_deg).toBeGreaterThan(5);
  }, RUNS_TIMEOUT_MS);
});
