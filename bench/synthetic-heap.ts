/**
 * Synthetic heaps of known angle for measuring the angle-of-repose estimator (src/analysis/repose.ts): a cone of
 * `count` spheres whose tops lie under the cone surface z = (R − ρ)·tan θ, so the upper envelope of the tops rises
 * at exactly the true angle θ. Two surface models bracket a poured heap's:
 *   - 'lattice': sites of a face-centred cubic lattice (nearest neighbours one mean diameter apart), each displaced
 *     by a uniform random jitter and the lattice turned by a random angle about the axis — a dense heap with a
 *     surface rough by a fraction of a diameter, terraces falling anywhere relative to the estimator's sectors;
 *     R is the smallest base radius that holds `count` spheres;
 *   - 'random': tops uniform in the cone's volume (spheres may overlap) at 0.6 sphere volumes per volume — a loose
 *     surface whose highest sphere in a column lies about a diameter below the cone, so the estimator's sampling
 *     of the surface, not the cone, sets what it reads.
 * Radii are uniform in [radiusMin, radiusMax] (pile.json's glass: 1.35–1.65 mm). An optional apron scatters loose
 * single spheres on the floor from the toe out to twice R, like the spheres that run out of a poured heap on a
 * smooth floor (37 % of pile.json's 1 000).
 */
import { RunRandom } from '../src/scenario/random.js';

export interface SyntheticHeapOptions {
  angleDegrees: number;
  /** spheres in the cone */
  count: number;
  seed: number;
  radiusMin?: number;
  radiusMax?: number;
  /** jitter of each lattice site, as a fraction of the mean diameter, uniform in ± that per axis */
  jitter?: number;
  /** surface model (see the file's head); default 'lattice' */
  packing?: 'lattice' | 'random';
  /** loose spheres resting on the floor (z = their radius) in the annulus R < ρ < 2R */
  apron?: number;
}

export interface SyntheticHeap {
  position: number[];
  radius: number[];
  count: number;
  /** base radius R of the cone (m) */
  baseRadius: number;
}

export function syntheticHeap(options: SyntheticHeapOptions): SyntheticHeap {
  const { radiusMin = 0.00135, radiusMax = 0.00165, apron = 0 } = options;
  const random = new RunRandom(options.seed).next;
  const heap = options.packing === 'random' ? randomCone(options, random, radiusMin, radiusMax)
    : latticeCone(options, random, radiusMin, radiusMax);
  const { position, radius, baseRadius } = heap;
  for (let a = 0; a < apron; a++) {
    // Uniform over the annulus' area.
    const rho = baseRadius * Math.sqrt(1 + 3 * random()), phi = 2 * Math.PI * random();
    const r = radiusMin + (radiusMax - radiusMin) * random();
    position.push(rho * Math.cos(phi), rho * Math.sin(phi), r);
    radius.push(r);
  }
  return { position, radius, count: radius.length, baseRadius };
}

type Cone = Omit<SyntheticHeap, 'count'>;

function randomCone({ angleDegrees, count }: SyntheticHeapOptions, random: () => number, radiusMin: number, radiusMax: number): Cone {
  const tan = Math.tan((angleDegrees * Math.PI) / 180);
  const meanVolume = (Math.PI / 3) * (radiusMax ** 4 - radiusMin ** 4) / (radiusMax - radiusMin);
  const baseRadius = Math.cbrt((3 * count * meanVolume) / (0.6 * Math.PI * tan));
  const position: number[] = [];
  const radius: number[] = [];
  while (radius.length < count) {
    const x = (2 * random() - 1) * baseRadius, y = (2 * random() - 1) * baseRadius, top = random() * baseRadius * tan;
    if (top > (baseRadius - Math.hypot(x, y)) * tan) continue;
    const r = radiusMin + (radiusMax - radiusMin) * random();
    position.push(x, y, Math.max(r, top - r));
    radius.push(r);
  }
  return { position, radius, baseRadius };
}

function latticeCone({ angleDegrees, count, jitter = 0.2 }: SyntheticHeapOptions, random: () => number, radiusMin: number, radiusMax: number): Cone {
  const diameter = radiusMin + radiusMax;
  const tan = Math.tan((angleDegrees * Math.PI) / 180);
  // Base radius of a cone that holds `count` spheres at FCC density (0.74), with a margin for the rough surface.
  const reach = 1.5 * Math.cbrt((3 * count * (Math.PI / 6) * diameter ** 3) / (0.74 * Math.PI * tan)) + 2 * diameter;
  const cell = diameter * Math.SQRT2;
  const cells = Math.ceil(reach / cell);
  const layers = Math.ceil((reach * tan) / cell);
  const turn = 2 * Math.PI * random(), cos = Math.cos(turn), sin = Math.sin(turn);
  const basis = [[0, 0, 0], [0.5, 0.5, 0], [0.5, 0, 0.5], [0, 0.5, 0.5]];
  // Each site with the base radius it needs to lie inside the cone: R ≥ ρ + (z + r)/tan θ.
  const sites: { x: number; y: number; z: number; r: number; needs: number }[] = [];
  for (let i = -cells; i <= cells; i++) for (let j = -cells; j <= cells; j++) for (let k = 0; k <= layers; k++) {
    for (const [bx, by, bz] of basis) {
      const r = radiusMin + (radiusMax - radiusMin) * random();
      const u = (i + bx) * cell + (2 * random() - 1) * jitter * diameter;
      const v = (j + by) * cell + (2 * random() - 1) * jitter * diameter;
      const z = Math.max(r, radiusMax + (k + bz) * cell + (2 * random() - 1) * jitter * diameter);
      const x = cos * u - sin * v, y = sin * u + cos * v;
      sites.push({ x, y, z, r, needs: Math.hypot(x, y) + (z + r) / tan });
    }
  }
  sites.sort((a, b) => a.needs - b.needs);
  if (sites.length < count) throw new RangeError(`syntheticHeap: lattice of ${sites.length} sites cannot hold ${count}`);
  const heap = sites.slice(0, count);
  const baseRadius = heap[count - 1].needs;
  return { position: heap.flatMap((s) => [s.x, s.y, s.z]), radius: heap.map((s) => s.r), baseRadius };
}
