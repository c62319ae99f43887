/**
 * Resolves a scenario's normal-law spec for one pair of materials into the kernel's coefficients, dispatching to the
 * one file per law. Runs once per material pair; every bad or missing parameter becomes a ScenarioError.
 */
import type { EndOfContact, Material, NormalLawSpec } from '../contact-spec.js';
import { bordbarLaw } from './bordbar.js';
import { brilliantovLaw } from './brilliantov.js';
import { hertzLaw } from './hertz.js';
import { kuwabaraKonoLaw } from './kuwabara-kono.js';
import type { NormalLawCoefficients, PairMaterial } from './law.js';
import { tsujiLaw } from './tsuji.js';
import { hysteresisLaw, type HysteresisLaw } from './hysteresis.js';
import { flores } from './flores.js';
import { gharibHurmuzlu } from './gharib-hurmuzlu.js';
import { gonthier } from './gonthier.js';
import { herbertMcWhannell } from './herbert-mcwhannell.js';
import { huGuo } from './hu-guo.js';
import { huntCrossley } from './hunt-crossley.js';
import { jankowskiLaw } from './jankowski.js';
import { kelvinVoigtLaw } from './kelvin-voigt.js';
import { lankaraniNikravesh } from './lankarani-nikravesh.js';
import { lankaraniNikraveshPlasticLaw } from './lankarani-nikravesh-plastic.js';
import { leeWang } from './lee-wang.js';
import { safaeifarFarshidianfar } from './safaeifar-farshidianfar.js';
import { yu } from './yu.js';
import { zhang } from './zhang.js';
import { zhangSharf } from './zhang-sharf.js';
import { zhiyingQishao } from './zhiying-qishao.js';

/** The Hunt–Crossley family (contact-models.md §3.4): one hysteresis factor Z(e) per law. */
export const HYSTERESIS_LAWS = {
  'hunt-crossley': huntCrossley,
  'herbert-mcwhannell': herbertMcWhannell,
  'lee-wang': leeWang,
  'lankarani-nikravesh': lankaraniNikravesh,
  gonthier,
  'zhang-sharf': zhangSharf,
  'zhiying-qishao': zhiyingQishao,
  flores,
  'gharib-hurmuzlu': gharibHurmuzlu,
  'hu-guo': huGuo,
  zhang,
  'safaeifar-farshidianfar': safaeifarFarshidianfar,
  yu,
} as const satisfies Record<string, HysteresisLaw>;
export type HysteresisModelName = keyof typeof HYSTERESIS_LAWS;

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
    case 'kelvin-voigt': return kelvinVoigtLaw(spec, endOfContact, field);
    case 'jankowski': return jankowskiLaw(spec, field);
    case 'lankarani-nikravesh-plastic': return lankaraniNikraveshPlasticLaw(spec, field);
    default: return hysteresisLaw(HYSTERESIS_LAWS[spec.model], spec, field);
  }
}
