/**
 * Brilliantov, Spahn, Hertzsch & Pöschel (1996): F = Kδ^{3/2} + (3/2)KA·δ^{1/2}δ̇ (Corral 2021, Eqs 5.36, 5.47;
 * Banerjee 2016, Eq 22; docs/physics.md §3.4). The dissipative time A (s) is given, or comes from the viscosities
 * by one of three published formulas (§3.4; §8, M3), or the law is calibrated to a target e at a reference speed
 * (same ODE as Kuwabara–Kono, β = (3/2)A(K/m*)^{2/5}v^{1/5}, §7.5).
 * χ = (3/2)KA with the pair's own K, never Zheng's 2AE√R_eff/(1−ν²), which doubles it for two like spheres
 * (§3.4; §8, M4).
 */
import { z } from 'zod';
import { nonNegative, quoted } from '../../base/schema-fields.js';
import { ScenarioError } from '../../base/scenario-error.js';
import { calibratedLaw } from './calibration.js';
import { DampingExponent, type NormalLawDefinition, type PairMaterial } from './law.js';
import {
  lawSchema, referenceSpeed, referenceSpeedExample, restitution, selectParameter, viscosities,
} from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

export const brilliantovVariants = ['original', 'zheng', 'generalized'] as const;
type Variant = (typeof brilliantovVariants)[number];

const USAGE = 'brilliantov needs exactly one of "A" (s, >= 0), "variant" ("original", "zheng" or "generalized": '
  + 'A from the materials\' viscosities) or "restitution" (0 < e <= 1, with optional "referenceSpeed" in m/s, '
  + 'default 1)';

const schema = lawSchema('brilliantov',
  'Brilliantov et al. (1996): F = K·δ^{3/2} + (3/2)·K·A·δ^{1/2}·δ̇. Give exactly one of `A`, `variant` and '
  + '`restitution` (with `referenceSpeed`).', {
    A: nonNegative('Brilliantov dissipative time A in s').optional()
      .describe('Brilliantov dissipative constant A (s), >= 0; damping coefficient (3/2)·K·A.'),
    variant: z.enum(brilliantovVariants, {
      error: `must be one of ${quoted(brilliantovVariants)} (Brilliantov A from viscosities)`,
    }).optional()
      .describe('A from the materials\' viscosities: original (1996), zheng, generalized '
        + '(docs/physics.md §3.4).'),
    restitution: restitution.optional(),
    referenceSpeed,
  });

/** A (s) from Young's modulus E, Poisson's ratio ν, bulk viscosity ξ and shear viscosity η (docs/physics.md §3.4). */
const DISSIPATIVE_TIME: Record<Variant, (E: number, nu: number, xi: number, eta: number) => number> = {
  // 1996 original, Corral 2021, Eq 5.48 (= Banerjee 2016, Eq 22): diverges as ν → 0, vanishes as ν → ½ and at
  // η = 3ξ (docs/physics.md §8, M3).
  original: (E, nu, xi, eta) =>
    ((3 * xi - eta) ** 2 / (3 * (3 * xi + 2 * eta))) * ((1 - nu * nu) * (1 - 2 * nu)) / (E * nu * nu),
  // Zheng et al., Corral 2021, Eq 5.49 (their χ prefactor, Eq 5.50, is not used: docs/physics.md §8, M4).
  zheng: (E, nu, xi, eta) => ((1 - 2 * nu) * (1 + nu) * (2 * xi + eta / 3)) / E,
  // Generalised, Corral 2021, Eq 5.51: finite for ν → 0 and ν → ½.
  generalized: (E, nu, xi, eta) =>
    ((1 + nu) / ((1 - nu) * E)) * ((4 / 3) * eta * (1 - nu + nu * nu) + xi * (1 - 2 * nu) ** 2),
};

export const brilliantov: NormalLawDefinition<typeof schema> = {
  model: 'brilliantov',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.half,
  resolve(spec, [a, b], endOfContact, field) {
    const given = selectParameter(spec, field, { A: [], variant: [], restitution: ['referenceSpeed'] }, true, USAGE);
    if (given === 'restitution') {
      // A would depend on the pair's K and m*, so `derived` reports β* and v_ref instead.
      return calibratedLaw('brilliantov', DampingExponent.half, spec, endOfContact, field);
    }
    const A = given === 'A' ? spec.A! : dissipativeTime(spec.variant!, a, b, field);
    return {
      // c = (3/2)·K·A
      dampingScale: 1.5 * A,
      kPower: 1,
      massPower: 0,
      radiusPower: 0,
      derived: spec.variant === undefined ? { A_s: A } : { A_s: A, variant: spec.variant },
    };
  },
  speedBehaviour: 'speed-dependent',
  // c = (3/2)·K·A
  scenarioConstant: {
    name: 'A', symbol: 'A', unit: 's', value: (_derived, { stiffness, damping }) => damping / (1.5 * stiffness),
  },
  examples: referenceSpeedExample('brilliantov'),
  lammps: { damping: 'viscoelastic' },
};

/** A of one material; the literature gives no mixing rule for unlike materials (docs/physics.md §3.4), so the pair
 * must be alike. */
function dissipativeTime(variant: Variant, a: PairMaterial, b: PairMaterial, field: string): number {
  const need = `brilliantov "variant": "${variant}"`;
  const va = viscosities(a, need);
  const vb = viscosities(b, need);
  const ma = a.material, mb = b.material;
  if (ma.youngsModulus !== mb.youngsModulus || ma.poissonsRatio !== mb.poissonsRatio
    || va.bulk !== vb.bulk || va.shear !== vb.shear) {
    throw new ScenarioError(`${field}.variant`,
      'brilliantov "variant" needs both materials of the pair to have the same youngsModulus, poissonsRatio, '
      + 'bulkViscosity and shearViscosity (no mixing rule for A exists, docs/physics.md §3.4); give "A" or '
      + '"restitution" for this pair in contactPairs');
  }
  const A = DISSIPATIVE_TIME[variant](ma.youngsModulus, ma.poissonsRatio, va.bulk, va.shear);
  if (!Number.isFinite(A)) {
    throw new ScenarioError(`${a.path}.poissonsRatio`,
      `brilliantov "variant": "${variant}" diverges at ν = 0 (docs/physics.md §3.4); use "generalized"`);
  }
  return A;
}
