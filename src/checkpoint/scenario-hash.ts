/**
 * Identity of a scenario for checkpoints: a checkpoint may only continue the scenario it was written by.
 *  - scenarioHash: SHA-256 of the validated scenario (defaults filled) as JSON with sorted keys, without `workers`
 *    — results are bit-identical for any worker count, so a run may resume with a different one.
 *  - inputFileHashes: a mesh wall names its STL file and `particles.file` names the sphere file, whose contents may
 *    change between a stop and a resume without the scenario changing; so each mesh's triangles as the run uses
 *    them (after scale and translate) and the sphere file's bytes are hashed too, by the field naming the file, and
 *    a resume names the file that differs (changedInputFile, checkInputFiles).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ScenarioModel } from '../engine/setup.js';
import type { Scenario } from '../scenario/schema.js';
import { SPHERE_FILE_FIELD } from '../scenario/sphere-file.js';
import type { WallModel } from '../walls/build.js';
import { GEO_STRIDE } from '../walls/primitives.js';
import { ResumeError } from '../output/resume-error.js';

export function scenarioHash(scenario: Scenario): string {
  const { workers: _workers, ...rest } = scenario;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/**
 * SHA-256 (hex) of each input file the scenario names, by the field naming it: the triangles of each mesh wall
 * ("walls[<k>].file"), and the sphere file's bytes ("particles.file"; the hash its reader took, sphere-file.ts).
 */
export function inputFileHashes(setup: Pick<ScenarioModel, 'scenario' | 'walls' | 'sphereFile'>): Record<string, string> {
  const hashes = meshHashes(setup.scenario, setup.walls);
  if (setup.sphereFile !== null) hashes[SPHERE_FILE_FIELD] = setup.sphereFile.sha256;
  return hashes;
}

/** The one-line refusal of a resume whose input file `field` (a key of inputFileHashes) differs from the checkpoint's. */
export function changedInputFile(setup: Pick<ScenarioModel, 'scenario' | 'sphereFile'>, field: string): string {
  const again = 'put the original back or start the run again';
  if (field === SPHERE_FILE_FIELD) {
    return `${field} ${path.relative(process.cwd(), setup.sphereFile!.path)} is not the sphere file the run started with `
      + `(the SHA-256 of its bytes differs from the checkpoint's): ${again}`;
  }
  const wall = Number(/^walls\[(\d+)\]/.exec(field)![1]);
  const file = (setup.scenario.walls[wall] as { file: string }).file;
  return `${field} ${path.relative(process.cwd(), file)} is not the mesh the run started with (the SHA-256 of its `
    + `triangles differs from the checkpoint's): ${again}`;
}

/** Refuses (ResumeError) a checkpoint whose input-file hashes `saved` are not those of `setup`'s files. */
export function checkInputFiles(setup: Pick<ScenarioModel, 'scenario' | 'walls' | 'sphereFile'>, saved: Record<string, string>): void {
  for (const [field, hash] of Object.entries(inputFileHashes(setup))) {
    if (saved[field] !== hash) throw new ResumeError(changedInputFile(setup, field));
  }
}

/** SHA-256 (hex) of the triangles of each mesh wall, by its field "walls[<k>].file". */
function meshHashes(scenario: Scenario, walls: WallModel): Record<string, string> {
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
