/**
 * The overlap at which an exported deck's constant SDS rolling stiffness is taken (src/interop/lammps-contact.ts
 * referenceOverlap, docs/physics.md §10.4): without gravity, the peak overlap of an elastic Hertz impact at the run's
 * characteristic speed, δ_max = (5m*v²/(4K))^{2/5} — the engine's own hertzOverlap, not a rounded (5/4)^{2/5}.
 */
import { describe, expect, it } from 'vitest';
import { hertzOverlap } from '../../src/forces/normal/springs.js';
import { referenceOverlap } from '../../src/interop/lammps-contact.js';

describe('referenceOverlap', () => {
  it('without gravity is the elastic Hertz peak overlap: 15.4675 µm for the aluminium spheres of §7.9 at 0.3 m/s', () => {
    const K = 5.5e9, meff = 0.046, speed = 0.3;
    expect(referenceOverlap(K, meff, 0, speed)).toBe(hertzOverlap(meff, K, speed));
    // (5·0.046·0.3²/(4·5.5e9))^{2/5}; the rounded factor 1.0934 gave 1.54680e-5
    expect(referenceOverlap(K, meff, 0, speed).toExponential(5)).toBe('1.54675e-5');
  });

  it('under gravity is the overlap of a sphere resting under its weight, Kδ^{3/2} = m g', () => {
    const K = 5.5e9, weight = 0.092 * 9.81;
    expect(referenceOverlap(K, 0.046, weight, 0.3)).toBe((weight / K) ** (2 / 3));
  });
});
