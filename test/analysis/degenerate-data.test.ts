/**
 * Analyses on data that cannot give a result (issue 12): a run whose analysis finds nothing to measure finishes
 * and says so in summary.json and its headline, instead of ending in a RangeError after the whole run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { angleOfRepose } from '../../src/analysis/repose.js';
import { beverloo } from '../../src/analysis/discharge.js';

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

/** Centres of 200 spheres (radius 1 mm) in a 30° cone 20 mm high whose lowest spheres rest on the plane z = `base`. */
function coneOf200(base: number): number[] {
  const cone: number[] = [];
  for (let k = 0; k < 200; k++) {
    const r = 0.002 * (k % 20), a = k * 2.39996, top = 0.02 - r * Math.tan(Math.PI / 6);
    cone.push(r * Math.cos(a), r * Math.sin(a), base + Math.max(1e-3, top));
  }
  return cone;
}

describe('degenerate inputs give an error, never a number (issue 25)', () => {
  const TWO_SPHERES = 'scenarios/two-spheres.json';
  const repose = async (name: string, gravity: [number, number, number], floorZ: number) => {
    const setup = createSetup(editedScenario(TWO_SPHERES, (s) => {
      s.gravity = gravity;
      s.analysis = { type: 'angle-of-repose', floorZ };
    }));
    return (await runToDirectory(setup, path.join(scratch, name))).analysis;
  };

  it('angle of repose with gravity pointing up: no heap can rest on a floor', async () => {
    const analysis = await repose('repose-up', [0, 0, 9.81], -1);
    expect(analysis?.angleOfRepose_deg).toBeUndefined();
    expect(analysis?.error).toMatch(/^gravity points .*up .*no heap rests on the floor/);
    expect(analysis?.headline).toMatch(/^no angle-of-repose result: gravity/);
  });

  it('angle of repose with the floor above every sphere: heap height 0 is no heap', async () => {
    const analysis = await repose('repose-floor-above', [0, 0, -9.81], 1);
    expect(analysis?.angleOfRepose_deg).toBeUndefined();
    expect(analysis?.error).toMatch(/^4 of 4 spheres lie wholly below the floor \(z = 1 m\)/);
  });

  it('angle of repose of spheres that fell through no floor: refused; a few that rolled off the edge are left out', () => {
    const heap = { position: [0, 0, -5, 0.003, 0, -5, 0, 0.003, -5], radius: [1e-3, 1e-3, 1e-3], count: 3 };
    expect(() => angleOfRepose(heap, { floorZ: 0 })).toThrow(/^3 of 3 spheres lie wholly below the floor \(z = 0 m\)/);
    expect(() => angleOfRepose(heap, { floorZ: 0 })).toThrow(RangeError);
    // A cone of spheres on the floor, and one that fell off its edge: measured without it.
    const cone = coneOf200(0);
    const on = angleOfRepose({ position: cone, radius: cone.map(() => 1e-3), count: 200 }, { floorZ: 0, axis: [0, 0] });
    const withFallen = angleOfRepose({ position: [...cone, 0.05, 0, -3], radius: [...cone.map(() => 1e-3), 1e-3], count: 201 },
      { floorZ: 0, axis: [0, 0] });
    expect(withFallen.angleDegrees).toBe(on.angleDegrees);
  });

  it('angle of repose of spheres above a floor they never reached (no floor under them, or resting higher): refused', async () => {
    // The same cone, lifted: a heap resting half a metre up, or a cloud still falling onto no floor.
    const lifted = { position: coneOf200(0.5), radius: new Array(200).fill(1e-3), count: 200 };
    expect(() => angleOfRepose(lifted, { floorZ: 0 })).toThrow(/^the lowest of 200 spheres lies 0\.500 m above the floor \(z = 0 m\)/);
    expect(angleOfRepose(lifted, { floorZ: 0.5 }).angleDegrees).toBeGreaterThan(25);
    // Through a run: two spheres falling under gravity, 1 m over a floor at z = -1 m that is no wall at all.
    const analysis = await repose('repose-no-floor', [0, 0, -9.81], -1);
    expect(analysis?.angleOfRepose_deg).toBeUndefined();
    expect(analysis?.error).toMatch(/^the lowest of \d+ spheres lies .* above the floor \(z = -1 m\)/);
  });

  it('Beverloo with an empty bulk-density region or no gravity: refused, never C = Infinity', () => {
    const inputs = { massFlowRate: 0.1, bulkDensity: 1500, gravity: 9.81, orificeDiameter: 0.05, particleDiameter: 0.005 };
    expect(Number.isFinite(beverloo(inputs).fittedC)).toBe(true);
    expect(() => beverloo({ ...inputs, bulkDensity: 0 })).toThrow(/^the bulk density is 0 kg\/m³ \(no sphere in its region\?\)/);
    expect(() => beverloo({ ...inputs, bulkDensity: Number.NaN })).toThrow(RangeError);
    expect(() => beverloo({ ...inputs, gravity: 0 })).toThrow(/^gravity is 0 m\/s²: Beverloo's law/);
  });
});
