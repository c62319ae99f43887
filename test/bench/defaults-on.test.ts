/**
 * `npm run bench -- --only defaults-on` (bench/defaults-on.ts): the cost of the default outputs is the median of the
 * rounds' ratios, each round's two runs taken together, and the command runs as its documentation says — on its own
 * lattice without --lattice (it used to refuse, taking vs-lammps's two default lattices for a list), with --rounds.
 * Timings are not asserted (a test is no benchmark): the summary is checked on timings made up for it, the command
 * on a 9-sphere bed for its shape.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultsSummaryLines, type DefaultsRuns } from '../../bench/defaults-on.js';
import { onPath } from '../../bench/code-runs.js';
import { until } from '../helpers/until.js';

const RUN = path.resolve('dist/bench/run.js');

describe('the summary of the rounds', () => {
  // Made up so that the median of the ratios (1.10 on one thread) differs from the ratio of the medians (12/10 = 1.20):
  // a summary that paired runs of different rounds would print the second.
  const round = (threads: number, off: number, defaults: number, lammps?: number): DefaultsRuns =>
    ({ threads, outputsOffSeconds: off, defaultsSeconds: defaults, lammpsLoopSeconds: lammps });
  const rounds: DefaultsRuns[][] = [
    [round(1, 10, 11, 12), round(2, 6, 6.3, 6)],
    [round(1, 8, 12, 12), round(2, 5, 5.5, 6)],
    [round(1, 12, 12.6, 12.6), round(2, 7, 7, 7)],
  ];

  it('gives per thread count the median of the rounds\' ratios, with their range', () => {
    expect(defaultsSummaryLines(rounds)).toEqual([
      '  1 thread: the defaults cost 10.0 % (5.0 to 50.0 %), the median of 3 rounds\' ratios, of the run with outputs '
        + 'off (run seconds); with the defaults against LAMMPS\'s loop 1.00× (1.00–1.09)',
      '  2 threads: the defaults cost 5.0 % (0.0 to 10.0 %), the median of 3 rounds\' ratios, of the run with outputs '
        + 'off (run seconds); with the defaults against LAMMPS\'s loop 1.00× (0.95–1.09)',
    ]);
  });

  it('gives one round\'s ratios without a range, and no LAMMPS ratio without LAMMPS', () => {
    expect(defaultsSummaryLines([[round(1, 10, 10.5)]])).toEqual([
      '  1 thread: the defaults cost 5.0 % of the run with outputs off (run seconds)',
    ]);
    expect(defaultsSummaryLines([[round(2, 10, 10.5, 21)]])[0]).toMatch(/5\.0 %.*against LAMMPS's loop 2\.00×$/);
  });
});

describe('the command', () => {
  it('runs its own default lattice without --lattice (10 000 spheres), in rounds when asked', async () => {
    // Stopped once it has said what it runs: the 10 000-sphere runs themselves are the benchmark's, not the test's.
    const child = spawn(process.execPath, [RUN, '--only', 'defaults-on', '--rounds', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => { stdout += t; });
    child.stderr.setEncoding('utf8').on('data', (t: string) => { stderr += t; });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let ended = false;
    void exited.then(() => { ended = true; });
    await until(() => stdout.includes('defaults-on: ') || ended, 'the bench\'s first line');
    child.kill('SIGTERM');
    await exited;
    expect(stderr).not.toContain('--lattice');
    expect(stdout).toContain('defaults-on: 10000 spheres falling onto the floor (the vs-lammps fall), 10000 steps, 2 rounds');
  });

  it('runs both variants in every round, in the other order every other round, and prints the summary', () => {
    const r = spawnSync(process.execPath, [RUN, '--only', 'defaults-on', '--lattice', '3x1', '--steps', '20',
      '--rounds', '2', '--workers', '1'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('round 1 of 2');
    expect(r.stdout).toContain('round 2 of 2');
    // Each round runs both variants once; the second round in the other order.
    const rows = r.stdout.split('\n').filter((l) => /^(outputs-off|defaults-on) /.test(l)).map((l) => l.split(' ')[0]);
    expect(rows).toEqual(['outputs-off', 'defaults-on', 'defaults-on', 'outputs-off']);
    const lammpsLines = r.stdout.split('\n').filter((l) => l.startsWith('LAMMPS 1 rank')).length;
    expect(lammpsLines).toBe(onPath('lmp') ? 2 : 0);
    expect(r.stdout).toMatch(/ {2}1 thread: the defaults cost -?\d+\.\d % \(-?\d+\.\d to -?\d+\.\d %\), the median of 2 rounds' ratios/);
  });
});
