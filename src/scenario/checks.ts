/**
 * Cross-field checks of a schema-valid scenario: what one field alone cannot tell (names that must exist,
 * geometry that must be consistent). The first problem found is thrown as a ScenarioError naming its field.
 * Contact-law parameter combinations are checked where the laws are resolved (src/forces/normal/registry.ts).
 */
import { ScenarioError } from '../base/scenario-error.js';
import { SphereHash, assertInsertable } from './insert.js';
import { logNormalParameters, radiusBounds, type RadiusSpec } from './radius.js';
import { regionTooSmallFor } from './regions.js';
import { buildWallModel, type WallModel } from '../walls/build.js';
import { wallOverlap } from '../walls/overlap.js';
import type { InsertSpec, Scenario } from './schema.js';

/**
 * Hand-written touching spheres (centres exactly r_i + r_j apart) come out of floating point a few ulp closer;
 * overlaps up to this fraction of the radius are treated as touching.
 */
const TOUCHING_TOLERANCE = 1e-9;

/** A truncation window of the normal radius distribution holding less than this is almost surely a typo. */
const MIN_NORMAL_WINDOW_PROBABILITY = 1e-3;

export function checkScenario(scenario: Scenario): void {
  checkMaterialNames(scenario);
  checkContactPairsUnique(scenario);
  checkHasSpheres(scenario);
  checkTimes(scenario);
  scenario.insert.forEach((block, k) => checkInsertBlock(block, k, scenario.time.duration));
  // Builds (and caches) the walls: bad wall geometry and unreadable STL files are reported here.
  const walls = buildWallModel(scenario.walls);
  checkExplicitOverlaps(scenario);
  checkWallPenetration(scenario, walls);
  checkSkin(scenario);
  checkAnalysis(scenario);
  checkContactTrace(scenario);
}

/** outputs.contactTrace writes a row per contact per step: beyond a few spheres the file would dwarf the run. */
export const CONTACT_TRACE_MAX_PARTICLES = 10;

function checkContactTrace({ outputs, particles, insert }: Scenario): void {
  if (outputs.contactTrace && outputs.checkpointEvery !== undefined) {
    throw new ScenarioError('outputs.contactTrace', 'cannot be combined with outputs.checkpointEvery (the trace is for '
      + 'runs of a few spheres, which take seconds; remove one of the two)');
  }
  const spheres = particles.length + insert.reduce((sum, block) => sum + block.count, 0);
  if (outputs.contactTrace && spheres > CONTACT_TRACE_MAX_PARTICLES) {
    throw new ScenarioError('outputs.contactTrace', `is only for runs of at most ${CONTACT_TRACE_MAX_PARTICLES} spheres `
      + `(a row per contact per step); this scenario has ${spheres}`);
  }
}

function checkAnalysis({ analysis, particles, time }: Scenario): void {
  if (analysis?.type === 'discharge') {
    const region = analysis.bulkDensityRegion;
    if (!(region.zMax > region.zMin)) {
      throw new ScenarioError('analysis.bulkDensityRegion.zMax',
        `must be > zMin (${region.zMin} m) (top of the sampling cylinder in m); got ${region.zMax}`);
    }
  }
  if (analysis?.type === 'bounces' && particles.length === 0) {
    throw new ScenarioError('analysis', 'the "bounces" analysis follows particles[0]: give the ball in "particles"');
  }
  if (analysis?.type === 'cooling') checkCoolingWindow(analysis, time.duration);
}

function checkMaterialNames({ materials, particles, insert, walls, contactPairs }: Scenario): void {
  const names = Object.keys(materials);
  const known = names.length > 0 ? names.map((name) => JSON.stringify(name)).join(', ') : '(none: materials is empty)';
  const requireKnown = (name: string, field: string) => {
    if (!Object.hasOwn(materials, name)) {
      throw new ScenarioError(field, `unknown material ${JSON.stringify(name)}; known materials: ${known}`);
    }
  };
  particles.forEach((p, k) => requireKnown(p.material, `particles[${k}].material`));
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

function checkHasSpheres({ particles, insert }: Scenario): void {
  if (particles.length === 0 && insert.length === 0) {
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
  if (probability < MIN_NORMAL_WINDOW_PROBABILITY) {
    throw new ScenarioError(field,
      `${bounds} holds only ${(100 * probability).toPrecision(2)} % of ${radius.distribution}(mean = ${mean} m, ` +
      `std = ${std} m); widen [min, max] or move it towards mean`);
  }
}

function checkExplicitOverlaps({ particles }: Scenario): void {
  if (particles.length === 0) return;
  const radii = particles.map((p) => p.radius).sort((a, b) => a - b);
  const hash = new SphereHash(2 * radii[radii.length >> 1], particles.length);
  particles.forEach(({ position: [x, y, z], radius }, k) => {
    const j = hash.findOverlap(x, y, z, radius, TOUCHING_TOLERANCE * radius);
    if (j >= 0) {
      const other = particles[j];
      const distance = Math.hypot(x - other.position[0], y - other.position[1], z - other.position[2]);
      const contact = radius + other.radius;
      throw new ScenarioError(`particles[${k}].position`,
        `particles[${k}] overlaps particles[${j}] by ${round(contact - distance)} m (centre distance ` +
        `${round(distance)} m < r${j} + r${k} = ${round(contact)} m); explicit particles must not overlap`);
    }
    hash.add(x, y, z, radius);
  });
}

function checkWallPenetration({ particles }: Scenario, walls: WallModel): void {
  particles.forEach(({ position: [x, y, z], radius }, k) => {
    const hit = wallOverlap(walls, x, y, z, radius, TOUCHING_TOLERANCE * radius);
    if (hit) {
      const side = !hit.isPlane ? 'from the wall surface'
        : hit.distance < 0 ? 'behind the plane (the normal points away from it)' : 'in front of the plane';
      throw new ScenarioError(`particles[${k}].position`,
        `particles[${k}] penetrates walls[${hit.wall}]: its centre is ${round(Math.abs(hit.distance))} m ${side}, ` +
        `closer than its radius ${radius} m`);
    }
  });
}

/**
 * A skin wider than the largest sphere is almost always a unit slip (mm written as m); it would also make
 * every neighbour list hold many times more candidates than contacts.
 */
function checkSkin({ skin, particles, insert }: Scenario): void {
  if (skin === undefined) return;
  const largest = Math.max(
    particles.reduce((r, p) => Math.max(r, p.radius), 0),
    insert.reduce((r, block) => Math.max(r, radiusBounds(block.radius).max), 0),
  );
  if (skin > 2 * largest) {
    throw new ScenarioError('skin',
      `must be <= the largest sphere diameter ${round(2 * largest)} m (neighbour-list skin in m; typical 0.1–0.5 × radius); got ${skin}`);
  }
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
