/**
 * Damaged checkpoints are detected and skipped (issue #7): the format's CRC-32 against the standard check value
 * and node:zlib; every truncation and single bit flip of a checkpoint is refused with a reason, as damage (a flip
 * in the version field too), while an intact file of another format version is told apart; a run whose
 * newest checkpoint is truncated and whose previous one has a flipped bit resumes from the one before, says so,
 * and still ends byte-identical to the run that never stopped.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_VERSION, CheckpointFormatError, CheckpointVersionError, decodeCheckpoint, encodeCheckpoint, type Checkpoint,
} from '../../src/checkpoint/format.js';
import { crc32 } from '../../src/base/crc32.js';
import { withFormatVersion } from './format-version.js';
import { RunCheckpoints } from '../../src/checkpoint/run-checkpoints.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { RunInterrupted, runToDirectory } from '../../src/run/run.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'grainflow-corrupt-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('checkpoint format', () => {
  const sample: Checkpoint = {
    scenarioHash: 'abc', meshes: { 'walls[1].file': 'f00d' }, step: 42, time: 42e-5,
    parts: { particles: 1, pairContacts: 1, pour: 1, run: 2 },
    values: { 'pairContacts.count': 3, 'pour.lastInsertionTime': null, 'run.series': { bytes: 10, rows: 1, sha256: 'beef' } },
    sections: new Map<string, Float64Array | Int32Array | Uint8Array | Uint16Array>([
      ['particles.pos', new Float64Array([1.5, -2.25, Math.PI, Number.MIN_VALUE])],
      ['pairContacts.first', new Int32Array([0, 7, -3])],
      ['pairContacts.touching', new Uint8Array([1, 0, 1, 1, 0])],
      ['particles.material', new Uint16Array([65535, 0, 2])],
    ]),
  };
  const encoded = encodeCheckpoint(sample);

  it('CRC-32 gives the standard check value and agrees with node:zlib', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const zlibCrc = (zlib as unknown as { crc32?: (b: Uint8Array) => number }).crc32;
    if (zlibCrc) expect(crc32(encoded)).toBe(zlibCrc(encoded));
  });

  it('round-trips header and every section bit for bit, type and length included', () => {
    const back = decodeCheckpoint(encoded);
    expect({ ...back, sections: undefined }).toEqual({ ...sample, sections: undefined });
    expect([...back.sections.keys()]).toEqual([...sample.sections.keys()]);
    for (const [name, a] of sample.sections) {
      const b = back.sections.get(name)!;
      expect(b.constructor, name).toBe(a.constructor);
      expect(Buffer.from(b.buffer, b.byteOffset, b.byteLength).equals(Buffer.from(a.buffer, a.byteOffset, a.byteLength)), name).toBe(true);
    }
  });

  it('refuses every truncation and every single bit flip', () => {
    for (let length = 0; length < encoded.length; length++) {
      expect(() => decodeCheckpoint(encoded.subarray(0, length)), `truncated to ${length}`).toThrow(CheckpointFormatError);
    }
    for (let byte = 0; byte < encoded.length; byte++) {
      const flipped = Uint8Array.from(encoded);
      flipped[byte] ^= 1 << (byte % 8);
      expect(() => decodeCheckpoint(flipped), `bit flip in byte ${byte}`).toThrow(CheckpointFormatError);
    }
  });

  it('tells an intact file of another format version from a damaged one', () => {
    expect(CHECKPOINT_VERSION).toBe(3);
    for (const older of [1, 2]) {
      expect(() => decodeCheckpoint(withFormatVersion(encoded, older))).toThrow(CheckpointVersionError);
      expect(() => decodeCheckpoint(withFormatVersion(encoded, older))).toThrow(`checkpoint was written by an older grainflow `
        + `(checkpoint format ${older}); resume it with that version or start the run again`);
    }
    expect(() => decodeCheckpoint(withFormatVersion(encoded, 4))).toThrow(/^checkpoint was written by a newer grainflow \(checkpoint format 4\)/);
  });
});

describe('resume with damaged checkpoints', () => {
  it('skips a truncated newest and a bit-flipped previous checkpoint, resumes from the one before, ends identical', async () => {
    const setupOf = () => {
      return createSetup(loadScenarioFile('test/fixtures/checkpoint/frictional-settle.json'), { workers: 1 });
    };
    const reference = path.join(scratch, 'reference'), damaged = path.join(scratch, 'damaged');
    const quiet = () => {};
    let setup = setupOf();
    await runToDirectory(setup, reference, { checkpoints: new RunCheckpoints(setup, reference, false, quiet) });

    setup = setupOf();
    let steps = 0;
    await expect(runToDirectory(setup, damaged, {
      checkpoints: new RunCheckpoints(setup, damaged, false, quiet),
      stopRequested: () => (++steps === 1000 ? 'SIGTERM' : null),
    })).rejects.toThrow(RunInterrupted);
    const file = (step: number) => path.join(damaged, 'checkpoints', `step-${String(step).padStart(10, '0')}.gfck`);
    truncateSync(file(1000), Math.floor(statSync(file(1000)).size / 2));
    const bytes = readFileSync(file(750));
    bytes[Math.floor(bytes.length * 0.6)] ^= 0x10;
    writeFileSync(file(750), bytes);

    const messages: string[] = [];
    setup = setupOf();
    const checkpoints = new RunCheckpoints(setup, damaged, true, (m) => messages.push(m));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/step-0000001000\.gfck is unusable: checksum mismatch .*; trying the previous one/);
    expect(messages[1]).toMatch(/step-0000000750\.gfck is unusable: checksum mismatch .*; trying the previous one/);
    expect(checkpoints.newest).toBe(file(500));
    await runToDirectory(setup, damaged, { checkpoints });
    for (const name of ['impact-statistics.csv', 'series.csv', path.join('checkpoints', 'step-0000002000.gfck')]) {
      expect(readFileSync(path.join(damaged, name)).equals(readFileSync(path.join(reference, name))), name).toBe(true);
    }
  });
});
