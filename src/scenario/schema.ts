/**
 * The scenario file format: the public contract between users (and other tools) and grainflow.
 * One zod schema is the single source of truth: it validates input, fills defaults, gives the TypeScript
 * types and is exported as JSON Schema (`schema/scenario.schema.json`) for editors.
 * All quantities are SI: metres, seconds, kilograms, pascals.
 */
import { z } from 'zod';

const finite = (what: string) => z.number({ error: `must be a finite number (${what})` }).refine(Number.isFinite, {
  message: `must be a finite number (${what})`,
});
const positive = (what: string) => finite(what).refine((v) => v > 0, { message: `must be > 0 (${what})` });
const nonNegative = (what: string) => finite(what).refine((v) => v >= 0, { message: `must be >= 0 (${what})` });
const vec3 = (what: string) => z.tuple([finite(what), finite(what), finite(what)], {
  error: `must be an array of 3 finite numbers [x, y, z] (${what})`,
});

export const materialSchema = z.strictObject({
  youngsModulus: positive("Young's modulus E in Pa, > 0").describe("Young's modulus E (Pa)."),
  poissonsRatio: finite("Poisson's ratio, dimensionless")
    .refine((v) => v > -1 && v < 0.5, { message: "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless)" })
    .describe("Poisson's ratio ν (dimensionless, -1 < ν < 0.5)."),
  density: positive('density in kg/m^3, > 0').describe('Density ρ (kg/m³).'),
  bulkViscosity: positive('bulk viscosity in Pa·s, > 0').optional()
    .describe('Bulk viscosity ξ (Pa·s); used by Kuwabara–Kono and Brilliantov `variant` damping.'),
  shearViscosity: positive('shear viscosity in Pa·s, > 0').optional()
    .describe('Shear viscosity η (Pa·s); used by Kuwabara–Kono and Brilliantov `variant` damping.'),
});

export const normalModelNames = ['hertz', 'kuwabara-kono', 'tsuji', 'brilliantov', 'bordbar'] as const;
export const brilliantovVariants = ['original', 'zheng', 'generalized'] as const;

export const normalLawSchema = z.strictObject({
  model: z.enum(normalModelNames, { error: `must be one of ${normalModelNames.join(', ')}` })
    .describe('Normal contact law (contact-models.md §2, §5).'),
  restitution: finite('target coefficient of restitution e, 0 < e <= 1')
    .refine((v) => v > 0 && v <= 1, { message: 'must be in (0, 1] (target coefficient of restitution e)' })
    .optional()
    .describe('Target coefficient of restitution e in (0, 1]; the damping constant is calibrated to it.'),
  referenceSpeed: positive('reference impact speed in m/s, > 0').optional()
    .describe('Impact speed (m/s) at which `restitution` holds, for laws whose e depends on speed (KK, Brilliantov, Bordbar). Default 1 m/s.'),
  alpha: nonNegative('Tsuji damping factor α, dimensionless, >= 0').optional()
    .describe('Tsuji damping factor α (dimensionless); damping coefficient α·√(m*K).'),
  A: nonNegative('Brilliantov dissipative time A in s, >= 0').optional()
    .describe('Brilliantov dissipative constant A (s); damping coefficient (3/2)·K·A.'),
  variant: z.enum(brilliantovVariants, { error: `must be one of ${brilliantovVariants.join(', ')}` }).optional()
    .describe('Brilliantov A from the materials\' viscosities: original (1996), zheng, generalized (contact-models.md §5.3).'),
  chi: nonNegative('damping coefficient χ in SI units, >= 0').optional()
    .describe('Damping coefficient χ (KK: N·s/m^1.5, Bordbar: N·s/m^1.65).'),
});

export const endOfContactNames = ['no-tension', 'free'] as const;

const frictionFields = {
  friction: nonNegative('Coulomb friction coefficient μ, >= 0').optional()
    .describe('Sliding friction coefficient μ (dimensionless). Default 0.'),
  rollingFriction: nonNegative('rolling friction coefficient μ_r, >= 0').optional()
    .describe('Rolling resistance coefficient μ_r (dimensionless, EPSD model). Default 0.'),
};

export const contactSchema = z.strictObject({
  normal: normalLawSchema,
  endOfContact: z.enum(endOfContactNames, { error: 'must be "no-tension" or "free"' }).default('no-tension')
    .describe('"no-tension": normal force clamped at 0 (default); "free": tension allowed until overlap returns to 0.'),
  ...frictionFields,
});

export const contactPairSchema = z.strictObject({
  materials: z.tuple([z.string(), z.string()], { error: 'must be a pair of material names ["a", "b"]' }),
  normal: normalLawSchema.optional(),
  ...frictionFields,
});

export const particleSchema = z.strictObject({
  position: vec3('position in m'),
  velocity: vec3('velocity in m/s').default([0, 0, 0]),
  angularVelocity: vec3('angular velocity in rad/s').default([0, 0, 0]),
  radius: positive('radius in m, > 0'),
  material: z.string({ error: 'must be a material name (string)' }),
});

const boxRegionSchema = z.strictObject({
  type: z.literal('box', { error: 'must be "box"' }),
  min: vec3('box corner in m'),
  max: vec3('box corner in m'),
});

const radiusDistributionSchema = z.union([
  positive('radius in m, > 0'),
  z.strictObject({
    distribution: z.literal('uniform'),
    min: positive('smallest radius in m, > 0'),
    max: positive('largest radius in m, > 0'),
  }),
  z.strictObject({
    distribution: z.literal('normal'),
    mean: positive('mean radius in m, > 0'),
    std: nonNegative('standard deviation of the radius in m, >= 0'),
    min: positive('smallest radius in m, > 0').optional(),
    max: positive('largest radius in m, > 0').optional(),
  }),
], { error: 'must be a radius in m (> 0), {distribution: "uniform", min, max} or {distribution: "normal", mean, std}' });

export const insertSchema = z.strictObject({
  region: boxRegionSchema,
  count: z.number().int({ error: 'must be a whole number >= 1' }).min(1, { error: 'must be a whole number >= 1' }),
  radius: radiusDistributionSchema,
  material: z.string({ error: 'must be a material name (string)' }),
  velocity: vec3('velocity in m/s').default([0, 0, 0]),
});

export const wallSchema = z.strictObject({
  type: z.literal('plane', { error: 'must be "plane"' }),
  point: vec3('a point on the plane, in m'),
  normal: vec3('plane normal pointing into the domain, dimensionless'),
  material: z.string({ error: 'must be a material name (string)' }),
});

export const broadphaseNames = ['rtree', 'grid', 'auto'] as const;

export const scenarioSchema = z.strictObject({
  name: z.string().min(1).default('scenario'),
  seed: z.number().int({ error: 'must be a whole number' }).default(1)
    .describe('Seed of the random insertion (seedrandom); the same seed gives bit-identical runs.'),
  gravity: vec3('gravitational acceleration in m/s^2').default([0, 0, -9.81]),
  time: z.strictObject({
    duration: positive('simulated time in s, > 0').describe('Simulated time (s).'),
    dt: z.union([z.literal('auto'), positive('time step in s, > 0')], {
      error: 'must be "auto" or a time step in s (> 0)',
    }).default('auto').describe('Time step (s) or "auto" (min of Rayleigh and Hertz contact-time rules).'),
  }),
  materials: z.record(z.string(), materialSchema),
  contact: contactSchema,
  contactPairs: z.array(contactPairSchema).default([]),
  particles: z.array(particleSchema).default([]),
  insert: z.array(insertSchema).default([]),
  walls: z.array(wallSchema).default([]),
  broadphase: z.enum(broadphaseNames, { error: 'must be "rtree", "grid" or "auto"' }).default('auto'),
  skin: positive('neighbour-list skin in m, > 0').optional()
    .describe('Verlet skin (m) added to contact distance in the broad phase. Default 0.3 × smallest radius.'),
  workers: z.union([z.literal('auto'), z.number().int().min(1, { error: 'must be a whole number >= 1' })], {
    error: 'must be "auto" or a whole number >= 1',
  }).default('auto'),
  outputs: z.strictObject({
    interval: positive('output interval in s, > 0').optional()
      .describe('Interval (s) between rows of series.csv. Default duration/100.'),
    impacts: z.boolean().default(true).describe('Record completed collisions in impacts.csv.'),
  }).default({ impacts: true }),
});

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Scenario = z.output<typeof scenarioSchema>;
export type Material = z.output<typeof materialSchema>;
export type NormalLawSpec = z.output<typeof normalLawSchema>;
export type ContactSpec = z.output<typeof contactSchema>;
export type ContactPairSpec = z.output<typeof contactPairSchema>;
export type ParticleSpec = z.output<typeof particleSchema>;
export type InsertSpec = z.output<typeof insertSchema>;
export type WallSpec = z.output<typeof wallSchema>;
export type EndOfContact = (typeof endOfContactNames)[number];
