/**
 * The overlaps the outputs and the watchdog measure (Simulation.forEachContact, through PairContactList.separation)
 * are the pair pass's own, bit for bit: after a step the kernel has just computed every pair's overlap at the current
 * positions, and with full collision records it keeps each touching pair's latest δ (kernel/records.ts
 * touchContact). So the contacts measured are exactly the pairs the kernel marks touching, each with the kernel's δ.
 * Catches a measure with other arithmetic than the kernel's: Math.hypot for the distance rounds a third of the
 * distances differently (and so the elastic energy of series.csv), and a pair at the edge of contact could be counted
 * by one and not the other.
 */
import { describe, expect, it } from 'vitest';
import { IMPACT } from '../../src/contacts/impact-records.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { afterStepsOnLanes } from '../helpers/on-lanes.js';

describe('the measured overlaps', () => {
  it.each([
    ['settle-2k.json', 'walls, one size'],
    ['periodic-gas-1200.json', 'periodic images'],
  ])('are the kernel\'s, bit for bit (%s: %s)', async (fixture) => {
    const scenario = editedScenario(`test/fixtures/${fixture}`, (json) => {
      json.outputs = { ...json.outputs, impactRecords: true };
    });
    const { measured, kernel, time } = await afterStepsOnLanes(scenario, 1, 300, (sim) => {
      const { pairs } = sim;
      const measured = new Map<number, number>();
      sim.forEachContact((k, _first, _second, isWall, delta) => {
        if (!isWall) measured.set(k, delta);
      });
      const kernel = new Map<number, { delta: number; at: number }>();
      for (let p = 0; p < pairs.count; p++) {
        if (pairs.touching[p] === 0) continue;
        const b = pairs.impactStride * p;
        kernel.set(p, { delta: pairs.impact[b + IMPACT.lastOverlap], at: pairs.impact[b + IMPACT.lastTouch] });
      }
      return { measured, kernel, time: sim.time };
    });
    // Enough contacts that a third of them rounding differently could not go unseen.
    expect(kernel.size).toBeGreaterThan(100);
    expect([...measured.keys()]).toEqual([...kernel.keys()]);
    for (const [p, { delta, at }] of kernel) {
      // The record is this step's: the kernel saw this δ at the current positions.
      expect(at, `pair ${p}`).toBe(time);
      expect(measured.get(p), `pair ${p}`).toBe(delta);
    }
  });
});
