/**
 * The kernel memory's allocator (src/base/kernel-memory.ts): zeroed arrays that never overlap, blocks given back
 * and handed out again (first fit, neighbours merged), growth of the shared memory, and a clear refusal beyond what
 * a WebAssembly memory holds.
 */
import { describe, expect, it } from 'vitest';
import { KERNEL_MEMORY_LIMIT, KERNEL_RESERVED_BYTES, KernelMemory } from '../../src/base/kernel-memory.js';

const span = (a: ArrayBufferView) => [a.byteOffset, a.byteOffset + a.byteLength] as const;
const overlaps = (a: ArrayBufferView, b: ArrayBufferView) => span(a)[0] < span(b)[1] && span(b)[0] < span(a)[1];

describe('KernelMemory', () => {
  it('hands out zeroed, disjoint, 64-byte aligned arrays above the kernel\'s own page', () => {
    const memory = new KernelMemory();
    const arrays = [memory.float64(10), memory.int32(3), memory.uint8(0), memory.uint16(7), memory.uint32(100)];
    for (const a of arrays) {
      expect(a.byteOffset % 64).toBe(0);
      expect(a.byteOffset).toBeGreaterThanOrEqual(KERNEL_RESERVED_BYTES);
      expect(Array.from(a as Uint8Array).every((v) => v === 0)).toBe(true);
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
    expect(arrays[2].length).toBe(1);
    for (let k = 0; k < arrays.length; k++) for (let q = k + 1; q < arrays.length; q++) expect(overlaps(arrays[k], arrays[q])).toBe(false);
  });

  it('grows the memory for a large array, and the earlier arrays keep their contents', () => {
    const memory = new KernelMemory();
    const small = memory.float64(4);
    small.set([1, 2, 3, 4]);
    const large = memory.float64(1_000_000);
    expect(large.length).toBe(1_000_000);
    large[999_999] = 5;
    expect(Array.from(small)).toEqual([1, 2, 3, 4]);
    expect(memory.memory.buffer.byteLength).toBeGreaterThanOrEqual(large.byteOffset + large.byteLength);
  });

  it('reuses a released block, zeroed, and merges free neighbours', () => {
    const memory = new KernelMemory();
    const a = memory.float64(100), b = memory.float64(100), c = memory.float64(100), guard = memory.uint8(1);
    a.fill(7); b.fill(8);
    memory.release(a);
    memory.release(b);
    // a and b merged: one block of 1 600 bytes, first fit.
    const merged = memory.float64(200);
    expect(merged.byteOffset).toBe(a.byteOffset);
    expect(Array.from(merged).every((v) => v === 0)).toBe(true);
    expect(overlaps(merged, c)).toBe(false);
    const before = memory.bytesInUse;
    memory.release(guard);
    memory.release(c);
    expect(memory.bytesInUse).toBe(before - 64 - 832);
    // Released up to the top: everything after `merged` (the 64 bytes it left, c, the guard) is free again, and zero.
    const again = memory.float64(100);
    expect(again.byteOffset).toBe(merged.byteOffset + merged.byteLength);
    expect(Array.from(again).every((v) => v === 0)).toBe(true);
  });

  it('refuses an array it did not make, and more than a WebAssembly memory holds', () => {
    const memory = new KernelMemory();
    expect(() => memory.release(new Float64Array(4))).toThrow(/did not make/);
    expect(() => memory.uint8(KERNEL_MEMORY_LIMIT)).toThrow(/more than the 4 GiB a WebAssembly memory can hold/);
  });
});
