/**
 * Every file in test/fixtures/bad is a minimal scenario with one defect (README.md there lists them). Each must be
 * rejected by loadScenarioFile (schema, then every cross-field check, contact-law parameters included) or, for what
 * a run would cost (steps, memory, output), by createSetup before it allocates anything, with a ScenarioError naming
 * the field to fix.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import { createSetup } from '../../src/run/setup.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { BAD_FIXTURES_DIRECTORY as DIRECTORY, rejectedOnLoad } from '../fixtures/bad/expected-fields.js';
import { expectedMessages } from '../fixtures/bad/expected-messages.js';

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
    expect(files).toEqual(Object.keys(rejectedOnLoad).sort());
    expect(files.filter((file) => !(file in expectedMessages)), 'fixtures without an expected message').toEqual([]);
  });

  it.each(Object.entries(rejectedOnLoad))('%s is rejected on load, naming %s', (file, field) => {
    const error = thrown(() => createSetup(loadScenarioFile(join(DIRECTORY, file))));
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}: `)).toBe(true);
    expect(error.message.endsWith(expectedMessages[file])).toBe(true);
    expect(error.message).not.toContain('\n');
  });

});
