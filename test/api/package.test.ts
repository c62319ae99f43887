/**
 * The library as a user installs it (the built package; `npm test` builds first): a scratch directory whose
 * node_modules/grainflow is this repository, scripts run there with `node` that import from 'grainflow', and a
 * TypeScript file type-checked there against the emitted declarations with the repository's tsc.
 *  - the example of docs/library.md ("Use as a library") is examples/restitution-sweep.mjs, verbatim; run, it delivers the
 *    Kuwabara–Kono law's target e = 0.8 at its reference speed 0.5 m/s within ±0.003, e falling with impact speed,
 *    and each run's e within ±0.002 of calibrateLaw's single impact at the same speed;
 *  - the stepping example of docs/library.md ("Stepping a simulation") is examples/coupling-loop.mjs, verbatim; run,
 *    the Stokes drag the script applies brings each bead to its terminal speed 2R²ρg/(9μ) within 0.5 %;
 *  - a user script (fixtures/user-script.mjs): the bouncing ball of Safaeifar 2020 (docs/physics.md §7.9) bounces
 *    with e = 0.8 ± 0.003, its total energy never rises and ends at m·g·R (at rest on the floor); errors are the
 *    exported classes with one-line messages; an AbortSignal stops a run that resumeRun then finishes
 *    byte-identical to an uninterrupted one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve('.');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-api-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
mkdirSync(path.join(scratch, 'node_modules'));
symlinkSync(root, path.join(scratch, 'node_modules', 'grainflow'), 'dir');

/** Runs a script of the scratch directory with node, its temporary files inside the scratch directory. */
function runScript(file: string, ...args: string[]): string {
  const r = spawnSync(process.execPath, [file, ...args], {
    cwd: scratch, encoding: 'utf8', env: { ...process.env, TMPDIR: scratch },
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return r.stdout;
}

describe('the library example of docs/library.md', () => {
  const example = readFileSync('examples/restitution-sweep.mjs', 'utf8');

  it('is examples/restitution-sweep.mjs, verbatim', () => {
    expect(readFileSync('docs/library.md', 'utf8')).toContain(`\`\`\`js\n${example}\`\`\``);
  });

  it('runs against the installed package: KK delivers e = 0.8 at 0.5 m/s, less at higher speeds', () => {
    copyFileSync('examples/restitution-sweep.mjs', path.join(scratch, 'restitution-sweep.mjs'));
    const lines = runScript('restitution-sweep.mjs').trimEnd().split('\n');
    const rows = lines.map((line) => {
      const m = /^v0 = ([\d.]+) m\/s: e = ([\d.]+) \(run\), ([\d.]+) \(calibrateLaw\)$/.exec(line);
      expect(m, line).not.toBeNull();
      return { speed: Number(m![1]), run: Number(m![2]), single: Number(m![3]) };
    });
    expect(rows.map((r) => r.speed)).toEqual([0.05, 0.2, 0.5, 2]);
    expect(Math.abs(rows[2].run - 0.8)).toBeLessThan(0.003);
    for (const r of rows) expect(Math.abs(r.run - r.single)).toBeLessThan(0.002);
    // Viscoelastic damping: 1 − e grows with impact speed (as v^{1/5} for weak damping).
    for (let k = 1; k < rows.length; k++) expect(rows[k].run).toBeLessThan(rows[k - 1].run);
    expect(rows[0].run).toBeLessThan(1);
  });
});

describe('the stepping example of docs/library.md', () => {
  const example = readFileSync('examples/coupling-loop.mjs', 'utf8');

  it('is examples/coupling-loop.mjs, verbatim', () => {
    expect(readFileSync('docs/library.md', 'utf8')).toContain(`\`\`\`js\n${example}\`\`\``);
  });

  it('runs against the installed package: Stokes drag applied by the script brings each bead to its terminal speed', () => {
    copyFileSync('examples/coupling-loop.mjs', path.join(scratch, 'coupling-loop.mjs'));
    const lines = runScript('coupling-loop.mjs').trimEnd().split('\n');
    const beads = lines.map((line) => {
      const m = /^bead (\d) \(R = ([\d.]+) mm\): falls at ([\d.]+) m\/s, Stokes terminal speed ([\d.]+) m\/s$/.exec(line);
      expect(m, line).not.toBeNull();
      return { radius: Number(m![2]) * 1e-3, speed: Number(m![3]), terminal: Number(m![4]) };
    });
    expect(beads.map((b) => b.radius)).toEqual([0.75e-3, 1e-3, 1.25e-3]);
    for (const b of beads) {
      // v = 2R²ρg / (9μ), ρ = 2500 kg/m³, μ = 0.05 Pa·s: reached within 0.5 % (the largest bead entered last at 0.77 m/s).
      expect(b.terminal).toBeCloseTo((2 * b.radius ** 2 * 2500 * 9.81) / (9 * 0.05), 4);
      expect(Math.abs(b.speed / b.terminal - 1)).toBeLessThan(0.005);
    }
  });
});

describe('a user script importing grainflow', () => {
  const work = path.join(scratch, 'work');
  let result: any; // the script's JSON report
  beforeAll(() => {
    copyFileSync('test/api/fixtures/user-script.mjs', path.join(scratch, 'user-script.mjs'));
    mkdirSync(work);
    result = JSON.parse(runScript('user-script.mjs', work));
  });

  it('reads the version from package.json', () => {
    expect(result.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });

  it('runs the bouncing ball: e = 0.8 per bounce, energy never rises and ends at m·g·R', () => {
    expect(result.summary.analysisType).toBe('bounces');
    expect(result.summary.impacts).toBe(result.read.impacts.length);
    const firstBounces = result.read.bounces.slice(0, 5);
    expect(firstBounces).toHaveLength(5);
    for (const e of firstBounces) expect(Math.abs(e - 0.8)).toBeLessThan(0.003);
    for (const impact of result.read.impacts) expect(impact.j).toBe('wall:0');
    expect(result.read.impacts[0].restitution).toBe(result.read.bounces[0]);
    const energy: number[] = result.read.totalEnergy;
    // m = 1 kg dropped from 1 m: E0 = m·g·h = 9.8 J; at rest on the floor its centre is at R = 0.1 m.
    expect(energy[0]).toBeCloseTo(9.8, 9);
    let lowest = energy[0];
    for (const e of energy) {
      expect(e).toBeLessThanOrEqual(lowest + 1e-9 * energy[0]);
      lowest = Math.min(lowest, e);
    }
    expect(Math.abs(energy[energy.length - 1] - 9.8 * 0.1)).toBeLessThan(1e-3 * 9.8 * 0.1);
    expect(result.read.resolvedDt).toBe(result.read.summaryDt);
  });

  it('reports progress up to the last step', () => {
    expect(result.progress.calls).toBeGreaterThan(0);
    expect(result.progress.last.step).toBe(result.summary.steps);
    expect(result.progress.last.particleSteps).toBe(result.summary.steps);
  });

  it('throws the exported error classes with one-line messages naming the field', () => {
    expect(result.badScenario).toMatchObject({ is: true, field: 'contact.normal.restitution' });
    expect(result.badScenario.message).toMatch(/^contact\.normal\.restitution: must be in \(0, 1\]/);
    expect(result.editedCopy).toMatchObject({ is: true, field: 'skin' });
    expect(result.refused).toEqual({
      is: true, message: `out ${path.join(work, 'reference')} already exists (an earlier run?); pass force: true to replace it`,
    });
    expect(result.readMissing).toEqual({ is: true, message: `${path.join(work, 'nowhere')} does not exist` });
    expect(result.badCalibration).toMatchObject({ is: true, field: 'radius' });
    expect(result.badLaw).toMatchObject({ is: true, field: 'contact.normal.chi' });
    for (const error of [result.badScenario, result.editedCopy, result.refused, result.readMissing, result.badCalibration, result.badLaw]) {
      expect(error.message).not.toContain('\n');
    }
  });

  it('stops a run through its AbortSignal with a checkpoint; resumeRun ends byte-identical', () => {
    expect(result.interrupted.is).toBe(true);
    expect(result.interrupted.signal).toBe('abort');
    expect(result.interrupted.message).toMatch(/^abort at step \d+ of \d+ .*checkpoint .*step-\d+\.gfck written/);
    expect(result.resumeNotices).toEqual([expect.stringMatching(/^resuming from .*step-\d+\.gfck$/)]);
    expect(result.resumedIdentical).toBe(true);
  });

  it('calibrates a law: Tsuji at e = 0.5 delivers 0.5 at every speed and reports α = 0.5708', () => {
    for (const e of result.calibration.e) expect(Math.abs(e - 0.5)).toBeLessThan(0.002);
    expect(result.calibration.constant.name).toBe('alpha');
    expect(result.calibration.constant.value).toBeCloseTo(0.5708, 4);
  });
});

describe('the type declarations', () => {
  it('type-check a TypeScript user file, and reject a misuse', () => {
    const dir = path.join(scratch, 'typed');
    mkdirSync(dir);
    symlinkSync(path.join(scratch, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
        skipLibCheck: false, types: [],
      },
      files: ['sweep.ts'],
    }));
    writeFileSync(path.join(dir, 'sweep.ts'), `
import {
  calibrateLaw, createSimulation, loadScenario, parseScenario, readRun, resumeRun, runScenario, ScenarioError, version,
  type Collision, type Contact, type ImpactRow, type LawCalibration, type Progress, type RunSummary, type Scenario,
  type SeriesRow, type Simulation, type StateViews,
} from 'grainflow';

const base: Scenario = loadScenario('scenarios/pile.json');
export async function sweep(frictions: number[]): Promise<number[]> {
  const angles: number[] = [];
  for (const mu of frictions) {
    const scenario = parseScenario({ ...base, contact: { ...base.contact, friction: mu } });
    const controller = new AbortController();
    const summary: RunSummary = await runScenario(scenario, {
      out: \`runs/mu-\${mu}\`, workers: 2, force: true, signal: controller.signal,
      onProgress: (p: Progress) => { if (p.elapsedSeconds > 600) controller.abort(); },
    });
    angles.push(Number(summary.analysis?.angleDegrees));
  }
  return angles;
}
const rows: SeriesRow[] = readRun('runs/x').series;
const energy: number = rows[0].total_energy;
const impact: ImpactRow = readRun('runs/x').impacts[0];
const wall: string | number = impact.j;
const e: number | null = impact.restitution;
const calibration: LawCalibration = calibrateLaw({ model: 'kuwabara-kono', restitution: 0.8 }, { speeds: [0.1, 1] });
const delivered: number = calibration.rows[0].restitution;
const resumed: Promise<RunSummary> = resumeRun('runs/x', { workers: 1 });
const field: string = new ScenarioError('a', 'b').field;
const v: string = version;
export async function couple(scenario: Scenario): Promise<number> {
  const sim: Simulation = await createSimulation(scenario, { workers: 1 });
  const { ids, positions }: StateViews = sim.state;
  sim.setExternalForces([ids[0]], [0, 0, positions[2] > 0 ? -1e-3 : 0]);
  const ended: Collision[] = sim.step(10);
  const contact: Contact | undefined = sim.contacts()[0];
  const total: number = sim.energies().total + ended.length + (contact?.overlap ?? 0);
  await sim.dispose();
  return total;
}
export { energy, wall, e, delivered, resumed, field, v };
`);
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
    expect(() => execFileSync(tsc, ['-p', dir], { encoding: 'utf8' })).not.toThrow();

    // Misuses the declarations must catch: an unknown option, a wrong type and a write through a state view.
    writeFileSync(path.join(dir, 'sweep.ts'), `
import { runScenario, parseScenario, type Simulation } from 'grainflow';
void runScenario(parseScenario({}), { out: 'x', wrkers: 2 });
const e: string = 1 as unknown as Awaited<ReturnType<typeof runScenario>>['steps'];
declare const sim: Simulation;
sim.state.positions[0] = 1;
export { e };
`);
    const r = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain("'wrkers' does not exist");
    expect(r.stdout).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(r.stdout).toMatch(/Index signature in type .* only permits reading/);
  });
});
