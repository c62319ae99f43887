/**
 * What a run will cost, refused before it starts (src/run/run-budget.ts, issue 12): steps and the estimated
 * wall-clock time (unless maxSteps allows them), output times and bytes, memory, threads; and the automatic time
 * step never longer than the run. Each limit is checked on both sides of it, so a limit that never trips fails here.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/base/scenario-error.js';
import {
  cappedThreads, checkMemory, checkOutputs, checkRunLength, DEFAULT_MAX_STEPS, MAX_ESTIMATED_SECONDS, MAX_OUTPUT_TIMES,
  WARN_OUTPUT_FILES,
} from '../../src/run/run-budget.js';
import { createSetup } from '../../src/run/setup.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { editedScenario } from '../helpers/edited-scenario.js';

function refusal(action: () => unknown): ScenarioError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).not.toContain('\n');
    return error as ScenarioError;
  }
  throw new Error('accepted');
}

const run = { dt: 1e-6, duration: 1, spheres: 0, lanes: 1, dtReason: 'dt is time.dt' };

describe('run length', () => {
  it('allows 1e9 steps and refuses one more, naming both numbers and the fields', () => {
    expect(() => checkRunLength({ ...run, steps: DEFAULT_MAX_STEPS })).not.toThrow();
    expect(() => checkRunLength({ ...run, steps: DEFAULT_MAX_STEPS + 1 })).toThrow(ScenarioError);
    const error = refusal(() => checkRunLength({ ...run, steps: 2e9, duration: 2000 }));
    expect(error.field).toBe('time');
    expect(error.message).toContain('more than 1e+9 steps');
    expect(error.message).toContain('time.duration 2000 s / dt 1e-6 s = 2e+9 steps; dt is time.dt');
    expect(error.message).toContain('--max-steps');
  });

  it('refuses an estimated week of wall-clock time below 1e9 steps', () => {
    // 1e8 steps of 1e6 spheres on one thread: at least 5e-2 s per step, 5e6 s in all.
    const big = { ...run, steps: 1e8, spheres: 1e6 };
    const error = refusal(() => checkRunLength(big));
    expect(error.message).toMatch(/^time: 1e\+8 steps of 1000000 spheres take at least 5e\+6 s \(58 days; the limit is 7 days\)/);
    // The same run on enough threads to fit in a week passes.
    const threads = Math.ceil((1e8 * 1e6 * 5e-8) / (MAX_ESTIMATED_SECONDS - 1e8 * 5e-6));
    expect(() => checkRunLength({ ...big, lanes: threads })).not.toThrow();
    expect(() => checkRunLength({ ...big, lanes: threads - 1 })).toThrow(ScenarioError);
  });

  it('lets maxSteps allow a longer run, and refuses a run longer than maxSteps', () => {
    expect(() => checkRunLength({ ...run, steps: 1e12, maxSteps: 1e12 })).not.toThrow();
    expect(() => checkRunLength({ ...run, steps: 1e8, spheres: 1e6, maxSteps: 1e8 })).not.toThrow();
    const error = refusal(() => checkRunLength({ ...run, steps: 11, maxSteps: 10 }));
    expect(error.message).toContain('more steps than the 10 allowed');
  });

  it('refuses a time step that is not a positive number whatever maxSteps says', () => {
    expect(() => checkRunLength({ ...run, steps: Infinity, dt: 0, maxSteps: 1e300 })).toThrow(/not a positive number/);
  });

  it('sets up a run of 6e17 steps when maxSteps allows it (createSetup)', () => {
    const checked = loadScenarioFile('test/fixtures/bad/duration-huge.json');
    expect(() => createSetup(checked)).toThrow(/more than 1e\+9 steps/);
    expect(createSetup(checked, { maxSteps: 1e18 }).steps).toBeGreaterThan(6e17);
  });

  // The defect caught: a duration or output interval silently rounded to whole steps (2 ms at dt 0.7 ms ran 2.1 ms).
  it('warns when whole steps of a given dt move the duration or the output interval by more than 1 %', () => {
    const warnings = (duration: number, dt: number, interval: number) => createSetup(editedScenario(
      'test/fixtures/bad/density-zero.json', (s) => {
        s.materials.steel.density = 7800;
        s.time = { duration, dt };
        s.outputs = { ...s.outputs, interval };
      })).warnings.filter((w) => w.includes('whole number of time steps'));
    expect(warnings(2e-3, 7e-4, 1e-3)).toEqual([
      'time.duration = 0.002 s is not a whole number of time steps (dt = 0.0007 s): the run ends at 3 steps, 0.002100 s',
      'outputs.interval = 0.001 s is not a whole number of time steps (dt = 0.0007 s): rows are written every 1 step, 0.0007000 s',
    ]);
    // Steps that do not divide the times but round them by under 1 %, and steps that divide them: no warning.
    expect(warnings(2e-3, 1.005e-5, 1e-3)).toEqual([]);
    expect(warnings(2e-3, 1e-5, 1e-3)).toEqual([]);
  });

  it('never takes an automatic time step longer than the run', () => {
    // E = 1 Pa: the Rayleigh time of a 10 mm steel sphere is ~10 s, a thousand times the 10 ms run.
    const setup = createSetup(editedScenario('test/fixtures/bad/density-zero.json', (s) => {
      s.materials.steel.density = 7800;
      s.materials.steel.youngsModulus = 1;
    }));
    expect(setup.dt).toBe(0.01);
    expect(setup.steps).toBe(1);
  });
});

describe('outputs', () => {
  const outputs = { outputEvery: 1, outputInterval: 1e-6, spheres: 10, frames: true, vtk: false };
  it('refuses more than MAX_OUTPUT_TIMES output times', () => {
    expect(() => checkOutputs({ ...outputs, steps: MAX_OUTPUT_TIMES - 1 })).not.toThrow();
    const error = refusal(() => checkOutputs({ ...outputs, steps: MAX_OUTPUT_TIMES }));
    expect(error.field).toBe('outputs.interval');
    expect(error.message).toContain(`gives ${MAX_OUTPUT_TIMES + 1} output times (series rows, frames); the limit is ${MAX_OUTPUT_TIMES}`);
  });

  it('warns about more than WARN_OUTPUT_FILES frame files, not about series rows alone', () => {
    expect(checkOutputs({ ...outputs, steps: WARN_OUTPUT_FILES - 1 })).toEqual([]);
    expect(checkOutputs({ ...outputs, steps: WARN_OUTPUT_FILES })[0]).toMatch(/^outputs\.interval: .* writes 10001 frames/);
    expect(checkOutputs({ ...outputs, steps: WARN_OUTPUT_FILES, frames: false })).toEqual([]);
  });

  it('refuses more than 100 GB of frames and VTK files', () => {
    // 1e5 output times at 96 B per sphere (frame and VTK): 10 000 spheres (96 GB) pass, 11 000 (106 GB) do not.
    const many = { ...outputs, steps: MAX_OUTPUT_TIMES - 1, vtk: true };
    expect(() => checkOutputs({ ...many, spheres: 10_000 })).not.toThrow();
    expect(refusal(() => checkOutputs({ ...many, spheres: 11_000 })).message).toContain('about 106 GB; the limit is 100 GB');
  });
});

describe('memory and threads', () => {
  it('refuses more spheres than the machine holds, naming the field and both numbers', () => {
    const scenario = (count: number) => editedScenario('test/fixtures/bad/insert-count-huge-pour.json', (json) => {
      json.insert[0].count = count;
    });
    expect(() => checkMemory(scenario(100_000))).not.toThrow();
    const error = refusal(() => checkMemory(scenario(1e8)));
    expect(error.field).toBe('insert[0].count');
    expect(error.message).toMatch(/^insert\[0\]\.count: 100000000 spheres in all need about [\d.]+ GB of (memory|JavaScript heap)/);
    expect(error.message).toMatch(/more than (the|its limit of) [\d.]+ GB/);
  });

  it('refuses more spheres than the 4 GiB kernel memory holds, even where the machine has the memory', () => {
    // 7 M spheres: about 6 GB of memory (this machine and CI have more), 9.1 GB of kernel memory with collision
    // records (1 296 B per sphere), 4.5 GB without (636 B): over the 4.29 GB either way; 2 M with records fit (2.6 GB).
    const scenario = (count: number, impacts: boolean) => editedScenario('test/fixtures/bad/insert-count-huge-pour.json', (json) => {
      json.insert[0].count = count;
      json.outputs = { ...json.outputs, impacts };
    });
    expect(() => checkMemory(scenario(2_000_000, true))).not.toThrow();
    for (const impacts of [true, false]) {
      const error = refusal(() => checkMemory(scenario(7_000_000, impacts)));
      expect(error.field).toBe('insert[0].count');
      expect(error.message).toMatch(/^insert\[0\]\.count: 7000000 spheres in all need about [\d.]+ GB of kernel memory/);
      expect(error.message).toContain('more than the 4.29 GB a WebAssembly memory can hold');
      expect(error.message.includes('outputs.impacts false saves')).toBe(impacts);
    }
  });

  it('counts the spring rows of micro-slip in the kernel memory: 4 M spheres fit with mindlin, not with mindlin-deresiewicz', () => {
    // Without collision records a pair holds 7 doubles of history with mindlin, 32 with the spring row of
    // mindlin-deresiewicz (forces/contact.ts historyStride): about 0.64 against 1.6 kB per sphere, so 4 M spheres
    // need 2.5 GB or 6.5 GB of the 4.29 GB. Catches a budget that sizes every run by the short history.
    const scenario = (tangential: 'mindlin' | 'mindlin-deresiewicz') => editedScenario('test/fixtures/bad/insert-count-huge-pour.json', (json) => {
      json.insert[0].count = 4_000_000;
      json.outputs = { ...json.outputs, impacts: false };
      json.contact = { ...json.contact, friction: 0.3, tangential: { model: tangential } };
    });
    expect(() => checkMemory(scenario('mindlin'))).not.toThrow();
    const error = refusal(() => checkMemory(scenario('mindlin-deresiewicz')));
    expect(error.message).toMatch(/^insert\[0\]\.count: 4000000 spheres in all need about [\d.]+ GB of kernel memory/);
  });

  it('caps threads at the cores with a warning', () => {
    const cores = os.availableParallelism();
    expect(cappedThreads(cores)).toEqual({ lanes: cores });
    const capped = cappedThreads(100_000);
    expect(capped.lanes).toBe(cores);
    expect(capped.warning).toContain(`workers = 100000 is more than the ${cores} cores`);
  });

  it('keeps the thread warning out of the scenario warnings (it is about the machine, not the run)', () => {
    const setup = createSetup(loadScenarioFile('test/fixtures/settle-2k.json'), { workers: 100_000 });
    expect(setup.lanes).toBe(os.availableParallelism());
    expect(setup.machineWarnings).toHaveLength(1);
    expect(setup.warnings.join('\n')).not.toContain('cores');
  });
});
