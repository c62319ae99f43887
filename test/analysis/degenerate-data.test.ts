/**
 * Analyses on data that cannot give a result (issue 12): a run whose analysis finds nothing to measure finishes
 * and says so in summary.json and its headline, instead of ending in a RangeError after the whole run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/engine/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-degenerate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a discharge analysis with nothing discharged', () => {
  it('finishes the run and reports that there was no flow to fit', async () => {
    // One sphere floating without gravity, far above the outlet: the discharged mass stays 0.
    const setup = createSetup(editedScenario('test/fixtures/bad/density-zero.json', (s) => {
      s.materials.steel.density = 7800;
      s.gravity = [0, 0, 0];
      s.analysis = {
        type: 'discharge', orificeDiameter: 0.05, outletZ: 0,
        bulkDensityRegion: { center: [0, 0], radius: 0.05, zMin: 0.05, zMax: 0.15 },
      };
    }));
    const summary = await runToDirectory(setup, path.join(scratch, 'discharge'));
    expect(summary.analysis?.type).toBe('discharge');
    expect(summary.analysis?.error).toMatch(/^nothing was discharged/);
    expect(summary.analysis?.headline).toMatch(/^no discharge result: /);
  });
});
