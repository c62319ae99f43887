/**
 * The compute kernel (src/kernel, AssemblyScript compiled to WebAssembly by `npm run build`) as each thread uses
 * it: one instance per lane over the simulation's shared kernel memory (base/kernel-memory.ts), bound once to the
 * particle state, the contact table, the run's features and the lane's scratch block; the contact lists are bound
 * after every neighbour rebuild (contacts/pair-kernel.ts, contacts/wall-kernel.ts). Every array the kernel reads
 * is a view on that memory, and its byte offset is its address. A group is bound by name (Kernel.bind): its fields
 * are written into the lane's bind block, laid out by src/kernel-interface/spec.json, and the group's bind entry
 * copies them into the kernel's globals.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KernelMemory } from '../base/kernel-memory.js';
import type { ParticleState } from '../particles/state.js';
import type { ContactLaw, KernelFeatures } from './contact.js';
import type { KernelTable } from './contact-table.js';
import {
  BIND, BIND_BYTES, CONTACT_LENGTH, HISTORY_STRIDE, OUT_LENGTH, SCRATCH, SCRATCH_LENGTH, writeBindBlock, type BindFields,
  type BindGroup,
} from '../kernel-interface/layout.js';

/** The lane's scratch block, SCRATCH_LENGTH doubles (src/kernel-interface/spec.json SCRATCH). */
export { SCRATCH_LENGTH };

/** The kernel's bind entries (src/kernel/bound.ts), one per group: each reads its group's bind block at `block`. */
type BindEntries = { readonly [G in BindGroup as (typeof BIND)[G]['entry']]: (block: number) => void };

/** What the WebAssembly module exports (src/kernel/index.ts), with byte offsets as numbers. */
export interface KernelExports extends BindEntries {
  kickDrift(begin: number, end: number, dt: number): number;
  beginForces(begin: number, end: number, dt: number): void;
  pairForces(begin: number, end: number, dt: number, t: number): number;
  /** src/kernel/passes.ts: `only` −1 every particle, 0 those not gathered, 1 the gathered ones */
  gatherAndKick(begin: number, end: number, dt: number, t: number, only: number, endedBefore: number): number;
  /** src/kernel/boundary.ts: the rows of spheres list[0 … count) copied to rows base …; list a byte offset */
  copyBoundaryRows(list: number, count: number, base: number): void;
  /** src/kernel/boundary.ts: pair list[2k]'s second body exchanged with list[2k + 1]; list a byte offset */
  swapSecondBodies(list: number, count: number): void;
  evaluateContact(history: number, cls: number, dt: number): void;
  /** the layout constants (src/kernel/layout.ts), as WebAssembly globals */
  [constant: string]: unknown;
}

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
  /** the lane's bind block (SCRATCH.bind), BIND_BYTES of the memory */
  private readonly bindBlock: DataView;

  constructor({ memory, st, gravity, table, features: f, scratch }: KernelInputs) {
    this.exports = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as KernelExports;
    this.bindBlock = new DataView(scratch.buffer, scratch.byteOffset + 8 * SCRATCH.bind, BIND_BYTES);
    this.bind('scratch', { scratch: at(scratch) });
    if (st !== null) {
      this.bind('particles', {
        pos: at(st.pos), vel: at(st.vel), omega: at(st.omega), force: at(st.force), torque: at(st.torque),
        radius: at(st.radius), mass: at(st.mass), invMass: at(st.invMass), invInertia: at(st.invInertia),
        posAtBuild: at(st.posAtBuild), predicted: at(st.predicted),
        gravityX: gravity[0], gravityY: gravity[1], gravityZ: gravity[2],
      });
    }
    this.bind('table', {
      elasticOf: at(table.elastic), exponentOf: at(table.exponent), linearStiffness: at(table.linearStiffness),
      plasticSet: at(table.plasticSet), minimumImpactSpeed: at(table.minimumImpactSpeed), friction: at(table.friction),
      rollingFriction: at(table.rollingFriction), hertzCoef: at(table.hertzCoef), mindlinCoef: at(table.mindlinCoef),
      tangentialOf: at(table.tangential), noTension: table.noTension,
    });
    this.bind('features', {
      sharedElastic: f.elastic ?? -1, sharedExponent: f.exponent ?? -1, hasFriction: f.friction, hasRolling: f.rolling,
      hasMicroSlip: f.microSlip, trackImpacts: f.impacts, fullImpactRecords: f.fullImpactRecords, periodic: f.periodic,
    });
    this.contact = scratch.subarray(SCRATCH.contact, SCRATCH.contact + CONTACT_LENGTH);
    this.out = scratch.subarray(SCRATCH.out, SCRATCH.out + OUT_LENGTH);
  }

  /**
   * Binds `group` of the kernel's globals (src/kernel/bound.ts) to `fields`: written into the lane's bind block,
   * then read by the group's bind entry. A field the group does not have, or one left out, fails type-checking.
   */
  bind<G extends BindGroup>(group: G, fields: BindFields[G]): void {
    writeBindBlock(this.bindBlock, group, fields);
    this.exports[BIND[group].entry](this.bindBlock.byteOffset);
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
    mindlinCoef: memory.copyOf(t.mindlinCoef), tangential: memory.copyOf(t.tangential),
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
