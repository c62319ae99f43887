/**
 * The drum-angle validation case on stand-in runs (the scenario runs replaced by summaries whose angle is a chosen
 * function of ω, so the case's own arithmetic is tested in milliseconds): a bed that steepens with ω passes the rise
 * check and one that flattens fails it; the shown row sets the runs' rise per decade of Fr beside Sunday et al.'s over
 * the points that bracket the runs; the plot carries the published angles with their scatter.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { froudeNumber } from '../../src/analysis/drum.js';
import { DRUM_CASES, risePerDecade, SUNDAY_2020_DRUM } from '../../src/validation/drum-case.js';

/** The angle (°) the stand-in runs report at rotation rate ω (rad/s); set by each test. */
let angleAt: (omega: number) => number = () => 0;

vi.mock('../../src/validation/scenario-run.js', async (importActual) => ({
  ...(await importActual<typeof import('../../src/validation/scenario-run.js')>()),
  runScenarioFile: async (_file: string, edit: (s: { walls: { motion: { rotation: { angularVelocity: number } } }[] }) => void) => {
    const scenario = { walls: [{ motion: { rotation: { angularVelocity: Number.NaN } } }] };
    edit(scenario);
    const omega = scenario.walls[0].motion.rotation.angularVelocity;
    return { analysis: { dynamicAngle_deg: angleAt(omega), dynamicAngleError_deg: 0.3, froude: froudeNumber(omega, 0.05, 9.81), regimes: [] } };
  },
}));

const drumCase = DRUM_CASES.find((c) => c.id === 'drum-angle')!;

afterEach(() => { angleAt = () => 0; });

describe('drum-angle case', () => {
  it('passes a bed that steepens with ω and fails one that flattens', async () => {
    angleAt = (omega) => 30 + 4 * omega;
    const rising = (await drumCase.run({})).checks.filter((k) => !k.shownOnly);
    expect(rising.map((k) => k.pass)).toEqual([true]);
    angleAt = (omega) => 40 - 4 * omega;
    const falling = (await drumCase.run({})).checks.filter((k) => !k.shownOnly);
    expect(falling.map((k) => k.pass)).toEqual([false]);
  });

  it("shows the runs' rise per decade of Fr beside Sunday et al.'s over Fr = 1e-3, 1e-2, 5e-2", async () => {
    angleAt = (omega) => 30 + 5 * Math.log10(froudeNumber(omega, 0.05, 9.81));
    const [row] = (await drumCase.run({})).checks.filter((k) => k.shownOnly);
    expect(row.value).toBeCloseTo(5, 9);
    const near = SUNDAY_2020_DRUM.angles.filter((p) => [1e-3, 1e-2, 5e-2].includes(p.froude));
    expect(row.referenceValue).toBeCloseTo(risePerDecade(near.map((p) => p.froude), near.map((p) => p.angle), near.map((p) => p.error)), 12);
    expect(row.reference).toContain('Fr = 0.001, 0.01, 0.05');
  });

  it('plots the published angles with their scatter beside the runs', async () => {
    angleAt = (omega) => 30 + 4 * omega;
    const { plot } = await drumCase.run({});
    const published = plot.series.find((s) => s.name.startsWith('Sunday et al.'))!;
    expect(published.y).toEqual(SUNDAY_2020_DRUM.angles.map((p) => p.angle));
    expect(published.error).toEqual(SUNDAY_2020_DRUM.angles.map((p) => p.error));
  });
});
