/**
 * Ordinary least-squares straight line y = intercept + slope·x with the standard errors of both coefficients
 * (textbook formulas, e.g. Press et al., Numerical Recipes §15.2, with σ estimated from the residuals).
 * The analyses fit discharged mass against time, heap height against radius and log T against log t with it.
 */
export interface LinearFit {
  slope: number;
  intercept: number;
  /** standard error of the slope (same units as slope); NaN with fewer than 3 points */
  slopeError: number;
  interceptError: number;
  /** coefficient of determination R² */
  r2: number;
  points: number;
}

export function fitLine(x: readonly number[], y: readonly number[]): LinearFit {
  const n = x.length;
  if (n !== y.length) throw new RangeError(`fitLine: ${n} x values but ${y.length} y values`);
  if (n < 2) throw new RangeError(`fitLine: needs at least 2 points, got ${n}`);
  let mx = 0, my = 0;
  for (let k = 0; k < n; k++) { mx += x[k]; my += y[k]; }
  mx /= n; my /= n;
  let sxx = 0, sxy = 0, syy = 0;
  for (let k = 0; k < n; k++) {
    const dx = x[k] - mx, dy = y[k] - my;
    sxx += dx * dx; sxy += dx * dy; syy += dy * dy;
  }
  if (sxx === 0) throw new RangeError('fitLine: all x values are equal');
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const residual2 = Math.max(0, syy - slope * sxy);
  const sigma2 = n > 2 ? residual2 / (n - 2) : Number.NaN;
  return {
    slope,
    intercept,
    slopeError: Math.sqrt(sigma2 / sxx),
    interceptError: Math.sqrt(sigma2 * (1 / n + (mx * mx) / sxx)),
    r2: syy > 0 ? 1 - residual2 / syy : 1,
    points: n,
  };
}
