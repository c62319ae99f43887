import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { angleOfRepose } from '../../src/analysis/repose.js';

const r = 1e-3;

/**
 * A heap of `count` spheres of radius r at random (overlapping) positions filling a cone of base radius `base`
 * on the floor z = 0, whose flank rises at `angleDeg` on x < 0 and at `otherDeg` on x > 0: the surface of a
 * dense random filling is sharp, like that of a settled heap, with no lattice terraces.
 */
function syntheticHeap(angleDeg: number, otherDeg = angleDeg, base = 0.03, count = 40_000) {
  const random = seedrandom('heap');
  const position: number[] = [];
  const radius: number[] = [];
  const tallest = base * Math.tan((Math.max(angleDeg, otherDeg) * Math.PI) / 180);
  while (radius.length < count) {
    const x = (2 * random() - 1) * base, y = (2 * random() - 1) * base, top = random() * tallest;
    const tan = Math.tan(((x < 0 ? angleDeg : otherDeg) * Math.PI) / 180);
    if (top > (base - Math.hypot(x, y)) * tan) continue;
    position.push(x, y, Math.max(r, top - r));
    radius.push(r);
  }
  return { position, radius, count };
}

describe('angleOfRepose', () => {
  for (const angle of [20, 30, 40]) {
    it(`measures a ${angle}° cone within 1°`, () => {
      const result = angleOfRepose(syntheticHeap(angle), { floorZ: 0, axis: [0, 0] });
      expect(Math.abs(result.angleDegrees - angle)).toBeLessThan(1);
      expect(result.uncertaintyDegrees).toBeLessThan(1.5);
      expect(result.sectors).toHaveLength(8);
    });
  }

  it('finds the axis itself and reports a lopsided heap through its uncertainty', () => {
    const even = angleOfRepose(syntheticHeap(30), { floorZ: 0 });
    const lopsided = angleOfRepose(syntheticHeap(20, 40), { floorZ: 0, axis: [0, 0] });
    expect(Math.hypot(...even.axis)).toBeLessThan(2 * r);
    expect(Math.abs(lopsided.angleDegrees - 30)).toBeLessThan(3);
    expect(lopsided.uncertaintyDegrees).toBeGreaterThan(3 * even.uncertaintyDegrees);
  });

  it('ignores the apron of single spheres that rolled away over the floor', () => {
    // A low heap, so that one layer of spheres (2r = 2 mm) lies inside the flank window's 20 % of its height (8 mm).
    const heap = syntheticHeap(15);
    const random = seedrandom('apron');
    for (let k = 0; k < 600; k++) {
      // A sparse single layer from the toe out to twice the heap's radius.
      const rho = 0.03 + random() * 0.03, phi = random() * 2 * Math.PI;
      heap.position.push(rho * Math.cos(phi), rho * Math.sin(phi), r);
      heap.radius.push(r);
    }
    const result = angleOfRepose({ ...heap, count: heap.radius.length }, { floorZ: 0, axis: [0, 0] });
    expect(Math.abs(result.angleDegrees - 15)).toBeLessThan(1);
  });

  it('reads a single layer spread on the floor as a flat heap (about 0°)', () => {
    const random = seedrandom('layer');
    const position: number[] = [];
    const radius: number[] = [];
    for (let k = 0; k < 400; k++) {
      position.push((random() - 0.5) * 0.1, (random() - 0.5) * 0.1, r);
      radius.push(r);
    }
    const result = angleOfRepose({ position, radius, count: 400 }, { floorZ: 0 });
    expect(Math.abs(result.angleDegrees)).toBeLessThan(1);
    expect(result.heapHeight).toBeCloseTo(2 * r, 12);
    // No flank to cut a band from: every surface cell is fitted, out to the layer's edge (a finite distance).
    expect(result.flankFrom).toBe(0);
    expect(result.flankTo).toBeGreaterThan(0.04);
    expect(result.flankTo).toBeLessThan(0.075);
  });
});
