/**
 * LAMMPS from the library: a scenario written as a LAMMPS deck (src/interop/lammps-export.ts), and the choices a
 * deck takes. Importing LAMMPS's results back is importLammpsRun (src/interop/lammps-import.ts).
 */
import { exportLammpsDeck, type LammpsExport, type LammpsExportOptions } from '../interop/lammps-export.js';
import type { Scenario, ScenarioInput } from '../scenario/schema.js';
import { checkedScenario } from './scenario.js';

export { MAX_SUBSTEPS, type LammpsExport, type LammpsExportOptions } from '../interop/lammps-export.js';
export { DEFAULT_LAMMPS_VERSION, LAMMPS_VERSIONS } from '../interop/lammps-target.js';

/**
 * Writes `scenario` as a LAMMPS deck into `options.out`: the input script with contact coefficients that give
 * grainflow's physics, walls as regions, pours, the scenario and a README (docs/lammps.md).
 * @param scenario from loadScenario or parseScenario; any other object is validated first, like parseScenario
 * @throws ScenarioError for a bad scenario, a `substeps` that is not a whole number from 1 to 100, or what LAMMPS
 *   cannot express (naming the field); RangeError for an unknown `lammpsVersion`; OutputExistsError for an
 *   existing `out` that may not be replaced
 */
export function exportLammps(scenario: Scenario | ScenarioInput, options: LammpsExportOptions): LammpsExport {
  return exportLammpsDeck(checkedScenario(scenario), options);
}
