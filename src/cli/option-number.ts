/**
 * The number an option's text states, in decimal notation only ("1", "-0.5", "2e-3"); NaN for anything else, so
 * that each option's own range check refuses it. Number() alone takes "0x1" as 1, "0b11" as 3, "" and " " as 0 and
 * "Infinity" as Infinity — none of them a value a user means on a command line.
 */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function decimal(text: string): number {
  return DECIMAL.test(text) ? Number(text) : NaN;
}
