/**
 * Checks the external forces a script sets on a stepping simulation (src/api/simulation.ts) before the engine
 * takes them: each id a sphere present and given once, three finite numbers per id. A bad argument is one
 * RangeError naming it and the allowed range.
 */

/** `ids` and `forces` as given, once checked against the `count` spheres present. */
export function checkedExternalForces(
  ids: ArrayLike<number>, forces: ArrayLike<number>, count: number,
): { ids: ArrayLike<number>; forces: ArrayLike<number> } {
  const where = 'setExternalForces';
  for (const [name, list] of [['ids', ids], ['forces', forces]] as const) {
    if (typeof list !== 'object' || list === null || typeof list.length !== 'number') {
      throw new RangeError(`${where}: ${name} must be an array of numbers (got ${String(list)})`);
    }
  }
  if (forces.length !== 3 * ids.length) {
    throw new RangeError(`${where}: forces must hold 3 numbers (x, y, z in N) per id: ${3 * ids.length} for ${ids.length} ids (got ${forces.length})`);
  }
  const seen = new Map<number, number>();
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (!(Number.isInteger(id) && id >= 0 && id < count)) {
      throw new RangeError(`${where}: ids[${k}] must be the id of a sphere present, a whole number from 0 to ${count - 1} (got ${id})`);
    }
    const first = seen.get(id);
    if (first !== undefined) throw new RangeError(`${where}: ids[${k}] repeats ids[${first}] (${id}); give each sphere one force`);
    seen.set(id, k);
  }
  for (let k = 0; k < forces.length; k++) {
    if (!Number.isFinite(forces[k])) throw new RangeError(`${where}: forces[${k}] must be a finite number of newtons (got ${forces[k]})`);
  }
  return { ids, forces };
}
