/**
 * A run that owns its set-up (the API's runScenario, run/run.ts ownsSetup) lets go of the spheres' positions and
 * velocities at t = 0 once its simulation holds them (72 B per sphere at 10⁶ spheres), without changing a result:
 * the run's files are byte-identical to those of a run that keeps them, the radii and materials stay, and a second
 * simulation of the released set-up is refused with a message instead of starting from empty arrays.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSetup } from '../../src/run/setup.js';
import { Simulation } from '../../src/engine/simulation.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-owns-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const scenario = () => editedScenario('scenarios/bouncing-ball.json', (s) => { s.time.duration = 0.5; });

describe('a run that owns its set-up', () => {
  it('releases the initial motion, keeps radii and materials, writes the same files, and refuses a second simulation', async () => {
    const kept = createSetup(scenario());
    const owned = createSetup(scenario());
    await runToDirectory(kept, path.join(scratch, 'kept'));
    await runToDirectory(owned, path.join(scratch, 'owned'), { ownsSetup: true });
    for (const file of ['series.csv', 'impact-statistics.csv', 'scenario.json']) {
      expect(readFileSync(path.join(scratch, 'owned', file), 'utf8')).toBe(readFileSync(path.join(scratch, 'kept', file), 'utf8'));
    }
    // The bounce analysis reads the drop height from the set-up: released too early, the summary would differ.
    const summary = (dir: string) => ({ ...JSON.parse(readFileSync(path.join(scratch, dir, 'summary.json'), 'utf8')), performance: null });
    expect(summary('owned')).toEqual(summary('kept'));
    expect(kept.particles.position.length).toBe(3);
    expect(owned.particles.position.length).toBe(0);
    expect(owned.particles.velocity.length).toBe(0);
    expect(owned.particles.radius.length).toBe(1);
    expect(() => new Simulation(owned)).toThrow(/spheres at t = 0 were let go/);
    expect(() => new Simulation(kept)).not.toThrow();
  });
});
