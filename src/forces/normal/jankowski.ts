/**
 * Jankowski (2005/2006): F = Kδ^{3/2} + χδ^{1/4}δ̇ while approaching (δ̇ > 0), F = Kδ^{3/2} while separating, with
 * χ = 2ξ√(K m*) (Corral 2021, Eqs 5.52–5.55; docs/physics.md §5.2). The compression branch is Tsuji's law, so
 * the same substitution (§7.4) gives the exact restitution e = exp[−(ζ/√(1−ζ²))·arccos ζ], ζ = 2ξ/√5
 * [derived] (continued with arcosh for ζ > 1); ξ is its inverse here, so the target e is delivered at every speed.
 * Jankowski's own ξ(e) formulas (versions 1 and 2, Corral 2021, Eqs 5.54–5.55; Banerjee 2016 misprints version 2,
 * docs/physics.md §8, M11) approximate this one (version 2 within 3.5 %). No tension can arise (the separating
 * branch is purely elastic), so both end-of-contact conventions agree.
 */
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema, MAX_BETA, restitution, restitutionExample, restitutionOutOfReach } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const schema = lawSchema('jankowski',
  'Jankowski (2005): F = K·δ^{3/2} + 2ξ√(K·m*)·δ^{1/4}·δ̇ while approaching, K·δ^{3/2} while separating; ξ is '
  + 'calibrated to `restitution`.', { restitution });

/** e(ζ) = exp[−(ζ/√|1−ζ²|)·acos ζ] (ζ < 1) or ·acosh ζ (ζ > 1); limit e^{−1} at ζ = 1. */
export function jankowskiRestitution(zeta: number): number {
  if (zeta === 0) return 1;
  const root = Math.sqrt(Math.abs(1 - zeta * zeta));
  if (root < 1e-8) return Math.exp(-1);
  return Math.exp(-(zeta / root) * (zeta < 1 ? Math.acos(zeta) : Math.acosh(zeta)));
}

/**
 * ζ with jankowskiRestitution(ζ) = e, by bisection (e falls monotonically from 1 at ζ = 0 towards 0); a ζ beyond
 * MAX_BETA, which the caller refuses, when e needs more.
 */
function jankowskiZeta(e: number): number {
  if (e === 1) return 0;
  let lo = 0, hi = 1;
  while (jankowskiRestitution(hi) > e) {
    if (hi > MAX_BETA) return hi;
    hi *= 2;
  }
  for (let iteration = 0; iteration < 200 && hi - lo > 1e-15 * hi; iteration++) {
    const mid = 0.5 * (lo + hi);
    if (jankowskiRestitution(mid) > e) lo = mid; else hi = mid;
  }
  return 0.5 * (lo + hi);
}

export const jankowski: NormalLawDefinition<typeof schema> = {
  model: 'jankowski',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.quarterLoading,
  resolve(spec, _pair, _endOfContact, field) {
    const zeta = jankowskiZeta(spec.restitution);
    const xi = (Math.sqrt(5) / 2) * zeta;
    // The compression branch is Tsuji's law with α = 2ξ (§5.2), bounded as Tsuji's α is.
    if (2 * xi > MAX_BETA) {
      throw restitutionOutOfReach(field, 'jankowski', spec.restitution, jankowskiRestitution(MAX_BETA / Math.sqrt(5)),
        `2ξ > ${MAX_BETA}`);
    }
    return {
      // χ = 2ξ·√(K m*)
      dampingScale: 2 * xi,
      kPower: 0.5,
      massPower: 0.5,
      radiusPower: 0,
      derived: { restitution: spec.restitution, dampingRatioXi: xi },
    };
  },
  speedBehaviour: 'velocity-independent',
  examples: restitutionExample('jankowski'),
  lammps: { refusal: 'pair_style granular has no damping on compression only' },
};
