/**
 * The mark a rendered video and its poster carry at their end, so that `render --force` recognises a file it wrote
 * (output/run-directory.ts OwnFile) and replaces nothing else. Each format has a slot for data its readers skip:
 *  - MP4: a top-level `free` box after the others (ISO/IEC 14496-12, free space box: "may be ignored");
 *  - GIF: a comment extension just before the trailer (GIF89a specification §24, comment extension);
 *  - PNG: a tEXt chunk "Software" just before IEND (PNG specification, 11.3.4.3, textual data).
 */
import fs from 'node:fs';
import { crc32 } from '../base/crc32.js';
import { fileEndsWith } from '../output/file-ends.js';
import type { OwnFile } from '../output/run-directory.js';

const TEXT = 'grainflow render';

const bytes = (...parts: (string | number[] | Uint8Array)[]) => Buffer.concat(
  parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** A box is its size (4 bytes, big-endian, itself included), its type and its payload. */
const MP4_MARK = bytes(u32(8 + TEXT.length), 'free', TEXT);
/** Extension introducer 0x21, comment label 0xFE, one sub-block of the text, block terminator 0, then the trailer. */
const GIF_TRAILER = 0x3b;
const GIF_MARK = bytes([0x21, 0xfe, TEXT.length], TEXT, [0x00, GIF_TRAILER]);
/** A chunk is its data's length, its type, the data and the CRC-32 of type and data; IEND has no data. */
const pngChunk = (type: string, data: Uint8Array) => bytes(u32(data.length), type, data, u32(crc32(bytes(type, data))));
const PNG_END = pngChunk('IEND', new Uint8Array(0));
const PNG_MARK = bytes(pngChunk('tEXt', bytes('Software\0', TEXT)), PNG_END);

/** Marks the MP4 `file` (ffmpeg's output) as grainflow's. */
export function markMp4(file: string): void {
  fs.appendFileSync(file, MP4_MARK);
}

/** The GIF `gif` (gifenc's output, ending with its trailer) with the mark. */
export function markedGif(gif: Uint8Array): Uint8Array {
  if (gif[gif.length - 1] !== GIF_TRAILER) throw new Error('internal: the GIF has no trailer');
  return bytes(gif.subarray(0, gif.length - 1), GIF_MARK);
}

/** Marks the PNG `file` (a frame Chromium drew, ending with IEND) as grainflow's. */
export function markPng(file: string): void {
  const png = fs.readFileSync(file);
  if (!png.subarray(png.length - PNG_END.length).equals(PNG_END)) throw new Error(`internal: ${file} does not end with IEND`);
  fs.writeFileSync(file, bytes(png.subarray(0, png.length - PNG_END.length), PNG_MARK));
}

/** A video or poster `render` wrote: what `render --force` may replace. */
export const RENDERED: OwnFile = {
  test: (file) => [MP4_MARK, GIF_MARK, PNG_MARK].some((mark) => fileEndsWith(file, mark)),
  what: 'a video or poster grainflow rendered',
};
