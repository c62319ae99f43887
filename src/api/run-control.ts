/**
 * The options a library caller may set that the scenario leaves open — threads and the step allowance — shared by
 * runScenario, resumeRun and createSimulation, and checked like scenario fields (one line naming the option).
 */
import { ScenarioError } from '../base/scenario-error.js';
import type { SetupOptions } from '../run/setup.js';

export interface SetupControl {
  /**
   * Threads for the force computation, a whole number >= 1 (default: the scenario's `workers`). Results are
   * bit-identical for any count; runs below 1 000 particles use one thread.
   */
  workers?: number;
  /**
   * Steps the run may take. Without it a run of more than 10⁹ steps, or of an estimated week of wall-clock time,
   * is refused before it starts (ScenarioError naming time.duration, the time step and what set it); with it, a
   * run of at most maxSteps steps goes ahead, and a longer one is refused.
   */
  maxSteps?: number;
}

/**
 * @throws ScenarioError naming `options` when it is not an object, or `workers` or `maxSteps` when it is not a whole
 *   number >= 1
 */
export function setupOptions(options: SetupControl): SetupOptions {
  optionsObject(options);
  const { workers, maxSteps } = options;
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) {
    throw new ScenarioError('workers', `must be a whole number >= 1 (got ${workers})`);
  }
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps >= 1)) {
    throw new ScenarioError('maxSteps', `must be a whole number >= 1 (got ${maxSteps})`);
  }
  return { workers, maxSteps };
}

/** A function's options argument: an object, or a ScenarioError naming `options`. */
export function optionsObject(options: unknown): asserts options is object {
  if (typeof options !== 'object' || options === null) {
    throw new ScenarioError('options', `must be an object of options (got ${String(options)})`);
  }
}

/** A path argument or option: a string that is not empty. */
export function pathArgument(name: string, value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new ScenarioError(name, `must be the path of ${what} (got ${describeValue(value)})`);
  return value;
}

/** An optional callback or flag option, of the type it must have when given. */
export function optionOfType(options: object, name: string, type: 'function' | 'boolean'): void {
  const value = (options as Record<string, unknown>)[name];
  if (value !== undefined && typeof value !== type) {
    throw new ScenarioError(name, `must be a ${type} when given (got ${describeValue(value)})`);
  }
}

/** A value as a message shows it: strings quoted, everything else as String() gives it. */
export function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
