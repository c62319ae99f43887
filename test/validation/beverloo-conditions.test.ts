/**
 * Where Beverloo's published constants apply (src/validation/beverloo-band.ts siloWidthShortfalls): a silo wider
 * than 2.5 D and than D + 30 d (Nedderman 1992, as quoted by Mankoc et al. 2007). The report names the conditions
 * a silo misses beside each flow-rate check; the case runs scenarios/silo.json widened to meet them at every
 * orifice (src/validation/beverloo-silo.ts), with the beads scaled to the floor area so the bed keeps its height.
 */
import { describe, expect, it } from 'vitest';
import { siloWidthShortfalls } from '../../src/validation/beverloo-band.js';
import { beverlooSiloDiameter, widenSilo } from '../../src/validation/beverloo-silo.js';
import { readScenarioFile } from '../../src/validation/scenario-run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const d = 0.004;
const orifice = (ratio: number) => ({ orificeDiameter: ratio * d, particleDiameter: d });

describe("Beverloo's silo-width conditions", () => {
  it('are met by a silo wider than both 2.5 D and D + 30 d', () => {
    expect(siloWidthShortfalls(0.17, orifice(10))).toEqual([]);
  });

  it('name each condition a silo misses, with how far it is', () => {
    // 0.16 m is exactly D + 30 d at D/d = 10: not above it.
    expect(siloWidthShortfalls(0.16, orifice(10))).toEqual(['L = D + 30.0 d, not above D + 30 d']);
    // scenarios/silo.json's 0.08 m (20 d): wider than 2.5 D at D/d = 6, but only 14 d wider than the orifice.
    expect(siloWidthShortfalls(0.08, orifice(6))).toEqual(['L = D + 14.0 d, not above D + 30 d']);
    // At D/d = 10 (D = 0.04 m) it misses both.
    expect(siloWidthShortfalls(0.08, orifice(10))).toEqual(['L = 2.00 D, not above 2.5 D', 'L = D + 10.0 d, not above D + 30 d']);
  });
});

describe("the Beverloo case's silo: scenarios/silo.json widened to the conditions", () => {
  const ratios = [6, 8, 10];
  const diameter = beverlooSiloDiameter(ratios.map((r) => r * d), d);

  it('meets both conditions at every orifice of the case, where silo.json misses them', () => {
    const shipped = readScenarioFile('scenarios/silo.json').walls[0] as { diameter: number };
    for (const r of ratios) {
      expect(siloWidthShortfalls(shipped.diameter, orifice(r))).not.toEqual([]);
      expect(siloWidthShortfalls(diameter, orifice(r))).toEqual([]);
    }
  });

  it('keeps the fill per floor area and the gap between the beads and the wall, and the file still checks', () => {
    const shipped = readScenarioFile('scenarios/silo.json');
    let widened = shipped;
    editedScenario('scenarios/silo.json', (s) => { widenSilo(s, diameter); widened = s; });
    const wall = (s: typeof shipped) => s.walls[0] as { diameter: number };
    const beads = (s: typeof shipped) => s.insert![0] as { count: number; region: { radius: number; height: number } };
    expect(wall(widened).diameter).toBe(diameter);
    // Equal beads per floor area settle to an equal bed height.
    const perArea = (s: typeof shipped) => beads(s).count / wall(s).diameter ** 2;
    expect(Math.abs(perArea(widened) / perArea(shipped) - 1)).toBeLessThan(1e-4);
    expect(wall(widened).diameter / 2 - beads(widened).region.radius).toBeCloseTo(wall(shipped).diameter / 2 - beads(shipped).region.radius, 12);
    expect(beads(widened).region.height).toBe(beads(shipped).region.height);
  });

  it('leaves a silo that is already wide enough as it is, and refuses a file of another shape', () => {
    const s = readScenarioFile('scenarios/silo.json');
    const before = JSON.stringify(s);
    widenSilo(s, (s.walls[0] as { diameter: number }).diameter);
    expect(JSON.stringify(s)).toBe(before);
    expect(() => widenSilo(readScenarioFile('scenarios/hopper.json'), diameter)).toThrow(/first wall should be the silo/);
  });
});
