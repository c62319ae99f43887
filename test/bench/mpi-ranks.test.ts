/**
 * The memory of a LAMMPS run on several ranks (bench/code-runs.ts onRanks, rankMaxRssKb): each rank's
 * /usr/bin/time report is read whole from the file the ranks append to, and a report missing is an error, not a sum
 * of the ranks left (a run on 2026-12-05 printed one rank's maximum as the two ranks' sum, its other report lost in
 * mpirun's forwarding of their stderr).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maxRssReports, onPath, onRanks, rankMaxRssKb, timed } from '../../bench/code-runs.js';

const hasTimeV = existsSync('/usr/bin/time');
const dir = mkdtempSync(path.join(os.tmpdir(), 'grainflow-mpi-ranks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report = (kb: number) => `\tCommand being timed: "lmp"\n\tMaximum resident set size (kbytes): ${kb}\n\tExit status: 0\n`;

describe('the maximum RSS of each MPI rank', () => {
  it('is read from every /usr/bin/time report in a text', () => {
    expect(maxRssReports(report(12) + report(34))).toEqual([12, 34]);
    expect(maxRssReports('no report')).toEqual([]);
  });

  it.skipIf(!hasTimeV)('is one per rank, or an error naming the file: a lost report is not summed away', () => {
    const file = path.join(dir, 'one-of-two');
    writeFileSync(file, report(350_000));
    expect(() => rankMaxRssKb(file, 2)).toThrow(`${file}: expected 2 /usr/bin/time reports, one per rank, found 1`);
    writeFileSync(file, report(350_000) + report(340_000));
    expect(rankMaxRssKb(file, 2)).toEqual([350_000, 340_000]);
    expect(() => rankMaxRssKb(path.join(dir, 'never-written'), 2)).toThrow(/found 0/);
  });

  it.skipIf(!hasTimeV || !onPath('mpirun'))('comes whole from two ranks that end together', async () => {
    const file = path.join(dir, 'two-ranks');
    await timed(onRanks(2, ['true'], file), dir);
    const kb = rankMaxRssKb(file, 2);
    for (const k of kb) expect(k).toBeGreaterThan(0);
  });
});
