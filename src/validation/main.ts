/**
 * `npm run validate`: runs every validation case, writes docs/validation/README.md and one SVG per case, prints the
 * table and exits 1 if a check fails. Options: `--fast` leaves out the long cases (whole scenario runs, minutes
 * each), `--leave-out <id>[,<id>…]` the named cases — the report then says they were not run —; `--only
 * <id>[,<id>…]` runs the named cases and writes only their plots (the README is not rewritten); `--out <dir>`
 * writes elsewhere than docs/validation; `--workers N` runs the scenarios on N threads (default: the scenario's own
 * `workers`, i.e. every core; the results do not depend on it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderLinePlotSvg } from '../plot/line-plot.js';
import { VALIDATION_CASES } from './cases.js';
import { allPass, reportMarkdown, reportTable, type CaseOutcome } from './report.js';

interface Options {
  fast: boolean;
  leaveOut: string[];
  only: string[] | null;
  out: string;
  workers?: number;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { fast: false, leaveOut: [], only: null, out: 'docs/validation' };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a === '--fast') options.fast = true;
    else if (a === '--only' || a === '--leave-out' || a === '--out' || a === '--workers') {
      const value = argv[++k];
      if (value === undefined) throw new UsageError(`${a} needs a value`);
      if (a === '--out') options.out = value;
      else if (a === '--workers') options.workers = workerCount(value);
      else if (a === '--only') options.only = value.split(',');
      else options.leaveOut = value.split(',');
    } else throw new UsageError(`unknown option ${a}; allowed: --fast, --leave-out <id>[,<id>…], --only <id>[,<id>…], --out <dir>, --workers <N>`);
  }
  const ids = new Set(VALIDATION_CASES.map((c) => c.id));
  const unknown = [...(options.only ?? []), ...options.leaveOut].filter((id) => !ids.has(id));
  if (unknown.length > 0) throw new UsageError(`no case ${unknown.join(', ')}; cases: ${[...ids].join(', ')}`);
  return options;
}

class UsageError extends Error {}

function workerCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--workers must be a whole number of at least 1; got ${value}`);
  return n;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  fs.mkdirSync(options.out, { recursive: true });
  const outcomes: CaseOutcome[] = [];
  for (const c of VALIDATION_CASES) {
    if (options.only !== null && !options.only.includes(c.id)) continue;
    if (options.fast && c.long) {
      outcomes.push({ case: c, checks: [], skipped: 'long case, left out by --fast' });
      continue;
    }
    if (options.leaveOut.includes(c.id)) {
      outcomes.push({ case: c, checks: [], skipped: 'left out by --leave-out' });
      continue;
    }
    const started = Date.now();
    const result = await c.run({ workers: options.workers });
    process.stderr.write(`${c.id}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    fs.writeFileSync(path.join(options.out, `${c.id}.svg`), await renderLinePlotSvg(result.plot));
    outcomes.push({ case: c, checks: result.checks, figures: result.figures });
  }
  if (options.only === null) fs.writeFileSync(path.join(options.out, 'README.md'), reportMarkdown(outcomes) + '\n');
  process.stdout.write(reportTable(outcomes) + '\n');
  return allPass(outcomes) ? 0 : 1;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`validate: ${error instanceof UsageError ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exitCode = 2;
});
