/**
 * Radius distributions of insert blocks: the range each can produce, ⟨r³⟩ (for packing fractions and poured
 * mass) and the seeded sampler. All radii in m.
 */
import type { InsertSpec } from './schema.js';

export type RadiusSpec = InsertSpec['radius'];

/** μ and σ of ln r for a log-normal radius with the given mean and standard deviation (m). */
export function logNormalParameters(mean: number, std: number): { mu: number; sigma: number } {
  const sigma2 = Math.log1p((std / mean) ** 2);
  return { mu: Math.log(mean) - sigma2 / 2, sigma: Math.sqrt(sigma2) };
}

/** [min, max] a radius spec can produce, with the documented defaults of the truncated distributions. */
export function radiusBounds(radius: RadiusSpec): { min: number; max: number } {
  if (typeof radius === 'number') return { min: radius, max: radius };
  switch (radius.distribution) {
    case 'uniform':
      return { min: radius.min, max: radius.max };
    case 'normal':
      return {
        min: radius.min ?? Math.max(radius.mean - 3 * radius.std, radius.mean / 10),
        max: radius.max ?? radius.mean + 3 * radius.std,
      };
    case 'lognormal': {
      const { mu, sigma } = logNormalParameters(radius.mean, radius.std);
      return { min: radius.min ?? Math.exp(mu - 3 * sigma), max: radius.max ?? Math.exp(mu + 3 * sigma) };
    }
    case 'discrete':
      // Loops, not Math.min(...values): spreading a long list as arguments overflows the call stack.
      return {
        min: radius.values.reduce((least, r) => Math.min(least, r), Infinity),
        max: radius.values.reduce((most, r) => Math.max(most, r), -Infinity),
      };
  }
}

/** Relative weight of each value of a discrete distribution (all 1 when no weights are given). */
export function discreteWeights(radius: { values: number[]; weights?: number[] }): number[] {
  return radius.weights ?? radius.values.map(() => 1);
}

/** ⟨r³⟩ (m³) of the distribution: closed forms for fixed, uniform and discrete; Simpson's rule when truncated. */
export function meanRadiusCubed(radius: RadiusSpec): number {
  const { min, max } = radiusBounds(radius);
  if (typeof radius === 'number' || min === max) return min ** 3;
  switch (radius.distribution) {
    case 'uniform':
      return (max ** 4 - min ** 4) / (4 * (max - min));
    case 'discrete': {
      const weights = discreteWeights(radius);
      const total = weights.reduce((sum, w) => sum + w, 0);
      return radius.values.reduce((sum, v, k) => sum + weights[k] * v ** 3, 0) / total;
    }
    case 'normal':
      if (radius.std === 0) return radius.mean ** 3;
      return truncatedMean((r) => r ** 3, (r) => Math.exp(-0.5 * ((r - radius.mean) / radius.std) ** 2), min, max);
    case 'lognormal': {
      const { mu, sigma } = logNormalParameters(radius.mean, radius.std);
      return truncatedMean((r) => r ** 3, (r) => Math.exp(-0.5 * ((Math.log(r) - mu) / sigma) ** 2) / r, min, max);
    }
  }
}

/** ∫ f·density / ∫ density over [min, max] by Simpson's rule (density need not be normalised). */
function truncatedMean(f: (r: number) => number, density: (r: number) => number, min: number, max: number): number {
  const intervals = 256;
  const h = (max - min) / intervals;
  let weight = 0;
  let moment = 0;
  for (let i = 0; i <= intervals; i++) {
    const r = min + i * h;
    const d = (i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2) * density(r);
    weight += d;
    moment += d * f(r);
  }
  return moment / weight;
}

/**
 * Draws radii: fixed; uniform in [min, max]; normal or log-normal redrawn until inside [min, max]; discrete by
 * inverse CDF over the cumulative weights. Consumes `random` in a fixed pattern per draw.
 */
export function radiusSampler(radius: RadiusSpec, random: () => number): () => number {
  if (typeof radius === 'number') return () => radius;
  const { min, max } = radiusBounds(radius);
  switch (radius.distribution) {
    case 'uniform':
      return () => min + (max - min) * random();
    case 'discrete': {
      const cumulative: number[] = [];
      discreteWeights(radius).reduce((sum, w) => (cumulative.push(sum + w), sum + w), 0);
      const total = cumulative[cumulative.length - 1];
      return () => {
        const u = total * random();
        // The first k with u < cumulative[k] (cumulative is non-decreasing), by bisection: O(log n) per draw.
        let lo = 0, hi = cumulative.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (u < cumulative[mid]) hi = mid; else lo = mid + 1;
        }
        // u < total always; the fallback only guards against the last sum rounding below it.
        return radius.values[Math.min(lo, radius.values.length - 1)];
      };
    }
    case 'normal': {
      const normal = standardNormalSampler(random);
      return truncated(() => radius.mean + radius.std * normal(), min, max);
    }
    case 'lognormal': {
      const normal = standardNormalSampler(random);
      const { mu, sigma } = logNormalParameters(radius.mean, radius.std);
      return truncated(() => Math.exp(mu + sigma * normal()), min, max);
    }
  }
}

function truncated(draw: () => number, min: number, max: number): () => number {
  return () => {
    for (;;) {
      const r = draw();
      if (r >= min && r <= max) return r;
    }
  };
}

/** Box–Muller gives two independent normals per draw; the second is kept for the next call. */
export function standardNormalSampler(random: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    const magnitude = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    spare = magnitude * Math.sin(angle);
    return magnitude * Math.cos(angle);
  };
}
