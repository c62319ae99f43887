/**
 * `npm run bench -- --only split-ceiling` (bench/split-ceiling.ts): the half bed is the same spheres in half the box,
 * the two halves really run at once, the ceiling and its factors are the rounds' medians of ratios taken within a
 * round, and bad input is refused. Timings are not asserted (a test is no benchmark): the summary is checked on
 * timings made up for it, the command on a 72-sphere bed for its shape.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bedScenario, halfBed, lammpsData, latticeBed } from '../../bench/lattice-bed.js';
import { onPath, pinnableCores, timedTogether, type Timing } from '../../bench/code-runs.js';
import { splitSummaryLines, type SplitRuns } from '../../bench/split-ceiling.js';

const RUN = path.resolve('dist/bench/run.js');
const bench = (...args: string[]) => spawnSync(process.execPath, [RUN, ...args], { encoding: 'utf8' });

describe('the half bed', () => {
  const bed = latticeBed(6, 2);
  const half = halfBed(bed);

  it('is the first half of the columns along x, the same doubles in the same order, in half the box', () => {
    // A cut by index instead of position would keep whole layers (the lattice is written x fastest, then y, then z).
    expect(half.count).toBe(3 * 6 * 2);
    expect(half.sides).toEqual([bed.sides[0] / 2, bed.sides[1]]);
    const full = new Map<string, number>();
    for (let p = 0; p < bed.count; p++) full.set(bed.positions.subarray(3 * p, 3 * p + 3).join(), p);
    let previous = -1;
    for (let p = 0; p < half.count; p++) {
      const index = full.get(half.positions.subarray(3 * p, 3 * p + 3).join());
      expect(index).toBeGreaterThan(previous);
      previous = index!;
      expect(half.positions[3 * p]).toBeLessThan(half.sides[0]);
    }
    const ys = new Set<number>();
    for (let p = 0; p < half.count; p++) ys.add(Math.floor(half.positions[3 * p + 1] / (1.1 * 0.002)));
    expect(ys.size).toBe(6);
  });

  it('gives both codes its own box: x half as long as y', () => {
    // A box still square would leave a 3-column gap at the periodic seam: another bed, no longer half the work.
    const scenario = bedScenario(half, 10, 1, 'half.csv') as { periodic: { max: number[] } };
    expect(scenario.periodic.max).toEqual([half.sides[0], half.sides[1], half.height]);
    const data = lammpsData(half);
    expect(data).toContain(`\n0 ${half.sides[0]} xlo xhi\n0 ${half.sides[1]} ylo yhi\n`);
    expect(data).toContain(`\n${half.count} atoms\n`);
  });

  it('is refused for an odd number of spheres a side, whose halves would differ', () => {
    expect(() => halfBed(latticeBed(5, 2))).toThrow(/must be even/);
  });
});

describe('runs started together', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grainflow-together-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('run at the same time, each timed on its own', async () => {
    // Each waits up to 10 s for the other's mark: run one after the other, the first would give up and fail.
    const waitFor = (mine: string, theirs: string) =>
      ['sh', '-c', `touch ${mine}; i=0; while [ ! -e ${theirs} ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i+1)); done; test -e ${theirs}`];
    const runs = await timedTogether([waitFor('a', 'b'), waitFor('b', 'a')], dir);
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(r.seconds).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, 'a')) && existsSync(path.join(dir, 'b'))).toBe(true);
  });

  it('fail with the command, its status and its stderr when one fails, once the others have ended too', async () => {
    // Rejected at the first failure, the bench would remove its directory while the other copy still ran in it.
    await expect(timedTogether([['sh', '-c', 'echo broken >&2; exit 3'], ['sh', '-c', 'sleep 0.5; touch late']], dir))
      .rejects.toThrow(/sh -c echo broken >&2; exit 3 failed \(3\):\nbroken/);
    expect(existsSync(path.join(dir, 'late'))).toBe(true);
  });
});

/** A made-up run of `seconds` in the loops, half in each. */
function timing(code: Timing['code'], threads: number, seconds: number): Timing {
  return { code, threads, spheres: 10816, wall: seconds + 1, loops: [seconds / 2, seconds / 2], steps: [10000, 10000], maxRss: 1 };
}
function runs(code: Timing['code'], whole1: number, whole2: number, halfAlone: number, halves: [number, number]): SplitRuns {
  return {
    code, whole1: timing(code, 1, whole1), whole2: timing(code, 2, whole2), halfAlone: timing(code, 1, halfAlone),
    halvesTogether: halves.map((s) => timing(code, 1, s)),
  };
}

describe('the summary over rounds', () => {
  it('gives the ceiling as 2 × size effect × co-running, from the later half, and the share the code keeps', () => {
    // grainflow round 1: ceiling 40/24 = 1.667 = 2 × 40/36 × 18/24; speed-up 40/25 = 1.6, keeping 24/25 = 96 %.
    // Round 2: ceiling 30/15 = 2 = 2 × 30/30 × 15/15; speed-up 30/18 = 1.67, keeping 83 %. The earlier half (22 s)
    // would give 1.82×; a ratio of medians would pair runs of different rounds.
    const lines = splitSummaryLines([
      [runs('LAMMPS', 50, 25, 25, [25, 25]), runs('grainflow', 40, 25, 18, [22, 24])],
      [runs('grainflow', 30, 18, 15, [15, 15]), runs('LAMMPS', 50, 25, 25, [25, 25])],
    ]);
    expect(lines).toEqual([
      "  over 2 rounds, the median of the rounds' ratios (lowest–highest), loops:",
      '  LAMMPS: ceiling of a 2-way split 2.00× (2.00–2.00), in each round 2 × the size effect × co-running: size effect '
        + '1.00× (1.00–1.00), co-running 1.00× (1.00–1.00); its 2-thread speed-up 2.00× (2.00–2.00), keeping 100 % '
        + '(100–100 %) of the ceiling',
      '  grainflow: ceiling of a 2-way split 1.83× (1.67–2.00), in each round 2 × the size effect × co-running: size '
        + 'effect 1.06× (1.00–1.11), co-running 0.88× (0.75–1.00); its 2-thread speed-up 1.63× (1.60–1.67), keeping 90 % '
        + '(83–96 %) of the ceiling',
    ]);
  });
});

describe('npm run bench -- --only split-ceiling', () => {
  it('runs every code\'s four runs per round, then the summary', () => {
    const r = bench('--only', 'split-ceiling', '--lattice', '6x2', '--steps', '40', '--rounds', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/split-ceiling: the vs-lammps bed of 72 spheres and its half along x \(36\), 20 fall \+ 20 settled-bed steps, 2 rounds/);
    expect(r.stdout).toMatch(/^ {2}grainflow {2}two halves at once, 1 each +[\d.]+( {2}\(core 0\))? +[\d.]+( {2}\(core 1\))?$/m);
    // Pinned where the machine can (test/bench/pinned-runs.test.ts), and the cores probed before and after the rounds.
    if (pinnableCores() > 0) expect(r.stdout.match(/^cores: the 72-sphere bed on one grainflow thread, .*core 0 [\d.]+, core 1 [\d.]+/gm)).toHaveLength(2);
    expect(r.stdout).toMatch(/^ {2}grainflow {2}bed of 72, 2 threads +[\d.]+ {2}\(ran on 1 lane: bed too small\)$/m);
    expect(r.stdout).toMatch(/round 2 of 2/);
    expect(r.stdout).toMatch(/^ {2}grainflow: ceiling of a 2-way split [\d.]+× \(/m);
    if (onPath('lmp')) expect(r.stdout).toMatch(/^ {2}LAMMPS: ceiling of a 2-way split [\d.]+× \(/m);
    else expect(r.stdout).toMatch(/lmp is not on the PATH/);
  });

  it.each([['25x16', '25'], ['4x2', '4']])('refuses --lattice %s before anything runs, exit 2', (lattice, ns) => {
    // An odd NS would give two different halves; 4 a side, halves whose periodic box (2 spheres) is too short.
    const r = bench('--only', 'split-ceiling', '--lattice', lattice);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--lattice: split-ceiling cuts the bed in two along x, so NS must be even and at least 6, got ${ns}`);
    expect(r.stdout).toBe('');
  });

  it('refuses a list of lattices unless vs-lammps runs beside it: it would use the first and drop the rest unsaid', () => {
    const r = bench('--only', 'split-ceiling,defaults-on', '--lattice', '26x16,30x16');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--lattice: split-ceiling and defaults-on run one lattice, got 2');
    expect(r.stdout).toBe('');
  });
});
