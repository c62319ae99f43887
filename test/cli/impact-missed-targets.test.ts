/**
 * Why `grainflow impact` says a law missed its target e (src/api/contact-laws.ts restitutionMissReason, read from
 * each law's definition, not its name):
 *  - the Hunt–Crossley family (hysteresis damping): its approximate damping factors and the floor on v₀;
 *  - lankarani-nikravesh-plastic: its unloading branch, e²·δ_max long, crossed within a step or two of the impact's
 *    t_c/1000 (e_out stays at 1.86e-3 for a target of 2e-3), not a damping factor — it has none;
 *  - speed-dependent laws away from their reference speed: e holds at that speed only;
 *  - any other law (Tsuji, Kelvin–Voigt, Jankowski): damping so strong that a few steps end the approach.
 * The note names each missed law with e_out to three digits, one line of laws per reason. The last two reasons are
 * the step's: `--steps-per-contact` refines it, and the reasons quote the step the impact ran with (and say when it
 * is already the finest the option takes).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalModelNames, restitutionMissReason } from '../../src/api/contact-laws.js';
import { formatRestitution } from '../../src/cli/impact-options.js';
import { grainflowInProcess } from '../helpers/cli-in-process.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-impact-miss-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FAMILY = 'Hunt–Crossley family: most of its damping factors approximate e, derived for e near 1, and all damp '
  + 'less below the floor on v₀; docs/physics.md §4.4, §4.2';
const PLASTIC = 'permanent indentation: unloading over e²·δ_max takes about e·t_c/2, under two of the impact\'s '
  + 't_c/1000 steps below e ≈ 0.004, more resolve it; docs/physics.md §5.3';
const STEPS = 'damping this strong ends the approach within few of the impact\'s t_c/1000 steps, which set e_out; '
  + 'more steps per contact resolve it';
const speedDependent = (v: number) => `speed-dependent: e holds at the reference speed, ${v} m/s, only; docs/physics.md §7.5`;

describe('restitutionMissReason', () => {
  it('gives each law the reason its definition implies, at 2 m/s with the default reference speed of 1 m/s', () => {
    const reasons = Object.fromEntries(normalModelNames.map((model) => [model, restitutionMissReason({ model }, 2)]));
    expect(reasons).toEqual({
      hertz: STEPS,
      'kuwabara-kono': speedDependent(1),
      tsuji: STEPS,
      brilliantov: speedDependent(1),
      bordbar: speedDependent(1),
      'hunt-crossley': FAMILY,
      'herbert-mcwhannell': FAMILY,
      'lee-wang': FAMILY,
      'lankarani-nikravesh': FAMILY,
      gonthier: FAMILY,
      'zhang-sharf': FAMILY,
      'zhiying-qishao': FAMILY,
      flores: FAMILY,
      'gharib-hurmuzlu': FAMILY,
      'hu-guo': FAMILY,
      zhang: FAMILY,
      'safaeifar-farshidianfar': FAMILY,
      yu: FAMILY,
      'kelvin-voigt': STEPS,
      jankowski: STEPS,
      'lankarani-nikravesh-plastic': PLASTIC,
      'hertz-dashpot': speedDependent(1),
    });
  });

  it('quotes the step the impact ran with, and the plastic threshold that follows from it (4/N)', () => {
    expect(restitutionMissReason({ model: 'jankowski' }, 1, 4000)).toBe(STEPS.replace('t_c/1000', 't_c/4000'));
    expect(restitutionMissReason({ model: 'lankarani-nikravesh-plastic' }, 1, 4000))
      .toBe(PLASTIC.replace('t_c/1000', 't_c/4000').replace('0.004', '0.001'));
  });

  // At the finest step an impact takes, "more resolve it" would send a user to a value the option refuses.
  it('says the step is already the finest at 20 000 steps per contact', () => {
    expect(restitutionMissReason({ model: 'jankowski' }, 1, 20_000)).toBe(STEPS.replace('t_c/1000', 't_c/20000')
      .replace('more steps per contact resolve it', 'already the finest step an impact takes'));
    expect(restitutionMissReason({ model: 'lankarani-nikravesh-plastic' }, 1, 20_000)).toBe(PLASTIC.replace('t_c/1000', 't_c/20000')
      .replace('0.004', '2e-4').replace('more resolve it', 'already the finest step an impact takes'));
  });

  it('does not blame the reference speed of a speed-dependent law impacting at it', () => {
    expect(restitutionMissReason({ model: 'kuwabara-kono', referenceSpeed: 3 }, 3)).toBe(STEPS);
    expect(restitutionMissReason({ model: 'kuwabara-kono', referenceSpeed: 3 }, 1)).toBe(speedDependent(3));
  });
});

// The tables' e column: four decimals read a law at its least e (Kelvin–Voigt, 1.25e-6) as 0.0000 and Jankowski at
// 0.002 as 0.0020 when it delivers 0.00229; below 0.01 it takes three significant digits, and stays in its column.
describe('formatRestitution', () => {
  it('gives four decimals from 0.01, three significant digits below, never more than 7 characters', () => {
    expect([0.7, 1, 0.01, 0.00229, 1.16e-6].map(formatRestitution)).toEqual(['0.7000', '1.0000', '0.0100', '0.00229', '1.16e-6']);
    for (let e = 1e-9; e <= 1; e *= 1.37) expect(formatRestitution(e).length, String(e)).toBeLessThanOrEqual(7);
  });
});

describe('grainflow impact names why a law missed its target e', () => {
  /** The note under the table: the lines after the law's row. */
  async function note(...args: string[]): Promise<string[]> {
    const r = await grainflowInProcess(['impact', ...args, '--out', path.join(scratch, args.join('_'))]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const row = lines.findIndex((line) => line.startsWith('  law '));
    return lines.slice(row + 2, lines.indexOf('', row));
  }

  it.each([
    [['--model', 'lankarani-nikravesh-plastic', '--restitution', '0.002', '--speed', '1'], 'lankarani-nikravesh-plastic 0.00186', PLASTIC],
    [['--model', 'hunt-crossley', '--restitution', '0.002', '--speed', '1'], 'hunt-crossley 0.488', FAMILY],
    [['--model', 'jankowski', '--restitution', '0.002', '--speed', '1'], 'jankowski 0.00229', STEPS],
    [['--model', 'kuwabara-kono', '--restitution', '0.5', '--speed', '3'], 'kuwabara-kono 0.435', speedDependent(1)],
  ])('%j', async (args, missed, reason) => {
    expect(await note(...args)).toEqual([`  off the target e by more than 5 %: ${missed}`, `  (${reason})`]);
  });

  it('says nothing under a law that delivers its target', async () => {
    expect(await note('--model', 'tsuji', '--restitution', '0.002', '--speed', '1')).toEqual([]);
  });

  // The step's misses are the step's: with 20 times the steps Jankowski at e = 0.002 lands inside the note's 5 %
  // (at the default 1000 it delivers 0.00229, above). Fails where the option does not reach the impact.
  it('--steps-per-contact refines the step, and a law the step made miss its target then delivers it', async () => {
    expect(await note('--model', 'jankowski', '--restitution', '0.002', '--speed', '1', '--steps-per-contact', '20000')).toEqual([]);
  });

  // A number out of range is refused by simulateImpact's own bound (IMPACT_BOUNDS), named after the option; what is no
  // number at all, by the option's parse.
  it.each([['49', '49'], ['20001', '20001'], ['1.5', '1.5'], ['1e9', '1000000000']])('--steps-per-contact %s is refused naming its range, with --model and with --example', async (value, got) => {
    const range = '--steps-per-contact must be a whole number in [50, 20000] steps (time steps per elastic contact time '
      + `t_c); got ${got}`;
    for (const args of [['--model', 'jankowski', '--restitution', '0.002', '--speed', '1'], ['--example', 'bouncing-ball']]) {
      const out = path.join(scratch, `refused-${value}`);
      const r = await grainflowInProcess(['impact', ...args, '--steps-per-contact', value, '--out', out]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(range);
      expect(existsSync(out)).toBe(false);
    }
  });

  it.each([['abc'], ['Infinity'], ['0x100'], ['']])('--steps-per-contact "%s", no number, is refused by the option\'s parse', async (value) => {
    const out = path.join(scratch, `refused-parse-${value}`);
    const r = await grainflowInProcess(['impact', '--example', 'bouncing-ball', '--steps-per-contact', value, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--steps-per-contact must be a number in [50, 20000] steps, whole (time steps per elastic contact time t_c) (got "${value}")`);
    expect(existsSync(out)).toBe(false);
  });
});
