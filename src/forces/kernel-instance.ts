/**
 * The compute kernel (src/kernel, AssemblyScript compiled to WebAssembly by `npm run build`) as each thread uses
 * it: one instance per lane over the simulation's shared kernel memory (base/kernel-memory.ts), bound once to the
 * particle state, the contact table, the run's features and the lane's scratch block; the contact lists are bound
 * after every neighbour rebuild (contacts/pair-kernel.ts, contacts/wall-kernel.ts). Every array the kernel reads
 * is a view on that memory, and its byte offset is its address.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KernelMemory } from '../base/kernel-memory.js';
import type { ParticleState } from '../particles/state.js';
import { CONTACT_LENGTH, HISTORY_STRIDE, OUT_LENGTH, type ContactLaw, type KernelFeatures } from './contact.js';
import type { KernelTable } from './contact-table.js';

/** What the WebAssembly module exports (src/kernel/index.ts), with byte offsets as numbers. */
export interface KernelExports {
  bindParticles(pos: number, vel: number, omega: number, force: number, torque: number, radius: number, mass: number,
    invMass: number, invInertia: number, posAtBuild: number, predicted: number, gx: number, gy: number, gz: number): void;
  bindTable(elastic: number, exponent: number, linearStiffness: number, plasticSet: number, minimumImpactSpeed: number,
    friction: number, rollingFriction: number, hertzCoef: number, mindlinCoef: number, noTension: boolean): void;
  bindFeatures(elastic: number, exponent: number, friction: boolean, rolling: boolean, impacts: boolean,
    periodic: boolean): void;
  bindPairs(first: number, second: number, c: number, cls: number, touching: number, history: number,
    historyStride: number, impact: number, ended: number, image: number, shift: number, gathered: number, out: number,
    gatheredPairs: number, gatheredCount: number, csrStart: number, csrEntry: number): void;
  bindWalls(rowStart: number, c: number, cls: number, touching: number, history: number, historyStride: number,
    impact: number, ended: number, candidateGeometry: number): void;
  bindScratch(scratch: number): void;
  kickDrift(begin: number, end: number, dt: number): number;
  beginForces(begin: number, end: number, dt: number): void;
  pairForces(begin: number, end: number, dt: number, t: number): number;
  gatherAndKick(begin: number, end: number, dt: number, t: number): number;
  evaluateContact(history: number, cls: number, dt: number): void;
  /** the layout constants (src/kernel/layout.ts), as WebAssembly globals */
  [constant: string]: unknown;
}

/**
 * A lane's scratch block, in doubles (src/kernel/layout.ts SCRATCH_*): the pair pass's sink, the one-contact
 * CONTACT and OUT blocks, the wall sum of the particle pass 3 is summing (force, torque, the last contact's F_n,
 * v·n and slip).
 */
export const SCRATCH_CONTACT = 8;
export const SCRATCH_OUT = SCRATCH_CONTACT + CONTACT_LENGTH;
export const SCRATCH_WALL_SUM = SCRATCH_OUT + OUT_LENGTH;
export const SCRATCH_LENGTH = SCRATCH_WALL_SUM + 9;

/** The compiled module, made once per thread. */
let compiled: WebAssembly.Module | undefined;

function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readFileSync(wasmFile()));
  return compiled;
}

/** The build's module; tests running from the TypeScript sources use the build next to them. */
function wasmFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? here.replace(/[/\\]src[/\\]forces[/\\]kernel-instance\.ts$/, '/dist/src/kernel/grainflow.wasm')
    : here.replace(/[/\\]forces[/\\]kernel-instance\.js$/, '/kernel/grainflow.wasm');
}

/** What a lane's kernel is bound to; every array lives in `memory`. */
export interface KernelInputs {
  memory: WebAssembly.Memory;
  /** null for a kernel that only evaluates single contacts (createContactLaw) */
  st: ParticleState | null;
  /** gravity (m/s²) */
  gravity: readonly [number, number, number];
  /** the contact table, copied into the memory (kernelTableIn) */
  table: KernelTable;
  features: KernelFeatures;
  /** the lane's own SCRATCH_LENGTH doubles of the memory */
  scratch: Float64Array;
}

/** One thread's instance of the kernel, bound to a simulation's state. */
export class Kernel {
  readonly exports: KernelExports;
  /** the lane's one-contact blocks (forces/contact.ts CONTACT and OUT) */
  readonly contact: Float64Array;
  readonly out: Float64Array;

  constructor({ memory, st, gravity, table, features: f, scratch }: KernelInputs) {
    this.exports = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as KernelExports;
    const x = this.exports;
    if (st !== null) {
      x.bindParticles(at(st.pos), at(st.vel), at(st.omega), at(st.force), at(st.torque), at(st.radius), at(st.mass),
        at(st.invMass), at(st.invInertia), at(st.posAtBuild), at(st.predicted), ...gravity);
    }
    x.bindTable(at(table.elastic), at(table.exponent), at(table.linearStiffness), at(table.plasticSet),
      at(table.minimumImpactSpeed), at(table.friction), at(table.rollingFriction), at(table.hertzCoef),
      at(table.mindlinCoef), table.noTension);
    x.bindFeatures(f.elastic ?? -1, f.exponent ?? -1, f.friction, f.rolling, f.impacts, f.periodic);
    x.bindScratch(at(scratch));
    this.contact = scratch.subarray(SCRATCH_CONTACT, SCRATCH_OUT);
    this.out = scratch.subarray(SCRATCH_OUT, SCRATCH_WALL_SUM);
  }
}

/** The kernel's address of an array in its memory: the view's byte offset. */
export function at(view: ArrayBufferView): number {
  return view.byteOffset;
}

/** The contact table's kernel arrays, copied into `memory`. */
export function kernelTableIn(memory: KernelMemory, t: KernelTable): KernelTable {
  return {
    ...t,
    elastic: memory.copyOf(t.elastic), exponent: memory.copyOf(t.exponent),
    linearStiffness: memory.copyOf(t.linearStiffness), plasticSet: memory.copyOf(t.plasticSet),
    minimumImpactSpeed: memory.copyOf(t.minimumImpactSpeed), friction: memory.copyOf(t.friction),
    rollingFriction: memory.copyOf(t.rollingFriction), hertzCoef: memory.copyOf(t.hertzCoef),
    mindlinCoef: memory.copyOf(t.mindlinCoef),
  };
}

/**
 * The law for callers that hold one contact as plain arrays (tests, one-off evaluations): a small memory of its
 * own with the table, one history and the blocks; each call copies the CONTACT block and the history in, runs the
 * kernel's law and copies OUT and the history back. Same arithmetic as every kernel pass.
 */
export function createContactLaw(table: KernelTable, features: KernelFeatures): ContactLaw {
  const memory = new KernelMemory();
  const kernel = new Kernel({
    memory: memory.memory, st: null, gravity: [0, 0, 0], table: kernelTableIn(memory, table), features,
    scratch: memory.float64(SCRATCH_LENGTH),
  });
  const history = memory.float64(HISTORY_STRIDE);
  return (out, hist, h, cls, contact, dt) => {
    kernel.contact.set(contact.subarray(0, CONTACT_LENGTH));
    history.set(hist.subarray(h, h + HISTORY_STRIDE));
    kernel.exports.evaluateContact(at(history), cls, dt);
    hist.set(history, h);
    out.set(kernel.out.subarray(0, OUT_LENGTH));
  };
}
