/**
 * Initial spheres of a run: the explicit ones (listed or from their file, explicit-spheres.ts) in their order, then
 * each `insert` block without a `rate` filled by random sequential insertion (RSA) — draw a radius and a centre,
 * keep the sphere if it overlaps nothing placed so far and no wall. Blocks with a `rate` are poured during the run
 * (src/engine/pour.ts). The only randomness is the run's seeded stream (random.ts), so a scenario always gives the
 * same spheres. They are written straight into flat arrays (particles/state.ts InitialParticles), never an object
 * per sphere: a set-up of a million spheres keeps them for the whole run.
 */
import { ScenarioError } from '../base/scenario-error.js';
import seedrandom from 'seedrandom';
import type { InitialParticles } from '../particles/state.js';
import type { ExplicitSpheres } from './explicit-spheres.js';
import { materialIndices } from './material-names.js';
import { sphereArrays } from './sphere-arrays.js';
import { meanRadiusCubed, radiusBounds, radiusSampler, standardNormalSampler } from './radius.js';
import { RunRandom } from './random.js';
import { regionVolume, sampleCentre } from './regions.js';
import type { InsertSpec, Scenario } from './schema.js';
import type { WallModel } from '../walls/build.js';
import { wallOverlap } from '../walls/overlap.js';

/**
 * RSA of equal spheres jams at φ ≈ 0.38 and slows down sharply well before (≈ 0.3), so a request above this
 * packing fraction is refused up front instead of after millions of failed attempts.
 */
export const RSA_PACKING_LIMIT = 0.35;

/** Failed placement attempts allowed per requested sphere before a block is declared full. */
const ATTEMPTS_PER_SPHERE = 100;

/**
 * The spheres a run starts from, in flat arrays. Expects a scenario from parseScenario: its checks guarantee what
 * insertion relies on (regions wider than the largest sphere, requests below RSA_PACKING_LIMIT, valid walls).
 * Without t = 0 blocks these are the explicit spheres' own arrays, not a copy: nothing writes to them.
 * Draws from `random` (the run's stream), which is left where the poured spheres' draws continue.
 */
export function buildInitialParticles(
  { scenario, walls, explicit }: { scenario: Scenario; walls: WallModel; explicit: ExplicitSpheres },
  random = new RunRandom(scenario.seed),
): InitialParticles {
  const given = explicit.spheres;
  const blocks = scenario.insert.filter((block) => block.rate === undefined);
  if (blocks.length === 0) return given;

  const total = given.n + blocks.reduce((sum, block) => sum + block.count, 0);
  const out = sphereArrays(total);
  out.position.set(given.position);
  out.velocity.set(given.velocity);
  out.angularVelocity.set(given.angularVelocity);
  out.radius.set(given.radius);
  out.material.set(given.material);
  out.frozen.set(given.frozen);
  // Inserted spheres usually outnumber explicit ones: size the fine grid for them.
  const cellSize = 2 * Math.max(...blocks.map((block) => radiusBounds(block.radius).max));
  const placed = new SphereHash(cellSize, total);
  for (let k = 0; k < given.n; k++) placed.add(given.position[3 * k], given.position[3 * k + 1], given.position[3 * k + 2], given.radius[k]);

  // Velocity spreads draw from their own stream, so adding one leaves every position unchanged.
  const velocityNormal = standardNormalSampler(seedrandom(`${scenario.seed}:velocity`));
  const materials = materialIndices(scenario.materials);
  let first = given.n;
  scenario.insert.forEach((block, k) => {
    if (block.rate !== undefined) return;
    insertBlock(block, k, placed, walls, random.next, out, first);
    const material = materials.get(block.material)!;
    for (let p = first; p < first + block.count; p++) {
      for (let axis = 0; axis < 3; axis++) {
        const v = block.velocity[axis];
        out.velocity[3 * p + axis] = block.velocitySpread > 0 ? v + block.velocitySpread * velocityNormal() : v;
      }
      out.material[p] = material;
      out.frozen[p] = block.frozen === true ? 1 : 0;
    }
    first += block.count;
  });
  return out;
}

/** Refuses a block whose spheres would fill more than RSA_PACKING_LIMIT of its box (run by checkScenario). */
export function assertInsertable(block: InsertSpec, k: number): void {
  const phi = requestedPackingFraction(block);
  if (phi > RSA_PACKING_LIMIT) {
    throw new ScenarioError(`insert[${k}].count`,
      `${block.count} spheres would fill φ = ${phi.toFixed(3)} of insert[${k}].region, but random insertion ` +
      `saturates near φ ≈ 0.3 (limit ${RSA_PACKING_LIMIT}); enlarge insert[${k}].region or reduce count`);
  }
}

/** Packing fraction φ = count·(4/3)π⟨r³⟩ / region volume of what a block asks for. */
export function requestedPackingFraction(block: InsertSpec): number {
  return (block.count * (4 / 3) * Math.PI * meanRadiusCubed(block.radius)) / regionVolume(block.region);
}

/** True when a sphere at (x, y, z) of radius r overlaps no wall: the one wall test of every insertion. */
export function clearOfWalls(walls: WallModel, x: number, y: number, z: number, r: number): boolean {
  return wallOverlap(walls, x, y, z, r) === null;
}

/** Places the spheres of block k at `out`'s indices first…first + count − 1 (centre and radius). */
function insertBlock(
  block: InsertSpec, k: number, placed: SphereHash, walls: WallModel, random: () => number, out: InitialParticles, first: number,
): void {
  const nextRadius = radiusSampler(block.radius, random);
  const radii = Float64Array.from({ length: block.count }, nextRadius);
  // Largest first: small spheres still fit in the gaps big ones leave, the reverse is far less likely.
  const order = Array.from(radii.keys()).sort((a, b) => radii[b] - radii[a] || a - b);
  const centres = out.position.subarray(3 * first, 3 * (first + block.count));
  let failures = 0;
  let done = 0;
  for (const i of order) {
    const r = radii[i];
    for (;;) {
      const [x, y, z] = sampleCentre(block.region, r, random);
      if (placed.findOverlap(x, y, z, r) < 0 && clearOfWalls(walls, x, y, z, r)) {
        placed.add(x, y, z, r);
        centres[3 * i] = x;
        centres[3 * i + 1] = y;
        centres[3 * i + 2] = z;
        break;
      }
      if (++failures > ATTEMPTS_PER_SPHERE * block.count) {
        throw new ScenarioError(`insert[${k}].count`,
          `could place only ${done} of ${block.count} spheres in the region; enlarge insert[${k}].region or ` +
          `reduce count (packing fraction of the request: φ = ${requestedPackingFraction(block).toFixed(3)})`);
      }
    }
    done++;
  }
  out.radius.set(radii, first);
}

/** One grid of a SphereHash: cells of one size, hashed into a bucket table, spheres linked through `next`. */
interface Grid {
  level: number;
  inverseCellSize: number;
  head: Int32Array;
  largestRadius: number;
}

/**
 * Spheres in hashed uniform grids, for overlap tests in O(1) per query. A sphere goes into the finest grid
 * whose cells are at least its diameter (cells of baseCell·2^L), so querying a sphere no larger than a grid's
 * spheres scans at most 3 cells per axis of that grid; a few large spheres (an intruder among fine grains)
 * get a coarse grid of their own instead of making every cell hold thousands of small spheres. Choose
 * baseCell = the diameter of the most numerous spheres. Distinct cells may share a hash bucket; that only
 * costs a few extra distance tests.
 */
export class SphereHash {
  private readonly baseCell: number;
  private readonly mask: number;
  private readonly grids: Grid[] = [];
  private readonly next: Int32Array;
  private readonly data: Float64Array;
  private count = 0;

  constructor(baseCell: number, capacity: number) {
    this.baseCell = baseCell;
    this.mask = 2 ** Math.max(4, Math.ceil(Math.log2(2 * capacity))) - 1;
    this.next = new Int32Array(capacity);
    this.data = new Float64Array(4 * capacity);
  }

  /** Stores a sphere; its index is the number of spheres added before it. */
  add(x: number, y: number, z: number, r: number): void {
    const i = this.count++;
    const d = this.data;
    d[4 * i] = x;
    d[4 * i + 1] = y;
    d[4 * i + 2] = z;
    d[4 * i + 3] = r;
    const grid = this.gridFor(r);
    grid.largestRadius = Math.max(grid.largestRadius, r);
    const inverse = grid.inverseCellSize;
    const bucket = this.bucket(Math.floor(x * inverse), Math.floor(y * inverse), Math.floor(z * inverse));
    this.next[i] = grid.head[bucket];
    grid.head[bucket] = i;
  }

  /**
   * Index of a stored sphere that overlaps the given one by more than `slack` (m), or -1.
   * Spheres that merely touch (overlap <= slack) do not count.
   */
  findOverlap(x: number, y: number, z: number, r: number, slack = 0): number {
    for (const { inverseCellSize: inverse, head, largestRadius } of this.grids) {
      const reach = r + largestRadius;
      const ix0 = Math.floor((x - reach) * inverse);
      const ix1 = Math.floor((x + reach) * inverse);
      const iy0 = Math.floor((y - reach) * inverse);
      const iy1 = Math.floor((y + reach) * inverse);
      const iz0 = Math.floor((z - reach) * inverse);
      const iz1 = Math.floor((z + reach) * inverse);
      if ((ix1 - ix0 + 1) * (iy1 - iy0 + 1) * (iz1 - iz0 + 1) > head.length) {
        // A sphere far larger than this grid's cells covers more cells than there are buckets: visit each bucket once.
        for (let bucket = 0; bucket < head.length; bucket++) {
          const j = this.overlapInChain(head[bucket], x, y, z, r, slack);
          if (j >= 0) return j;
        }
        continue;
      }
      for (let ix = ix0; ix <= ix1; ix++) {
        for (let iy = iy0; iy <= iy1; iy++) {
          for (let iz = iz0; iz <= iz1; iz++) {
            const j = this.overlapInChain(head[this.bucket(ix, iy, iz)], x, y, z, r, slack);
            if (j >= 0) return j;
          }
        }
      }
    }
    return -1;
  }

  /** First sphere overlapping the query in the bucket chain starting at `first`, or -1. */
  private overlapInChain(first: number, x: number, y: number, z: number, r: number, slack: number): number {
    const d = this.data;
    for (let j = first; j >= 0; j = this.next[j]) {
      const contact = r + d[4 * j + 3] - slack;
      const ex = d[4 * j] - x;
      const ey = d[4 * j + 1] - y;
      const ez = d[4 * j + 2] - z;
      if (ex * ex + ey * ey + ez * ez < contact * contact) return j;
    }
    return -1;
  }

  /** The grid for radius r: the finest with cells of at least 2r (cell = baseCell·2^level). */
  private gridFor(r: number): Grid {
    let level = Math.max(0, Math.ceil(Math.log2((2 * r) / this.baseCell)));
    // log2 rounding may land one level too fine; the cell must hold the whole diameter.
    while (this.baseCell * 2 ** level < 2 * r) level++;
    let grid = this.grids.find((g) => g.level === level);
    if (grid === undefined) {
      grid = { level, inverseCellSize: 1 / (this.baseCell * 2 ** level), head: new Int32Array(this.mask + 1).fill(-1), largestRadius: 0 };
      this.grids.push(grid);
    }
    return grid;
  }

  private bucket(ix: number, iy: number, iz: number): number {
    return (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) & this.mask;
  }
}

