/**
 * The laws of the Hunt–Crossley family (docs/physics.md §4): each is its hysteresis factor Z(e) = χv₀/K, one row
 * per law with its sources. hysteresis.ts makes each row a law definition. The "delivers" figures are the exact
 * restitution of the family for the given e_in (docs/physics.md §4.4).
 */
import { z } from 'zod';
import { quoted } from '../../base/schema-fields.js';
import { exactHysteresisFactor, hysteresisLaw } from './hysteresis.js';
import type { ExampleScene } from './law.js';

export const gonthierForms = ['exact', 'approximate'] as const;

/** Yu's d(e): [upper end of the e interval, cubic coefficients c3, c2, c1, c0] (Corral 2021, Eq 5.34). */
const YU_PIECES: readonly (readonly [number, number, number, number, number])[] = [
  [0.4, 2.1663, -3.7216, 0.8724, 0.9409],
  [0.6, 1.1664, -2.4893, 0.3625, 1.0117],
  [0.8, 0.5048, -1.3255, -0.3236, 1.1472],
  [1, 0.2256, -0.6663, -0.8437, 1.2844],
];

function yuD(e: number): number {
  if (e <= 0.25) return 1;
  const [, c3, c2, c1, c0] = YU_PIECES.find(([upper]) => e <= upper)!;
  return ((c3 * e + c2) * e + c1) * e + c0;
}

export const HYSTERESIS_LAWS = [
  // Banerjee 2016, Eq 24; Safaeifar 2020, Eqs 5–7; Machado 2012, Eqs 28–30; Corral 2021, Eqs 5.9–5.12
  // (docs/physics.md §4.5). Good only for e → 1: e_in = 0.5 delivers 0.663.
  hysteresisLaw('hunt-crossley', 'Hunt & Crossley (1975), Z = 3(1−e)/2; accurate only for e near 1', (e) => 1.5 * (1 - e)),
  // Machado 2012, Eqs 31–32; Corral 2021, Eqs 5.18–5.19. Banerjee 2016, Eq 25 prints (e−1)² + 3; the (2e−1)²
  // form of the two other reviews is used (docs/physics.md §4.6; §8, M6).
  hysteresisLaw('herbert-mcwhannell', 'Herbert & McWhannell (1977), Z = 6(1−e)/[(2e−1)² + 3]',
    (e) => (6 * (1 - e)) / ((2 * e - 1) ** 2 + 3)),
  // Banerjee 2016, Eq 26; Machado 2012, Eqs 33–34; Corral 2021, Eq 5.35 (docs/physics.md §4.7). The least
  // dissipative of the family: e_in = 0.5 delivers 0.799.
  hysteresisLaw('lee-wang', 'Lee & Wang (1983), Z = 3(1−e)/4; the least dissipative of the family', (e) => 0.75 * (1 - e)),
  // Lankarani 1994, Eqs 6–10; Banerjee 2016, Eq 27; Machado 2012, Eqs 35–38; Corral 2021, Eqs 5.41–5.43
  // (docs/physics.md §4.8). Derived for e near 1 from the undamped Hertz velocity profile.
  hysteresisLaw('lankarani-nikravesh', 'Lankarani & Nikravesh (1990), Z = 3(1−e²)/4', (e) => 0.75 * (1 - e * e)),
  // Z = d/e with d the root of (1 + d/e)/(1 − d) = exp[d(1 + 1/e)] (Corral 2021, Eq 5.23) — the exact relation of
  // docs/physics.md §4.3 with h = d/e, so "form": "exact" (default) delivers e exactly — or the approximation
  // d ≈ 1 − e², Z = (1 − e²)/e ("form": "approximate", Machado 2012, Eqs 39–42, used in the reviews' worked
  // examples, §7.9). Machado 2012, Eq 40 misprints the implicit equation (docs/physics.md §4.9; §8, M7).
  {
    ...hysteresisLaw('gonthier', 'Gonthier et al. (2004), Z = d/e with d exact or d = 1 − e² (`form`)',
      (e, spec) => (spec.form === 'approximate' ? (1 - e * e) / e : exactHysteresisFactor(e)),
      {
        form: z.enum(gonthierForms, { error: `must be one of ${quoted(gonthierForms)} (Gonthier d)` }).optional()
          .describe('d from the exact implicit relation (default, delivers e exactly) or the approximation '
            + 'd = 1 − e² (docs/physics.md §4.9).'),
      }),
    // Both forms: the exact d and the reviews' approximation.
    examples: ({ restitution: e }: ExampleScene) => [
      { label: 'gonthier (exact d)', spec: { model: 'gonthier', restitution: e } },
      { label: 'gonthier (d = 1 − e²)', spec: { model: 'gonthier', restitution: e, form: 'approximate' } },
    ],
  },
  // Exact: Safaeifar 2020, Eq 39; Corral 2021, near Eq 5.23; solved by Newton once per material pair
  // (docs/physics.md §4.10). Luo & Nahon (Banerjee 2016, Eq 32; Corral 2021, Eqs 5.29–5.30) and Khatiwada et al.
  // (Banerjee 2016, Eq 34; Corral 2021, Eq 5.31) write the same relation, so they are this law. Banerjee 2016,
  // Eq 29 misprints it (2Cv₀e for Cv₀(1+e)), which has only the trivial root (docs/physics.md §8, M8). Delivers the
  // target e exactly for an impact without external forces.
  hysteresisLaw('zhang-sharf', 'Zhang & Sharf (2004), Z = h(e), the root of h(1+e) = ln[(1+h)/(1−eh)]: delivers e '
    + 'exactly', exactHysteresisFactor),
  // Banerjee 2016, Eq 30; Machado 2012, Eqs 43–44; Corral 2021, Eq 5.56 (docs/physics.md §4.11). Good for mid
  // and low e, inaccurate below e ≈ 0.2.
  hysteresisLaw('zhiying-qishao', 'Zhiying & Qishao (2006), Z = 3(1−e²)·exp[2(1−e)]/4; '
    + 'inaccurate below e ≈ 0.2',
    (e) => 0.75 * (1 - e * e) * Math.exp(2 * (1 - e))),
  // = Ye, Li & Zhu (2009). Safaeifar 2020, Table 1, Eq 40; Machado 2012, Eqs 45–47; Corral 2021, Eqs 5.61–5.62;
  // Banerjee 2016, Eq 31 (docs/physics.md §4.12; velocity profile a = 2, b = 2 of §4.16).
  hysteresisLaw('flores', 'Flores et al. (2011), Z = 8(1−e)/(5e)', (e) => (8 * (1 - e)) / (5 * e)),
  // Banerjee 2016, Eq 33; Safaeifar 2020, Table 1; Corral 2021, Eq 5.57 (docs/physics.md §4.13). Good only at
  // low e; it still dissipates at e = 1 (delivers 0.594).
  hysteresisLaw('gharib-hurmuzlu', 'Gharib & Hurmuzlu (2012), Z = 1/e; good only at low e', (e) => 1 / e),
  // Safaeifar 2020, Table 1, Eq 41; Corral 2021, Eq 5.63 (docs/physics.md §4.14; undamped-Hertz velocity profile
  // a = 5/2, b = 2 of §4.16). Within 2.5 % of the target for e >= 0.5.
  hysteresisLaw('hu-guo', 'Hu & Guo (2015), Z = 3(1−e)/(2e); within 2.5 % for e >= 0.5', (e) => (3 * (1 - e)) / (2 * e)),
  // Zhang et al. [Corral 2021, ref. 187], Corral 2021, Eq 5.64 (docs/physics.md §4.15). The best explicit fit of
  // the reviews for e >= 0.3.
  hysteresisLaw('zhang', 'Zhang et al., Z = 249(1−e)/(6 + 160e); the closest explicit fit for e >= 0.3', (e) => (249 * (1 - e)) / (6 + 160 * e)),
  // Safaeifar 2020, Eqs 54–62; Corral 2021, Eqs 5.65–5.66 (docs/physics.md §4.16: profile a = 3/2, b = 11/2,
  // exact coefficient 1.2578 rounded to 5/4 as published).
  hysteresisLaw('safaeifar-farshidianfar', 'Safaeifar & Farshidianfar (2020), Z = 5(1−e)/(4e)',
    (e) => (5 * (1 - e)) / (4 * e)),
  // Yu et al. [Corral 2021, ref. 168], d of Corral 2021, Eqs 5.32–5.34 (docs/physics.md §4.17): a fit to the
  // exact relation, within 0.01 % above e = 0.25; equal to Gharib–Hurmuzlu for e <= 0.25 (3.5 % low at 0.25).
  hysteresisLaw('yu', 'Yu et al., Z = d(e)/e with a piecewise cubic fit d(e); within 0.01 % for e > 0.25', (e) => yuD(e) / e),
] as const;
