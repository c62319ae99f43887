/**
 * `npm run bench -- --only vs-lammps --rounds N` (bench/vs-lammps.ts, bench/paired-ratios.ts): grainflow's speed over
 * LAMMPS's and each code's speed-up taken within a round and summed up as the median of the rounds' ratios with their
 * range; the codes' order swapped every other round; bad input refused. Timings are not asserted (a test is no
 * benchmark): the summary is checked on timings made up for it, the command on a 32-sphere bed for its shape.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roundRatios } from '../../bench/paired-ratios.js';
import { onPath, type Timing } from '../../bench/code-runs.js';
import { roundSummaryLines } from '../../bench/vs-lammps.js';

const RUN = path.resolve('dist/bench/run.js');
const bench = (...args: string[]) => spawnSync(process.execPath, [RUN, ...args], { encoding: 'utf8' });

/** A made-up run: `wall` seconds whole, half of it in each loop. */
function timing(code: Timing['code'], threads: number, wall: number): Timing {
  return { code, threads, spheres: 10000, wall, loops: [wall / 4, wall / 4], steps: [10000, 10000], maxRss: 1 };
}

describe('round ratios', () => {
  it('takes the median of the per-round ratios, not the ratio of the medians', () => {
    // Ratios 0.5, 1, 2 → median 1; the medians' ratio would be 10/20 = 0.5 (catches pairing across rounds).
    const r = roundRatios([5, 10, 80], [10, 10, 40]);
    expect(r).toEqual({ rounds: 3, median: 1, lowest: 0.5, highest: 2 });
    expect(roundRatios([4, 1, 3, 2], [1, 1, 1, 1]).median).toBe(2.5);
  });

  it('refuses rounds without both values, and values that are not positive', () => {
    expect(() => roundRatios([1, 2], [1])).toThrow(/each round needs one of each/);
    expect(() => roundRatios([], [])).toThrow(/each round needs one of each/);
    expect(() => roundRatios([1, -1], [1, 1])).toThrow(/each must be > 0/);
    expect(() => roundRatios([1, Number.POSITIVE_INFINITY], [1, 1])).toThrow(/each must be > 0/);
  });
});

describe('the summary over rounds', () => {
  // Round 1: grainflow 2× LAMMPS on one thread, 1.5× on two; round 2: 1.25× and 1×. Speed-ups: grainflow 1.6× and
  // 2×, LAMMPS 2× and 2.5×.
  const rounds = [
    [timing('LAMMPS', 1, 40), timing('grainflow', 1, 20), timing('LAMMPS', 2, 20), timing('grainflow', 2, 12.5)],
    [timing('grainflow', 1, 32), timing('LAMMPS', 1, 40), timing('grainflow', 2, 16), timing('LAMMPS', 2, 16)],
  ];

  it('gives grainflow speed over LAMMPS speed (> 1: grainflow faster) and each speed-up over one thread', () => {
    // An inverted ratio (time over time) would print 0.65× first; the ratio of the medians 1.54× (40 s / 26 s).
    expect(roundSummaryLines(rounds)).toEqual([
      "  over 2 rounds (the codes' order swapped every other round), the median of the rounds' ratios (lowest–highest), "
        + 'whole process and loops:',
      '  grainflow / LAMMPS on 1 thread / rank: 1.63× (1.25–2.00) whole process, 1.63× (1.25–2.00) in the loops',
      '  grainflow / LAMMPS on 2 threads / ranks: 1.30× (1.00–1.60) whole process, 1.30× (1.00–1.60) in the loops',
      '  grainflow on 2 threads over 1: 1.80× (1.60–2.00) whole process, 1.80× (1.60–2.00) in the loops',
      '  LAMMPS on 2 ranks over 1: 2.25× (2.00–2.50) whole process, 2.25× (2.00–2.50) in the loops',
    ]);
  });

  it('leaves out the ratios to LAMMPS when LAMMPS did not run', () => {
    const alone = rounds.map((round) => round.filter((t) => t.code === 'grainflow'));
    const lines = roundSummaryLines(alone);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ {2}grainflow on 2 threads over 1: 1\.80×/);
  });
});

describe('npm run bench -- --only vs-lammps --rounds N', () => {
  const tiny = ['--only', 'vs-lammps', '--lattice', '4x2', '--steps', '40', '--million-steps', '0'];

  it('runs each round in turn, grainflow first every other round, then the summary', () => {
    const r = bench(...tiny, '--rounds', '2');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const second = lines.indexOf('round 2 of 2, grainflow first');
    expect(lines.indexOf('round 1 of 2')).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(lines.indexOf('round 1 of 2'));
    const runLine = (from: number) => lines.slice(from).find((l) => /^ +32 {2}(LAMMPS|grainflow) /.test(l));
    // Without LAMMPS only grainflow runs, so the swapped order shows where lmp is installed (CI's full run).
    const withLammps = onPath('lmp');
    if (withLammps) expect(runLine(lines.indexOf('round 1 of 2'))).toMatch(/LAMMPS/);
    expect(runLine(second)).toMatch(/grainflow/);
    expect(r.stdout).toMatch(/over 2 rounds \(the codes' order swapped every other round\)/);
    expect(r.stdout).toMatch(/grainflow on 2 threads over 1: [\d.]+× \([\d.]+–[\d.]+\) whole process/);
    if (withLammps) expect(r.stdout).toMatch(/grainflow \/ LAMMPS on 1 thread \/ rank: [\d.]+× \(/);
    else expect(r.stdout).toMatch(/lmp is not on the PATH/);
  });

  it('prints what it printed before without --rounds: no round lines, no summary', () => {
    const r = bench(...tiny, '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/round 1|over \d+ rounds/);
    expect(r.stdout).toMatch(/^ +32 {2}grainflow {4}1 /m);
  });

  it.each([['0'], ['101'], ['2.5'], ['x']])('refuses --rounds %s with the range, exit 2', (value) => {
    const r = bench(...tiny, '--rounds', value);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--rounds must be a whole number from 1 to 100, got "${value}"`);
    expect(r.stdout).not.toMatch(/spheres {2}code/);
  });

  it.each([
    // 2 a side used to pass and die in the grainflow run: the periodic box (4.4 mm) is shorter than 2 × (d + skin).
    ['--lattice=2x4', '--lattice NS must be a whole number from 3 to 100, got "2"'],
    ['--lattice=25x101', '--lattice NZ must be a whole number from 1 to 100, got "101"'],
    ['--workers=1,65', '--workers must be a whole number from 1 to 64, got "65"'],
    ['--steps=1e12', '--steps must be a whole number from 1 to 10000000, got "1e12"'],
    ['--million-steps=-1', '--million-steps must be a whole number from 0 to 1000000, got "-1"'],
    // Number() reads "" as 0 (an empty option ran with 0 million-sphere steps) and takes hexadecimal.
    ['--million-steps=', '--million-steps must be a whole number from 0 to 1000000, got ""'],
    ['--rounds=0x3', '--rounds must be a whole number from 1 to 100, got "0x3"'],
    ['--workers=1,', '--workers must be a whole number from 1 to 64, got ""'],
  ])('refuses %s before anything runs, with the range, exit 2', (arg, message) => {
    // The lattice used to be checked only when vs-lammps began, after the other benches and LAMMPS had run, and then
    // the grainflow run failed with a stack trace.
    const r = bench('--only', 'broadphase,vs-lammps', arg);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  it('refuses --rounds without a bench that runs rounds', () => {
    const r = bench('--only', 'broadphase', '--rounds', '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^--rounds: only vs-lammps, defaults-on and split-ceiling run rounds \(add one to --only\)/);
  });
});
