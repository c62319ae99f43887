/**
 * SI prefixes for plot axes and printed values: a magnitude between 0.1 and 1000 stays in its unit, any other
 * takes the prefix that puts it between 1 and 1000 (4e-6 m → 4 µm, 7.35e10 Pa → 73.5 GPa). Masses below 1 kg
 * are prefixed from the gram (0.005 kg → 5 g).
 */

const PREFIXES: [string, number][] = [
  ['T', 1e12], ['G', 1e9], ['M', 1e6], ['k', 1e3], ['', 1], ['m', 1e-3], ['µ', 1e-6], ['n', 1e-9], ['p', 1e-12],
];

/** The prefixed unit for values whose largest magnitude is `largest` (in `unit`), and the factor to multiply them by. */
export function prefixFor(largest: number, unit: string | undefined): { unit: string; factor: number } {
  if (!unit || !(largest > 0) || !Number.isFinite(largest)) return { unit: unit ?? '', factor: 1 };
  // 0.1–1000 of the unit as given stays in it (0.7 s, 250 N, 0.15 kg), else the prefix giving 1–1000.
  if (largest >= 0.1 && largest < 1000) return { unit, factor: 1 };
  if (unit === 'kg' && largest >= 1) return { unit, factor: 1 };
  const [base, scale] = unit === 'kg' ? ['g', 1e3] : [unit, 1];
  const magnitude = largest * scale;
  const [prefix, size] = PREFIXES.find(([, s]) => magnitude / s >= 1) ?? PREFIXES[PREFIXES.length - 1];
  return { unit: `${prefix}${base}`, factor: scale / size };
}

/** prefixFor the largest finite magnitude among the values. */
export function siUnit(values: readonly number[], unit: string | undefined): { unit: string; factor: number } {
  let largest = 0;
  for (const v of values) if (Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  return prefixFor(largest, unit);
}

/** "73.5 GPa": the value to `digits` significant digits in its prefixed unit. */
export function formatQuantity(value: number, unit: string, digits = 3): string {
  const { unit: shown, factor } = prefixFor(Math.abs(value), unit);
  return `${+(value * factor).toPrecision(digits)} ${shown}`;
}
