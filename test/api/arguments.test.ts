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

// The impact inputs of calibrateLaw once reached the impact's own scenario and failed there, naming its internal
// fields (`time.duration`, `particles[0].position[0]`) or running until "had not ended"; now each names the option.
describe('calibrateLaw with an impact input out of its range: ScenarioError naming the option', () => {
  const tsuji = { model: 'tsuji', restitution: 0.5 } as const;
  it.each([
    ['speeds[1] of 1e-9 m/s', () => calibrateLaw(tsuji, { speeds: [1, 1e-9] }),
      'speeds[1]: must be a number in [1e-4, 1000] m/s (impact speed); got 1e-9'],
    ['radius of 1e-300 m', () => calibrateLaw(tsuji, { radius: 1e-300 }),
      'radius: must be a number in [1e-7, 100] m (sphere radius); got 1e-300'],
    ['youngsModulus of 1e-300 Pa', () => calibrateLaw(tsuji, { material: { youngsModulus: 1e-300, poissonsRatio: 0.3, density: 2700 } }),
      "material.youngsModulus: must be a number in [100, 1e+13] Pa (Young's modulus); got 1e-300"],
    ['a stiffness of 1e308 N/m', () => calibrateLaw({ model: 'kelvin-voigt', restitution: 0.5, stiffness: 1e308 }),
      'contact.normal.stiffness: must be a number in (0, 1e+14] N/m (linear spring stiffness k); got 1e+308'],
    // Before its bound, 1e12 was refused by the impact's own step budget naming its internal time.dt, and 1.5 gave a
    // contact time of Infinity.
    ['stepsPerContact of 1e12', () => calibrateLaw(tsuji, { stepsPerContact: 1e12 }),
      'stepsPerContact: must be a whole number in [50, 20000] steps (time steps per elastic contact time t_c); got 1000000000000'],
    ['stepsPerContact of 1.5', () => calibrateLaw(tsuji, { stepsPerContact: 1.5 }),
      'stepsPerContact: must be a whole number in [50, 20000] steps (time steps per elastic contact time t_c); got 1.5'],
  ])('%s', (_, call, message) => {
    expect(call).toThrow(new ScenarioError(message.slice(0, message.indexOf(':')), message.slice(message.indexOf(':') + 2)));
  });
});
