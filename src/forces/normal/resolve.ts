/**
 * Resolves a scenario's normal-law spec for one pair of materials into the kernel's coefficients, dispatching to the
 * one file per law. Runs once per material pair; every bad or missing parameter becomes a ScenarioError.
 */
import type { EndOfContact, Material, NormalLawSpec } from '../../scenario/schema.js';
import { bordbarLaw } from './bordbar.js';
import { brilliantovLaw } from './brilliantov.js';
import { hertzLaw } from './hertz.js';
import { kuwabaraKonoLaw } from './kuwabara-kono.js';
import type { NormalLawCoefficients, PairMaterial } from './law.js';
import { tsujiLaw } from './tsuji.js';

/**
 * `field` is the dotted path of `spec` in the scenario (e.g. `contact.normal`, `contactPairs[0].normal`);
 * `materialNames` (the keys of `a` and `b` in `materials`) lets errors about a material name its field.
 */
export function resolveNormalLaw(
  spec: NormalLawSpec,
  a: Material,
  b: Material,
  endOfContact: EndOfContact,
  field: string,
  materialNames?: readonly [string, string],
): NormalLawCoefficients {
  const [pa, pb] = [a, b].map((material, i): PairMaterial => ({
    material,
    path: `materials.${materialNames?.[i] ?? `<material ${i + 1} of ${field}>`}`,
  }));
  switch (spec.model) {
    case 'hertz': return hertzLaw(spec, field);
    case 'tsuji': return tsujiLaw(spec, endOfContact, field);
    case 'kuwabara-kono': return kuwabaraKonoLaw(spec, pa, pb, endOfContact, field);
    case 'brilliantov': return brilliantovLaw(spec, pa, pb, endOfContact, field);
    case 'bordbar': return bordbarLaw(spec, endOfContact, field);
  }
}
