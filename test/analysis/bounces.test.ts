import { describe, expect, it } from 'vitest';
import { analyseBounces, type BounceImpact } from '../../src/analysis/bounces.js';

describe('analyseBounces', () => {
  it('recovers e and the apex heights of an ideal ball with constant restitution', () => {
    // Exact ballistic flight between instantaneous bounces: H₀ = 1 m, R = 0.1 m, e = 0.8, g = 9.8.
    const g = 9.8, R = 0.1, H0 = 1, e = 0.8, dt = 1e-3;
    const impacts: BounceImpact[] = [];
    const t: number[] = [];
    const z: number[] = [];
    let tImpact = Math.sqrt((2 * (H0 - R)) / g);
    let v = g * tImpact;
    const segments: { t0: number; z0: number; v0: number }[] = [{ t0: 0, z0: H0, v0: 0 }];
    for (let k = 0; k < 6; k++) {
      impacts.push({ tStart: tImpact, duration: 0, impactSpeed: v, reboundSpeed: e * v });
      segments.push({ t0: tImpact, z0: R, v0: e * v });
      v *= e;
      tImpact += (2 * v) / g;
    }
    for (let time = 0; time < tImpact; time += dt) {
      const seg = segments.filter((s) => s.t0 <= time).pop()!;
      const s = time - seg.t0;
      t.push(time);
      z.push(seg.z0 + seg.v0 * s - 0.5 * g * s * s);
    }
    const bounces = analyseBounces(impacts, { t, z }, H0, R);
    expect(bounces).toHaveLength(6);
    bounces.forEach((b, k) => {
      expect(b.restitution).toBeCloseTo(e, 12);
      expect(b.constantRestitutionApex).toBeCloseTo(R + (H0 - R) * e ** (2 * (k + 1)), 12);
      if (k < 5) {
        // Sampling every dt misses the apex by at most g·dt²/8.
        expect(Math.abs(b.apexHeight! - b.constantRestitutionApex)).toBeLessThan((g * dt * dt) / 8 + 1e-12);
      } else {
        expect(b.apexHeight).toBeNull();
      }
    });
  });
});
