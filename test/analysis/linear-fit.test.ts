import { describe, expect, it } from 'vitest';
import { fitLine } from '../../src/analysis/linear-fit.js';

describe('fitLine', () => {
  it('recovers an exact line with zero standard errors', () => {
    const x = [0, 1, 2, 3, 4];
    const fit = fitLine(x, x.map((v) => 2.5 - 0.75 * v));
    expect(fit.slope).toBeCloseTo(-0.75, 14);
    expect(fit.intercept).toBeCloseTo(2.5, 14);
    expect(fit.slopeError).toBeLessThan(1e-12);
    expect(fit.r2).toBeCloseTo(1, 14);
  });

  it('gives the textbook slope error for a known residual pattern', () => {
    // Residuals ±1 alternating on x = 0..3 about y = x: σ² = Σr²/(n−2) = 4/2 = 2, S_xx = 5; the fitted line
    // absorbs part of the pattern, so compare with the formula evaluated on the fitted residuals.
    const x = [0, 1, 2, 3];
    const y = [1, 0, 3, 2];
    const fit = fitLine(x, y);
    const residuals = x.map((v, k) => y[k] - (fit.intercept + fit.slope * v));
    const sigma2 = residuals.reduce((a, r) => a + r * r, 0) / 2;
    expect(fit.slope).toBeCloseTo(0.6, 12); // S_xy / S_xx = 3 / 5
    expect(fit.slopeError).toBeCloseTo(Math.sqrt(sigma2 / 5), 12);
  });

  it('weighs each point by 1/σ² and takes the errors from the given σ (Numerical Recipes §15.2)', () => {
    // Two points of σ = 1 at x = 0 and one of σ = 0.5 at x = 1: S = 6, S_x = 4, S_xx = 4, Δ = S·S_xx − S_x² = 8,
    // so σ_b = √(S/Δ) = √0.75 and σ_a = √(S_xx/Δ) = √0.5, whatever the y values.
    const fit = fitLine([0, 0, 1], [1, 3, 4], [1, 1, 0.5]);
    // Weighted means: x̄ = 4/6, ȳ = (1 + 3 + 16)/6; the line passes through them and the x = 0 mean, 2.
    expect(fit.intercept).toBeCloseTo(2, 12);
    expect(fit.slope).toBeCloseTo(2, 12);
    expect(fit.slopeError).toBeCloseTo(Math.sqrt(0.75), 12);
    expect(fit.interceptError).toBeCloseTo(Math.sqrt(0.5), 12);
    // Equal σ give the unweighted line.
    const x = [0, 1, 2, 3], y = [1, 0, 3, 2];
    expect(fitLine(x, y, [2, 2, 2, 2]).slope).toBeCloseTo(fitLine(x, y).slope, 14);
    expect(() => fitLine(x, y, [1, 1, 0, 1])).toThrow(/σ must be > 0/);
  });

  it('refuses fits it cannot make', () => {
    expect(() => fitLine([1], [1])).toThrow(/at least 2/);
    expect(() => fitLine([1, 1, 1], [1, 2, 3])).toThrow(/all x values are equal/);
  });
});
