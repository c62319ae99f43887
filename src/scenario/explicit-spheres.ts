/**
 * The scenario's explicit spheres — listed in the `particles` array, or read from `particles.file` (sphere-file.ts) —
 * as one thing: the flat arrays the set-up uses (particles/state.ts InitialParticles), and how a message names
 * sphere k. Every check of the explicit spheres (scenario/checks.ts) and every set-up rule (engine/setup.ts) works
 * on this, so a file's spheres meet exactly the checks a listed sphere meets; only where the message points differs:
 * `particles[3].radius`, or `particles.file: /cases/bed.csv line 5, column 4 (radius)`.
 */
import { ScenarioError } from '../base/scenario-error.js';
import type { InitialParticles } from '../particles/state.js';
import { materialIndices, unknownMaterial } from './material-names.js';
import { sphereArrays } from './sphere-arrays.js';
import { readSphereFile, SPHERE_FILE_FIELD, type SphereFile } from './sphere-file.js';
import type { ParticleSpec, Scenario } from './schema.js';

/** What of a sphere a message is about: a vector, or one component of the centre (a periodic axis). */
export type SphereKey = 'position' | 'velocity' | 'angularVelocity' | 'radius' | 'material' | 'x' | 'y' | 'z';

/** Where each explicit sphere was given, for messages. */
export interface SphereOrigin {
  /** Where sphere k's `key` was given: `particles[3].radius`, or `/cases/bed.csv line 5, column 4 (radius)`. */
  where(k: number, key: SphereKey): string;
  /** Sphere k named inside a message about another: `particles[3]`, or `line 5`. */
  name(k: number): string;
  /**
   * Sphere k as the subject at the head of a message about it (`particles[3] overlaps …`); empty for a file's
   * sphere, whose message already starts at its line.
   */
  subject(k: number): string;
  /** The error for a problem with sphere k's `key`: under its own field when listed, under `particles.file` from a file. */
  error(k: number, key: SphereKey, message: string): ScenarioError;
}

export interface ExplicitSpheres {
  /** in the order given (their ids); material indices follow the keys of `materials` (material-names.ts) */
  spheres: InitialParticles;
  origin: SphereOrigin;
  /** the file they were read from; null for a listed `particles` array */
  file: SphereFile | null;
}

/**
 * The explicit spheres of a schema-valid scenario (a file path already resolved, load.ts); refuses an unknown
 * material and, for a file, every problem of sphere-file.ts.
 */
export function readExplicitSpheres(scenario: Scenario): ExplicitSpheres {
  const { particles } = scenario;
  const names = Object.keys(scenario.materials);
  if (!Array.isArray(particles)) {
    const file = readSphereFile(particles.file, names);
    return { spheres: file.spheres, origin: fileOrigin(file), file };
  }
  return { spheres: flatten(particles, materialIndices(scenario.materials)), origin: LISTED, file: null };
}

/** The listed spheres in flat arrays; an unknown material is reported under `particles[k].material`. */
function flatten(particles: readonly ParticleSpec[], materials: Map<string, number>): InitialParticles {
  const flat = sphereArrays(particles.length);
  particles.forEach((p, k) => {
    const material = materials.get(p.material);
    if (material === undefined) throw LISTED.error(k, 'material', unknownMaterial(p.material, materials.keys()));
    flat.position.set(p.position, 3 * k);
    flat.velocity.set(p.velocity, 3 * k);
    flat.angularVelocity.set(p.angularVelocity, 3 * k);
    flat.radius[k] = p.radius;
    flat.material[k] = material;
    if (p.frozen === true) {
      // A frozen sphere keeps the velocity it starts with for ever (its inverse mass is zero).
      for (const key of ['velocity', 'angularVelocity'] as const) {
        if (p[key].some((v) => v !== 0)) throw LISTED.error(k, key, `must be [0, 0, 0] for a frozen sphere (it never moves); got ${JSON.stringify(p[key])}`);
      }
      flat.frozen[k] = 1;
    }
  });
  return flat;
}

const fieldOf = (key: SphereKey) => (key === 'x' || key === 'y' || key === 'z' ? 'position' : key);

/** Spheres of the `particles` array: each under its own field. */
const LISTED: SphereOrigin = {
  where: (k, key) => `particles[${k}].${fieldOf(key)}`,
  name: (k) => `particles[${k}]`,
  subject: (k) => `particles[${k}] `,
  error: (k, key, message) => new ScenarioError(`particles[${k}].${fieldOf(key)}`, message),
};

/** The file's columns of each key. */
const COLUMNS_OF: Record<SphereKey, string[]> = {
  position: ['x', 'y', 'z'], velocity: ['vx', 'vy', 'vz'], angularVelocity: ['wx', 'wy', 'wz'], radius: ['radius'],
  material: ['material'], x: ['x'], y: ['y'], z: ['z'],
};

/** Spheres of a file: sphere k is on line k + 2, after the header. */
function fileOrigin({ path, columns }: SphereFile): SphereOrigin {
  const where = (k: number, key: SphereKey) => {
    const names = COLUMNS_OF[key].filter((name) => columns.has(name));
    const numbers = names.map((name) => columns.get(name)).join(', ');
    const at = names.length === 0 ? '' : `, column${names.length > 1 ? 's' : ''} ${numbers} (${names.join(', ')})`;
    return `${path} line ${k + 2}${at}`;
  };
  return {
    where,
    name: (k) => `line ${k + 2}`,
    subject: () => '',
    error: (k, key, message) => new ScenarioError(SPHERE_FILE_FIELD, `${where(k, key)}: ${message}`),
  };
}
