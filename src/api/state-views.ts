/**
 * What a script reads of a stepping simulation between steps (src/api/simulation.ts): the spheres' arrays as
 * read-only views of the simulation's own memory (no copy), and its contacts and energies as plain values.
 */
import type { Simulation as Engine } from '../engine/simulation.js';

/** Typed-array methods that write: a view leaves them out, so writing through it does not type-check. */
type Writing = 'set' | 'fill' | 'copyWithin' | 'reverse' | 'sort';
/** A read-only view of one of the simulation's arrays: index it, or copy it with `Float64Array.from(view)`. */
export type ReadonlyView<T extends Float64Array | Uint32Array> = Omit<Readonly<T>, Writing>;

/**
 * The spheres present, in storage order — index p is not the sphere's id: the engine re-numbers spheres in
 * space-filling order as they move, so `ids[p]` is the id of the sphere at index p (ids are 0…count−1 in the
 * order spheres were placed: the scenario's, then poured ones). Each property is a new view of the current
 * spheres; its values change with every step, so read what a step needs after it.
 */
export interface StateViews {
  /** sphere id of each index */
  readonly ids: ReadonlyView<Uint32Array>;
  /** centre positions (m), x, y, z per sphere */
  readonly positions: ReadonlyView<Float64Array>;
  /** velocities (m/s), x, y, z per sphere */
  readonly velocities: ReadonlyView<Float64Array>;
  /** angular velocities (rad/s), x, y, z per sphere */
  readonly spins: ReadonlyView<Float64Array>;
  /** radii (m) */
  readonly radii: ReadonlyView<Float64Array>;
  /** masses (kg) */
  readonly masses: ReadonlyView<Float64Array>;
  /** total force (N) on each sphere in the last step — gravity, contacts and external forces — x, y, z per sphere */
  readonly forces: ReadonlyView<Float64Array>;
}

/** Views of `engine`'s spheres, made anew at each read (spheres poured in lengthen them). */
export function stateViews(engine: Engine): StateViews {
  const { st } = engine;
  const vectors = (a: Float64Array) => a.subarray(0, 3 * st.n);
  return {
    get ids() { return st.id.subarray(0, st.n); },
    get positions() { return vectors(st.pos); },
    get velocities() { return vectors(st.vel); },
    get spins() { return vectors(st.omega); },
    get radii() { return st.radius.subarray(0, st.n); },
    get masses() { return st.mass.subarray(0, st.n); },
    get forces() { return vectors(st.force); },
  };
}

/**
 * The normal law's constants of one contact, in F_n = F_el(δ) + c·g(δ)·δ̇ (docs/physics.md §2.1), as the engine
 * evaluated them for its two bodies (R_eff, m*): what a script needs to compute the contact's force or to check it
 * against a reference integration of the same law.
 */
interface NormalLawConstants {
  /** K of the Hertz spring Kδ^{3/2} (N/m^{3/2}, K = (4/3)E*√R_eff), or k of a linear spring kδ (N/m) */
  stiffness: number;
  /** c, the law's damping coefficient: c·g(δ)·δ̇ is in N, so its unit is N·s/m over g's (N·s/m^{5/4} for Tsuji's δ^{1/4}) */
  damping: number;
}

/** A touching contact: sphere `i` with sphere `j`, or with the scenario's wall `walls[wall]`. */
export type Contact =
  | ({ i: number; j: number; wall?: undefined; overlap: number } & NormalLawConstants)
  | ({ i: number; j?: undefined; wall: number; overlap: number } & NormalLawConstants);

/** The touching contacts of `engine`'s current state (overlap δ > 0, m): sphere pairs first, then sphere–wall. */
export function touchingContacts(engine: Engine): Contact[] {
  const { id } = engine.st;
  const contacts: Contact[] = [];
  engine.forEachContact((k, first, second, isWall, overlap) => {
    const law = isWall ? { stiffness: engine.wallStiffness(k), damping: engine.walls.c[k] }
      : { stiffness: engine.pairStiffness(k), damping: engine.pairs.c[k] };
    contacts.push(isWall ? { i: id[first], wall: engine.wallOf(k), overlap, ...law }
      : { i: id[first], j: id[second], overlap, ...law });
  });
  return contacts;
}

/** Energies (J) of a state, as the columns of series.csv (docs/outputs.md). */
export interface Energies {
  kinetic: number;
  rotational: number;
  /** −Σ m g·x over the non-periodic axes */
  potential: number;
  /** stored in the contacts' normal springs */
  elastic: number;
  total: number;
}

export function energiesOf(engine: Engine): Energies {
  const { kinetic, rotational, potential } = engine.energies();
  const elastic = engine.measureContacts().elasticEnergy;
  return { kinetic, rotational, potential, elastic, total: kinetic + rotational + potential + elastic };
}
