/**
 * One-thread bench runs pinned to a core (bench/code-runs.ts pinnableCores, roundCore, pinnedTo): on this machine one
 * virtual core can run the vs-lammps bed 30–45 % slower than the other for minutes at a time, so a one-thread run
 * left to the scheduler moves a ratio between two codes or two builds by that much (docs/benchmarks.md, "Two unequal
 * cores"). These checks catch a pin that is built but not applied (the process still free to run on every core) and
 * rounds that stop visiting every core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPath, pinnableCores, pinnedTo, roundCore, timed } from '../../bench/code-runs.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'grainflow-pinned-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The cores a process started on `core` (pinnedTo) may run on, as the kernel reports them for the process itself. */
async function allowedCores(core: number | undefined): Promise<string> {
  const r = await timed(pinnedTo(core, ['sh', '-c', 'grep Cpus_allowed_list /proc/self/status']), dir);
  return r.stdout.replace(/^Cpus_allowed_list:\s*/, '').trim();
}

describe('one-thread bench runs', () => {
  it('are pinned when the machine has several cores and taskset, and left alone otherwise', () => {
    const expected = os.availableParallelism() > 1 && onPath('taskset') ? os.availableParallelism() : 0;
    expect(pinnableCores()).toBe(expected);
    expect(pinnedTo(undefined, ['node', 'x.js'])).toEqual(['node', 'x.js']);
    expect(pinnedTo(1, ['node', 'x.js'])).toEqual(['taskset', '-c', '1', 'node', 'x.js']);
  });

  it('visit every core round by round, and several threads are never pinned', () => {
    const cores = pinnableCores();
    const rounds = Array.from({ length: 2 * Math.max(cores, 1) }, (_, r) => roundCore(r, 1));
    expect(rounds).toEqual(rounds.map((_, r) => (cores === 0 ? undefined : r % cores)));
    expect(roundCore(0, 2)).toBeUndefined();
  });

  it.runIf(pinnableCores() > 0)('run on their core alone', async () => {
    for (let core = 0; core < pinnableCores(); core++) expect(await allowedCores(core)).toBe(String(core));
    // Unpinned, a process may run on every core: the check above is not what the machine does anyway.
    expect(await allowedCores(undefined)).not.toMatch(/^\d+$/);
  });
});
