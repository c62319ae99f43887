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
import { number, positive, nonNegative, wholeAtLeastOne, vec3, point3, velocity3, MAX_SPEED, name, object, quoted, vec2 } from '../base/schema-fields.js';
import { contactPairSchema, contactSchema, materialSchema } from '../forces/contact-spec.js';
import { wallSchema } from '../walls/wall-spec.js';

/**
 * Limits of the format (docs/scenario-format.md, "Limits"), each far above what a scene needs and below what would exhaust the
 * process before the checks could report it.
 * Explicit spheres: 2 million listed spheres fill the largest scenario file read (load.ts) and take ~1 KB each of
 * JavaScript heap while they are parsed and checked; larger scenes use insert blocks. A sphere file
 * (sphere-file.ts) holds as many at most: one limit for explicit spheres however they are given.
 */
export const MAX_EXPLICIT_PARTICLES = 2_000_000;
/** Insert blocks: each is a random insertion pass of its own. */
export const MAX_INSERT_BLOCKS = 1000;
/** Walls: every sphere is tested against every plane and revolved wall at each neighbour-list rebuild. */
export const MAX_WALLS = 1000;
/** Values of a discrete radius distribution: measured sieve classes number tens. */
export const MAX_DISCRETE_VALUES = 10_000;
/** Azimuthal sectors of the angle-of-repose analysis: finer than a degree, a sector holds too few spheres for a flank. */
export const MAX_SECTORS = 360;
/**
 * Materials: the contact table holds n(n+1)/2 material pairs, each with its law resolved and calibrated (a
 * Kuwabara–Kono restitution under "free" takes up to ~0.1 s), and material indices are 16-bit.
 */
export const MAX_MATERIALS = 32;
/** contactPairs: at most one entry per pair of materials. */
export const MAX_CONTACT_PAIRS = (MAX_MATERIALS * (MAX_MATERIALS + 1)) / 2;

/** `what` (e.g. 'explicit spheres') and the limit, for an array's length check. */
const atMost = (limit: number, what: string) => ({ error: `must hold at most ${limit} ${what}` });

/** Optional rather than defaulted: a listed sphere's resolved form (scenario.json of a run) stays as it was. */
const FROZEN = 'Frozen (default false): the sphere never moves — gravity and contact forces neither move nor spin it — '
  + 'but takes part in contacts as a body of infinite mass, as a wall does (LAMMPS: a group left out of the integrator, '
  + 'as with `fix freeze`; docs/physics.md §1.6). For a rough fixed base such as a layer of glued beads.';
const frozenSchema = z.boolean({ error: 'must be true or false (frozen: a sphere that never moves)' }).optional();

export const particleSchema = object('sphere', {
  position: point3('centre position in m').describe('Centre position [x, y, z] (m).'),
  velocity: velocity3('velocity in m/s').default([0, 0, 0]).describe(`Initial velocity [vx, vy, vz] (m/s), each within ±${MAX_SPEED}.`),
  angularVelocity: vec3('angular velocity in rad/s').default([0, 0, 0])
    .describe('Initial angular velocity [ωx, ωy, ωz] (rad/s).'),
  radius: positive('sphere radius in m').describe('Radius (m), > 0.'),
  material: name('material name, a key of `materials`').describe('Material name (a key of `materials`).'),
  frozen: frozenSchema.describe(`${FROZEN} Its velocity and angular velocity must be zero.`),
}).describe('One sphere placed explicitly.');

export const sphereFileSchema = object('sphere file {file}', {
  file: name('CSV file path').min(1, { error: 'must be a non-empty string (CSV file path)' })
    .describe('CSV file of spheres, relative to the scenario file. First line the header: x, y, z (centre, m), radius '
      + '(m), material (a key of `materials`), optionally vx, vy, vz (m/s) and wx, wy, wz (rad/s), in any order; then one '
      + 'sphere per line, the line order being the sphere ids.'),
}).describe(`Spheres read from a CSV file (at most ${MAX_EXPLICIT_PARTICLES}), for beds of 10^5–10^6 spheres from another code.`);

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
        .min(1, { error: 'must hold at least one radius in m' }).max(MAX_DISCRETE_VALUES, atMost(MAX_DISCRETE_VALUES, 'radii'))
        .describe('The possible radii (m), each > 0.'),
      weights: z.array(positive('relative weight, dimensionless'), { error: 'must be an array of weights (> 0)' })
        .max(MAX_DISCRETE_VALUES, atMost(MAX_DISCRETE_VALUES, 'weights')).optional()
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
  velocity: velocity3('velocity in m/s').default([0, 0, 0]).describe(`Initial velocity of every inserted sphere [vx, vy, vz] (m/s), each within ±${MAX_SPEED}.`),
  velocitySpread: nonNegative('standard deviation of each velocity component in m/s')
    .lte(MAX_SPEED, { error: `must be <= ${MAX_SPEED} m/s, the speed of light (standard deviation of each velocity component)` }).default(0)
    .describe(`Standard deviation (m/s), in [0, ${MAX_SPEED}], of a normal random term added to each velocity component of the spheres placed at t = 0 (Maxwell–Boltzmann, e.g. a granular gas; poured spheres take \`velocity\` as it is). Default 0.`),
  rate: pourRateSchema.optional()
    .describe('Pour the spheres during the run at this rate instead of placing them all at t = 0.'),
  start: nonNegative('time the pour starts, in s').optional()
    .describe('Time (s), >= 0, at which the pour starts (only with `rate`). Default 0.'),
  frozen: frozenSchema.describe(`${FROZEN} Only for spheres placed at t = 0 (no \`rate\`); their velocity and velocitySpread must be zero.`),
}).describe('Random non-overlapping spheres in a region (seeded by `seed`): all at t = 0, or poured at `rate`.');

const samplingCylinderSchema = object('sampling cylinder {center, radius, zMin, zMax}', {
  center: vec2('axis position in m').describe('Axis position [x, y] (m); the axis is vertical.'),
  radius: positive('cylinder radius in m').describe('Radius (m), > 0.'),
  zMin: number('bottom height in m').describe('Bottom height (m).'),
  zMax: number('top height in m').describe('Top height (m), > zMin.'),
}).describe('Vertical cylinder in which the bulk density is measured; keep it a few diameters from walls and the free surface.');

const SECTORS_RANGE = `must be a whole number in [3, ${MAX_SECTORS}] (azimuthal sectors)`;

export const analysisSchema = z.discriminatedUnion('type', [
  object('angle-of-repose analysis {type, floorZ}', {
    type: z.literal('angle-of-repose').describe('Angle of repose of the final heap (src/analysis/repose.ts).'),
    floorZ: number('floor height in m').describe('Height of the floor the heap stands on (m).'),
    axis: vec2('heap axis position in m').optional()
      .describe('Heap axis [x, y] (m); default: the centroid of the spheres.'),
    sectors: number('azimuthal sectors, a whole number', `in [3, ${MAX_SECTORS}]`).int({ error: SECTORS_RANGE })
      .min(3, { error: SECTORS_RANGE }).max(MAX_SECTORS, { error: SECTORS_RANGE }).optional()
      .describe(`Azimuthal sectors fitted separately, 3 to ${MAX_SECTORS}; default 8.`),
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
  object('rotating-drum analysis {type, wall?, steadyFrom?, slabWidth?}', {
    type: z.literal('rotating-drum')
      .describe('Dynamic angle of repose of a rotating drum\'s bed, its Froude number and regime (src/analysis/drum.ts).'),
    wall: number('index of the drum in walls, a whole number', '>= 0').int({ error: 'must be a whole number >= 0 (index of the drum in walls)' })
      .min(0, { error: 'must be a whole number >= 0 (index of the drum in walls)' }).default(0)
      .describe('Index in `walls` of the drum: a cylinder turning about its own axis. Default 0.'),
    steadyFrom: nonNegative('start of the steady window in s').optional()
      .describe('Time (s) from which the flow is steady and the angle is averaged. Default: half the run.'),
    slabWidth: positive('width of the mid-plane slab in m').optional()
      .describe('Width (m) of the slab about the drum\'s mid-plane whose spheres give the surface. Default: a third of the drum length.'),
  }).describe('Measures the dynamic angle of repose of the free surface in the drum\'s mid-plane, averaged over the steady flow.'),
], { error: 'must be {"type": "angle-of-repose" | "discharge" | "bounces" | "cooling" | "rotating-drum", …} (analysis of the run)' });

export const broadphaseNames = ['rtree', 'grid', 'auto'] as const;

export const axisNames = ['x', 'y', 'z'] as const;

/** Default Verlet skin as a fraction of the smallest radius: rebuilds every few tens of steps in dense flows. */
export const DEFAULT_SKIN_FRACTION = 0.3;

export const periodicSchema = object('periodic box {min, max, axes}', {
  min: vec3('box corner with the smallest coordinates, in m').describe('Corner [x, y, z] of the box with the smallest coordinates (m).'),
  max: vec3('box corner with the largest coordinates, in m').describe('Corner [x, y, z] of the box with the largest coordinates (m).'),
  axes: z.array(z.enum(axisNames, { error: `must be one of ${quoted(axisNames)} (periodic axis)` }), {
    error: 'must be an array of axis names, e.g. ["x", "y", "z"] (periodic axes)',
  }).min(1, { error: 'must name at least one axis (periodic axes)' })
    .max(3, { error: 'must name each of x, y, z at most once (periodic axes)' }).default(['x', 'y', 'z'])
    .describe('Axes along which the box wraps around, each at most once (default all three); the box extent along the other axes is ignored.'),
}).describe('Periodic boundaries: a sphere leaving the box through a face along a periodic axis re-enters at the opposite face, '
  + 'and spheres interact across those faces. Box length along a periodic axis > 2 × (largest diameter + skin); every sphere must start inside.');

export const scenarioSchema = object('scenario', {
  $schema: name('path or URL of the JSON Schema').optional()
    .describe('Path or URL of schema/scenario.schema.json, for editors; ignored by the simulator.'),
  name: name('scenario name').min(1, { error: 'must be a non-empty string (scenario name)' }).default('scenario')
    .describe('Name of the scenario, used in reports.'),
  description: name('description of the scenario').optional()
    .describe('What the scenario is and why its values are what they are (e.g. a softened modulus); free text, not read by the simulator.'),
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
  }).describe(`Materials by name, at most ${MAX_MATERIALS}.`),
  contact: contactSchema,
  contactPairs: z.array(contactPairSchema, { error: 'must be an array of {materials: ["a", "b"], …}' })
    .max(MAX_CONTACT_PAIRS, atMost(MAX_CONTACT_PAIRS, 'material pairs (one per pair of materials)')).default([])
    .describe('Per-material-pair overrides of `contact`; each unordered pair at most once.'),
  particles: z.union([
    z.array(particleSchema, { error: 'must be an array of spheres {position, radius, material}' })
      .max(MAX_EXPLICIT_PARTICLES, atMost(MAX_EXPLICIT_PARTICLES, 'explicit spheres (use insert blocks for larger scenes)'))
      .describe('The spheres, listed.'),
    sphereFileSchema,
  ], { error: 'must be an array of spheres {position, radius, material} or {"file": "spheres.csv"}' }).default([])
    .describe('Explicitly placed spheres, listed or read from a CSV file; their ids are their order. They must not '
      + 'overlap each other or a wall.'),
  insert: z.array(insertSchema, { error: 'must be an array of insertion blocks {region, count, radius, material}' })
    .max(MAX_INSERT_BLOCKS, atMost(MAX_INSERT_BLOCKS, 'insertion blocks')).default([]).describe('Blocks of randomly inserted spheres, placed after `particles` in order.'),
  walls: z.array(wallSchema, { error: 'must be an array of walls {type, …, material}' })
    .max(MAX_WALLS, atMost(MAX_WALLS, 'walls')).default([])
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
  outputs: object('output settings {interval, impacts, impactRecords, frames, vtk}', {
    interval: positive('output interval in s').optional()
      .describe('Interval (s), > 0, between rows of series.csv, frames and VTK files. Default duration/100.'),
    impacts: z.boolean({ error: 'must be true or false (record impacts)' }).default(true)
      .describe('Record completed collisions: their statistics per output interval and source in impact-statistics.csv.'),
    impactRecords: z.boolean({ error: 'must be true or false (write every collision to impacts.bin)' }).default(false)
      .describe('Also write every completed collision to impacts.bin (168 B each; `grainflow export impacts` turns it '
        + 'into impacts.csv); needs outputs.impacts.'),
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
  }).default({ impacts: true, impactRecords: false, frames: true, vtk: false, contactTrace: false }).describe('What a run writes.'),
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
export type ParticleSpec = z.output<typeof particleSchema>;
export type InsertSpec = z.output<typeof insertSchema>;
export type RegionSpec = z.output<typeof regionSchema>;
export type AnalysisSpec = z.output<typeof analysisSchema>;
export type PeriodicSpec = z.output<typeof periodicSchema>;
export type { Material, NormalLawSpec, ContactSpec, ContactPairSpec, EndOfContact } from '../forces/contact-spec.js';
export type { WallSpec } from '../walls/wall-spec.js';
