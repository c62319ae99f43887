/** Numbers in messages: three significant digits, in exponent form when large or small (1e+12, 0.0162, 1.62e-6). */
export function shortNumber(x: number): string {
  const rounded = Number(x.toPrecision(3));
  return rounded !== 0 && (Math.abs(rounded) >= 1e6 || Math.abs(rounded) < 1e-3) ? rounded.toExponential() : String(rounded);
}
