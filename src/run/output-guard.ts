/**
 * The output rule as commands meet it (docs/outputs.md, "Safety of your files"): an existing non-empty output is refused
 * unless forced; forced, only a directory grainflow made and that holds nothing else is replaced; `/`, the home
 * directory, the working directory and its ancestors never are; one writer per output at a time (a lock file).
 * The rule itself lives in src/output/run-directory.ts, beside the directories that obey it; every command that
 * writes an output directory goes through writeOutputDirectory, and runs through the same classes (src/api/run.ts),
 * so `grainflow run`, `calibrate`, `impact`, `render`, `export`, `import` and the library all follow it.
 */
import { RunDirectory, type OutputOptions, type RunOutputDirectory } from '../output/run-directory.js';

export {
  CLI_OPTION_NAMES, LIBRARY_OPTION_NAMES, OutputExistsError, type OutputOptionNames, type Refusal,
} from '../output/output-refusal.js';
export { refuseToReplace, type OutputOptions, type RunOutputDirectory } from '../output/run-directory.js';

/**
 * Writes a new output directory at `target` whole or not at all: claims it (lock, rule: OutputExistsError before
 * anything is written), hands `write` a staging directory to fill (`dir.file(name)`, `dir.writeFile(name, text)`),
 * then puts it in place with grainflow's marker; if `write` throws, nothing is left behind.
 * @param options `force` to replace an earlier output grainflow made; `kind` recorded in the marker ("calibrate",
 *   "export", …); `onNotice` for one-line notices (a stale lock taken over, a dead process's staging removed)
 */
export async function writeOutputDirectory<T>(
  target: string, options: OutputOptions, write: (dir: RunOutputDirectory) => Promise<T> | T,
): Promise<T> {
  const dir = new RunDirectory(target, options);
  try {
    const result = await write(dir);
    dir.commit();
    return result;
  } finally {
    dir.discard();
  }
}
