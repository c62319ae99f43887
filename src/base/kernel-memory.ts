/**
 * The memory a simulation's state lives in: one shared WebAssembly memory, so that the compute kernel
 * (src/kernel, compiled to WebAssembly) reads the arrays where JavaScript and every worker thread see them, with
 * no copies. Arrays are typed-array views on it, handed out and taken back by a first-fit allocator; an array's
 * byte offset is its address for the kernel.
 *
 * The first page belongs to the kernel module (its constant tables, placed there when it is instantiated;
 * the build checks that they fit). A WebAssembly memory holds at most 4 GiB (docs/scenario-format.md "Limits"; the run budget,
 * run/run-budget.ts, refuses a run that would need more before anything is allocated).
 */
import { addressSpaceLimit, TRAP_HANDLER_FLAG, trapHandlerDisabled } from './address-space.js';
import type { ArrayAllocator } from './shared-arrays.js';

/**
 * The kernel memory cannot be made or grown: more than 4 GiB needed, or the process's address space (ulimit -v)
 * or the machine cannot give it. The message is one line naming the limit and what to do.
 */
export class KernelMemoryError extends RangeError {
  override name = 'KernelMemoryError';
}

/** The error for a memory of `bytes` the system refused (`cause`: the RangeError of WebAssembly.Memory or grow). */
function refusedMemory(bytes: number, cause: unknown): KernelMemoryError {
  const limit = addressSpaceLimit();
  const gib = (b: number) => (b < 2 ** 30 ? `${Math.ceil(b / 2 ** 20)} MiB` : `${(b / 2 ** 30).toFixed(1)} GiB`);
  const why = limit === null
    ? 'the machine has not got that much memory free'
    : `this process may use ${gib(limit)} of address space (ulimit -v)${trapHandlerDisabled() ? ''
      : `, and a WebAssembly memory reserves about 10 GiB of it unless node runs with ${TRAP_HANDLER_FLAG} (bin/grainflow does so itself under a limit)`}`;
  return new KernelMemoryError(`cannot reserve ${gib(bytes)} of kernel memory for the simulation: ${why}; raise the limit `
    + `or run fewer spheres`, { cause });
}

/** WebAssembly page size (bytes). */
const PAGE = 65536;
/** Bytes the kernel module keeps for itself at the start of the memory. */
export const KERNEL_RESERVED_BYTES = PAGE;
/** The largest memory a 32-bit WebAssembly memory can be (bytes). */
export const KERNEL_MEMORY_LIMIT = 65536 * PAGE;
/** Blocks start on cache-line boundaries (bytes). */
const ALIGN = 64;


/** The least a run's kernel memory may grow to under an address-space limit (bytes). */
const LEAST_MAXIMUM = 256 * 2 ** 20;

/**
 * The most the kernel memory of a run estimated to need `estimate` bytes (engine/kernel-bytes.ts) may grow to.
 * Without an address-space limit, 4 GiB: the maximum costs nothing then. Under `ulimit -v` a shared memory reserves
 * its maximum when it is made (it can never move), so the maximum is what the run needs: four times the estimate
 * (a dense packing holds more pairs than the settled bed it measures), at least LEAST_MAXIMUM, and at most half
 * the limit (the rest is the process's own: heaps, threads, code).
 */
export function kernelMemoryMaximum(estimate: number): number {
  const limit = addressSpaceLimit();
  if (limit === null) return KERNEL_MEMORY_LIMIT;
  return Math.min(KERNEL_MEMORY_LIMIT, Math.max(4 * estimate, Math.min(LEAST_MAXIMUM, limit / 2)), limit / 2);
}

type View = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
interface ViewKind<T extends View> {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

export class KernelMemory implements ArrayAllocator {
  readonly memory: WebAssembly.Memory;
  /** free blocks below `top`, as [start, end) byte ranges sorted by start, none adjacent */
  private readonly free: { start: number; end: number }[] = [];
  /** everything from here on is unused and zero */
  private top = KERNEL_RESERVED_BYTES;
  private readonly blocks = new Map<number, number>();

  /**
   * @param bytes room to reserve at once (it grows on demand)
   * @param maximumBytes the most it may grow to (kernelMemoryMaximum); the kernel module's own maximum is 4 GiB,
   *   and an imported memory may declare less
   */
  constructor(bytes = 0, maximumBytes = KERNEL_MEMORY_LIMIT) {
    const pages = Math.ceil((KERNEL_RESERVED_BYTES + bytes) / PAGE);
    const maximum = Math.max(pages, Math.min(KERNEL_MEMORY_LIMIT, Math.ceil(maximumBytes / PAGE) * PAGE) / PAGE);
    try {
      this.memory = new WebAssembly.Memory({ initial: pages, maximum, shared: true });
    } catch (error) {
      if (error instanceof RangeError) throw refusedMemory(pages * PAGE, error);
      throw error;
    }
  }

  /** Bytes the memory holds (in use, free, and the reserved first page); it never shrinks. */
  get byteLength(): number {
    return this.memory.buffer.byteLength;
  }

  /** Bytes in use (allocated blocks). */
  get bytesInUse(): number {
    let sum = 0;
    for (const size of this.blocks.values()) sum += size;
    return sum;
  }

  float64(length: number): Float64Array {
    return this.view(Float64Array, length);
  }

  int32(length: number): Int32Array {
    return this.view(Int32Array, length);
  }

  uint32(length: number): Uint32Array {
    return this.view(Uint32Array, length);
  }

  uint16(length: number): Uint16Array {
    return this.view(Uint16Array, length);
  }

  uint8(length: number): Uint8Array {
    return this.view(Uint8Array, length);
  }

  /** A copy of `source` in this memory. */
  copyOf<T extends View>(source: T): T {
    const copy = this.view(source.constructor as ViewKind<T>, source.length);
    copy.set(source as never);
    return copy;
  }

  /** Gives the block of `view` (made by this memory) back; the view must not be used afterwards. */
  release(view: View): void {
    const start = view.byteOffset;
    const size = this.blocks.get(start);
    if (size === undefined) throw new Error('internal: release of an array this memory did not make');
    this.blocks.delete(start);
    this.insertFree(start, start + size);
  }

  /** A zeroed array of `length` (at least one) elements. */
  private view<T extends View>(Kind: ViewKind<T>, length: number): T {
    const elements = Math.max(1, length);
    // Allocate first: it may grow the memory, and only the buffer after that holds the block.
    const start = this.allocate(elements * Kind.BYTES_PER_ELEMENT);
    return new Kind(this.memory.buffer, start, elements);
  }

  /** A zeroed block of `bytes` (rounded up to ALIGN), first fit; grows the memory when no free block holds it. */
  private allocate(bytes: number): number {
    const size = Math.ceil(bytes / ALIGN) * ALIGN;
    for (let k = 0; k < this.free.length; k++) {
      const block = this.free[k];
      if (block.end - block.start < size) continue;
      const start = block.start;
      block.start += size;
      if (block.start === block.end) this.free.splice(k, 1);
      new Uint8Array(this.memory.buffer, start, size).fill(0);
      this.blocks.set(start, size);
      return start;
    }
    const start = this.top;
    const end = start + size;
    if (end > KERNEL_MEMORY_LIMIT) {
      throw new KernelMemoryError(`the simulation needs more than the ${KERNEL_MEMORY_LIMIT / 2 ** 30} GiB a WebAssembly memory can hold`);
    }
    const missing = end - this.memory.buffer.byteLength;
    try {
      if (missing > 0) this.memory.grow(Math.ceil(missing / PAGE));
    } catch (error) {
      if (error instanceof RangeError) throw refusedMemory(end, error);
      throw error;
    }
    this.top = end;
    this.blocks.set(start, size);
    return start;
  }

  /** Adds [start, end) to the free list, merged with its neighbours; a free block that reaches `top` lowers it. */
  private insertFree(start: number, end: number): void {
    let k = 0;
    while (k < this.free.length && this.free[k].start < start) k++;
    const before = this.free[k - 1], after = this.free[k];
    if (before !== undefined && before.end === start) {
      before.end = end;
      if (after !== undefined && after.start === end) {
        before.end = after.end;
        this.free.splice(k, 1);
      }
    } else if (after !== undefined && after.start === end) {
      after.start = start;
    } else {
      this.free.splice(k, 0, { start, end });
    }
    const last = this.free[this.free.length - 1];
    if (last !== undefined && last.end === this.top) {
      // Above `top` the memory is zero; the block returned there must be zeroed when it is handed out again.
      new Uint8Array(this.memory.buffer, last.start, last.end - last.start).fill(0);
      this.top = last.start;
      this.free.pop();
    }
  }
}
