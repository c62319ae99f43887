/**
 * Where state arrays come from. The simulation's arrays live in its kernel memory (kernel-memory.ts); state the
 * kernel never reads but worker threads share (wall motion, the lanes' control block) lives on plain
 * SharedArrayBuffers. Both hand out zeroed arrays of at least one element.
 */
export interface ArrayAllocator {
  float64(length: number): Float64Array;
  int32(length: number): Int32Array;
  uint32(length: number): Uint32Array;
  uint16(length: number): Uint16Array;
  uint8(length: number): Uint8Array;
}

/** Arrays each on a SharedArrayBuffer of its own. */
export const sharedArrays: ArrayAllocator = {
  float64: (length) => new Float64Array(new SharedArrayBuffer(8 * Math.max(1, length))),
  int32: (length) => new Int32Array(new SharedArrayBuffer(4 * Math.max(1, length))),
  uint32: (length) => new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, length))),
  uint16: (length) => new Uint16Array(new SharedArrayBuffer(2 * Math.max(1, length))),
  uint8: (length) => new Uint8Array(new SharedArrayBuffer(Math.max(1, length))),
};
