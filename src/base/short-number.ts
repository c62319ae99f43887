/** Numbers in messages: three significant digits, in exponent form when large or small (1e+12, 0.0162, 1.62e-6). */
export function shortNumber(x: number): string {
  const rounded = Number(x.toPrecision(3));
  return rounded !== 0 && (Math.abs(rounded) >= 1e6 || Math.abs(rounded) < 1e-3) ? rounded.toExponential() : String(rounded);
}

/**
 * A range's lower bound in a message, as shortNumber writes it but rounded up at its third digit (1.3101e-5 →
 * 1.32e-5): rounded to nearest, the printed bound could lie below the true one, and a message "must be in
 * [1.31e-5, 1]" would refuse 1.31e-5 itself. Rounded up, every value the message allows is accepted. x > 0.
 */
export function shortLowerBound(x: number): string {
  return shortBound(x, 1);
}

/** A range's upper bound in a message, rounded down at its third digit (5.9958e9 → 5.99e9), for the same reason. x > 0. */
export function shortUpperBound(x: number): string {
  return shortBound(x, -1);
}

/** x to three digits, moved by one in the third digit towards `direction` when the nearest lies on the wrong side. */
function shortBound(x: number, direction: 1 | -1): string {
  const nearest = Number(x.toPrecision(3));
  if ((nearest - x) * direction >= 0) return shortNumber(nearest);
  // The third digit of x, not of the nearest: 9.996e9 rounds to 1.00e10, whose third digit is ten times larger.
  const lastDigit = 10 ** (Math.floor(Math.log10(x)) - 2);
  return shortNumber(Number((nearest + direction * lastDigit).toPrecision(3)));
}
