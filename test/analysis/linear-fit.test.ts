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

  it('refuses fits it cannot make', () => {
    expect(() => fitLine([1], [1])).toThrow(/at least 2/);
    expect(() => fitLine([1, 1, 1], [1, 2, 3])).toThrow(/all x values are equal/);
  });
});
