/**
 * Output directories as commands write them (docs/outputs.md, "Safety of your files"): the output rule
 * (src/run/output-guard.ts) that runScenario follows too, how a refusal names the options, and one line for a
 * file-system failure. The command line's calibrate, impact and run reach the rule through here.
 */
export {
  CLI_OPTION_NAMES, refuseToReplace, writeOutputDirectory, type OutputOptionNames, type OutputOptions,
  type RunOutputDirectory,
} from '../run/output-guard.js';
export { describeFileError } from '../output/file-writes.js';
