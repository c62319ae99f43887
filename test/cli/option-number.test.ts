/**
 * Numbers on the command line are read in decimal notation only (src/cli/option-number.ts). The defect caught:
 * `--restitution 0x1` ran with e = 1, since Number() reads hexadecimal, binary and octal, "" and " " as 0 and
 * "Infinity".
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decimal } from '../../src/cli/option-number.js';

describe('decimal', () => {
  it('reads decimal notation, signs and exponents included', () => {
    for (const [text, value] of [['1', 1], ['-0.5', -0.5], ['+2.', 2], ['.25', 0.25], ['2e-3', 2e-3], ['-1E+2', -100]] as const) {
      expect(decimal(text), text).toBe(value);
    }
  });

  it('gives NaN for anything else', () => {
    for (const text of ['0x1', '0b11', '0o7', '', ' ', ' 1', 'Infinity', '-Infinity', 'NaN', '1e', '1,5', '1_000', '.']) {
      expect(decimal(text), JSON.stringify(text)).toBeNaN();
    }
  });

  it('refuses a hexadecimal option on the command line in one line', () => {
    const r = spawnSync(process.execPath, [path.resolve('bin/grainflow.js'), 'calibrate', '--model', 'tsuji', '--restitution', '0x1'],
      { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--restitution must be a number');
  });
});
