/**
 * A result over several seeds of a chaotic run: the mean and its standard error (sample standard deviation over
 * √n). The scenario checks compare that mean with a reference and widen their tolerance by two standard errors, so
 * that seed-to-seed scatter alone fails a correct engine in about 1 run in 20 at most, and no more than that.
 */
export interface SeedMean {
  mean: number;
  /** standard error of the mean */
  standardError: number;
  /** the values, in seed order */
  values: number[];
}

export function seedMean(values: readonly number[]): SeedMean {
  const n = values.length;
  if (n < 2) throw new RangeError(`a standard error needs at least 2 seeds; got ${n}`);
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return { mean, standardError: Math.sqrt(variance / n), values: [...values] };
}
