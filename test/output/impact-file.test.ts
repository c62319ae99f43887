/**
 * The collision outputs (issue 26, "the defaults cost ≤ 10 %"): every run keeps impact-statistics.csv, per output
 * interval and source; with outputs.impactRecords it also keeps every collision in impacts.bin, which reads back bit
 * for bit and exports to the impacts.csv of older runs (`grainflow export impacts`). Checked on a small lattice fall
 * (400 spheres onto a floor, the vs-lammps bed scaled down): the records are exactly what the engine reported, the
 * statistics are exactly those of the records, and the default file stays small however many collisions there are.
 * A run that writes only the statistics has the engine keep only what they read of each collision: the same values.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedScenario, latticeBed, writeSphereFile } from '../../bench/lattice-bed.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';
import { runToDirectory } from '../../src/run/run.js';
import { parseScenario } from '../../src/scenario/load.js';
import {
  IMPACT_RECORD_BYTES, ImpactFileError, ImpactFileReader, ImpactFileWriter, IMPACTS_HEADER, writeImpactsCsv,
} from '../../src/output/impact-file.js';
import { IMPACT_STATISTICS_HEADER } from '../../src/output/impact-statistics.js';
import { readRun } from '../../src/api/read-run.js';
import { readMarker } from '../../src/output/output-marker.js';
import { grainflow } from '../helpers/privileges.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-impact-file-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const bed = latticeBed(10, 4);
const STEPS = 3000;
writeSphereFile(bed, path.join(scratch, 'spheres.csv'));
const scenario = (outputs: object) => parseScenario({ ...(bedScenario(bed, STEPS, 1, 'spheres.csv') as object), outputs }, scratch);

const withRecords = path.join(scratch, 'records');
const defaults = path.join(scratch, 'defaults');
let engineRecords: ImpactRecord[];

beforeAll(async () => {
  await runToDirectory(createSetup(scenario({ impactRecords: true })), withRecords);
  await runToDirectory(createSetup(scenario({})), defaults);
  // The same run stepped by hand: the collisions as the engine reports them.
  const setup = createSetup(scenario({}));
  const sim = new Simulation(setup);
  engineRecords = [];
  for (let k = 0; k < setup.steps; k++) sim.step((r) => engineRecords.push(r));
  await sim.close();
}, 120_000);

/** The doubles of a record, in the file's order, with its ids. */
const values = (r: ImpactRecord) => [r.tStart, r.duration, r.i, r.j, Number(r.isWall), r.impactSpeed, r.reboundSpeed,
  r.maxOverlap, r.maxNormalForce, r.slipBefore, r.slipAfter, ...r.omegaIBefore, ...r.omegaJBefore, ...r.omegaIAfter, ...r.omegaJAfter];
const bits = (r: ImpactRecord) => Buffer.from(Float64Array.from(values(r)).buffer).toString('hex');
const readAll = (file: string) => {
  const reader = new ImpactFileReader(file);
  return Array.from({ length: reader.count }, (_, k) => reader.record(k));
};

describe('impacts.bin (outputs.impactRecords)', () => {
  it('holds every collision the engine reported, in order, bit for bit, sphere pairs and the floor both', () => {
    const read = readAll(path.join(withRecords, 'impacts.bin'));
    expect(engineRecords.length).toBeGreaterThan(1000);
    expect(read.map(bits)).toEqual(engineRecords.map(bits));
    expect(new Set(read.map((r) => r.isWall))).toEqual(new Set([true, false]));
    expect(fs.statSync(path.join(withRecords, 'impacts.bin')).size).toBe(16 + IMPACT_RECORD_BYTES * read.length);
  });

  it('keeps doubles a text table rounds or drops: −0, NaN, the smallest subnormal, the largest double', () => {
    const odd: ImpactRecord = {
      tStart: -0, duration: Number.NaN, i: 4_000_000_000, j: 7, isWall: true, impactSpeed: 5e-324,
      reboundSpeed: Number.MAX_VALUE, maxOverlap: 1 / 3, maxNormalForce: -Infinity, slipBefore: 0.1 + 0.2,
      slipAfter: Infinity, omegaIBefore: [1e-300, -1e300, 2 ** -1074], omegaJBefore: [0, 0, 0],
      omegaIAfter: [Math.PI, -Math.E, -0], omegaJAfter: [0, 0, 0],
    };
    const file = path.join(scratch, 'odd.bin');
    const writer = new ImpactFileWriter(file);
    writer.record(odd);
    writer.record({ ...odd, isWall: false, j: 2 ** 31 - 1 });
    writer.close();
    const [a, b] = readAll(file);
    expect(values(a).map((v, k) => Object.is(v, values(odd)[k]))).not.toContain(false);
    expect([b.isWall, b.j]).toEqual([false, 2 ** 31 - 1]);
  });

  it('exports to impacts.csv whose every cell reads back to the recorded double; readRun reads either form alike', () => {
    const file = path.join(scratch, 'export.csv');
    writeImpactsCsv(new ImpactFileReader(path.join(withRecords, 'impacts.bin')), file);
    const [header, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(header).toBe(IMPACTS_HEADER.join(','));
    expect(lines).toHaveLength(engineRecords.length);
    lines.forEach((line, k) => {
      const cells = line.split(',');
      const r = engineRecords[k];
      expect(cells[3]).toBe(r.isWall ? `wall:${r.j}` : String(r.j));
      const numbers = [0, 1, 2, 4, 5, 7, 8, 9, 10, ...Array.from({ length: 12 }, (_, c) => 11 + c)].map((c) => Number(cells[c]));
      const expected = [r.tStart, r.duration, r.i, r.impactSpeed, r.reboundSpeed, r.maxOverlap, r.maxNormalForce,
        r.slipBefore, r.slipAfter, ...r.omegaIBefore, ...r.omegaJBefore, ...r.omegaIAfter, ...r.omegaJAfter];
      expect(numbers.every((v, c) => Object.is(v, expected[c])), line).toBe(true);
    });
    // A run of before impacts.bin: its impacts.csv, read as readRun reads impacts.bin.
    const old = path.join(scratch, 'old-run');
    fs.cpSync(withRecords, old, { recursive: true });
    fs.rmSync(path.join(old, 'impacts.bin'));
    fs.copyFileSync(file, path.join(old, 'impacts.csv'));
    expect(readRun(old).impacts).toEqual(readRun(withRecords).impacts);
  });

  it('a file cut inside a record, or another file, is refused naming it', () => {
    const cut = path.join(scratch, 'cut.bin');
    fs.copyFileSync(path.join(withRecords, 'impacts.bin'), cut);
    fs.truncateSync(cut, 16 + IMPACT_RECORD_BYTES * 3 + 5);
    expect(() => new ImpactFileReader(cut)).toThrow(new ImpactFileError(`${cut} ends inside a record (${IMPACT_RECORD_BYTES * 3 + 5} bytes after the header, not a multiple of ${IMPACT_RECORD_BYTES}): the file was cut`));
    expect(() => new ImpactFileReader(path.join(withRecords, 'series.csv'))).toThrow(/is not a grainflow impacts.bin/);
  });
});

describe('impact-statistics.csv (the default)', () => {
  const rows = () => readRun(defaults).impactStatistics;

  it('is the same with or without impacts.bin, and only impacts.bin is left out by default', () => {
    expect(fs.readFileSync(path.join(defaults, 'impact-statistics.csv'), 'utf8'))
      .toBe(fs.readFileSync(path.join(withRecords, 'impact-statistics.csv'), 'utf8'));
    expect(fs.existsSync(path.join(defaults, 'impacts.bin'))).toBe(false);
    expect(fs.readFileSync(path.join(defaults, 'impact-statistics.csv'), 'utf8').split('\n')[0]).toBe(IMPACT_STATISTICS_HEADER.join(','));
  });

  it('summarises exactly the collisions of each interval and source, in the order they ended', () => {
    const records = engineRecords;
    let next = 0;
    const intervals = [...new Set(rows().map((r) => r.t_end))];
    for (const t of intervals) {
      const inInterval = rows().filter((r) => r.t_end === t);
      const count = inInterval.reduce((n, r) => n + r.collisions, 0);
      const taken = records.slice(next, next + count);
      next += count;
      for (const row of inInterval) {
        const mine = taken.filter((r) => (r.isWall ? `wall:${r.j}` : 'pairs') === row.source);
        const speeds = mine.map((r) => r.impactSpeed);
        const e = mine.filter((r) => r.impactSpeed > 0).map((r) => r.reboundSpeed / r.impactSpeed);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(row.collisions).toBe(mine.length);
        expect(row.impact_speed_mean).toBe(sum(speeds) / mine.length);
        expect(row.impact_speed_rms).toBe(Math.sqrt(sum(speeds.map((v) => v * v)) / mine.length));
        expect(row.impact_speed_max).toBe(Math.max(...speeds));
        expect(row.restitution_mean).toBe(e.length > 0 ? sum(e) / e.length : null);
        expect(row.restitution_min).toBe(e.length > 0 ? Math.min(...e) : null);
        expect(row.restitution_max).toBe(e.length > 0 ? Math.max(...e) : null);
        expect(row.max_normal_force_max).toBe(Math.max(...mine.map((r) => r.maxNormalForce)));
        expect(row.max_overlap_max).toBe(Math.max(...mine.map((r) => r.maxOverlap)));
      }
    }
    expect(next).toBe(records.length);
    expect(readRun(defaults).summary.impacts).toBe(records.length);
  });

  it('kept for statistics only (the default run\'s engine), each collision has the same impact and rebound speed, peak '
    + 'overlap and force bit for bit and NaN for what it no longer keeps; the spheres move the same', async () => {
    const setup = createSetup(scenario({}));
    const full = new Simulation(setup);
    const lean = new Simulation(createSetup(scenario({})), { collisionStatisticsOnly: true });
    const leanRecords: ImpactRecord[] = [];
    for (let k = 0; k < setup.steps; k++) {
      full.step(() => {});
      lean.step((r) => leanRecords.push({ ...r })); // one object, refilled per collision
    }
    const kept = (r: ImpactRecord) => Buffer.from(Float64Array.from([r.i, r.j, Number(r.isWall), r.impactSpeed,
      r.reboundSpeed, r.maxOverlap, r.maxNormalForce]).buffer).toString('hex');
    expect(leanRecords.map(kept)).toEqual(engineRecords.map(kept));
    const dropped = (r: ImpactRecord) => [r.tStart, r.duration, r.slipBefore, r.slipAfter, ...r.omegaIBefore,
      ...r.omegaJBefore, ...r.omegaIAfter, ...r.omegaJAfter];
    expect(leanRecords.every((r) => dropped(r).every(Number.isNaN))).toBe(true);
    for (const field of ['pos', 'vel', 'omega'] as const) {
      expect(Buffer.from(lean.st[field].buffer, lean.st[field].byteOffset, 24 * lean.st.n))
        .toEqual(Buffer.from(full.st[field].buffer, full.st[field].byteOffset, 24 * full.st.n));
    }
    await Promise.all([full.close(), lean.close()]);
  }, 60_000);

  it('stays small however many collisions: under 10 MB for the 10 000-sphere fall, scaled to these 400 spheres', () => {
    const bytes = fs.statSync(path.join(defaults, 'impact-statistics.csv')).size;
    expect(engineRecords.length).toBeGreaterThan(10 * rows().length);
    // At most a row per output interval (101) and source (the pairs, the floor).
    expect(rows().length).toBeLessThanOrEqual(2 * 100);
    expect(bytes).toBeLessThan(10e6 * bed.count / 10_000);
  });
});

describe('grainflow export impacts', () => {
  it('writes <run>/impacts.csv, listed in the run\'s marker; an existing one is replaced only with --force', () => {
    const run = path.join(scratch, 'export-run');
    fs.cpSync(withRecords, run, { recursive: true });
    const first = grainflow(['export', 'impacts', run]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(`${engineRecords.length} collisions → ${path.join(run, 'impacts.csv')}\n`);
    const expected = path.join(scratch, 'expected.csv');
    writeImpactsCsv(new ImpactFileReader(path.join(run, 'impacts.bin')), expected);
    expect(fs.readFileSync(path.join(run, 'impacts.csv'), 'utf8')).toBe(fs.readFileSync(expected, 'utf8'));
    expect(readMarker(run)?.paths.has('impacts.csv')).toBe(true);
    const again = grainflow(['export', 'impacts', run]);
    expect(again.status).toBe(2);
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]).toMatch(/impacts\.csv/);
    expect(grainflow(['export', 'impacts', run, '--force']).status).toBe(0);
    expect(fs.readdirSync(path.dirname(run)).filter((n) => n.includes('partial') || n.includes('lock'))).toEqual([]);
  });

  // The defect caught: the partial collisions of an interrupted run were exported, and a resume left that CSV behind.
  it('refuses a run that has not finished', () => {
    const run = path.join(scratch, 'export-unfinished');
    fs.cpSync(withRecords, run, { recursive: true });
    fs.rmSync(path.join(run, 'summary.json'));
    const r = grainflow(['export', 'impacts', run]);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: cannot export: ${run} has not finished (no summary.json): export its collisions when it has `
      + '(grainflow run --resume continues a checkpointed run)']);
    expect(fs.existsSync(path.join(run, 'impacts.csv'))).toBe(false);
  });

  // The defect caught: --force replaced any regular file — a user's notes, the run's own summary.json.
  it('replaces with --force only an impacts CSV, never a file of the user\'s or of the run', () => {
    const run = path.join(scratch, 'export-foreign');
    fs.cpSync(withRecords, run, { recursive: true });
    const notes = path.join(scratch, 'notes.csv');
    fs.writeFileSync(notes, 'my,own\n1,2\n');
    const summary = fs.readFileSync(path.join(run, 'summary.json'), 'utf8');
    for (const target of [notes, path.join(run, 'summary.json')]) {
      const r = grainflow(['export', 'impacts', run, '--out', target, '--force']);
      expect(r.status).toBe(2);
      expect(r.lines).toEqual([`grainflow: --out ${target} is a file grainflow did not write (not an impacts CSV grainflow `
        + 'exported); --force replaces only an impacts CSV grainflow exported: choose another --out']);
    }
    expect(fs.readFileSync(notes, 'utf8')).toBe('my,own\n1,2\n');
    expect(fs.readFileSync(path.join(run, 'summary.json'), 'utf8')).toBe(summary);
  });

  it.each([
    [['export', 'impacts'], /^grainflow: missing <run> \(a run directory\) \(options: grainflow export --help\)$/],
    [['export', 'impacts', 'a', 'b'], /^grainflow: unexpected argument "b" \(options: grainflow export --help\)$/],
    [['export', 'impacts', 'x', '--speed', '1'], /^grainflow: unknown option --speed/],
  ])('%j: one line naming the problem and where the options are, status 2', (args, line) => {
    const r = grainflow(args);
    expect(r.status).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(line);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a run without impacts.bin: one line saying how to get it, status 2, nothing written', () => {
    const before = fs.readdirSync(defaults).sort();
    const r = grainflow(['export', 'impacts', defaults]);
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([`grainflow: cannot export: ${defaults} holds no impacts.bin (a run writes every collision there `
      + 'with outputs.impactRecords true; impact-statistics.csv holds the statistics of every run)']);
    expect(fs.readdirSync(defaults).sort()).toEqual(before);
  });
});
