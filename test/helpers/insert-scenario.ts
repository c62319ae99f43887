/** A parsed scenario of glass spheres from the given insert blocks (material filled in) and any other fields. */
import { parseScenario } from '../../src/scenario/load.js';
import type { CheckedScenario } from '../../src/scenario/checks.js';

export function insertScenario(insert: object[], extra: Record<string, unknown> = {}): CheckedScenario {
  return parseScenario({
    seed: 42,
    time: { duration: 1 },
    materials: { glass: { youngsModulus: 6e10, poissonsRatio: 0.22, density: 2500 } },
    contact: { normal: { model: 'tsuji', restitution: 0.8 } },
    insert: insert.map((block) => ({ material: 'glass', ...block })),
    ...extra,
  });
}
