/**
 * Command-line parse errors are one line a user can act on (issue 28, point 9): the option named, the nearest
 * known one offered, never Node's own text; `grainflow render`, `run`, `export` and `import` say no more than that
 * line (not their help) on a usage or data error; --colour-by is --color-by.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgumentError, parseCommandLine } from '../../src/cli/arguments.js';

const CLI = path.resolve('bin/grainflow.js');
const OPTIONS = {
  out: { type: 'string' }, workers: { type: 'string' }, 'color-by': { type: 'string' }, quiet: { type: 'boolean' },
} as const;
const parse = (args: string[]) => parseCommandLine({ args, allowPositionals: true, options: OPTIONS }, { 'colour-by': 'color-by' });
const errorOf = (args: string[]) => {
  try {
    parse(args);
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} parsed`);
};

describe('parse errors', () => {
  it('name an unknown option and the known one it is a typo of', () => {
    expect(errorOf(['s.json', '--wrokers', '2'])).toBe('unknown option --wrokers (did you mean --workers?)');
    expect(errorOf(['--out=x', '--colr-by=speed'])).toBe('unknown option --colr-by (did you mean --color-by?)');
    expect(errorOf(['--banana'])).toBe('unknown option --banana; the options are --out, --workers, --color-by, --quiet');
  });

  it('say which option lacks its value and which takes none', () => {
    expect(errorOf(['s.json', '--out'])).toBe('--out needs a value');
    expect(errorOf(['--quiet=yes'])).toBe('--quiet takes no value (got "--quiet=yes")');
  });

  // The defect caught: `--camera -60,30` said "--camera needs a value" (parseArgs takes "-60,30" for an option).
  it('take a negative number as a string option\'s value, before `--` only, and nothing else that starts with a dash', () => {
    expect(parse(['--color-by', '-60,30']).values['color-by']).toBe('-60,30');
    expect(parse(['--workers', '-.5']).values.workers).toBe('-.5');
    expect(parse(['--workers', '-1', '--out', 'x']).values).toEqual({ workers: '-1', out: 'x' });
    expect(errorOf(['--out', '--quiet'])).toBe('--out needs a value');
    expect(errorOf(['--out', '-q'])).toBe('--out needs a value');
    expect(parse(['--', '--out', '-1']).positionals).toEqual(['--out', '-1']);
  });

  it('take an alias for the option it stands for, before `--` only', () => {
    expect(parse(['--colour-by', 'height']).values['color-by']).toBe('height');
    expect(parse(['--colour-by=id']).values['color-by']).toBe('id');
    expect(parse(['--', '--colour-by']).positionals).toEqual(['--colour-by']);
  });
});

describe('grainflow render and run on the command line', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

  it('render: a typo, a bad value and a run directory without frames are one line each, with status 2', () => {
    for (const [args, line] of [
      [['render', 'runs/x', '--colr-by', 'speed'], 'grainflow: unknown option --colr-by (did you mean --color-by?) (options: grainflow render --help)'],
      [['render', 'runs/x', '--colour-by', 'mass'], 'grainflow: --color-by must be one of speed, height, id, material (got "mass") (options: grainflow render --help)'],
      [['render', 'no/such/run'], /^grainflow: <runDir> "no\/such\/run" has no frames\/index.json/],
    ] as const) {
      const r = cli(...args);
      expect(r.status).toBe(2);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      if (typeof line === 'string') expect(lines[0]).toBe(line);
      else expect(lines[0]).toMatch(line);
    }
  });

  it('run, export and import: a mistyped option or a missing argument is one line, with status 2 and nothing written', () => {
    for (const [args, line] of [
      [['run', 'scenarios/heap.json', '--out', 'runs/never', '--wrokers', '2'],
        'grainflow: unknown option --wrokers (did you mean --workers?) (options: grainflow run --help)'],
      [['export', 'lammps', 'scenarios/heap.json', '--out', 'runs/never', '--substep', '3'],
        'grainflow: unknown option --substep (did you mean --substeps?) (options: grainflow export --help)'],
      [['export', 'lammps', 'scenarios/heap.json'], 'grainflow: missing --out <dir> (options: grainflow export --help)'],
      [['import', 'lammps', 'runs/no-deck', '--out', 'runs/never', '--forc'],
        'grainflow: unknown option --forc (did you mean --force?) (options: grainflow import --help)'],
      [['import', 'lammps'], 'grainflow: missing <deckDir> (options: grainflow import --help)'],
    ] as const) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`${line}\n`);
      expect(r.stdout).toBe('');
    }
    expect(existsSync('runs/never')).toBe(false);
  });
});
