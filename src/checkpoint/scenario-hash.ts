/**
 * Identity of a scenario for checkpoints: a checkpoint may only continue the scenario it was written by.
 * SHA-256 of the validated scenario (defaults filled) as JSON with sorted keys, without `workers` — results
 * are bit-identical for any worker count, so a run may resume with a different one.
 */
import { createHash } from 'node:crypto';
import type { Scenario } from '../scenario/schema.js';

export function scenarioHash(scenario: Scenario): string {
  const { workers: _workers, ...rest } = scenario;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
