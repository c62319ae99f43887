/**
 * `npm run validate`: runs the validation cases, stores each one's outcome in docs/validation/outcomes/<id>.json and
 * writes docs/validation/README.md and one SVG per case from the stored outcomes (validate.ts), prints the table and
 * exits 1 if a check fails. Options:
 *   - `--only <id>[,<id>…]` runs the named cases and stores their outcomes, then rewrites README.md and every SVG
 *     from the stored outcomes of all cases, if every other case's stored outcome is current (its input digest,
 *     input-digest.ts, equals the one computed from this checkout); if not, it writes only the named cases' plots,
 *     leaves README.md as it was, names each case to rerun and why, and exits 1;
 *   - `--check` runs nothing and says of each case (or each named by --only) whether its stored outcome is current;
 *     exit 1 if any is not;
 *   - `--fast` leaves out the long cases (whole scenario runs, minutes each), `--leave-out <id>[,<id>…]` the named
 *     cases: the report then says they were not run, and their stored outcomes are kept as they were;
 *   - `--out <dir>` writes elsewhere than docs/validation (its outcomes/ is the store);
 *   - `--workers N` runs the scenarios on N threads (default: the scenario's own `workers`, i.e. every core; the
 *     results do not depend on it).
 * docs/verification.md, "The validation report, case by case", says how to regenerate the report case by case.
 */
import { endQuietlyWhenStdoutCloses } from '../base/closed-stdout.js';
import { VALIDATION_CASES } from './cases.js';
import { DigestError } from './input-digest.js';
import { OutcomeFileError } from './outcome-store.js';
import { validate, type ValidateOptions } from './validate.js';

function parseOptions(argv: readonly string[]): ValidateOptions {
  const options: ValidateOptions = { fast: false, leaveOut: [], only: null, check: false, out: 'docs/validation' };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--fast') options.fast = true;
    else if (a === '--check') options.check = true;
    else if (a === '--only' || a === '--leave-out' || a === '--out' || a === '--workers') {
      const value = argv[++k];
      if (value === undefined) throw new UsageError(`${a} needs a value`);
      if (a === '--out') options.out = value;
      else if (a === '--workers') options.workers = workerCount(value);
      else if (a === '--only') options.only = value.split(',');
      else options.leaveOut = value.split(',');
    } else throw new UsageError(`unknown option ${a}; allowed: --check, --fast, --leave-out <id>[,<id>…], --only <id>[,<id>…], --out <dir>, --workers <N>`);
  }
  const ids = new Set(VALIDATION_CASES.map((c) => c.id));
  const unknown = [...(options.only ?? []), ...options.leaveOut].filter((id) => !ids.has(id));
  if (unknown.length > 0) throw new UsageError(`no case ${unknown.join(', ')}; cases: ${[...ids].join(', ')}`);
  if (options.check && (options.fast || options.leaveOut.length > 0 || options.workers !== undefined)) {
    throw new UsageError('--check runs nothing: it takes only --out and --only');
  }
  return options;
}

class UsageError extends Error {}

function workerCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--workers must be a whole number of at least 1; got ${value}`);
  return n;
}

// Bad options, a corrupt outcome file or code the digest cannot follow: one line. Anything else is a defect: its stack.
const oneLine = (error: unknown) => error instanceof UsageError || error instanceof OutcomeFileError || error instanceof DigestError;

endQuietlyWhenStdoutCloses();
(async () => validate(VALIDATION_CASES, parseOptions(process.argv.slice(2))))().then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`validate: ${oneLine(error) ? (error as Error).message : String((error as Error).stack ?? error)}\n`);
  process.exitCode = 2;
});
