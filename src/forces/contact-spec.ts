/**
 * The scenario fields of materials and contact models (`materials`, `contact`, `contactPairs`): their zod schema
 * and types. src/scenario/schema.ts composes them into the scenario format.
 */
import { z } from 'zod';
import { number, positive, nonNegative, name, object, quoted } from '../base/schema-fields.js';

export const materialSchema = object('material properties', {
  youngsModulus: positive("Young's modulus E in Pa").describe("Young's modulus E (Pa), > 0."),
  poissonsRatio: number("Poisson's ratio ν, dimensionless", 'in (-1, 0.5)')
    .gt(-1, { error: "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless)" })
    .lt(0.5, { error: "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless)" })
    .describe("Poisson's ratio ν (dimensionless), -1 < ν < 0.5."),
  density: positive('density ρ in kg/m^3').describe('Density ρ (kg/m³), > 0.'),
  bulkViscosity: positive('bulk viscosity ξ in Pa·s').optional()
    .describe('Bulk viscosity ξ (Pa·s), > 0; used by Kuwabara–Kono and Brilliantov `variant` damping.'),
  shearViscosity: positive('shear viscosity η in Pa·s').optional()
    .describe('Shear viscosity η (Pa·s), > 0; used by Kuwabara–Kono and Brilliantov `variant` damping.'),
}).describe('Elastic and viscous properties of one material.');

export const normalModelNames = [
  'hertz', 'kuwabara-kono', 'tsuji', 'brilliantov', 'bordbar',
  // Hunt–Crossley family, velocity-dependent hysteresis damping (contact-models.md §3.4, §6)
  'hunt-crossley', 'herbert-mcwhannell', 'lee-wang', 'lankarani-nikravesh', 'gonthier', 'zhang-sharf',
  'zhiying-qishao', 'flores', 'gharib-hurmuzlu', 'hu-guo', 'zhang', 'safaeifar-farshidianfar', 'yu',
  // linear spring–dashpot, piecewise and permanent-indentation laws (§3.2, §3.5)
  'kelvin-voigt', 'jankowski', 'lankarani-nikravesh-plastic',
] as const;
export const gonthierForms = ['exact', 'approximate'] as const;
export const brilliantovVariants = ['original', 'zheng', 'generalized'] as const;

export const normalLawSchema = object('normal contact law', {
  model: z.enum(normalModelNames, { error: `must be one of ${quoted(normalModelNames)} (normal contact law)` })
    .describe('Normal contact law (contact-models.md §2, §5).'),
  restitution: number('target coefficient of restitution e, dimensionless', 'in (0, 1]')
    .gt(0, { error: 'must be in (0, 1] (target coefficient of restitution e, dimensionless)' })
    .lte(1, { error: 'must be in (0, 1] (target coefficient of restitution e, dimensionless)' })
    .optional()
    .describe('Target coefficient of restitution e (dimensionless), 0 < e <= 1; the damping constant is calibrated to it.'),
  referenceSpeed: positive('reference impact speed in m/s').optional()
    .describe('Impact speed (m/s) at which `restitution` holds, for laws whose e depends on speed (KK, Brilliantov, Bordbar). Default 1 m/s.'),
  alpha: nonNegative('Tsuji damping factor α, dimensionless').optional()
    .describe('Tsuji damping factor α (dimensionless), >= 0; damping coefficient α·√(m*K).'),
  A: nonNegative('Brilliantov dissipative time A in s').optional()
    .describe('Brilliantov dissipative constant A (s), >= 0; damping coefficient (3/2)·K·A.'),
  variant: z.enum(brilliantovVariants, { error: `must be one of ${quoted(brilliantovVariants)} (Brilliantov A from viscosities)` })
    .optional()
    .describe('Brilliantov A from the materials\' viscosities: original (1996), zheng, generalized (contact-models.md §5.3).'),
  chi: nonNegative('damping coefficient χ in N·s/m^1.5 (KK) or N·s/m^1.65 (Bordbar)').optional()
    .describe('Damping coefficient χ, >= 0 (KK: N·s/m^1.5, Bordbar: N·s/m^1.65).'),
  minimumImpactSpeed: positive('floor on the latched impact speed v₀ in m/s').optional()
    .describe('Hunt–Crossley family only: floor (m/s) on the impact speed v₀ latched at first touch, so slow or '
      + 'resting contacts get damping χ = Z(e)·K/max(v₀, floor) instead of an unbounded one. Default 0.01 m/s.'),
  form: z.enum(gonthierForms, { error: `must be one of ${quoted(gonthierForms)} (Gonthier d)` }).optional()
    .describe('Gonthier only: d from the exact implicit relation (default) or the approximation d = 1 − e² (contact-models.md §3.4, D5).'),
  stiffness: positive('linear spring stiffness k in N/m').optional()
    .describe('Kelvin–Voigt only: linear spring stiffness k (N/m), > 0; F = k·δ + D·δ̇.'),
}).describe('Normal force law F_n = K·δ^{3/2} + damping; give the damping as a target restitution or as the law\'s own constant.');

export const endOfContactNames = ['no-tension', 'free'] as const;

const frictionFields = {
  friction: nonNegative('Coulomb friction coefficient μ, dimensionless').optional()
    .describe('Sliding friction coefficient μ (dimensionless), >= 0. Default 0.'),
  rollingFriction: nonNegative('rolling friction coefficient μ_r, dimensionless').optional()
    .describe('Rolling resistance coefficient μ_r (dimensionless, EPSD model), >= 0. Default 0.'),
};

export const contactSchema = object('contact model', {
  normal: normalLawSchema,
  endOfContact: z.enum(endOfContactNames, { error: `must be one of ${quoted(endOfContactNames)} (end-of-contact convention)` })
    .default('no-tension')
    .describe('"no-tension": normal force clamped at 0 (default); "free": tension allowed until overlap returns to 0.'),
  ...frictionFields,
}).describe('Contact model used for every material pair not listed in `contactPairs`.');

export const contactPairSchema = object('contact model of one material pair', {
  materials: z.tuple([name('material name'), name('material name')], {
    error: 'must be a pair of material names ["a", "b"]',
  }).describe('The two materials (names from `materials`) this entry applies to, in either order.'),
  normal: normalLawSchema.optional(),
  ...frictionFields,
}).describe('Overrides of the contact model for one pair of materials.');

export type Material = z.output<typeof materialSchema>;
export type NormalLawSpec = z.output<typeof normalLawSchema>;
export type ContactSpec = z.output<typeof contactSchema>;
export type ContactPairSpec = z.output<typeof contactPairSchema>;
export type EndOfContact = (typeof endOfContactNames)[number];

/** The parts of a scenario that decide the contact laws of every material pair (contact-table.ts). */
export interface ContactInput {
  materials: Record<string, Material>;
  contact: ContactSpec;
  contactPairs: ContactPairSpec[];
}
