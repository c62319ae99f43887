/**
 * Every cross-field check of a schema-valid scenario, in one pass: what one field alone cannot tell (names that
 * must exist, geometry that must be consistent, the parameters of each contact law, the periodic box against the
 * spheres). The first problem found is thrown as a ScenarioError naming its field. The two parts the checks must
 * build anyway — the wall model (STL files read and welded) and the contact table (laws resolved and calibrated) —
 * are built here once and handed on to the set-up (engine/setup.ts), so no run builds them twice.
 */
import { ScenarioError } from '../base/scenario-error.js';
import { MAX_COORDINATE, MAX_GRAVITY, MAX_SPEED } from '../base/schema-fields.js';
import { deepFreeze } from '../base/deep-freeze.js';
import { boxCorners } from '../base/box-corners.js';
import { shortNumber, shortUpperBound } from '../base/short-number.js';
import { SphereHash, assertInsertable } from './insert.js';
import { logNormalParameters, radiusBounds, type RadiusSpec } from './radius.js';
import { regionBounds, regionTooSmallFor } from './regions.js';
import { buildWallModel, checkSurfaceSpeed, farthestFromAxis, type WallModel } from '../walls/build.js';
import { wallOverlap } from '../walls/overlap.js';
import { centrePoint } from '../walls/wall-spec.js';
import { buildContactTable, type ContactTable } from '../forces/contact-table.js';
import { axisNames, DEFAULT_SKIN_FRACTION, MAX_MATERIALS, type InsertSpec, type Scenario } from './schema.js';
import { readExplicitSpheres, type ExplicitSpheres } from './explicit-spheres.js';
import { unknownMaterial } from './material-names.js';

/**
 * A scenario that passed the schema and every cross-field check, with the parts the checks built. The scenario is
 * frozen: spheres, walls and laws were built from it, so a later change could only make them disagree.
 */
export interface CheckedScenario {
  scenario: Scenario;
  /** the explicit spheres in flat arrays, listed in `particles` or read from `particles.file` (explicit-spheres.ts) */
  explicit: ExplicitSpheres;
  /** the walls expanded into primitives (walls/build.ts) */
  walls: WallModel;
  /** every material pair's contact law, resolved and calibrated (forces/contact-table.ts) */
  contacts: ContactTable;
}

/**
 * Hand-written touching spheres (centres exactly r_i + r_j apart) come out of floating point a few ulp closer;
 * overlaps up to this fraction of the radius are treated as touching.
 */
const TOUCHING_TOLERANCE = 1e-9;

/** A truncation window of the normal radius distribution holding less than this is almost surely a typo. */
const MIN_NORMAL_WINDOW_PROBABILITY = 1e-3;

export function checkScenario(scenario: Scenario): CheckedScenario {
  checkMaterialCount(scenario);
  // The explicit spheres' materials are checked as they are flattened or read (an unreadable or bad sphere file
  // is reported here too); every other check of theirs follows below, the same for listed and file spheres.
  const explicit = readExplicitSpheres(scenario);
  checkMaterialNames(scenario);
  checkContactPairsUnique(scenario);
  checkHasSpheres(scenario, explicit);
  checkTimes(scenario);
  checkGravity(scenario);
  checkSpins(explicit);
  scenario.insert.forEach((block, k) => checkInsertBlock(block, k, scenario.time.duration));
  // Bad wall geometry and unreadable STL files are reported while the walls are built.
  const walls = buildWallModel(scenario.walls);
  checkTurningPlanes(scenario, explicit, walls);
  checkExplicitOverlaps(explicit);
  checkWallPenetration(explicit, walls);
  checkSkin(scenario, explicit);
  checkPeriodicBox(scenario, explicit);
  checkAnalysis(scenario, explicit);
  checkOutputs(scenario, explicit);
  // Each law checks its own parameters while it is resolved for every material pair.
  const contacts = buildContactTable(scenario);
  return { scenario: deepFreeze(scenario), explicit, walls, contacts };
}

/** Spheres a scenario asks for: the explicit ones and every insert block's count (poured ones included). */
export function requestedSphereCount({ scenario, explicit }: Pick<CheckedScenario, 'scenario' | 'explicit'>): number {
  return explicit.spheres.n + scenario.insert.reduce((sum, block) => sum + block.count, 0);
}

/** outputs.contactTrace writes a row per contact per step: beyond a few spheres the file would dwarf the run. */
export const CONTACT_TRACE_MAX_PARTICLES = 10;

/** The outputs that depend on each other or on the scene: impact records, the contact trace. */
function checkOutputs(scenario: Scenario, explicit: ExplicitSpheres): void {
  const { outputs } = scenario;
  if (outputs.impactRecords && !outputs.impacts) {
    throw new ScenarioError('outputs.impactRecords', 'needs outputs.impacts true (the collisions are recorded only then)');
  }
  if (outputs.contactTrace && outputs.checkpointEvery !== undefined) {
    throw new ScenarioError('outputs.contactTrace', 'cannot be combined with outputs.checkpointEvery (the trace is for '
      + 'runs of a few spheres, which take seconds; remove one of the two)');
  }
  const spheres = requestedSphereCount({ scenario, explicit });
  if (outputs.contactTrace && spheres > CONTACT_TRACE_MAX_PARTICLES) {
    throw new ScenarioError('outputs.contactTrace', `is only for runs of at most ${CONTACT_TRACE_MAX_PARTICLES} spheres `
      + `(a row per contact per step); this scenario has ${spheres}`);
  }
}

function checkAnalysis(scenario: Scenario, explicit: ExplicitSpheres): void {
  const { analysis, time } = scenario;
  if (analysis?.type === 'discharge') {
    const region = analysis.bulkDensityRegion;
    if (!(region.zMax > region.zMin)) {
      throw new ScenarioError('analysis.bulkDensityRegion.zMax',
        `must be > zMin (${region.zMin} m) (top of the sampling cylinder in m); got ${region.zMax}`);
    }
  }
  if (analysis?.type === 'bounces' && explicit.spheres.n === 0) {
    throw new ScenarioError('analysis', 'the "bounces" analysis follows particles[0]: give the ball in "particles"');
  }
  const spheres = requestedSphereCount({ scenario, explicit });
  if (analysis?.type === 'angle-of-repose' && spheres < 2) {
    throw new ScenarioError('analysis', `the "angle-of-repose" analysis fits the surface of a heap: it needs at least 2 spheres; `
      + `this scenario has ${spheres}`);
  }
  if (analysis?.type === 'cooling') checkCoolingWindow(analysis, time.duration);
  if (analysis?.type === 'rotating-drum') checkDrum(scenario.walls, analysis.wall);
}

function checkMaterialCount({ materials }: Scenario): void {
  const count = Object.keys(materials).length;
  if (count > MAX_MATERIALS) {
    throw new ScenarioError('materials', `must hold at most ${MAX_MATERIALS} materials (the contact table resolves every pair of `
      + `them: ${MAX_MATERIALS * (MAX_MATERIALS + 1) / 2} pairs at most); got ${count}`);
  }
}

/** The materials of insert blocks, walls and contact pairs (the explicit spheres' are checked as they are read). */
function checkMaterialNames({ materials, insert, walls, contactPairs }: Scenario): void {
  const requireKnown = (name: string, field: string) => {
    if (!Object.hasOwn(materials, name)) throw new ScenarioError(field, unknownMaterial(name, Object.keys(materials)));
  };
  insert.forEach((block, k) => requireKnown(block.material, `insert[${k}].material`));
  walls.forEach((wall, w) => requireKnown(wall.material, `walls[${w}].material`));
  contactPairs.forEach((pair, p) => pair.materials.forEach((name, m) => requireKnown(name, `contactPairs[${p}].materials[${m}]`)));
}

function checkContactPairsUnique({ contactPairs }: Scenario): void {
  const seen = new Map<string, number>();
  contactPairs.forEach((pair, p) => {
    const key = JSON.stringify([...pair.materials].sort());
    const first = seen.get(key);
    if (first !== undefined) {
      throw new ScenarioError(`contactPairs[${p}].materials`,
        `the pair ${pair.materials.map((m) => JSON.stringify(m)).join(' – ')} is already given in contactPairs[${first}]; ` +
        'give each material pair once');
    }
    seen.set(key, p);
  });
}

function checkHasSpheres({ insert }: Scenario, explicit: ExplicitSpheres): void {
  if (explicit.spheres.n === 0 && insert.length === 0) {
    throw new ScenarioError('particles', 'no spheres to simulate: give at least one entry in particles or one insert block');
  }
}

function checkTimes({ time, outputs }: Scenario): void {
  if (time.dt !== 'auto' && time.dt > time.duration) {
    throw new ScenarioError('time.dt', `must be <= time.duration = ${time.duration} s (time step in s); got ${time.dt}`);
  }
  if (outputs.interval !== undefined && outputs.interval > time.duration) {
    throw new ScenarioError('outputs.interval',
      `must be <= time.duration = ${time.duration} s (output interval in s); got ${outputs.interval}`);
  }
}

/*
 * Speeds are held below the speed of light (base/schema-fields.ts MAX_SPEED): a velocity by the schema, and here what
 * needs a second number — a sphere's spin by its radius, gravity by the height a sphere can fall.
 */

/** Gravity is held to a free fall across the largest scene the format allows staying slower than light. */
function checkGravity({ gravity }: Scenario): void {
  const g = Math.hypot(...gravity);
  if (g > MAX_GRAVITY) {
    throw new ScenarioError('gravity', `must be at most ${shortUpperBound(MAX_GRAVITY)} m/s² in magnitude (a free fall across the `
      + `largest scene allowed, ${2 * MAX_COORDINATE} m, would pass the speed of light, ${MAX_SPEED} m/s); got |g| = ${shortNumber(g)}`);
  }
}

/** A spinning sphere's surface moves at |ω|·r: each component of ω is held to the speed of light over the radius. */
function checkSpins({ spheres, origin }: ExplicitSpheres): void {
  const { n, angularVelocity, radius } = spheres;
  // An index loop, no view per sphere: a file of 2e6 spheres took 424 ms here with a subarray each.
  for (let k = 0; k < n; k++) {
    const limit = MAX_SPEED / radius[k];
    const o = 3 * k;
    if (Math.abs(angularVelocity[o]) > limit || Math.abs(angularVelocity[o + 1]) > limit || Math.abs(angularVelocity[o + 2]) > limit) {
      throw origin.error(k, 'angularVelocity', `must be within ±${shortUpperBound(limit)} rad/s per component for a sphere of radius `
        + `${radius[k]} m (its surface would move faster than light, ${MAX_SPEED} m/s); `
        + `got ${JSON.stringify(Array.from(angularVelocity.subarray(o, o + 3)))}`);
    }
  }
}

/**
 * A plane has no farthest point (walls/build.ts bounds every other turning wall by its own extent): its surface under
 * a sphere moves at |ω| times the sphere's distance from the axis. Held here by where the spheres start: the explicit
 * ones and every insert region's bounding box, whose farthest point from a line is one of its corners.
 */
function checkTurningPlanes(scenario: Scenario, { spheres }: ExplicitSpheres, walls: WallModel): void {
  walls.motion.forEach(({ rotation }, w) => {
    const spec = scenario.walls[w].motion?.rotation;
    if (rotation === null || spec === undefined || Number.isFinite(rotation.farthest)) return;
    let farthest = farthestFromAxis(spheres.position, spheres.n, rotation.point, rotation.axis);
    for (const { region } of scenario.insert) {
      const { min, max } = regionBounds(region);
      farthest = Math.max(farthest, farthestFromAxis(boxCorners(min, max).flat(), 8, rotation.point, rotation.axis));
    }
    checkSurfaceSpeed(w, spec.angularVelocity, farthest, 'this plane, under spheres that start');
  });
}

function checkInsertBlock(block: InsertSpec, k: number, duration: number): void {
  const { region } = block;
  if (region.type === 'box') {
    const { min, max } = region;
    for (let axis = 0; axis < 3; axis++) {
      if (!(min[axis] < max[axis])) {
        throw new ScenarioError(`insert[${k}].region`,
          `min must be < max on every axis (box corners in m); on ${'xyz'[axis]}: min = ${min[axis]}, max = ${max[axis]}`);
      }
    }
  }
  checkRadiusSpec(block.radius, `insert[${k}].radius`);
  if (block.frozen === true) checkFrozenBlock(block, k);
  const largest = radiusBounds(block.radius).max;
  const tooSmall = regionTooSmallFor(region, largest);
  if (tooSmall !== '') {
    throw new ScenarioError(`insert[${k}].region`,
      `${tooSmall}; spheres must lie entirely inside the ${region.type}`);
  }
  if (block.rate === undefined) {
    if (block.start !== undefined) {
      throw new ScenarioError(`insert[${k}].start`,
        `applies only to a poured block: give insert[${k}].rate as well, or drop start`);
    }
    assertInsertable(block, k);
  } else if ((block.rate.particlesPerSecond === undefined) === (block.rate.massPerSecond === undefined)) {
    throw new ScenarioError(`insert[${k}].rate`,
      'give exactly one of particlesPerSecond (spheres per second, > 0) and massPerSecond (kg/s, > 0)');
  } else if ((block.start ?? 0) >= duration) {
    throw new ScenarioError(`insert[${k}].start`,
      `must be < time.duration = ${duration} s (time the pour starts, in s); got ${block.start}`);
  }
}

/** A frozen block is placed at t = 0 and at rest: a frozen sphere keeps the velocity it starts with for ever. */
function checkFrozenBlock(block: InsertSpec, k: number): void {
  if (block.rate !== undefined) {
    throw new ScenarioError(`insert[${k}].frozen`, 'applies only to spheres placed at t = 0: drop rate, or frozen (a poured sphere moves)');
  }
  if (block.velocity.some((v) => v !== 0) || block.velocitySpread !== 0) {
    const field = block.velocitySpread !== 0 ? 'velocitySpread' : 'velocity';
    throw new ScenarioError(`insert[${k}].${field}`, `must be zero for frozen spheres (they never move); got ${JSON.stringify(block[field])}`);
  }
}

/** The widest log-normal radius, std/mean (about 1e154 overflows its σ²). */
const MAX_LOGNORMAL_SPREAD = 1e150;

function checkRadiusSpec(radius: RadiusSpec, field: string): void {
  if (typeof radius === 'number') return;
  if (radius.distribution === 'discrete') {
    const { values, weights } = radius;
    if (weights !== undefined && weights.length !== values.length) {
      throw new ScenarioError(`${field}.weights`,
        `must give one weight per value: ${values.length} values, ${weights.length} weights (relative weights, > 0)`);
    }
    return;
  }
  // σ² = ln(1 + (std/mean)²) of a log-normal radius overflows for std/mean above about 1e154: every draw would be NaN,
  // redrawn forever.
  if (radius.distribution === 'lognormal' && !(radius.std <= MAX_LOGNORMAL_SPREAD * radius.mean)) {
    throw new ScenarioError(`${field}.std`, `must be at most ${MAX_LOGNORMAL_SPREAD} × mean for a log-normal radius `
      + `(got std/mean = ${round(radius.std / radius.mean)})`);
  }
  const { min, max } = radiusBounds(radius);
  if (radius.distribution === 'uniform') {
    if (min > max) throw new ScenarioError(field, `uniform radius needs min <= max (radii in m); got min = ${min}, max = ${max}`);
    return;
  }
  const { mean, std } = radius;
  const defaults = radius.distribution === 'normal'
    ? 'defaults: min = max(mean − 3·std, mean/10), max = mean + 3·std'
    : 'defaults: exp(μ ∓ 3σ) of ln r';
  const bounds = `[min, max] = [${round(min)}, ${round(max)}] m (${defaults})`;
  if (min > max) throw new ScenarioError(field, `${radius.distribution} radius needs min <= max; got ${bounds}`);
  if (std === 0 && (mean < min || mean > max)) {
    throw new ScenarioError(field, `with std = 0 every radius equals mean = ${mean} m, which lies outside ${bounds}`);
  }
  let probability = 1;
  if (radius.distribution === 'normal' && std > 0) {
    probability = normalCdf((max - mean) / std) - normalCdf((min - mean) / std);
  } else if (radius.distribution === 'lognormal') {
    const { mu, sigma } = logNormalParameters(mean, std);
    probability = normalCdf((Math.log(max) - mu) / sigma) - normalCdf((Math.log(min) - mu) / sigma);
  }
  if (!(probability >= MIN_NORMAL_WINDOW_PROBABILITY)) {
    throw new ScenarioError(field,
      `${bounds} holds only ${(100 * probability).toPrecision(2)} % of ${radius.distribution}(mean = ${mean} m, ` +
      `std = ${std} m); widen [min, max] or move it towards mean`);
  }
}

function checkExplicitOverlaps({ spheres, origin }: ExplicitSpheres): void {
  const { n, position, radius } = spheres;
  if (n === 0) return;
  const median = Float64Array.from(radius).sort()[n >> 1];
  const hash = new SphereHash(2 * median, n);
  for (let k = 0; k < n; k++) {
    const x = position[3 * k], y = position[3 * k + 1], z = position[3 * k + 2], r = radius[k];
    const j = hash.findOverlap(x, y, z, r, TOUCHING_TOLERANCE * r);
    if (j >= 0) {
      const distance = Math.hypot(x - position[3 * j], y - position[3 * j + 1], z - position[3 * j + 2]);
      const contact = r + radius[j];
      throw origin.error(k, 'position', `${origin.subject(k)}overlaps ${origin.name(j)} by ${round(contact - distance)} m `
        + `(centre distance ${round(distance)} m < the sum of their radii ${round(contact)} m); explicit particles must not overlap`);
    }
    hash.add(x, y, z, r);
  }
}

function checkWallPenetration({ spheres, origin }: ExplicitSpheres, walls: WallModel): void {
  const { n, position, radius } = spheres;
  for (let k = 0; k < n; k++) {
    const r = radius[k];
    const hit = wallOverlap(walls, position[3 * k], position[3 * k + 1], position[3 * k + 2], r, TOUCHING_TOLERANCE * r);
    if (hit) {
      const side = !hit.isPlane ? 'from the wall surface'
        : hit.distance < 0 ? 'behind the plane (the normal points away from it)' : 'in front of the plane';
      throw origin.error(k, 'position', `${origin.subject(k)}penetrates walls[${hit.wall}]: its centre is `
        + `${round(Math.abs(hit.distance))} m ${side}, closer than its radius ${r} m`);
    }
  }
}

/** The largest and the smallest radius of the explicit spheres (−Infinity and Infinity when there are none). */
function radiusRange({ spheres }: ExplicitSpheres): { largest: number; smallest: number } {
  let largest = -Infinity, smallest = Infinity;
  for (let k = 0; k < spheres.n; k++) {
    largest = Math.max(largest, spheres.radius[k]);
    smallest = Math.min(smallest, spheres.radius[k]);
  }
  return { largest, smallest };
}

/**
 * A skin wider than the largest sphere is almost always a unit slip (mm written as m); it would also make
 * every neighbour list hold many times more candidates than contacts.
 */
function checkSkin({ skin, insert }: Scenario, explicit: ExplicitSpheres): void {
  if (skin === undefined) return;
  const largest = Math.max(
    radiusRange(explicit).largest,
    insert.reduce((r, block) => Math.max(r, radiusBounds(block.radius).max), 0),
  );
  if (skin > 2 * largest) {
    throw new ScenarioError('skin',
      `must be <= the largest sphere diameter ${round(2 * largest)} m (neighbour-list skin in m; typical 0.1–0.5 × radius); got ${skin}`);
  }
}

/**
 * The periodic box against every sphere the run can hold, decided from the scenario alone (not from the drawn
 * spheres, so the verdict does not depend on the seed):
 *  - box length along a periodic axis > 2·(largest diameter + skin): two images of a sphere are then further
 *    apart than twice the largest candidate distance, so a pair touches through at most one image and its
 *    contact history has one owner (broadphase/periodic.ts). Without a given skin, the default skin
 *    (DEFAULT_SKIN_FRACTION × the smallest sphere's radius) is bounded by that fraction of the smallest radius
 *    some sphere is sure to have at most;
 *  - every sphere present at t = 0 starts inside the box along the periodic axes (explicit centres; the centres
 *    an insert block can draw).
 */
function checkPeriodicBox({ periodic, insert, skin }: Scenario, explicit: ExplicitSpheres): void {
  if (periodic === undefined) return;
  // Each explicit sphere's radius and each block's largest one: the largest of them, and the smallest, which some
  // sphere is sure to have at most.
  const blocksLargest = insert.map((block) => radiusBounds(block.radius).max);
  const range = radiusRange(explicit);
  const largest = Math.max(0, range.largest, ...blocksLargest);
  const skinBound = skin ?? DEFAULT_SKIN_FRACTION * Math.min(range.smallest, ...blocksLargest);
  const needed = 2 * (2 * largest + skinBound);
  periodic.axes.forEach((axis, k) => {
    if (periodic.axes.indexOf(axis) < k) {
      throw new ScenarioError(`periodic.axes[${k}]`, `names axis "${axis}" a second time; name each periodic axis once (e.g. ["x", "y"])`);
    }
  });
  const wraps = axisNames.map((name) => periodic.axes.includes(name));
  wraps.forEach((wrapping, axis) => {
    const length = periodic.max[axis] - periodic.min[axis];
    if (wrapping && !(length > needed)) {
      throw new ScenarioError('periodic.max',
        `the box is ${round(length)} m long along periodic axis ${axisNames[axis]}; it must be longer than ` +
        `2 × (largest diameter ${round(2 * largest)} m + skin ${round(skinBound)} m) = ${round(needed)} m, so that two ` +
        'spheres touch through at most one periodic image');
    }
  });
  const box = (axis: number) => `[${periodic.min[axis]}, ${periodic.max[axis]}) m`;
  const inside = (x: number, axis: number) => x >= periodic.min[axis] && x < periodic.max[axis];
  const { spheres, origin } = explicit;
  for (let k = 0; k < spheres.n; k++) {
    wraps.forEach((wrapping, axis) => {
      const x = spheres.position[3 * k + axis];
      if (wrapping && !inside(x, axis)) {
        throw origin.error(k, axisNames[axis], `sphere centre ${axisNames[axis]} = ${x} m lies outside the periodic box `
          + `${box(axis)}; every sphere must start inside the box along the periodic axes`);
      }
    });
  }
  insert.forEach((block, k) => {
    if (block.rate !== undefined) return;
    // A sphere lies entirely inside its region: its centre keeps at least the smallest radius from each face.
    const r = radiusBounds(block.radius).min;
    const { min, max } = regionBounds(block.region);
    wraps.forEach((wrapping, axis) => {
      const low = min[axis] + r, high = max[axis] - r;
      if (wrapping && !(inside(low, axis) && inside(high, axis))) {
        throw new ScenarioError(`insert[${k}].region`,
          `places sphere centres at ${axisNames[axis]} from ${round(low)} to ${round(high)} m, outside the periodic box ` +
          `${box(axis)}; every sphere must start inside the box along the periodic axes`);
      }
    });
  });
}

function checkCoolingWindow(analysis: { fitFrom?: number; fitTo?: number }, duration: number): void {
  const { fitFrom = 0, fitTo = duration } = analysis;
  if (!(fitFrom < fitTo && fitFrom < duration)) {
    throw new ScenarioError('analysis.fitFrom',
      `must be < analysis.fitTo (${fitTo} s) and < time.duration (${duration} s) (start of the fit window in s); got ${fitFrom}`);
  }
}

/** Four significant digits, for derived quantities in messages. */
function round(value: number): number {
  return Number(value.toPrecision(4));
}

/** Standard normal CDF via erf, Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7, ample for a sanity bound). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** The rotating-drum analysis needs walls[k] to be a cylinder turning about its own axis (analysis/drum.ts). */
function checkDrum(walls: Scenario['walls'], k: number): void {
  const wall = walls[k];
  const refuse = (why: string) => {
    throw new ScenarioError('analysis.wall', `must be the index of a cylinder wall turning about its own axis (motion.rotation); walls[${k}] ${why}`);
  };
  if (wall === undefined) refuse(`does not exist (${walls.length} walls)`);
  if (wall.type !== 'cylinder') return refuse(`is a ${wall.type}`);
  const rotation = wall.motion?.rotation;
  if (rotation === undefined) return refuse('does not turn');
  const unit = (v: readonly number[]) => v.map((c) => c / Math.hypot(...v));
  const a = unit(wall.axis), r = unit(rotation.axis);
  const centre = centrePoint(wall.center);
  const d = rotation.point.map((c, i) => c - centre[i]);
  const along = d[0] * a[0] + d[1] * a[1] + d[2] * a[2];
  const off = Math.hypot(d[0] - along * a[0], d[1] - along * a[1], d[2] - along * a[2]);
  if (Math.abs(Math.abs(a[0] * r[0] + a[1] * r[1] + a[2] * r[2]) - 1) > 1e-9 || off > 1e-9 * Math.max(1, wall.radius)) {
    refuse('turns about another axis');
  }
}
