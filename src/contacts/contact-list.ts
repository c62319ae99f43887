/**
 * The core both contact lists share (sphere pairs: pair-contacts.ts; sphere–wall: wall-contacts.ts): the
 * per-contact arrays in the simulation's kernel memory (base/kernel-memory.ts), their growth, the row index by first body, the damping coefficient of
 * each new contact, and the state of touching contacts carried across a neighbour rebuild (carried-contacts.ts).
 *
 * A rebuild is always: beginRebuild (set the touching contacts' state aside) → a search writes the new list's
 * bodies, class and damping coefficient (contacts/wall-candidates.ts, pair-contacts.ts writePairConstants) →
 * endRebuild (row index, state put back where each contact now stands).
 *
 * Checkpoints (base/saved-state.ts) save the list as it stands — its contacts in their order, with class, damping
 * coefficient, touching flag, history and open collision record — and recompute the row index on restore.
 */
import type { KernelMemory } from '../base/kernel-memory.js';
import type { ContactArrays } from './contact-arrays.js';
import { CarriedContacts } from './carried-contacts.js';
import { IMPACT, IMPACT_STRIDE } from './impact-records.js';
import type { SavedState, StateDeclaration, StateReader, StateWriter } from '../base/saved-state.js';

/** The core's fields in a checkpoint, for the declarations of PairContactList and WallContactList. */
export const CONTACT_LIST_FIELDS = {
  saved: ['count', 'first', 'second', 'c', 'cls', 'touching', 'history', 'impact'],
  excluded: {
    rowStart: 'derived: the row index of `first`, rebuilt on restore',
    capacity: 'scratch: allocated length of the per-contact arrays; any capacity >= count computes the same',
    ended: 'scratch: contacts whose collision ended in the step, written by the kernels before they are read',
    carried: 'scratch: holds the touching contacts only during a rebuild',
    particles: 'fixed: spheres the run will ever hold',
    memory: "fixed: the simulation's kernel memory the arrays live in",
    historyStride: 'fixed: from the run\'s contact laws and rolling resistance (forces/contact.ts historyStride)',
    impactStride: 'fixed: outputs.impacts of the scenario, and whether the run keeps full records',
    secondIsParticle: 'fixed: sphere pairs or sphere–wall contacts',
  },
} as const satisfies Pick<StateDeclaration, 'saved' | 'excluded'>;

/**
 * Kernel memory of one contact of a list (bytes): what grow() allocates per contact — bodies (2 × Int32), damping
 * coefficient (f64), class (Uint16), touching flag (Uint8), `historyStride` doubles of history, and with collision
 * records the record and the ended-list entry (Int32). Counted with full records: a run that keeps only the
 * statistics' four doubles (impact-records.ts) needs less.
 */
export function contactBytes(historyStride: number, trackImpacts: boolean): number {
  return 4 + 4 + 8 + 2 + 1 + 8 * historyStride + (trackImpacts ? 8 * IMPACT_STRIDE + 4 : 0);
}

export abstract class ContactList implements ContactArrays, SavedState {
  count = 0;
  protected capacity = 0;
  first: Int32Array;
  second: Int32Array;
  c: Float64Array;
  cls: Uint16Array;
  touching: Uint8Array;
  history: Float64Array;
  impact: Float64Array;
  ended: Int32Array;
  readonly rowStart: Int32Array;
  private readonly carried = new CarriedContacts();

  /**
   * @param memory where the arrays live: the simulation's kernel memory
   * @param historyStride doubles of history per contact (forces/contact.ts historyStride)
   * @param particles spheres the run will ever hold (row index size)
   * @param secondIsParticle pairs: both bodies are particles, kept in order first < second
   */
  constructor(
    protected readonly memory: KernelMemory, readonly historyStride: number, private readonly particles: number,
    readonly impactStride: number, private readonly secondIsParticle: boolean,
  ) {
    this.rowStart = memory.int32(particles + 1);
    this.first = memory.int32(0);
    this.second = memory.int32(0);
    this.c = memory.float64(0);
    this.cls = memory.uint16(0);
    this.touching = memory.uint8(0);
    this.history = memory.float64(0);
    this.impact = memory.float64(0);
    this.ended = memory.int32(0);
  }

  /** collision records are kept (outputs.impacts) */
  get trackImpacts(): boolean {
    return this.impactStride > 0;
  }

  abstract get stateDeclaration(): StateDeclaration;

  /** The contacts of the current list; arrays beyond `count` hold nothing. */
  saveState(out: StateWriter): void {
    const n = this.count;
    out.number('count', n);
    out.array('first', this.first.subarray(0, n));
    out.array('second', this.second.subarray(0, n));
    out.array('c', this.c.subarray(0, n));
    out.array('cls', this.cls.subarray(0, n));
    out.array('touching', this.touching.subarray(0, n));
    out.array('history', this.history.subarray(0, this.historyStride * n));
    out.array('impact', this.openImpactRecords(n));
  }

  restoreState(from: StateReader): void {
    const n = from.count('count');
    if (n > this.capacity) this.grow(n);
    this.count = n;
    this.first.set(from.array('first', Int32Array, n));
    this.second.set(from.array('second', Int32Array, n));
    this.c.set(from.array('c', Float64Array, n));
    this.cls.set(from.array('cls', Uint16Array, n));
    this.touching.set(from.array('touching', Uint8Array, n));
    this.history.set(from.array('history', Float64Array, this.historyStride * n));
    this.impact.set(from.array('impact', Float64Array, this.impactLength(n)));
    this.indexRows();
  }

  /**
   * The collision records of the `n` contacts with only what is state: the records of open collisions (touching
   * contacts) without their closing fields. The rest holds leftovers of earlier contacts and collisions, which
   * openImpact and closeImpact rewrite before anything reads them; saved as zeros, they cannot make a resumed run's
   * checkpoints differ from those of the run that never stopped.
   */
  private openImpactRecords(n: number): Float64Array {
    const records = new Float64Array(this.impactLength(n));
    if (!this.trackImpacts) return records;
    for (let k = 0; k < n; k++) {
      if (this.touching[k] === 0) continue;
      const stride = this.impactStride, b = stride * k;
      records.set(this.impact.subarray(b, b + stride), b);
      records[b + IMPACT.reboundSpeed] = 0;
      if (stride === IMPACT_STRIDE) {
        records[b + IMPACT.slipAfter] = 0;
        records[b + IMPACT.tEnd] = 0;
      }
    }
    return records;
  }

  private impactLength(contacts: number): number {
    return this.impactStride * contacts;
  }

  /** Index of contact (first, second) in the current list; −1 when absent. */
  find(first: number, second: number): number {
    for (let k = this.rowStart[first], end = this.rowStart[first + 1]; k < end; k++) {
      if (this.second[k] === second) return k;
    }
    return -1;
  }

  /**
   * Sets the touching contacts' state aside before the list is rewritten. `newIndexOf` maps old particle indices
   * to new ones when the particles were re-numbered since the last build (null: unchanged).
   */
  protected beginRebuild(newIndexOf: Int32Array | null): void {
    this.carried.save(this, newIndexOf, this.secondIsParticle);
  }

  /** Completes a rebuild of `count` contacts (sorted by first): clears their state, indexes them, puts back what was carried. */
  protected endRebuild(count: number): void {
    this.count = count;
    this.touching.fill(0, 0, count);
    this.history.fill(0, 0, this.historyStride * count);
    this.indexRows();
    this.carried.restore(this);
  }

  /** rowStart from `first` of the `count` contacts (sorted by first). */
  private indexRows(): void {
    const rows = this.rowStart;
    rows.fill(0);
    for (let k = 0; k < this.count; k++) rows[this.first[k] + 1]++;
    for (let p = 0; p < this.particles; p++) rows[p + 1] += rows[p];
  }

  /**
   * New, larger arrays keeping the first `keep` entries' bodies, class and coefficient (a list being written);
   * history and collision records are rewritten after the list is complete. The old arrays go back to the memory —
   * first, when nothing is kept, so that the new ones can take their place: the kernel memory never shrinks, and a
   * hole left behind stays resident (at 10⁶ spheres a grown pair list left 190 B per sphere).
   */
  protected grow(capacity: number, keep = 0): void {
    const { memory } = this;
    const old = [this.first, this.second, this.c, this.cls, this.touching, this.history, this.impact, this.ended];
    if (keep === 0) for (const array of old) memory.release(array);
    const kept = <T extends Int32Array | Uint16Array | Float64Array>(fresh: T, previous: T): T => {
      if (keep > 0) fresh.set(previous.subarray(0, keep));
      return fresh;
    };
    this.capacity = capacity;
    this.first = kept(memory.int32(capacity), this.first);
    this.second = kept(memory.int32(capacity), this.second);
    this.c = kept(memory.float64(capacity), this.c);
    this.cls = kept(memory.uint16(capacity), this.cls);
    this.touching = memory.uint8(capacity);
    this.history = memory.float64(this.historyStride * capacity);
    this.impact = memory.float64(this.impactLength(capacity));
    this.ended = memory.int32(this.trackImpacts ? capacity : 0);
    if (keep > 0) for (const array of old) memory.release(array);
  }
}
