/**
 * The Tsuji damping argument an exported deck hands to LAMMPS (src/interop/tsuji-input.ts). LAMMPS 29 Sep 2021
 * reads `damping tsuji e` through Marshall's polynomial α(e); what it then delivers is grainflow's closed form of
 * docs/physics.md §7.4 for that α. The anchors measured on this LAMMPS (cor decks, no limit_damping, i.e. "free"):
 * an input of 0.7 rebounds at 0.778 and one of 0.601 at 0.700 — both follow from the polynomial, and inverting
 * it gives the argument that delivers grainflow's α exactly.
 */
import { describe, expect, it } from 'vitest';
import { tsujiAlpha, tsujiRestitution } from '../../src/forces/normal/calibration.js';
import { lammpsTarget } from '../../src/interop/lammps-target.js';
import { lammpsTsujiAlpha, tsujiDamping, tsujiInputForAlpha } from '../../src/interop/tsuji-input.js';

describe('LAMMPS 29 Sep 2021 damping tsuji', () => {
  it('reproduces the measured anchors: input 0.7 delivers 0.778, input 0.601 delivers 0.700 (free)', () => {
    expect(tsujiRestitution(lammpsTsujiAlpha(0.7), 'free')).toBeCloseTo(0.778, 3);
    expect(tsujiRestitution(lammpsTsujiAlpha(0.601), 'free')).toBeCloseTo(0.700, 3);
  });

  it('the polynomial falls monotonically over the inverted range [−1, 1.1]', () => {
    let previous = Infinity;
    for (let k = 0; k <= 2100; k++) {
      const alpha = lammpsTsujiAlpha(-1 + k / 1000);
      expect(alpha).toBeLessThan(previous);
      previous = alpha;
    }
  });

  it('inverts it to the last bits for every restitution grainflow calibrates, both conventions', () => {
    for (const convention of ['free', 'no-tension'] as const) {
      for (let e = 0.25; e < 1; e += 0.05) {
        const alpha = tsujiAlpha(e, convention);
        const input = tsujiInputForAlpha(alpha);
        expect(Math.abs(lammpsTsujiAlpha(input) / alpha - 1)).toBeLessThan(1e-12);
      }
    }
  });

  it('asks 0.601 for grainflow\'s e = 0.7 under "free"', () => {
    expect(tsujiInputForAlpha(tsujiAlpha(0.7, 'free'))).toBeCloseTo(0.601, 3);
  });

  it('refuses an α beyond the polynomial', () => {
    expect(() => tsujiInputForAlpha(100)).toThrow(RangeError);
  });
});

describe('later LAMMPS, damping coeff_restitution (unchecked here)', () => {
  it('hands over the restitution α delivers under "free"', () => {
    const target = lammpsTarget('2Aug2023');
    const alpha = tsujiAlpha(0.7, 'no-tension');
    const d = tsujiDamping(alpha, target);
    expect(d.keyword).toBe('coeff_restitution');
    expect(tsujiAlpha(d.argument, 'free')).toBeCloseTo(alpha, 12);
  });
});
