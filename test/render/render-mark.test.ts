/**
 * The mark of a rendered video and poster (src/render/render-mark.ts): what lets `render --force` replace a file it
 * wrote and nothing else. The defects caught: a mark that breaks the file for its readers (a PNG chunk with a wrong
 * CRC, a GIF without its trailer), and a test that takes a file without the mark for grainflow's. The MP4's mark is
 * decoded by ffmpeg in test/render/browser.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode, encode } from 'fast-png';
import { afterAll, describe, expect, it } from 'vitest';
import { frameFile } from '../../src/render/encode.js';
import { markedGif, markMp4, markPng, RENDERED } from '../../src/render/render-mark.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-mark-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the render mark', () => {
  it('keeps a PNG whole for a decoder that checks every CRC, with the same pixels', () => {
    const data = Uint8Array.from({ length: 4 * 3 * 4 }, (_, k) => (37 * k) % 256);
    const file = path.join(scratch, 'poster.png');
    fs.writeFileSync(file, encode({ width: 4, height: 3, data, channels: 4 }));
    expect(RENDERED.test(file)).toBe(false);
    markPng(file);
    expect(RENDERED.test(file)).toBe(true);
    const decoded = decode(fs.readFileSync(file), { checkCrc: true });
    expect(Array.from(decoded.data)).toEqual(Array.from(data));
    expect(decoded.text).toEqual({ Software: 'grainflow render' });
  });

  it('puts a GIF comment before the trailer of gifenc\'s GIF', () => {
    const frames = path.join(scratch, 'frames');
    fs.mkdirSync(frames);
    for (const k of [0, 1]) {
      fs.writeFileSync(path.join(frames, frameFile(k)), encode({ width: 2, height: 2, data: new Uint8Array(16).fill(100 * k), channels: 4 }));
    }
    const file = path.join(scratch, 'anim.gif');
    // In a process of its own: gifenc is CommonJS, whose default export vitest's module loader does not hand over.
    const encoder = path.resolve('dist/src/render/encode.js');
    const r = spawnSync(process.execPath, ['--input-type=module', '-e',
      `(await import(${JSON.stringify(encoder)})).encodeGif(${JSON.stringify(frames)}, 2, 10, ${JSON.stringify(file)})`],
    { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(RENDERED.test(file)).toBe(true);
    const gif = fs.readFileSync(file);
    // Extension introducer, comment label, one sub-block of 16 bytes, its terminator, then the trailer.
    const tail = gif.subarray(-21);
    expect(Array.from(tail.subarray(0, 3))).toEqual([0x21, 0xfe, 16]);
    expect(tail.subarray(3, 19).toString('latin1')).toBe('grainflow render');
    expect(Array.from(tail.subarray(19))).toEqual([0x00, 0x3b]);
    // Without the comment it is the GIF gifenc wrote: the image data ends as a GIF's last block does.
    const plain = Buffer.concat([gif.subarray(0, gif.length - 21), Buffer.from([0x3b])]);
    expect(plain[plain.length - 2]).toBe(0x00);
    fs.writeFileSync(file, plain);
    expect(RENDERED.test(file)).toBe(false);
    expect(() => markedGif(plain.subarray(0, plain.length - 1))).toThrow('internal: the GIF has no trailer');
  });

  it('appends a free box to an MP4, and knows no other file', () => {
    const file = path.join(scratch, 'anim.mp4');
    fs.writeFileSync(file, Buffer.from('0000ftypisom', 'latin1'));
    markMp4(file);
    const tail = fs.readFileSync(file).subarray(12);
    expect(tail.readUInt32BE(0)).toBe(tail.length);
    expect(tail.subarray(4).toString('latin1')).toBe('freegrainflow render');
    expect(RENDERED.test(file)).toBe(true);
    const notes = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notes, 'grainflow render');
    expect(RENDERED.test(notes)).toBe(false);
    expect(RENDERED.test(scratch)).toBe(false);
    expect(RENDERED.test(path.join(scratch, 'none'))).toBe(false);
  });
});
