/**
 * The part of the WebAssembly JavaScript API that grainflow uses (Node.js provides all of it). TypeScript declares
 * it only in its DOM and web-worker libraries, which do not belong in a Node.js program.
 */
declare namespace WebAssembly {
  interface MemoryDescriptor {
    /** pages of 64 KiB */
    initial: number;
    maximum?: number;
    shared?: boolean;
  }
  class Memory {
    constructor(descriptor: MemoryDescriptor);
    /** a SharedArrayBuffer for a shared memory; a new object after every grow */
    readonly buffer: ArrayBuffer | SharedArrayBuffer;
    /** adds `pages` pages; returns the previous size in pages */
    grow(pages: number): number;
  }
  class Module {
    constructor(bytes: ArrayBufferView | ArrayBuffer);
  }
  class Global {
    readonly value: unknown;
  }
  type Imports = Record<string, Record<string, Memory | Global | ((...args: never[]) => unknown)>>;
  class Instance {
    constructor(module: Module, imports?: Imports);
    readonly exports: Record<string, unknown>;
  }
}
