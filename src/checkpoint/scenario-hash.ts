/**
 * Identity of a scenario for checkpoints: a checkpoint may only continue the scenario it was written by.
 *  - scenarioHash: SHA-256 of the validated scenario (defaults filled) as JSON with sorted keys, without `workers`
 *    — results are bit-identical for any worker count, so a run may resume with a different one.
 *  - meshHashes: a mesh wall names its STL file, whose content may change between a stop and a resume without the
 *    scenario changing; so each mesh's triangles as the run uses them (after scale and translate) are hashed too,
 *    by the wall's field, and a resume names the mesh that differs.
 */
import { createHash } from 'node:crypto';
import type { Scenario } from '../scenario/schema.js';
import type { WallModel } from '../walls/build.js';
import { GEO_STRIDE } from '../walls/primitives.js';

export function scenarioHash(scenario: Scenario): string {
  const { workers: _workers, ...rest } = scenario;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/** SHA-256 (hex) of the triangles of each mesh wall, by its field "walls[<k>].file". */
export function meshHashes(scenario: Scenario, walls: WallModel): Record<string, string> {
  const hashes: Record<string, string> = {};
  scenario.walls.forEach((wall, w) => {
    if (wall.type !== 'mesh') return;
    const hash = createHash('sha256');
    for (let k = 0; k < walls.primitives; k++) {
      // slice: a copy off the shared buffer, which the hash does not take.
      if (walls.owner[k] === w) hash.update(walls.geometry.slice(GEO_STRIDE * k, GEO_STRIDE * (k + 1)));
    }
    hashes[`walls[${w}].file`] = hash.digest('hex');
  });
  return hashes;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
