/**
 * Determinism across threads and broad phases (issue #3): a 2 000-sphere pour with collisions between two
 * falling layers, walls, friction, rolling resistance and two materials, 500 steps; and a 1 200-sphere gas
 * periodic along x and y between two walls, with friction and rolling resistance, 600 steps. Every output must be
 * byte-identical for 1, 2 and 4 worker lanes and for the grid and the R-tree (wall-clock fields aside).
 * Workers run from the compiled build, which `npm test` makes first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-det-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function run(
  fixture: string, name: string, workers: number, broadphase: 'grid' | 'rtree', edit?: (s: Scenario) => void,
) {
  const setup = createSetup(editedScenario(`test/fixtures/${fixture}.json`, (scenario) => {
    edit?.(scenario);
    scenario.outputs.impactRecords = true;
    scenario.workers = workers;
    scenario.broadphase = broadphase;
  }));
  // The set-up caps the lanes at this machine's cores (run/run-budget.ts); results must not depend on the lane count
  // on any machine, so the lanes asked for are forced, as in test/physics/pour.test.ts.
  setup.lanes = workers;
  const out = path.join(scratch, `${fixture}-${name}`);
  const summary = await runToDirectory(setup, out);
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  const { performance, ...deterministic } = summary;
  return { performance, deterministic, series: read('series.csv'), impacts: read('impact-statistics.csv') + readFileSync(path.join(out, 'impacts.bin')).toString('base64'),
    summaryText: JSON.stringify({ ...JSON.parse(read('summary.json')), performance: undefined }) };
}

const cases = [
  { fixture: 'settle-2k', title: '2 000-sphere pour, 500 steps', steps: 500, minContacts: 100 },
  { fixture: 'periodic-gas-1200', title: '1 200-sphere gas periodic along x and y, 600 steps', steps: 600, minContacts: 5 },
];

describe.each(cases)('$title', ({ fixture, steps, minContacts }) => {
  it('gives byte-identical outputs with 1, 2 and 4 worker lanes and with grid or R-tree', async () => {
    const reference = await run(fixture, 'grid-1', 1, 'grid');
    expect(reference.performance.lanes).toBe(1);
    // The run must exercise what it claims: collisions, contacts at the end, neighbour rebuilds.
    expect(reference.deterministic.steps).toBe(steps);
    expect(reference.deterministic.impacts).toBeGreaterThan(100);
    expect(reference.deterministic.final.contacts).toBeGreaterThan(minContacts);
    expect(reference.deterministic.neighbourRebuilds).toBeGreaterThan(10);
    for (const [name, workers, broadphase] of [
      ['grid-2', 2, 'grid'], ['grid-4', 4, 'grid'], ['rtree-1', 1, 'rtree'], ['rtree-2', 2, 'rtree'],
    ] as const) {
      const other = await run(fixture, name, workers, broadphase);
      expect(other.performance.lanes, name).toBe(workers);
      expect(other.summaryText, name).toBe(reference.summaryText);
      expect(other.deterministic.final.particles, name).toEqual(reference.deterministic.final.particles);
      expect(other.series, name).toBe(reference.series);
      expect(other.impacts, name).toBe(reference.impacts);
    }
  });
});

describe('2 000-sphere pour with laws that keep per-contact state', () => {
  it('stays byte-identical with 1 and 2 lanes and grid or R-tree (latched v₀, peak overlap, micro-slip spring row)', async () => {
    // Hunt–Crossley latches v₀, the permanent-indentation law keeps δ_m and Mindlin–Deresiewicz its spring row in
    // the contact history, which must travel with the contact through rebuilds and re-numbering exactly as the
    // tangential spring does (the row's reach keeps its sign when the bodies swap, its springs flip with the spring).
    const edit = (s: Scenario) => {
      s.contact.normal = { model: 'hunt-crossley', restitution: 0.5 };
      s.contact.tangential = { model: 'mindlin-deresiewicz' };
      s.contactPairs[0].normal = { model: 'lankarani-nikravesh-plastic', restitution: 0.6 };
    };
    const reference = await run('settle-2k', 'hc-grid-1', 1, 'grid', edit);
    expect(reference.deterministic.impacts).toBeGreaterThan(100);
    expect(reference.deterministic.neighbourRebuilds).toBeGreaterThan(10);
    for (const [name, workers, broadphase] of [['hc-grid-2', 2, 'grid'], ['hc-rtree-2', 2, 'rtree']] as const) {
      const other = await run('settle-2k', name, workers, broadphase, edit);
      expect(other.summaryText, name).toBe(reference.summaryText);
      expect(other.series, name).toBe(reference.series);
      expect(other.impacts, name).toBe(reference.impacts);
    }
  });
});
