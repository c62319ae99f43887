/**
 * Tsuji, Tanaka & Ishida (1992): F = Kδ^{3/2} + α√(m*K)·δ^{1/4}δ̇ (Banerjee 2016, Eq 20; Corral 2021, Eqs 5.45–5.46;
 * docs/physics.md §3.3). With m = 1/4 the restitution depends on α alone — not on impact speed, K or m* (§7.1) —
 * so a target e maps to α exactly by the closed forms of §7.4, for the end-of-contact convention in use.
 */
import { nonNegative } from '../../base/schema-fields.js';
import { tsujiAlpha, tsujiRestitution } from './calibration.js';
import { DampingExponent, type EndOfContact, type NormalLawDefinition } from './law.js';
import {
  lawSchema, MAX_BETA, restitution, restitutionExample, restitutionOutOfReach, selectParameter,
} from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const USAGE = 'tsuji needs exactly one of "alpha" (>= 0) or "restitution" (0 < e <= 1); '
  + 'its restitution does not depend on impact speed, so it takes no "referenceSpeed"';

const schema = lawSchema('tsuji',
  'Tsuji et al. (1992): F = K·δ^{3/2} + α√(m*K)·δ^{1/4}·δ̇; e depends on α alone. Give exactly one of `alpha` '
  + 'and `restitution`.', {
    alpha: nonNegative('Tsuji damping factor α, dimensionless')
      .lte(MAX_BETA, { error: `must be in [0, ${MAX_BETA}] (Tsuji damping factor α, dimensionless)` }).optional()
      .describe(`Tsuji damping factor α (dimensionless), 0 to ${MAX_BETA}; damping coefficient α·√(m*K).`),
    restitution: restitution.optional(),
  });

/**
 * The error for a restitution whose Tsuji oscillator (§7.4; shared by Kelvin–Voigt, §5.1) needs α > MAX_BETA. Only
 * under "no-tension" can that happen: under "free" every e > 0 needs α < √5. `symbol` names the law's own constant.
 */
export function tsujiOutOfReach(field: string, model: string, e: number, endOfContact: EndOfContact, symbol: string) {
  return restitutionOutOfReach(field, model, e, tsujiRestitution(MAX_BETA, endOfContact),
    `${symbol} > ${MAX_BETA} under "${endOfContact}"`);
}

export const tsuji: NormalLawDefinition<typeof schema> = {
  model: 'tsuji',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.quarter,
  resolve(spec, _pair, endOfContact, field) {
    selectParameter(spec, field, { alpha: [], restitution: [] }, true, USAGE);
    // selectParameter guarantees exactly one of alpha and restitution.
    const alpha = spec.alpha ?? tsujiAlpha(spec.restitution!, endOfContact);
    if (alpha > MAX_BETA) throw tsujiOutOfReach(field, 'tsuji', spec.restitution!, endOfContact, 'α');
    return {
      // c = α·√(m*K)
      dampingScale: alpha,
      kPower: 0.5,
      massPower: 0.5,
      radiusPower: 0,
      derived: { alpha, restitution: spec.restitution ?? tsujiRestitution(alpha, endOfContact) },
    };
  },
  speedBehaviour: 'velocity-independent',
  scenarioConstant: { name: 'alpha', symbol: 'α', unit: 'dimensionless', value: (derived) => derived.alpha as number },
  examples: restitutionExample('tsuji'),
  lammps: { damping: 'tsuji' },
};
