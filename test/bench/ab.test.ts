/**
 * The A/B bench (bench/ab.ts): its summary of paired rounds, its order of builds, its identity check — which must be
 * able to say "DIFFER" — and its answers to bad input. Timings are not asserted (a test is no benchmark).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pairedSummary, roundOrder } from '../../bench/paired-ratios.js';

const AB = path.resolve('dist/bench/ab.js');
const ab = (...args: string[]) => spawnSync(process.execPath, [AB, ...args], { encoding: 'utf8' });
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ab-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A "checkout" whose runner prints `report` (and writes 8 zero bytes as final positions, then exits with `code`). */
function fakeBaseline(name: string, report: string, code = 0): string {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, 'dist', 'bench'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'bench', 'vs-lammps-run.js'), [
    "import { writeFileSync } from 'node:fs';",
    'const final = process.argv[6];',
    'if (final !== undefined) writeFileSync(final, new Uint8Array(8));',
    `console.log(${JSON.stringify(report)});`,
    `process.exitCode = ${code};`,
  ].join('\n'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  return dir;
}

describe('paired rounds', () => {
  it('takes the median of the per-round ratios candidate / baseline, not the ratio of the medians', () => {
    // Round ratios 0.5, 1.0, 2.0 → median 1.0; the medians' ratio would be 20/10 = 2 (catches pairing across rounds).
    const s = pairedSummary([10, 10, 40], [5, 10, 80]);
    expect(s.medianRatio).toBe(1);
    expect([s.lowestRatio, s.highestRatio]).toEqual([0.5, 2]);
    expect([s.baselineMedian, s.candidateMedian, s.baselineFastest, s.candidateFastest]).toEqual([10, 10, 10, 5]);
  });

  it('takes the mean of the middle two for an even count', () => {
    const s = pairedSummary([1, 1, 1, 1], [4, 1, 3, 2]);
    expect(s.medianRatio).toBe(2.5);
    expect(s.candidateMedian).toBe(2.5);
    expect(pairedSummary([2], [7]).medianRatio).toBe(3.5);
  });

  it('refuses rounds without both builds, and times that are not positive', () => {
    expect(() => pairedSummary([1, 2], [1])).toThrow(/each round needs one of each/);
    expect(() => pairedSummary([], [])).toThrow(/each round needs one of each/);
    expect(() => pairedSummary([1, 0], [1, 1])).toThrow(/each must be > 0/);
    expect(() => pairedSummary([1, Number.NaN], [1, 1])).toThrow(/each must be > 0/);
  });

  it('swaps which build runs first every other round', () => {
    expect([0, 1, 2, 3].map((k) => roundOrder(k, ['baseline', 'candidate'])[0]))
      .toEqual(['baseline', 'candidate', 'baseline', 'candidate']);
  });
});

describe('grainflow ab', () => {
  it('runs both builds in alternated rounds and finds this build bit-identical to itself', () => {
    const before = readdirSync(os.tmpdir()).filter((f) => f.startsWith('grainflow-ab-')).length;
    const r = ab('--baseline', '.', '--lattice', '4x2', '--steps', '20,20', '--rounds', '2', '--lanes', '1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const runs = r.stdout.split('\n').filter((line) => /^\s+\d+\s+1\s+(baseline|candidate)\s/.test(line));
    expect(runs.map((line) => line.trim().split(/\s+/)[2])).toEqual(['baseline', 'candidate', 'candidate', 'baseline']);
    expect(r.stdout).toMatch(/1 lane: candidate \/ baseline, loops: median [\d.]+ .*over 2 rounds.*final positions bit-identical/);
    // Its temporary inputs are gone.
    expect(readdirSync(os.tmpdir()).filter((f) => f.startsWith('grainflow-ab-')).length).toBe(before);
  });

  it('says DIFFER when the final positions are not the same bytes', () => {
    const other = fakeBaseline('other', JSON.stringify({ loopSeconds: [0.01, 0.02] }));
    const r = ab('--baseline', other, '--lattice', '4x2', '--steps', '20,20', '--rounds', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/final positions DIFFER/);
  });

  it('names a baseline that fails or is no grainflow build, without a stack trace', () => {
    const failing = fakeBaseline('failing', '{}', 3);
    let r = ab('--baseline', failing, '--lattice', '4x2', '--steps', '1,1', '--rounds', '1');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ab: .*vs-lammps-run\.js .*failed \(3\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const notOurs = fakeBaseline('not-ours', '{"hello":1}');
    r = ab('--baseline', notOurs, '--lattice', '4x2', '--steps', '1,1', '--rounds', '1');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/printed no loopSeconds: not a grainflow build/);
  });

  it('ends as Ctrl-C ends it when a run is stopped that way: status 130, no stack, its directory gone', () => {
    // Ctrl-C reaches the run first; the bench used to report it as a failed run with a stack trace.
    const stopped = fakeBaseline('stopped', '{}');
    appendFileSync(path.join(stopped, 'dist', 'bench', 'vs-lammps-run.js'), "\nprocess.kill(process.pid, 'SIGINT');\n");
    const before = readdirSync(os.tmpdir()).filter((f) => f.startsWith('grainflow-ab-')).length;
    const r = ab('--baseline', stopped, '--lattice', '4x2', '--steps', '1,1', '--rounds', '1');
    expect(r.status).toBe(130);
    expect(r.stderr).toBe('');
    expect(readdirSync(os.tmpdir()).filter((f) => f.startsWith('grainflow-ab-')).length).toBe(before);
  });

  it.each([
    [[], /--baseline DIR is required/],
    [['--baseline', path.join(scratch, 'nowhere')], /--baseline: .*vs-lammps-run\.js not found; build that checkout first/],
    [['--baseline', '.', '--rounds', '0'], /--rounds must be a whole number from 1 to 100, got "0"/],
    [['--baseline', '.', '--rounds', '1e9'], /--rounds must be a whole number from 1 to 100/],
    [['--baseline', '.', '--steps', '10'], /--steps takes two counts, FALL,BED/],
    [['--baseline', '.', '--steps', '10,-1'], /--steps must be a whole number from 1 to 1000000, got "-1"/],
    [['--baseline', '.', '--lanes', '1,65'], /--lanes must be a whole number from 1 to 64/],
    [['--baseline', '.', '--lattice', '1x4'], /--lattice NS must be a whole number from 3 to 100, got "1"/],
    [['--baseline', '.', '--lattice', 'big'], /--lattice: "big" is not NSxNZ/],
    [['--baseline', '.', '--colour'], /Unknown option '--colour'/],
  ])('bad input %j: exit 2, the field and its range named', (args, message) => {
    const r = ab(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/usage: node dist\/bench\/ab\.js --baseline DIR/);
    expect(r.stdout).toBe('');
  });
});
