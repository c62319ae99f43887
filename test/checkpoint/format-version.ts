/**
 * A checkpoint as an older (or newer) grainflow would have written it: the same file with another format version
 * and a CRC-32 that matches, so it reads as intact. Decoding decides on the version alone once the CRC holds.
 */
import { crc32 } from '../../src/base/crc32.js';

export function withFormatVersion(file: Uint8Array, version: number): Buffer {
  const copy = Buffer.from(file);
  copy.writeUInt32LE(version, 8);
  copy.writeUInt32LE(crc32(copy.subarray(0, copy.length - 4)), copy.length - 4);
  return copy;
}
