/**
 * Every file in test/fixtures/bad is a minimal scenario with one defect (README.md there lists them). Each must be
 * rejected with a ScenarioError naming the field to fix: by loadScenarioFile, or — for contact-law parameter
 * combinations — by resolveNormalLaw, which the run calls next.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveNormalLaw } from '../../src/forces/normal/resolve.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { loadScenarioFile } from '../../src/scenario/load.js';

const DIRECTORY = 'test/fixtures/bad';

/** Fixture → field its message must name. */
const rejectedOnLoad: Record<string, string> = {
  'box-min-greater-than-max.json': 'insert[0].region',
  'density-zero.json': 'materials.steel.density',
  'dt-fast.json': 'time.dt',
  'dt-negative.json': 'time.dt',
  'duplicate-contact-pair.json': 'contactPairs[1].materials',
  'end-of-contact-sticky.json': 'contact.endOfContact',
  'insert-count-too-large.json': 'insert[0].count',
  'malformed-nan-literal.json': '(file)',
  'malformed-trailing-comma.json': '(file)',
  'missing-duration.json': 'time.duration',
  'negative-radius.json': 'particles[0].radius',
  'no-particles.json': 'particles',
  'null-position.json': 'particles[0].position',
  'output-interval-longer-than-duration.json': 'outputs.interval',
  'overlapping-particles.json': 'particles[1].position',
  'particle-penetrating-wall.json': 'particles[0].position',
  'poisson-0.5.json': 'materials.steel.poissonsRatio',
  'poisson-0.7.json': 'materials.steel.poissonsRatio',
  'radius-nan-string.json': 'particles[0].radius',
  'radius-null.json': 'particles[0].radius',
  'radius-with-units.json': 'particles[0].radius',
  'restitution-1.2.json': 'contact.normal.restitution',
  'restitution-zero.json': 'contact.normal.restitution',
  'uniform-radius-min-greater-than-max.json': 'insert[0].radius',
  'unknown-material-contact-pair.json': 'contactPairs[0].materials[1]',
  'unknown-material-key.json': 'materials.steel.youngModulus',
  'unknown-material-particle.json': 'particles[0].material',
  'unknown-material-wall.json': 'walls[0].material',
  'unknown-model.json': 'contact.normal.model',
  'unknown-top-level-key.json': 'partciles',
  'wall-normal-zero.json': 'walls[0].normal',
  'workers-zero.json': 'workers',
  'zero-radius.json': 'particles[0].radius',
};

/**
 * Valid scenarios whose contact-law parameters do not fit the law: rejected when the law is resolved.
 * A law that lacks material viscosities names the first missing material field (the message also offers
 * "chi"/"A" or "restitution" in contact.normal instead).
 */
const rejectedByLaw: Record<string, string> = {
  'brilliantov-variant-without-viscosities.json': 'materials.steel.bulkViscosity',
  'kuwabara-kono-without-damping.json': 'materials.steel.bulkViscosity',
  'tsuji-alpha-and-restitution.json': 'contact.normal',
};

function thrown(action: () => unknown): ScenarioError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return error as ScenarioError;
  }
  throw new Error('accepted');
}

describe('test/fixtures/bad', () => {
  it('has an expectation for every fixture and a fixture for every expectation', () => {
    const files = readdirSync(DIRECTORY).filter((name) => name.endsWith('.json')).sort();
    expect(files).toEqual(Object.keys({ ...rejectedOnLoad, ...rejectedByLaw }).sort());
  });

  it.each(Object.entries(rejectedOnLoad))('%s is rejected on load, naming %s', (file, field) => {
    const error = thrown(() => loadScenarioFile(join(DIRECTORY, file)));
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it.each(Object.entries(rejectedByLaw))('%s loads, and resolveNormalLaw rejects it naming %s', (file, field) => {
    const scenario = loadScenarioFile(join(DIRECTORY, file));
    const { steel } = scenario.materials;
    const error = thrown(() => resolveNormalLaw(
      scenario.contact.normal, steel, steel, scenario.contact.endOfContact, 'contact.normal', ['steel', 'steel'],
    ));
    expect(error.field).toBe(field);
    expect(error.message).not.toContain('\n');
  });
});
