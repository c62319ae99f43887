/**
 * The command line end to end, as users and scripts drive it (the compiled CLI; `npm test` builds first).
 *  - every bad fixture: exit status 2, one line on stderr naming the field, no stack trace, no output directory;
 *  - a good scenario writes scenario.json, summary.json, series.csv, impact-statistics.csv, impacts.bin (exported as
 *    impacts.csv with the documented header) and energy.svg;
 *  - a scenario's analysis is printed as a headline, stored in summary.json and plotted;
 *  - the same scenario and seed run twice give byte-identical outputs apart from wall-clock fields.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_FIXTURES_DIRECTORY, rejectedOnLoad } from '../fixtures/bad/expected-fields.js';
import { grainflowInProcess } from '../helpers/cli-in-process.js';

const CLI = path.resolve('bin/grainflow.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function grainflow(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('grainflow run with bad input', () => {
  /** What a refusal of `file` must look like: status 2, one line naming `field`, no trace, nothing written. */
  function expectRefused(r: { status: number | null; stderr: string }, out: string, field: string) {
    expect(r.status, r.stderr).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(` ${field}: `);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.includes('partial'))).toEqual([]);
  }

  // Every fixture through the CLI's main in this process (a bug would throw out of it, failing the test, where the
  // process would print a trace); the spawned runs below show the process adds nothing to the refusal.
  it.each(Object.entries(rejectedOnLoad))(
    '%s exits 2 with one line naming %s and writes nothing',
    async (file, field) => {
      const out = path.join(scratch, `bad-${file}`);
      expectRefused(await grainflowInProcess(['run', path.join(BAD_FIXTURES_DIRECTORY, file), '--out', out, '--quiet']), out, field);
    },
  );

  // One fixture per stage that refuses a scenario: reading the file, the schema, the cross-field checks, the run's budget.
  it.each(['malformed-trailing-comma.json', 'contact-friction-misspelled.json', 'duplicate-contact-pair.json', 'duration-huge.json'])(
    '%s, end to end in a process of its own: exit status 2, the same one line, nothing written',
    (file) => {
      const out = path.join(scratch, `spawned-bad-${file}`);
      expectRefused(grainflow('run', path.join(BAD_FIXTURES_DIRECTORY, file), '--out', out, '--quiet'), out, rejectedOnLoad[file]);
    },
  );

  it('rejects bad command lines with one line pointing at the options and status 2', async () => {
    // The first end to end, the others through the CLI's main in this process.
    for (const [args, problem] of [[['run'], 'missing <scenario.json>'], [['run', 'scenarios/two-spheres.json'], 'missing --out <dir>'],
      [['run', 'scenarios/two-spheres.json', '--out', 'x', '--workers', '0'], '--workers must be a whole number >= 1 (got "0")']] as const) {
      const r = args.length === 1 ? grainflow(...args) : await grainflowInProcess([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`grainflow: ${problem} (options: grainflow run --help)\n`);
    }
    // Without a known command: the list of commands (test/cli/commands.test.ts, which also spawns these).
    for (const args of [[], ['fly', 'x']]) {
      const r = await grainflowInProcess(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: grainflow <command>');
      expect(r.stderr).toMatch(/^ {2}run {2,}/m);
    }
  });
});

describe('grainflow run scenarios/two-spheres.json', () => {
  const runTwice = [1, 2].map((k) => {
    const out = path.join(scratch, `two-spheres-${k}`);
    const r = grainflow('run', 'scenarios/two-spheres.json', '--out', out, '--quiet', '--workers', '1');
    // Every collision is in impacts.bin (outputs.impactRecords); impacts.csv is its export.
    const exported = grainflow('export', 'impacts', out);
    return { out, r, exported };
  });
  const file = (k: number, name: string) => readFileSync(path.join(runTwice[k].out, name), 'utf8');

  it('succeeds quietly and writes its outputs, the energy plot and the viewer frames', () => {
    for (const { r, out, exported } of runTwice) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(exported.stdout).toBe(`2 collisions → ${path.resolve(out, 'impacts.csv')}\n`);
      // .grainflow-output: the marker that lets --force replace the run later (docs/outputs.md, "Safety of your files").
      expect(readdirSync(out).sort()).toEqual(['.grainflow-output', 'contact-trace.csv', 'contact-trace.svg', 'energy.svg', 'frames',
        'impact-statistics.csv', 'impacts.bin', 'impacts.csv', 'scenario.json', 'series.csv', 'summary.json']);
    }
  });

  it('records both collisions in impacts.csv with the documented header and e ≈ 0.7', () => {
    const [header, ...rows] = file(0, 'impacts.csv').trimEnd().split('\n');
    expect(header.startsWith('t_start,duration,i,j,impact_speed,rebound_speed,restitution,max_overlap,max_normal_force'))
      .toBe(true);
    expect(rows).toHaveLength(2);
    const cols = rows.map((row) => Object.fromEntries(header.split(',').map((name, k) => [name, row.split(',')[k]])));
    const byPair = Object.fromEntries(cols.map((c) => [`${c.i}-${c.j}`, c]));
    // Head-on: normal approach 0.3 m/s. Oblique: centres 10 mm apart across the line of motion at contact
    // (R_i + R_j = 40 mm), so the normal takes cos(asin(10/40)) of the 0.3 m/s.
    expect(Number(byPair['0-1'].impact_speed)).toBeCloseTo(0.3, 6);
    expect(Number(byPair['2-3'].impact_speed)).toBeCloseTo(0.3 * Math.cos(Math.asin(0.25)), 4);
    for (const c of cols) expect(Math.abs(Number(c.restitution) - 0.7)).toBeLessThan(0.003);
  });

  it('traces every step of both contacts, from zero crossing to zero crossing; the loop peaks at the peak force of impacts.csv', () => {
    const [header, ...rows] = file(0, 'contact-trace.csv').trimEnd().split('\n');
    expect(header).toBe('t,i,j,overlap,normal_force,tangential_force,approach_speed');
    const values = rows.map((row) => row.split(',').map(Number));
    const [impactHeader, ...impactRows] = file(0, 'impacts.csv').trimEnd().split('\n');
    const column = (name: string) => impactHeader.split(',').indexOf(name);
    for (const [k, pair] of [[0, [0, 1]], [1, [2, 3]]] as const) {
      const mine = values.filter((v) => v[1] === pair[0] && v[2] === pair[1]);
      // t_c ≈ 100 µs at dt ≈ t_c/50: the trace holds every step of the contact.
      expect(mine.length).toBeGreaterThan(40);
      const [first, last] = [mine[0], mine[mine.length - 1]];
      expect(mine.slice(1, -1).every((v) => v[3] > 0)).toBe(true);
      // The first and last rows are the zero crossings impacts.csv reports (interpolated within their steps).
      const impact = impactRows.find((r) => r.split(',')[2] === String(pair[0]))!.split(',').map(Number);
      expect([first[3], first[4], last[3], last[4]]).toEqual([0, 0, 0, 0]);
      expect(Math.abs(first[0] - impact[column('t_start')])).toBeLessThan(1e-8 * impact[column('duration')]);
      expect(Math.abs(last[0] - first[0] - impact[column('duration')])).toBeLessThan(1e-8 * impact[column('duration')]);
      const peak = Math.max(...mine.map((v) => v[4]));
      expect(peak / impact[column('max_normal_force')]).toBeCloseTo(1, 9);
      // Only the oblique impact has tangential force.
      const tangential = Math.max(...mine.map((v) => v[5]));
      if (k === 0) expect(tangential).toBeLessThan(1e-9 * peak);
      else expect(tangential).toBeGreaterThan(1e-3 * peak);
    }
    expect(file(0, 'contact-trace.svg')).toContain('Normal force against overlap');
  });

  it('lists the final state of every particle and the derived constants', () => {
    const summary = JSON.parse(file(0, 'summary.json'));
    expect(summary.final.particles.map((p: { id: number }) => p.id)).toEqual([0, 1, 2, 3]);
    const scenario = JSON.parse(file(0, 'scenario.json'));
    const [cls] = scenario.derived.contactClasses;
    expect(cls.materials).toEqual(['aluminium', 'aluminium']);
    expect(cls.normal.alpha).toBeCloseTo(0.2733, 4);
    expect(cls.atMeanRadii.K_N_per_m1_5).toBeCloseTo(5.5e9, -3);
    expect(file(0, 'series.csv').split('\n')[0])
      .toBe('t,kinetic_energy,rotational_energy,potential_energy,elastic_energy,total_energy,contacts,max_overlap_ratio');
  });

  it('is deterministic: outputs are byte-identical apart from wall-clock fields', () => {
    for (const name of ['scenario.json', 'series.csv', 'impact-statistics.csv', 'impacts.bin', 'impacts.csv', 'energy.svg']) {
      expect(file(1, name)).toBe(file(0, name));
    }
    const strip = (text: string) => ({ ...JSON.parse(text), performance: undefined });
    expect(strip(file(1, 'summary.json'))).toEqual(strip(file(0, 'summary.json')));
    expect(JSON.stringify(strip(file(1, 'summary.json')))).toBe(JSON.stringify(strip(file(0, 'summary.json'))));
  });
});

describe('grainflow run scenarios/bouncing-ball.json (analysis "bounces")', () => {
  const out = path.join(scratch, 'bouncing-ball');
  const r = grainflow('run', 'scenarios/bouncing-ball.json', '--out', out);

  it('prints the restitution per bounce and plots the apex heights', () => {
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/bouncing-ball: \d+ bounces; restitution 0\.79\d\d, /);
    for (const name of ['bounces.svg', 'restitution.svg']) expect(readFileSync(path.join(out, name), 'utf8')).toContain('<svg');
  });

  it('stores e ≈ 0.8 per bounce, and apex heights R + (H0 − R)·Π e_k² of the measured e (ballistic flight)', () => {
    const { analysis } = JSON.parse(readFileSync(path.join(out, 'summary.json'), 'utf8'));
    expect(analysis.type).toBe('bounces');
    const complete = analysis.bounces.filter((b: { apexHeight: number | null }) => b.apexHeight !== null);
    expect(complete.length).toBeGreaterThanOrEqual(5);
    let energyFraction = 1;
    for (const b of complete.slice(0, 5)) {
      expect(Math.abs(b.restitution - 0.8)).toBeLessThan(0.003);
      energyFraction *= b.restitution ** 2;
      // Apexes are sampled every outputs.interval (1 ms): g·dt²/8 ≈ 1e-6 m; the contact itself shifts them ~1e-4.
      expect(Math.abs(b.apexHeight - (0.1 + 0.9 * energyFraction))).toBeLessThan(2e-4);
    }
  });
});

describe('grainflow with its output closed early (`grainflow … | head`)', () => {
  it('stops quietly with status 0 instead of crashing on EPIPE', async () => {
    const child = spawn(process.execPath, [CLI, 'calibrate', '--model', 'tsuji', '--restitution', '0.5',
      '--out', path.join(scratch, 'calibrate-epipe')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    // Like `head -1`: read the first chunk, then close the pipe while the command still has lines to write.
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(status).toBe(0);
  });
});
