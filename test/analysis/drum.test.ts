/**
 * The rotating-drum analysis on synthetic beds: a packed bed whose surface is a plane tilted by a known angle in a
 * drum along any horizontal axis gives that angle back; the Froude number and the regime ranges, which must hold
 * every regime Sunday et al. (2020) observed; the average; the rise of the angle per decade of Fr the validation
 * case shows; the scenario check that the analysed wall is a cylinder turning about its own axis.
 */
import { describe, expect, it } from 'vitest';
import { averageAngle, drumRegimes, drumSurface, froudeNumber, type DrumGeometry } from '../../src/analysis/drum.js';
import { risePerDecade, SUNDAY_2020_DRUM } from '../../src/validation/drum-case.js';
import { parseScenario } from '../../src/scenario/load.js';
import type { ScenarioInput } from '../../src/scenario/schema.js';

/**
 * Spheres of radius r on a square lattice filling the drum's cross-section below the line v = tan(θ)·u, repeated
 * along the axis: `frame` maps (u, v, s) (across, up, along the axis) to world coordinates.
 */
function tiltedBed(drum: DrumGeometry, degrees: number, r: number, frame: (u: number, v: number, s: number) => number[]) {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const position: number[] = [];
  const inner = drum.radius - r;
  for (let s = drum.zMin + r; s <= drum.zMax - r; s += 2 * r) {
    for (let u = -inner; u <= inner; u += 2 * r) {
      for (let v = -inner; v <= inner; v += 2 * r) {
        // Centres at most r below the surface line: the tops of the top row sit on it to within a radius.
        if (u * u + v * v <= inner * inner && v + r <= slope * u + 1e-12) position.push(...frame(u, v, s));
      }
    }
  }
  const count = position.length / 3;
  return { position: Float64Array.from(position), radius: new Float64Array(count).fill(r), count };
}

describe('drumSurface', () => {
  it.each([20, 32])('a bed tilted by %i° in a drum along x (gravity −z) reads that angle within a degree', (degrees) => {
    const drum: DrumGeometry = { centre: [0.1, 0, 0.05], axis: [1, 0, 0], radius: 0.05, zMin: -0.015, zMax: 0.015 };
    // u across = axis × up = x × z = −y; v = z.
    const bed = tiltedBed(drum, degrees, 0.001, (u, v, s) => [0.1 + s, -u, 0.05 + v]);
    const surface = drumSurface(bed, drum, [0, 0, -9.81], 0.005);
    expect(Math.abs(surface.angleDegrees - degrees)).toBeLessThan(1);
    expect(surface.slope).toBeGreaterThan(0);
    expect(surface.slabSpheres).toBeLessThan(bed.count);
  });

  it('does not depend on the drum axis direction: along y with gravity −z, mirrored surface', () => {
    const drum: DrumGeometry = { centre: [0, 0, 0], axis: [0, 1, 0], radius: 0.05, zMin: 0, zMax: 0.02 };
    // across = y × z = +x.
    const bed = tiltedBed(drum, 25, 0.001, (u, v, s) => [u, s, v]);
    const surface = drumSurface(bed, drum, [0, 0, -9.81], 0.004);
    expect(Math.abs(surface.angleDegrees - 25)).toBeLessThan(1);
  });

  it('refuses gravity along the axis and an empty slab', () => {
    const drum: DrumGeometry = { centre: [0, 0, 0], axis: [0, 0, 1], radius: 0.05, zMin: 0, zMax: 0.02 };
    const none = { position: new Float64Array(0), radius: new Float64Array(0), count: 0 };
    expect(() => drumSurface(none, drum, [0, 0, -9.81], 0.01)).toThrow(/gravity is along the drum axis/);
    expect(() => drumSurface(none, { ...drum, axis: [1, 0, 0] }, [0, 0, -9.81], 0.01)).toThrow(/too few for a surface fit/);
  });
});

describe('Froude number and regimes', () => {
  it('ω²R/g, and the regimes whose ranges hold it', () => {
    expect(froudeNumber(1, 0.05, 9.81)).toBeCloseTo(0.05 / 9.81, 15);
    expect(drumRegimes(0.005)).toEqual(['rolling', 'cascading']);
    expect(drumRegimes(0.5)).toEqual(['cataracting']);
    expect(drumRegimes(2)).toEqual(['centrifuging']);
    expect(drumRegimes(5e-5)).toEqual(['slumping']);
  });

  it('names both neighbours at a shared range end', () => {
    expect(drumRegimes(0.1)).toEqual(['cascading', 'cataracting']);
    expect(drumRegimes(1)).toEqual(['cataracting', 'centrifuging']);
  });

  it('holds every regime Sunday et al. (2020) saw in a half-full drum of glass beads, Fr = 1e-4 to 1.5', () => {
    for (const { froude, regime } of SUNDAY_2020_DRUM.regimes) expect(drumRegimes(froude), `Fr = ${froude}`).toContain(regime);
  });

  it('averages samples with the standard error of the mean', () => {
    const a = averageAngle([30, 32, 31, 29, 33]);
    expect(a.mean).toBeCloseTo(31, 12);
    expect(a.deviation).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(a.error).toBeCloseTo(Math.sqrt(2.5 / 5), 12);
    expect(() => averageAngle([])).toThrow(/steadyFrom/);
  });
});

describe('rise of the dynamic angle per decade of Fr', () => {
  it('is the slope against log10 Fr: 10° per decade for a line in log Fr, weighted by the errors', () => {
    expect(risePerDecade([1e-3, 1e-2, 1e-1], [30, 40, 50])).toBeCloseTo(10, 12);
    // An outlier with a large error barely moves the weighted slope.
    expect(risePerDecade([1e-3, 1e-2, 1e-1, 3e-2], [30, 40, 50, 80], [1, 1, 1, 1e3])).toBeCloseTo(10, 3);
  });
});

describe('rotating-drum scenario check', () => {
  const base = (wall: object): ScenarioInput => ({
    gravity: [0, 0, -9.81], time: { duration: 0.1 },
    materials: { m: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.5 } },
    particles: [{ position: [0, 0, -0.03], radius: 0.002, material: 'm' }],
    walls: [{ type: 'cylinder', center: [0, 0, 0], axis: [1, 0, 0], radius: 0.05, zMin: -0.01, zMax: 0.01, closed: true, material: 'm', ...wall }],
    analysis: { type: 'rotating-drum' },
  } as ScenarioInput);

  it('accepts a cylinder turning about its own axis, refuses one that does not turn or turns about another axis', () => {
    expect(() => parseScenario(base({ motion: { rotation: { axis: [2, 0, 0], point: [0.3, 0, 0], angularVelocity: 1 } } }))).not.toThrow();
    expect(() => parseScenario(base({}))).toThrow(/^analysis\.wall: .*walls\[0\] does not turn/);
    expect(() => parseScenario(base({ motion: { rotation: { axis: [1, 0, 0], point: [0, 0.01, 0], angularVelocity: 1 } } })))
      .toThrow(/^analysis\.wall: .*turns about another axis/);
  });
});
