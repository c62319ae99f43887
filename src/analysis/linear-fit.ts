/**
 * Least-squares straight line y = intercept + slope·x with the standard errors of both coefficients (textbook
 * formulas, Press et al., Numerical Recipes §15.2). Without `sigma` every point weighs the same and the scatter σ is
 * estimated from the residuals; with `sigma` (each y's standard error) point k weighs 1/σ_k² and the errors follow
 * from those σ (the chi-square fit). The analyses fit discharged mass against time, heap height against radius and
 * log T against log t with it; the validation fits the angle of repose against μ with the heaps' uncertainties.
 */
export interface LinearFit {
  slope: number;
  intercept: number;
  /** standard error of the slope (same units as slope); NaN with fewer than 3 points and no `sigma` */
  slopeError: number;
  interceptError: number;
  /** coefficient of determination R² (weighted with `sigma`) */
  r2: number;
  points: number;
}

export function fitLine(x: readonly number[], y: readonly number[], sigma?: readonly number[]): LinearFit {
  const n = x.length;
  if (n !== y.length) throw new RangeError(`fitLine: ${n} x values but ${y.length} y values`);
  if (sigma !== undefined && sigma.length !== n) throw new RangeError(`fitLine: ${n} points but ${sigma.length} σ values`);
  if (sigma?.some((s) => !(s > 0))) throw new RangeError('fitLine: every σ must be > 0');
  if (n < 2) throw new RangeError(`fitLine: needs at least 2 points, got ${n}`);
  const weight = (k: number) => (sigma === undefined ? 1 : 1 / (sigma[k] * sigma[k]));
  let sw = 0, mx = 0, my = 0;
  for (let k = 0; k < n; k++) { const w = weight(k); sw += w; mx += w * x[k]; my += w * y[k]; }
  mx /= sw; my /= sw;
  let sxx = 0, sxy = 0, syy = 0;
  for (let k = 0; k < n; k++) {
    const w = weight(k), dx = x[k] - mx, dy = y[k] - my;
    sxx += w * dx * dx; sxy += w * dx * dy; syy += w * dy * dy;
  }
  if (sxx === 0) throw new RangeError('fitLine: all x values are equal');
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const residual2 = Math.max(0, syy - slope * sxy);
  // The variance of unit weight: 1 when the σ are given, else estimated from the residuals.
  const sigma2 = sigma !== undefined ? 1 : n > 2 ? residual2 / (n - 2) : Number.NaN;
  return {
    slope,
    intercept,
    slopeError: Math.sqrt(sigma2 / sxx),
    interceptError: Math.sqrt(sigma2 * (1 / sw + (mx * mx) / sxx)),
    r2: syy > 0 ? 1 - residual2 / syy : 1,
    points: n,
  };
}
