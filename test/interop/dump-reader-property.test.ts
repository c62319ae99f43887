/**
 * Property (issue 25, item 9): the LAMMPS dump reader (src/interop/lammps-dump.ts) reads back exactly what a dump
 * holds, and anything else — a dump with bytes replaced, inserted or cut, control characters, numbers out of
 * range — is either read or refused with one DeckError naming the file, on one line: never another error, a
 * wrong value taken for a number, or a hang.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeckError } from '../../src/interop/deck-manifest.js';
import { readDump, type DumpFrame } from '../../src/interop/lammps-dump.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-dump-property-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const COLUMNS = ['id', 'type', 'x', 'vx'] as const;
const file = path.join(scratch, 'dump.grainflow');

interface Frame { step: number; rows: number[][] }

/** A frame as LAMMPS writes it; numbers in JavaScript's shortest round-trip form (as %.17g would give them back). */
function frameText({ step, rows }: Frame): string {
  return `ITEM: TIMESTEP\n${step}\nITEM: NUMBER OF ATOMS\n${rows.length}\nITEM: BOX BOUNDS ff ff ff\n0 1\n0 1\n0 1\n`
    + `ITEM: ATOMS ${COLUMNS.join(' ')}\n${rows.map((row) => row.join(' ')).join('\n')}${rows.length > 0 ? '\n' : ''}`;
}

function read(text: string | Buffer, maxAtoms?: number): { step: number; atoms: number; values: number[] }[] {
  fs.writeFileSync(file, text);
  const frames: { step: number; atoms: number; values: number[] }[] = [];
  readDump(file, COLUMNS, (f: DumpFrame) => frames.push({ step: f.step, atoms: f.atoms, values: [...f.values] }), maxAtoms);
  return frames;
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const frame = fc.record({
  step: fc.nat(),
  rows: fc.array(fc.tuple(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 9 }), finite, finite)
    .map((row) => [...row]), { maxLength: 6 }),
});

describe('the dump reader', () => {
  it('reads every number back exactly (Clinger\'s fast path and the fallback alike)', () => {
    // A plain decimal beyond the doubles (found by the property below) is no number either.
    expect(() => read(frameText({ step: 0, rows: [[1, 1, 2, 0]] }).replace('1 1 2 0', '1 1 1e400 0'))).toThrow(/got something else/);
    fc.assert(fc.property(fc.array(frame, { minLength: 1, maxLength: 4 }), (frames) => {
      const read_ = read(frames.map(frameText).join(''));
      // -0 is written "0" (String(-0)), and read back as 0.
      expect(read_).toEqual(frames.map(({ step, rows }) => ({ step, atoms: rows.length, values: rows.flat().map((v) => v + 0) })));
    }), { numRuns: 300 });
  });

  const edit = fc.record({
    kind: fc.constantFrom('replace', 'insert', 'delete', 'cut'),
    at: fc.nat(),
    text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('\n', '\r', '\u001b[2J', '\u0000', 'nan', 'inf', '1e400', '-',
      'ITEM: ATOMS', '99999999999999999999', ' ', '\t')),
  });

  it('reads or refuses with one DeckError line anything made of a dump by edits', () => {
    fc.assert(fc.property(fc.array(frame, { minLength: 1, maxLength: 3 }), fc.array(edit, { minLength: 1, maxLength: 4 }),
      (frames, edits) => {
        let text = frames.map(frameText).join('');
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          if (e.kind === 'replace') text = text.slice(0, at) + e.text + text.slice(at + e.text.length);
          else if (e.kind === 'insert') text = text.slice(0, at) + e.text + text.slice(at);
          else if (e.kind === 'delete') text = text.slice(0, at) + text.slice(at + 1 + (e.at % 7));
          else text = text.slice(0, at);
        }
        try {
          for (const f of read(text, 1000)) {
            expect(f.values).toHaveLength(f.atoms * COLUMNS.length);
            expect(f.values.every(Number.isFinite)).toBe(true);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(DeckError);
          expect((error as Error).message).toContain(file);
          expect((error as Error).message).not.toContain('\n');
        }
      }), { numRuns: 500 });
  });

  it('refuses random bytes with one DeckError, or reads them as no frame at all', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
      try {
        expect(read(Buffer.from(bytes))).toEqual([]);
      } catch (error) {
        expect(error).toBeInstanceOf(DeckError);
      }
    }), { numRuns: 300 });
  });
});
