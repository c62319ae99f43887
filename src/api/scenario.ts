/**
 * Scenarios for the library: reading and validating them, and knowing which objects are already valid. Objects
 * returned by loadScenario and parseScenario are remembered with what their checks built (walls, contact laws),
 * so runScenario does not validate them twice; they are frozen, so a sweep varies a parameter in a copy, and any
 * other object (an edited copy, one built in code) is validated when it is run.
 */
import type { CheckedScenario } from '../scenario/checks.js';
import { loadScenarioFile, parseScenario as parseScenarioInput } from '../scenario/load.js';
import type { Scenario, ScenarioInput } from '../scenario/schema.js';

const checkedOf = new WeakMap<Scenario, CheckedScenario>();

function remember(checked: CheckedScenario): Scenario {
  checkedOf.set(checked.scenario, checked);
  return checked.scenario;
}

/**
 * Reads and validates a scenario file (JSON; the format of `schema/scenario.schema.json`).
 * @param path the scenario file; a mesh wall's `file` and `particles.file` are relative to its directory
 * @returns the scenario with every default filled in (frozen: vary a parameter in a copy)
 * @throws ScenarioError on one line naming the field and the allowed range (`materials.glass.poissonsRatio: …`),
 *   also for a file that cannot be read or is not JSON (field `(file)`)
 */
export function loadScenario(path: string): Scenario {
  return remember(loadScenarioFile(path));
}

/**
 * Validates a scenario given as a JavaScript value (e.g. `JSON.parse` of a file, or a copy with one parameter
 * changed — the way to vary a parameter in a sweep).
 * @param json the scenario, as in a scenario file
 * @param baseDir the directory a relative `file` (mesh wall, `particles.file`) is taken from (default: the working directory)
 * @returns the scenario with every default filled in (frozen: vary a parameter in a copy)
 * @throws ScenarioError on one line naming the field and the allowed range
 */
export function parseScenario(json: unknown, baseDir?: string): Scenario {
  return remember(parseScenarioInput(json, baseDir));
}

/** The checks' result for `scenario`: remembered when it came from loadScenario or parseScenario, else made now. */
export function checkedScenario(scenario: Scenario | ScenarioInput): CheckedScenario {
  return checkedOf.get(scenario as Scenario) ?? parseScenarioInput(scenario);
}
