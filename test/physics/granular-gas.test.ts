/**
 * Homogeneous cooling of a granular gas in a periodic box, no gravity (issue #4): the granular temperature
 * follows T0/(1 + t/τ)^p with p = 2 for constant restitution (Haff 1983; Tsuji law) and p = 5/3 for viscoelastic
 * spheres (Brilliantov & Pöschel 2000, 1 − e ∝ v^{1/5}). The runs are scenarios/granular-gas*.json as shipped:
 * 500 soft spheres (E = 10 MPa, r = 1 mm), φ = 0.1, fitted to t ≈ 20τ; measured p = 2.081 and 1.693, 5–15 s
 * each on one core. The +0.08 of Haff's p comes mostly from the soft contacts: they last ~10 % of the free flight
 * at first, less as the gas cools, so the collision rate rises relative to hard spheres.
 * GRAINFLOW_LONG_TESTS=1 runs them 4× larger (2 000 spheres) and 10× stiffer (E = 100 MPa, dt 1.2 µs), where
 * contacts last a smaller fraction of the free flight, with a tighter tolerance: measured p = 1.967 (80 s) and,
 * over 0.8 s instead of 0.6 s, 1.702 (220 s on a loaded machine).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CoolingFit } from '../../src/analysis/cooling.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory, type RunSummary } from '../../src/run/run.js';
import { editedScenario } from '../helpers/edited-scenario.js';
import { LONG_TESTS } from '../helpers/tiers.js';

/** Allowed |p − p_theory|: the issue's ±0.2 for the short runs; ±0.1 for the long ones (measured within 0.04). */
const TOLERANCE = LONG_TESTS ? 0.1 : 0.2;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-gas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The long variant: 4× the spheres in a box 4^{1/3} times longer (same φ), E × 10 and dt / 2.5. */
function longVariant(s: Scenario): void {
  const grow = Math.cbrt(4);
  s.periodic!.max = s.periodic!.max.map((x) => x * grow) as Scenario['periodic'] extends { max: infer V } ? V : never;
  const region = s.insert[0].region;
  if (region.type !== 'box') throw new Error('the gas scenarios insert into a box');
  region.max = region.max.map((x) => x * grow) as typeof region.max;
  s.insert[0].count *= 4;
  s.materials.soft.youngsModulus *= 10;
  s.time.dt = (s.time.dt as number) / 2.5;
}

async function coolingRun(file: string): Promise<{ summary: RunSummary; fit: CoolingFit; out: string }> {
  const scenario = editedScenario(file, (s) => { if (LONG_TESTS) longVariant(s); });
  const out = path.join(scratch, path.basename(file, '.json'));
  const summary = await runToDirectory(createSetup(scenario), out);
  const result = summary.analysis as unknown as { fit: CoolingFit | null; error?: string };
  expect(result.error).toBeUndefined();
  return { summary, fit: result.fit!, out };
}

/**
 * Clustering shows as number fluctuations far above those of a random gas: the variance of the counts in 3×3×3
 * cells over its binomial value N·q(1 − q), q = 1/27 (hard-core exclusion makes a homogeneous gas lower still).
 */
function clusteringRatio(summary: RunSummary, side: number): number {
  const counts = new Array<number>(27).fill(0);
  for (const p of summary.final.particles!) {
    const cell = p.position.map((x) => Math.min(2, Math.floor((3 * x) / side)));
    counts[cell[0] + 3 * cell[1] + 9 * cell[2]]++;
  }
  const n = summary.particles, mean = n / 27;
  const variance = counts.reduce((s, c) => s + (c - mean) ** 2, 0) / 27;
  return variance / (n * (1 / 27) * (26 / 27));
}

function checkCooling(summary: RunSummary, fit: CoolingFit, out: string, side: number): void {
  // Late times were reached (t ≫ τ: the exponent is the asymptotic slope), the gas stayed homogeneous, and the
  // law's form describes the whole record (a few % of rms scatter in ln T for 500 spheres).
  expect(fit.to / fit.tau).toBeGreaterThan(15);
  expect(clusteringRatio(summary, side)).toBeLessThan(2);
  expect(fit.rmsLogResidual).toBeLessThan(0.05);
  expect(readFileSync(path.join(out, 'temperature.svg'), 'utf8')).toMatch(/^<svg/);
}

describe(`granular gas cooling in a periodic box (${LONG_TESTS ? 'long' : 'short'} runs)`, () => {
  it(`constant e = 0.8 (Tsuji): Haff's law, p = 2 ± ${TOLERANCE}`, async () => {
    const { summary, fit, out } = await coolingRun('scenarios/granular-gas.json');
    checkCooling(summary, fit, out, 0.02757 * (LONG_TESTS ? Math.cbrt(4) : 1));
    expect(Math.abs(fit.exponent - 2)).toBeLessThan(TOLERANCE);
  });

  it(`viscoelastic (Brilliantov, e = 0.9 at 2 m/s): p = 5/3 ± ${TOLERANCE}`, async () => {
    const { summary, fit, out } = await coolingRun('scenarios/granular-gas-brilliantov.json');
    checkCooling(summary, fit, out, 0.02757 * (LONG_TESTS ? Math.cbrt(4) : 1));
    expect(Math.abs(fit.exponent - 5 / 3)).toBeLessThan(TOLERANCE);
    // Distinguishable from Haff: the speed-dependent restitution slows the cooling.
    expect(fit.exponent).toBeLessThan(1.9);
  }, LONG_TESTS ? 1_200_000 : undefined);
});
