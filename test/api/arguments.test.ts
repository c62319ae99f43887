/**
 * A library function given an argument of the wrong type throws its documented error class naming the argument
 * (docs/library.md, "Errors"), never one of Node's TypeErrors from deep inside ("The 'path' argument must be of
 * type string", "options.onProgress is not a function" halfway through a run). Each row is a call a script could
 * make by mistake; the defect caught is an internal error escaping instead.
 */
import { describe, expect, it } from 'vitest';
import {
  calibrateLaw, createSimulation, exportImpacts, loadScenario, readRun, resumeRun, RunDirectoryError, runScenario,
  ScenarioError,
} from '../../src/api/index.js';

const scenario = loadScenario('scenarios/two-spheres.json');
// Calls with what the types forbid, as a script in plain JavaScript can make them.
const any = (value: unknown) => value as any;

describe('arguments of the wrong type', () => {
  it.each([
    ['runScenario without options', () => runScenario(scenario, any(undefined)), ScenarioError, 'options: must be an object of options (got undefined)'],
    ['runScenario without out', () => runScenario(scenario, any({})), ScenarioError, 'out: must be the path of the run directory to write (got undefined)'],
    ['runScenario with out 5', () => runScenario(scenario, any({ out: 5 })), ScenarioError, 'out: must be the path of the run directory to write (got 5)'],
    ['runScenario with force "yes"', () => runScenario(scenario, any({ out: 'x', force: 'yes' })), ScenarioError, 'force: must be a boolean when given (got "yes")'],
    ['runScenario with onProgress 5', () => runScenario(scenario, any({ out: 'x', onProgress: 5 })), ScenarioError, 'onProgress: must be a function when given (got 5)'],
    ['runScenario with signal true', () => runScenario(scenario, any({ out: 'x', signal: true })), ScenarioError, 'signal: must be an AbortSignal when given (got true)'],
    ['resumeRun(5)', () => resumeRun(any(5)), ScenarioError, 'dir: must be the path of a run directory to resume (got 5)'],
    ['readRun()', async () => readRun(any(undefined)), RunDirectoryError, 'readRun(dir): dir must be the path of a run directory (got undefined)'],
    ['exportImpacts(null)', async () => exportImpacts(any(null)), RunDirectoryError, 'exportImpacts(runDir): runDir must be the path of a run directory (got null)'],
    ['exportImpacts with out 5', async () => exportImpacts('x', any({ out: 5 })), ScenarioError, 'out: must be the path of the CSV file to write (got 5)'],
    ['calibrateLaw(null)', async () => calibrateLaw(any(null)), ScenarioError, 'contact.normal: must be a normal contact law, e.g. { model: \'tsuji\', restitution: 0.8 } (got null)'],
  ] as const)('%s: %s', async (_, call, type, message) => {
    const error = await call().then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toBe(message);
  });

  it('setExternalForces without arrays: RangeError naming them', async () => {
    const sim = await createSimulation(scenario);
    expect(() => sim.setExternalForces(any(null), any(null))).toThrow(new RangeError('setExternalForces: ids must be an array of numbers (got null)'));
    expect(() => sim.setExternalForces([0], any(7))).toThrow(new RangeError('setExternalForces: forces must be an array of numbers (got 7)'));
    await sim.dispose();
  });
});
