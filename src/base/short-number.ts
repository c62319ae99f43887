/** Numbers in messages: three significant digits, in exponent form when large or small (1e+12, 0.0162, 1.62e-6). */
export function shortNumber(x: number): string {
  const rounded = Number(x.toPrecision(3));
  return rounded !== 0 && (Math.abs(rounded) >= 1e6 || Math.abs(rounded) < 1e-3) ? rounded.toExponential() : String(rounded);
}

/**
 * A range's lower bound in a message, as shortNumber writes it but rounded up at its third digit (1.3101e-5 →
 * 1.32e-5): rounded to nearest, the printed bound could lie below the true one, and a message "must be in
 * [1.31e-5, 1]" would refuse 1.31e-5 itself. Rounded up, every value the message allows is accepted.
 */
export function shortLowerBound(x: number): string {
  const nearest = Number(x.toPrecision(3));
  if (nearest >= x) return shortNumber(nearest);
  const lastDigit = 10 ** (Math.floor(Math.log10(nearest)) - 2);
  return shortNumber(Number((nearest + lastDigit).toPrecision(3)));
}
