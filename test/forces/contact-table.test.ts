/**
 * Material mixing: contact settings for every pair of materials come from `contact`, except where a
 * `contactPairs` entry overrides them; E* and G* mix the two materials (docs/physics.md §1.5).
 */
import { describe, expect, it } from 'vitest';
import { buildContactTable } from '../../src/forces/contact-table.js';
import { parseScenario } from '../../src/scenario/load.js';

describe('contact table', () => {
  const scenario = parseScenario({
    time: { duration: 1 },
    materials: {
      glass: { youngsModulus: 6e10, poissonsRatio: 0.25, density: 2500 },
      steel: { youngsModulus: 2e11, poissonsRatio: 0.3, density: 7800 },
    },
    contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5, rollingFriction: 0.02 },
    contactPairs: [{ materials: ['steel', 'glass'], normal: { model: 'hertz' }, friction: 0.2 }],
    particles: [{ position: [0, 0, 0], radius: 0.001, material: 'glass' }],
  });
  const table = buildContactTable(scenario.scenario);
  const classOf = (a: string, b: string) => {
    const nm = table.materialNames.length;
    return table.classes[table.classIndex[table.materialNames.indexOf(a) * nm + table.materialNames.indexOf(b)]];
  };

  it('uses the global contact settings for pairs without an override', () => {
    for (const m of ['glass', 'steel']) {
      const c = classOf(m, m);
      expect(c.law.model).toBe('tsuji');
      expect(c.friction).toBe(0.5);
      expect(c.rollingFriction).toBe(0.02);
    }
  });

  it('applies a contactPairs override to its pair in either order, keeping unset fields global', () => {
    for (const [a, b] of [['glass', 'steel'], ['steel', 'glass']]) {
      const c = classOf(a, b);
      expect(c.law.model).toBe('hertz');
      expect(c.friction).toBe(0.2);
      expect(c.rollingFriction).toBe(0.02);
    }
  });

  it('mixes the elastic constants: 1/E* = Σ(1−ν²)/E, 1/G* = Σ(2−ν)/G', () => {
    const c = classOf('glass', 'steel');
    expect(c.effectiveModulus).toBeCloseTo(1 / ((1 - 0.25 ** 2) / 6e10 + (1 - 0.3 ** 2) / 2e11), -3);
    const G = (E: number, nu: number) => E / (2 * (1 + nu));
    expect(c.effectiveShearModulus).toBeCloseTo(1 / ((2 - 0.25) / G(6e10, 0.25) + (2 - 0.3) / G(2e11, 0.3)), -3);
  });
});
