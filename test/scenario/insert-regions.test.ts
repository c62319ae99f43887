/**
 * Insertion in box and cylinder regions with every radius distribution (issue #4): no overlap, inside the
 * region, reproducible; the distributions' moments against independent references; clear errors.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { initialSpheres, type ListedSphere } from '../helpers/sphere-list.js';
import { meanRadiusCubed, radiusBounds, radiusSampler, type RadiusSpec } from '../../src/scenario/radius.js';
import { RunRandom } from '../../src/scenario/random.js';
import { sampleCentre } from '../../src/scenario/regions.js';
import type { RegionSpec } from '../../src/scenario/schema.js';
import { worstOverlap } from '../helpers/overlap.js';
import { insertScenario } from '../helpers/insert-scenario.js';

const scenario = insertScenario;

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
};
const centralMoment = (values: ArrayLike<number>, k: number) => {
  const m = mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] - m) ** k;
  return sum / values.length;
};
const draw = (spec: RadiusSpec, count: number, seed = 3) => {
  const next = radiusSampler(spec, new RunRandom(seed).next);
  return Float64Array.from({ length: count }, next);
};

/**
 * Sample mean and std against reference values: within 4 standard errors, the error of the std taken from the
 * reference fourth central moment (SE(s²) = √((μ₄ − σ⁴)/N), SE(s) = SE(s²)/(2σ)); right for any shape.
 */
function expectMoments(sample: Float64Array, ref: { mean: number; std: number; mu4: number }): void {
  const n = sample.length;
  const seMean = ref.std / Math.sqrt(n);
  const seStd = Math.sqrt((ref.mu4 - ref.std ** 4) / n) / (2 * ref.std);
  expect(Math.abs(mean(sample) - ref.mean)).toBeLessThan(4 * seMean);
  expect(Math.abs(Math.sqrt(centralMoment(sample, 2)) - ref.std)).toBeLessThan(4 * seStd);
}

/** Mean, std and 4th central moment of r = e^u with u ~ normal(μ, σ) truncated to [a, b], by the trapezoid rule in u. */
function truncatedLogNormalMoments(mu: number, sigma: number, a: number, b: number) {
  const steps = 20_000;
  const raw = [0, 0, 0, 0, 0];
  for (let i = 0; i <= steps; i++) {
    const u = a + ((b - a) * i) / steps;
    const w = (i === 0 || i === steps ? 0.5 : 1) * Math.exp(-0.5 * ((u - mu) / sigma) ** 2);
    for (let k = 0; k <= 4; k++) raw[k] += w * Math.exp(k * u);
  }
  const [m1, m2, m3, m4] = raw.slice(1).map((v) => v / raw[0]);
  const variance = m2 - m1 ** 2;
  return { mean: m1, std: Math.sqrt(variance), mu4: m4 - 4 * m1 * m3 + 6 * m1 ** 2 * m2 - 3 * m1 ** 4 };
}

const LOGNORMAL = { distribution: 'lognormal', mean: 0.001, std: 0.0003 } as const;
// σ² = ln(1 + 0.3²), μ = ln(0.001) − σ²/2: the parameters of ln r for a radius of mean 1 mm and std 0.3 mm.
const SIGMA = Math.sqrt(Math.log(1.09));
const MU = Math.log(0.001) - Math.log(1.09) / 2;

const DISTRIBUTIONS: Record<string, RadiusSpec> = {
  fixed: 0.001,
  uniform: { distribution: 'uniform', min: 0.0008, max: 0.0012 },
  normal: { distribution: 'normal', mean: 0.001, std: 0.0001 },
  lognormal: LOGNORMAL,
  discrete: { distribution: 'discrete', values: [0.0008, 0.0012], weights: [3, 1] },
};
// Both about 4e-5 m³: 1 500 spheres of ⟨r³⟩ ≤ 1.3e-9 m³ fill φ ≤ 0.2.
const REGIONS: Record<string, RegionSpec> = {
  box: { type: 'box', min: [0, 0, 0], max: [0.035, 0.035, 0.035] },
  cylinder: { type: 'cylinder', center: [0.01, -0.02, 0.005], radius: 0.02, height: 0.033 },
};

/** Independent containment test: the whole sphere inside the region, with a relative rounding allowance. */
function inside(s: ListedSphere, region: RegionSpec): boolean {
  const eps = 1e-12;
  const [x, y, z] = s.position;
  const r = s.radius;
  if (region.type === 'box') {
    return s.position.every((c, a) => c - r >= region.min[a] - eps && c + r <= region.max[a] + eps);
  }
  const [cx, cy, cz] = region.center;
  return Math.hypot(x - cx, y - cy) + r <= region.radius + eps && z - r >= cz - eps && z + r <= cz + region.height + eps;
}

describe('insertion in regions with radius distributions', () => {
  for (const [regionName, region] of Object.entries(REGIONS)) {
    for (const [distName, radius] of Object.entries(DISTRIBUTIONS)) {
      it(`${distName} radii in a ${regionName}: 1 500 spheres, no overlap, all inside, same seed ⇒ same spheres`, () => {
        const blocks = [{ region, count: 1500, radius }];
        const spheres = initialSpheres(scenario(blocks));
        expect(spheres).toHaveLength(1500);
        expect(worstOverlap(spheres)).toBeLessThanOrEqual(0);
        expect(spheres.every((s) => inside(s, region))).toBe(true);
        const { min, max } = radiusBounds(radius);
        expect(spheres.every((s) => s.radius >= min && s.radius <= max)).toBe(true);
        expect(initialSpheres(scenario(blocks))).toEqual(spheres);
        const other = initialSpheres(scenario(blocks, { seed: 43 }));
        expect(other.map((s) => s.position)).not.toEqual(spheres.map((s) => s.position));
      });
    }
  }

  it('spreads cylinder centres uniformly over the disc: half of them within (R − r)/√2 of the axis', () => {
    const region = REGIONS.cylinder as Extract<RegionSpec, { type: 'cylinder' }>;
    const random = new RunRandom(9);
    const n = 20_000;
    let innerHalf = 0;
    for (let k = 0; k < n; k++) {
      const [x, y] = sampleCentre(region, 0.001, random.next);
      if (Math.hypot(x - region.center[0], y - region.center[1]) < (region.radius - 0.001) / Math.SQRT2) innerHalf++;
    }
    // Binomial(n, 1/2): standard error 0.5/√n = 0.0035.
    expect(Math.abs(innerHalf / n - 0.5)).toBeLessThan(4 * 0.5 / Math.sqrt(n));
  });
});

describe('radius distributions', () => {
  it('log-normal: mean and std are those of the radius (checked untruncated, 20 000 draws)', () => {
    // Bounds far outside the distribution: the exact log-normal moments E[r^k] = exp(kμ + k²σ²/2) apply.
    const sample = draw({ ...LOGNORMAL, min: 1e-6, max: 1 }, 20_000);
    const raw = (k: number) => Math.exp(k * MU + (k * SIGMA) ** 2 / 2);
    const mu4 = raw(4) - 4 * raw(1) * raw(3) + 6 * raw(1) ** 2 * raw(2) - 3 * raw(1) ** 4;
    expect(raw(1)).toBeCloseTo(0.001, 12);
    expectMoments(sample, { mean: 0.001, std: 0.0003, mu4 });
  });

  it('log-normal with the default truncation exp(μ ± 3σ): moments of the truncated law, 20 000 draws', () => {
    const sample = draw(LOGNORMAL, 20_000);
    const [a, b] = [MU - 3 * SIGMA, MU + 3 * SIGMA];
    expect(Math.min(...sample)).toBeGreaterThanOrEqual(Math.exp(a));
    expect(Math.max(...sample)).toBeLessThanOrEqual(Math.exp(b));
    expectMoments(sample, truncatedLogNormalMoments(MU, SIGMA, a, b));
  });

  it('discrete: draws only the listed values, in proportion to the weights (χ² with 2 dof < 13.8, p = 0.001)', () => {
    const values = [0.001, 0.002, 0.003];
    const weights = [1, 2, 7];
    const n = 20_000;
    const sample = draw({ distribution: 'discrete', values, weights }, n);
    const counts = values.map((v) => sample.filter((r) => r === v).length);
    expect(counts.reduce((s, c) => s + c, 0)).toBe(n);
    const chi2 = counts.reduce((s, c, k) => s + (c - (n * weights[k]) / 10) ** 2 / ((n * weights[k]) / 10), 0);
    expect(chi2).toBeLessThan(13.82);
    const equal = draw({ distribution: 'discrete', values }, n);
    const equalCounts = values.map((v) => equal.filter((r) => r === v).length);
    expect(equalCounts.reduce((s, c) => s + (c - n / 3) ** 2 / (n / 3), 0)).toBeLessThan(13.82);
  });

  it('⟨r³⟩ used for packing fractions matches the drawn radii within 4 standard errors', () => {
    for (const spec of Object.values(DISTRIBUTIONS)) {
      const cubes = draw(spec, 20_000).map((r) => r ** 3);
      const se = Math.sqrt(centralMoment(cubes, 2) / cubes.length);
      expect(Math.abs(mean(cubes) - meanRadiusCubed(spec))).toBeLessThanOrEqual(4 * se + 1e-6 * meanRadiusCubed(spec));
    }
  });
});

describe('the random stream', () => {
  it('continues exactly where a saved state left off', () => {
    const random = new RunRandom(5);
    for (let k = 0; k < 1000; k++) random.next();
    const resumed = new RunRandom(random.state());
    const ahead = Array.from({ length: 100 }, random.next);
    expect(Array.from({ length: 100 }, resumed.next)).toEqual(ahead);
  });
});

describe('insertion errors', () => {
  const rejection = (insert: object[]): ScenarioError => {
    try {
      initialSpheres(scenario(insert));
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      return error as ScenarioError;
    }
    throw new Error('accepted');
  };

  it('names the region when the largest sphere does not fit, the count when the request is too dense', () => {
    const narrow = rejection([{ region: { type: 'cylinder', center: [0, 0, 0], radius: 0.0015, height: 1 }, count: 1,
      radius: { distribution: 'discrete', values: [0.001, 0.002] } }]);
    expect(narrow.message).toBe('insert[0].region: the cylinder is 0.003 m wide, narrower than the largest sphere '
      + 'diameter 0.004 m; spheres must lie entirely inside the cylinder');
    const dense = rejection([{ region: { type: 'cylinder', center: [0, 0, 0], radius: 0.005, height: 0.01 }, count: 200,
      radius: 0.001 }]);
    expect(dense.field).toBe('insert[0].count');
    expect(dense.message).toContain('200 spheres would fill φ = 1.067 of insert[0].region');
  });

  it('reports how many fit when a cylinder fills up below the RSA limit', () => {
    // φ = 0.3 of the cylinder is requested, but an explicit sphere almost as wide as it takes 65 % of its volume.
    const count = Math.round((0.3 * Math.PI * 0.01 ** 2 * 0.02) / ((4 / 3) * Math.PI * 0.001 ** 3));
    const particles = [{ position: [0, 0, 0.01], radius: 0.0099, material: 'glass' }];
    let error: unknown;
    try {
      initialSpheres(scenario([{ region: { type: 'cylinder', center: [0, 0, 0], radius: 0.01, height: 0.02 },
        count, radius: 0.001 }], { particles }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).message)
      .toMatch(new RegExp(`^insert\\[0\\]\\.count: could place only \\d+ of ${count} spheres .*φ = 0\\.300\\)$`));
  });
});
