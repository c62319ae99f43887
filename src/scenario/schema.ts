/**
 * The scenario file format: the public contract between users (and other tools) and grainflow.
 * One zod schema is the single source of truth: it validates input, fills defaults, gives the TypeScript
 * types and is exported as JSON Schema (`schema/scenario.schema.json`) for editors.
 * All quantities are SI: metres, seconds, kilograms, pascals.
 *
 * Every message states the allowed range and the unit; `load.ts` prefixes the field path and appends the
 * offending value. Ranges are zod checks (not refinements) so they also appear in the JSON Schema.
 */
import { z } from 'zod';

/** `what` names the quantity with its unit, e.g. 'sphere radius in m'. zod 4 numbers already reject NaN and ±∞. */
const number = (what: string, range = '') =>
  z.number({ error: `must be a number${range ? ` ${range}` : ''} (${what})` });
const positive = (what: string) => number(what, '> 0').gt(0, { error: `must be > 0 (${what})` });
const nonNegative = (what: string) => number(what, '>= 0').gte(0, { error: `must be >= 0 (${what})` });
const wholeAtLeastOne = (what: string) =>
  number(what, '>= 1').int({ error: `must be a whole number >= 1 (${what})` })
    .min(1, { error: `must be a whole number >= 1 (${what})` });
const vec3 = (what: string) => z.tuple([number(what), number(what), number(what)], {
  error: `must be an array of 3 numbers [x, y, z] (${what})`,
});
/**
 * Largest |coordinate| of a position (m). Far beyond any granular scene; past it, grid cell indices of spheres a
 * few millimetres wide lose integer precision (an overlap search at y = -1e300 never finished).
 */
export const MAX_COORDINATE = 1e6;
const coordinate = (what: string) => number(what, `within ±${MAX_COORDINATE} m`)
  .gte(-MAX_COORDINATE, { error: `must be within ±${MAX_COORDINATE} m (${what})` })
  .lte(MAX_COORDINATE, { error: `must be within ±${MAX_COORDINATE} m (${what})` });
const point3 = (what: string) => z.tuple([coordinate(what), coordinate(what), coordinate(what)], {
  error: `must be an array of 3 numbers [x, y, z] (${what})`,
});
const name = (what: string) => z.string({ error: `must be a string (${what})` });
/** Unknown keys are reported by `load.ts` with the allowed names, so only the type error needs a message here. */
const object = <Shape extends z.ZodRawShape>(what: string, shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'invalid_type' ? `must be an object (${what})` : undefined),
  });

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

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

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

export const particleSchema = object('sphere', {
  position: point3('centre position in m').describe('Centre position [x, y, z] (m).'),
  velocity: vec3('velocity in m/s').default([0, 0, 0]).describe('Initial velocity [vx, vy, vz] (m/s).'),
  angularVelocity: vec3('angular velocity in rad/s').default([0, 0, 0])
    .describe('Initial angular velocity [ωx, ωy, ωz] (rad/s).'),
  radius: positive('sphere radius in m').describe('Radius (m), > 0.'),
  material: name('material name, a key of `materials`').describe('Material name (a key of `materials`).'),
}).describe('One sphere placed explicitly.');

const boxRegionSchema = object('box region {type, min, max}', {
  type: z.literal('box').describe('Axis-aligned box.'),
  min: point3('box corner with the smallest coordinates, in m').describe('Corner [x, y, z] with the smallest coordinates (m).'),
  max: point3('box corner with the largest coordinates, in m').describe('Corner [x, y, z] with the largest coordinates (m).'),
}).describe('Axis-aligned box the inserted spheres lie entirely inside.');

const cylinderRegionSchema = object('cylinder region {type, center, radius, height}', {
  type: z.literal('cylinder').describe('Upright cylinder, axis along z.'),
  center: vec3('centre of the bottom face, in m').describe('Centre [x, y, z] of the bottom face (m); the axis runs along +z from it.'),
  radius: positive('cylinder radius in m').describe('Radius of the cylinder (m), > 0.'),
  height: positive('cylinder height in m').describe('Height of the cylinder along +z (m), > 0.'),
}).describe('Upright cylinder (axis along z) the inserted spheres lie entirely inside.');

const regionSchema = z.discriminatedUnion('type', [boxRegionSchema, cylinderRegionSchema], {
  error: 'must be {"type": "box", min, max} or {"type": "cylinder", center, radius, height} (insertion region, m)',
});

const radiusDistributionSchema = z.union([
  positive('sphere radius in m').describe('Fixed radius (m), > 0.'),
  z.discriminatedUnion('distribution', [
    object('uniform radius distribution {distribution, min, max}', {
      distribution: z.literal('uniform').describe('Radius uniform in [min, max].'),
      min: positive('smallest radius in m').describe('Smallest radius (m), > 0.'),
      max: positive('largest radius in m').describe('Largest radius (m), >= min.'),
    }).describe('Radius uniform in [min, max].'),
    object('normal radius distribution {distribution, mean, std}', {
      distribution: z.literal('normal').describe('Radius from a normal distribution truncated to [min, max].'),
      mean: positive('mean radius in m').describe('Mean radius (m), > 0.'),
      std: nonNegative('standard deviation of the radius in m').describe('Standard deviation of the radius (m), >= 0.'),
      min: positive('smallest radius in m').optional()
        .describe('Smallest radius (m); default max(mean − 3·std, mean/10). Draws outside [min, max] are redrawn.'),
      max: positive('largest radius in m').optional()
        .describe('Largest radius (m); default mean + 3·std. Draws outside [min, max] are redrawn.'),
    }).describe('Radius from a normal distribution truncated to [min, max].'),
    object('log-normal radius distribution {distribution, mean, std}', {
      distribution: z.literal('lognormal')
        .describe('ln(radius) normal: radius = exp(μ + σ·N(0,1)), σ² = ln(1 + (std/mean)²), μ = ln(mean) − σ²/2.'),
      mean: positive('mean radius in m').describe('Mean of the (untruncated) radius distribution (m), > 0.'),
      std: positive('standard deviation of the radius in m')
        .describe('Standard deviation of the (untruncated) radius distribution (m), > 0.'),
      min: positive('smallest radius in m').optional()
        .describe('Smallest radius (m); default exp(μ − 3σ). Draws outside [min, max] are redrawn.'),
      max: positive('largest radius in m').optional()
        .describe('Largest radius (m); default exp(μ + 3σ). Draws outside [min, max] are redrawn.'),
    }).describe('Log-normal radius given by the mean and standard deviation of the radius itself, truncated to [min, max].'),
    object('discrete radius distribution {distribution, values, weights}', {
      distribution: z.literal('discrete').describe('Radius drawn from a list of values.'),
      values: z.array(positive('sphere radius in m'), { error: 'must be an array of radii in m (> 0)' })
        .min(1, { error: 'must hold at least one radius in m' })
        .describe('The possible radii (m), each > 0.'),
      weights: z.array(positive('relative weight, dimensionless'), { error: 'must be an array of weights (> 0)' })
        .optional()
        .describe('Relative probability of each value (dimensionless, > 0, one per value, need not sum to 1). Default: all equal.'),
    }).describe('Radius drawn from `values` with probabilities proportional to `weights` (by number of spheres).'),
  ], { error: 'must be "uniform", "normal", "lognormal" or "discrete" (radius distribution)' }),
], {
  error: 'must be a radius in m (> 0) or {"distribution": "uniform" | "normal" | "lognormal" | "discrete", …}',
});

/** Exactly one of the two is required; checks.ts says so by name (a union would blur the message). */
const pourRateSchema = object('pour rate {particlesPerSecond} or {massPerSecond}', {
  particlesPerSecond: positive('pour rate in spheres per second').optional()
    .describe('Spheres entering per second (1/s), > 0. Give this or massPerSecond.'),
  massPerSecond: positive('pour rate in kg/s').optional()
    .describe('Mass entering per second (kg/s), > 0. Give this or particlesPerSecond.'),
}).describe('Pour rate: exactly one of particlesPerSecond (1/s) and massPerSecond (kg/s).');

export const insertSchema = object('insertion block', {
  region: regionSchema.describe('Region (m) the spheres are placed in, entirely inside it.'),
  count: wholeAtLeastOne('number of spheres to insert').describe('Number of spheres to insert (in total, when pouring), >= 1.'),
  radius: radiusDistributionSchema.describe('Radius (m): a fixed value or a distribution.'),
  material: name('material name, a key of `materials`').describe('Material name (a key of `materials`).'),
  velocity: vec3('velocity in m/s').default([0, 0, 0]).describe('Initial velocity of every inserted sphere [vx, vy, vz] (m/s).'),
  velocitySpread: nonNegative('standard deviation of each velocity component in m/s').default(0)
    .describe('Standard deviation (m/s), >= 0, of a normal random term added to each velocity component of the spheres placed at t = 0 (Maxwell–Boltzmann, e.g. a granular gas; poured spheres take `velocity` as it is). Default 0.'),
  rate: pourRateSchema.optional()
    .describe('Pour the spheres during the run at this rate instead of placing them all at t = 0.'),
  start: nonNegative('time the pour starts, in s').optional()
    .describe('Time (s), >= 0, at which the pour starts (only with `rate`). Default 0.'),
}).describe('Random non-overlapping spheres in a region (seeded by `seed`): all at t = 0, or poured at `rate`.');

const wallMaterial = name('material name, a key of `materials`').describe('Material name (a key of `materials`).');
const wallMotionFields = {
  motion: object('wall motion {velocity, start, stop}', {
    velocity: vec3('wall velocity in m/s').describe('Translation velocity [vx, vy, vz] (m/s) while moving.'),
    start: nonNegative('time the wall starts moving, in s').default(0)
      .describe('Time (s), >= 0, at which the wall starts moving. Default 0.'),
    stop: positive('time the wall stops moving, in s').optional()
      .describe('Time (s), > start, at which the wall stops; default: never.'),
  }).optional().describe('Prescribed translation: the wall moves at `velocity` from `start` to `stop` (m/s, s).'),
  removeAt: positive('time the wall is removed, in s').optional()
    .describe('Time (s), > 0, at which the wall disappears (a gate opening); its contacts end then.'),
};
const centre2 = z.tuple([number('axis position in m'), number('axis position in m')], {
  error: 'must be an array of 2 numbers [x, y] (position of the vertical axis in m)',
});

const planeWallSchema = object('plane wall', {
  type: z.literal('plane'),
  point: point3('a point on the plane, in m').describe('Any point on the plane [x, y, z] (m).'),
  normal: vec3('plane normal pointing into the domain, dimensionless, not zero')
    .describe('Normal [nx, ny, nz] pointing into the domain (dimensionless, any non-zero length).'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Infinite plane; spheres live on the side its normal points to.');

const boxWallSchema = object('box wall', {
  type: z.literal('box'),
  min: vec3('box corner with the smallest coordinates, in m').describe('Corner [x, y, z] with the smallest coordinates (m).'),
  max: vec3('box corner with the largest coordinates, in m').describe('Corner [x, y, z] with the largest coordinates (m).'),
  openTop: z.boolean({ error: 'must be true or false (box without its top face)' }).default(false)
    .describe('Leave out the top face (largest z), e.g. for a container filled from above.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Axis-aligned box of thin two-sided faces (12 triangles, 10 with an open top).');

const cylinderWallSchema = object('cylinder wall', {
  type: z.literal('cylinder'),
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  radius: positive('cylinder radius in m').describe('Radius (m), > 0.'),
  zMin: number('bottom height in m').describe('Height of the lower rim (m).'),
  zMax: number('top height in m').describe('Height of the upper rim (m), > zMin.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Open vertical cylindrical shell (no floor, no lid), two-sided.');

const coneWallSchema = object('cone wall', {
  type: z.literal('cone'),
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  zBottom: number('height of the lower rim in m').describe('Height of the lower rim, the orifice (m).'),
  zTop: number('height of the upper rim in m').describe('Height of the upper rim (m), > zBottom.'),
  bottomDiameter: nonNegative('orifice diameter in m').describe('Diameter of the lower rim (m), >= 0: the orifice of a hopper.'),
  topDiameter: nonNegative('top diameter in m').describe('Diameter of the upper rim (m), >= 0.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Conical frustum shell about a vertical axis (a hopper), open at both rims, two-sided.');

const siloWallSchema = object('silo wall', {
  type: z.literal('silo'),
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  diameter: positive('silo diameter in m').describe('Inner diameter (m), > 0.'),
  zBottom: number('floor height in m').describe('Height of the flat floor (m).'),
  height: positive('silo wall height in m').describe('Height of the cylindrical wall above the floor (m), > 0.'),
  orificeDiameter: nonNegative('orifice diameter in m')
    .describe('Diameter of the circular orifice at the floor centre (m), 0 <= orificeDiameter < diameter.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Flat-bottomed cylindrical silo with a central circular orifice; close the orifice with a gate wall.');

const meshWallSchema = object('mesh wall', {
  type: z.literal('mesh'),
  file: name('STL file path').min(1, { error: 'must be a non-empty string (STL file path)' })
    .describe('STL file (ASCII or binary), relative to the scenario file.'),
  scale: positive('scale factor from file units to m').default(1)
    .describe('Factor converting the file\'s coordinates to metres (e.g. 0.001 for a file in mm), > 0.'),
  translate: vec3('translation in m').default([0, 0, 0])
    .describe('Translation [x, y, z] (m) applied after scaling.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Triangle mesh from an STL file; its triangles are two-sided.');

export const wallTypes = ['plane', 'box', 'cylinder', 'cone', 'silo', 'mesh'] as const;

export const wallSchema = z.discriminatedUnion('type', [
  planeWallSchema, boxWallSchema, cylinderWallSchema, coneWallSchema, siloWallSchema, meshWallSchema,
], { error: `must be a wall with "type" one of ${quoted(wallTypes)}` });

const vec2 = (what: string) => z.tuple([number(what), number(what)], {
  error: `must be an array of 2 numbers [x, y] (${what})`,
});

const samplingCylinderSchema = object('sampling cylinder {center, radius, zMin, zMax}', {
  center: vec2('axis position in m').describe('Axis position [x, y] (m); the axis is vertical.'),
  radius: positive('cylinder radius in m').describe('Radius (m), > 0.'),
  zMin: number('bottom height in m').describe('Bottom height (m).'),
  zMax: number('top height in m').describe('Top height (m), > zMin.'),
}).describe('Vertical cylinder in which the bulk density is measured; keep it a few diameters from walls and the free surface.');

export const analysisSchema = z.discriminatedUnion('type', [
  object('angle-of-repose analysis {type, floorZ}', {
    type: z.literal('angle-of-repose').describe('Angle of repose of the final heap (src/analysis/repose.ts).'),
    floorZ: number('floor height in m').describe('Height of the floor the heap stands on (m).'),
    axis: vec2('heap axis position in m').optional()
      .describe('Heap axis [x, y] (m); default: the centroid of the spheres.'),
    sectors: number('azimuthal sectors, a whole number', '>= 3').int({ error: 'must be a whole number >= 3 (azimuthal sectors)' })
      .min(3, { error: 'must be a whole number >= 3 (azimuthal sectors)' }).optional()
      .describe('Azimuthal sectors fitted separately, >= 3; default 8.'),
  }).describe('Measures the angle of repose of the heap at the end of the run, with its uncertainty.'),
  object('discharge analysis {type, orificeDiameter, outletZ, bulkDensityRegion}', {
    type: z.literal('discharge').describe('Mass flow rate through an orifice and Beverloo\'s law (src/analysis/discharge.ts).'),
    orificeDiameter: positive('orifice diameter D in m').describe('Orifice diameter D (m), > 0.'),
    outletZ: number('outlet height in m').describe('Height of the orifice (m): a sphere whose centre is below it has left.'),
    bulkDensityRegion: samplingCylinderSchema,
    bulkDensityAt: nonNegative('time of the bulk-density measurement in s').optional()
      .describe('Time (s) at which the bulk density is measured, >= 0; default: when the first gate is removed, else 0.'),
  }).describe('Discharged mass against time, mass flow rate W from its steady part, and the Beverloo C for k = 1.5.'),
  object('bounces analysis {type}', {
    type: z.literal('bounces').describe('Rebound apex heights and restitution per bounce of sphere 0 (src/analysis/bounces.ts).'),
  }).describe('Bounces of the first sphere on the walls: restitution and apex height per bounce.'),
  object('cooling analysis {type, fitFrom?, fitTo?}', {
    type: z.literal('cooling')
      .describe('Granular temperature against time (temperature.csv) and the fitted decay exponent p of T0/(1 + t/τ)^p (src/analysis/cooling.ts).'),
    fitFrom: nonNegative('start of the fit window in s').optional().describe('Start (s) of the time window fitted. Default 0.'),
    fitTo: positive('end of the fit window in s').optional().describe('End (s) of the time window fitted. Default: the end of the run.'),
  }).describe('Cooling of a granular gas (Haff\'s law).'),
], { error: 'must be {"type": "angle-of-repose" | "discharge" | "bounces" | "cooling", …} (analysis of the run)' });

export const broadphaseNames = ['rtree', 'grid', 'auto'] as const;

export const axisNames = ['x', 'y', 'z'] as const;

export const periodicSchema = object('periodic box {min, max, axes}', {
  min: vec3('box corner with the smallest coordinates, in m').describe('Corner [x, y, z] of the box with the smallest coordinates (m).'),
  max: vec3('box corner with the largest coordinates, in m').describe('Corner [x, y, z] of the box with the largest coordinates (m).'),
  axes: z.array(z.enum(axisNames, { error: `must be one of ${quoted(axisNames)} (periodic axis)` }), {
    error: 'must be an array of axis names, e.g. ["x", "y", "z"] (periodic axes)',
  }).min(1, { error: 'must name at least one axis (periodic axes)' }).default(['x', 'y', 'z'])
    .describe('Axes along which the box wraps around (default all three); the box extent along the other axes is ignored.'),
}).describe('Periodic boundaries: a sphere leaving the box through a face along a periodic axis re-enters at the opposite face, '
  + 'and spheres interact across those faces. Box length along a periodic axis > 2 × (largest diameter + skin); every sphere must start inside.');

export const scenarioSchema = object('scenario', {
  $schema: name('path or URL of the JSON Schema').optional()
    .describe('Path or URL of schema/scenario.schema.json, for editors; ignored by the simulator.'),
  name: name('scenario name').min(1, { error: 'must be a non-empty string (scenario name)' }).default('scenario')
    .describe('Name of the scenario, used in reports.'),
  seed: number('random seed, a whole number').int({ error: 'must be a whole number (random seed)' }).default(1)
    .describe('Seed of the random insertion (seedrandom); the same seed gives bit-identical runs.'),
  gravity: vec3('gravitational acceleration in m/s^2').default([0, 0, -9.81])
    .describe('Gravitational acceleration [gx, gy, gz] (m/s²).'),
  time: object('time settings {duration, dt}', {
    duration: positive('simulated time in s').describe('Simulated time (s), > 0.'),
    dt: z.union([
      z.literal('auto'),
      number('time step in s', '> 0').gt(0, { error: 'must be "auto" or a number > 0 (time step in s)' }),
    ], { error: 'must be "auto" or a number > 0 (time step in s)' })
      .default('auto').describe('Time step (s), > 0, or "auto" (min of Rayleigh and Hertz contact-time rules).'),
  }).describe('Simulated time span and time step.'),
  materials: z.record(name('material name'), materialSchema, {
    error: 'must be an object mapping material names to {youngsModulus, poissonsRatio, density}',
  }).describe('Materials by name.'),
  contact: contactSchema,
  contactPairs: z.array(contactPairSchema, { error: 'must be an array of {materials: ["a", "b"], …}' }).default([])
    .describe('Per-material-pair overrides of `contact`; each unordered pair at most once.'),
  particles: z.array(particleSchema, { error: 'must be an array of spheres {position, radius, material}' }).default([])
    .describe('Explicitly placed spheres; they must not overlap each other or a wall.'),
  insert: z.array(insertSchema, { error: 'must be an array of insertion blocks {region, count, radius, material}' })
    .default([]).describe('Blocks of randomly inserted spheres, placed after `particles` in order.'),
  walls: z.array(wallSchema, { error: 'must be an array of walls {type, …, material}' }).default([])
    .describe('Walls: planes, boxes, cylinders, cones (hoppers), silos and STL meshes; each may move or be removed.'),
  periodic: periodicSchema.optional(),
  broadphase: z.enum(broadphaseNames, { error: `must be one of ${quoted(broadphaseNames)} (broad-phase method)` })
    .default('auto').describe('Broad-phase contact search: R-tree, cell grid, or chosen by measurement ("auto").'),
  skin: positive('neighbour-list skin in m').optional()
    .describe('Verlet skin (m), > 0, added to the contact distance in the broad phase. Default 0.3 × smallest radius.'),
  workers: z.union([z.literal('auto'), wholeAtLeastOne('worker threads, or "auto"')], {
    error: 'must be "auto" or a whole number >= 1 (worker threads)',
  }).default('auto').describe('Worker threads for the force computation: a whole number >= 1, or "auto".'),
  analysis: analysisSchema.optional()
    .describe('What the run measures at its end; results go to summary.json under "analysis", with a plot.'),
  outputs: object('output settings {interval, impacts, frames, vtk}', {
    interval: positive('output interval in s').optional()
      .describe('Interval (s), > 0, between rows of series.csv, frames and VTK files. Default duration/100.'),
    impacts: z.boolean({ error: 'must be true or false (record impacts)' }).default(true)
      .describe('Record completed collisions in impacts.csv.'),
    frames: z.boolean({ error: 'must be true or false (write frames for the viewer)' }).default(true)
      .describe('Write binary frames (positions in m, speeds in m/s) to frames/ for `grainflow view` and `grainflow render`.'),
    vtk: z.boolean({ error: 'must be true or false (write VTK files)' }).default(false)
      .describe('Write VTK PolyData (.vtp) per output time and particles.pvd for ParaView.'),
    contactTrace: z.boolean({ error: 'must be true or false (write the per-step contact trace)' }).default(false)
      .describe('Write contact-trace.csv (every touching sphere pair every step: overlap in m, normal and tangential force in N, approach speed in m/s) and its force–overlap plot; runs of at most 10 spheres, without checkpoints.'),
    checkpointEvery: z.union([
      positive('checkpoint interval in s of simulated time'),
      object('checkpoint interval {wallSeconds}', { wallSeconds: positive('checkpoint interval in s of wall-clock time') }),
    ], { error: 'must be a number > 0 (s of simulated time) or {"wallSeconds": number > 0}' }).optional()
      .describe('Write a checkpoint every this many seconds (s) of simulated time, or {"wallSeconds": s} of wall-clock '
        + 'time; the run then writes into --out directly and can be continued with `grainflow run --resume <dir>`.'),
  }).default({ impacts: true, frames: true, vtk: false, contactTrace: false }).describe('What a run writes.'),
  watchdog: object('watchdog limits {maxOverlap, maxEnergyGrowth}', {
    maxOverlap: positive('largest overlap as a fraction of the smaller radius, dimensionless').default(0.5)
      .describe('Stop the run when an overlap exceeds this fraction (dimensionless, > 0) of the smaller radius. Default 0.5.'),
    maxEnergyGrowth: positive('largest energy rise as a multiple of the initial releasable energy, dimensionless').default(1)
      .describe('Stop the run when the total energy (J) rises by more than this multiple (dimensionless, > 0) of the '
        + 'kinetic, elastic and height potential energy at the start. Default 1.'),
  }).default({ maxOverlap: 0.5, maxEnergyGrowth: 1 })
    .describe('Numerical watchdog: stops a diverging run with a diagnosis (step, particle ids, likely cause).'),
}).describe('A grainflow DEM scenario: spheres, walls, materials, contact laws and run settings (SI units).');

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Scenario = z.output<typeof scenarioSchema>;
export type Material = z.output<typeof materialSchema>;
export type NormalLawSpec = z.output<typeof normalLawSchema>;
export type ContactSpec = z.output<typeof contactSchema>;
export type ContactPairSpec = z.output<typeof contactPairSchema>;
export type ParticleSpec = z.output<typeof particleSchema>;
export type InsertSpec = z.output<typeof insertSchema>;
export type RegionSpec = z.output<typeof regionSchema>;
export type WallSpec = z.output<typeof wallSchema>;
export type AnalysisSpec = z.output<typeof analysisSchema>;
export type PeriodicSpec = z.output<typeof periodicSchema>;
export type EndOfContact = (typeof endOfContactNames)[number];
