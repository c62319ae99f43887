/**
 * The core both contact lists share (sphere pairs: pair-contacts.ts; sphere–wall: wall-contacts.ts): the
 * per-contact arrays on SharedArrayBuffers, their growth, the row index by first body, the damping coefficient of
 * each new contact, and the state of touching contacts carried across a neighbour rebuild (carried-contacts.ts).
 *
 * A rebuild is always: beginRebuild (set the touching contacts' state aside) → the subclass writes the new list
 * with setContact → endRebuild (row index, state put back where each contact now stands).
 */
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from '../forces/contact.js';
import { contactConstants, type KernelTable } from '../forces/contact-table.js';
import type { ContactArrays } from './contact-arrays.js';
import { CarriedContacts } from './carried-contacts.js';
import { IMPACT_STRIDE } from './impact-records.js';

export abstract class ContactList implements ContactArrays {
  count = 0;
  protected capacity = 0;
  first = sharedInt32(0);
  second = sharedInt32(0);
  c = sharedFloat64(0);
  cls = sharedInt32(0);
  touching = sharedUint8(0);
  history = sharedFloat64(0);
  impact = sharedFloat64(0);
  ended = sharedInt32(0);
  readonly rowStart: Int32Array;
  private readonly carried = new CarriedContacts();
  /** contactConstants output, and the last inputs: neighbours mostly share radii and class, so c is reused */
  private readonly constants = new Float64Array(3);
  private lastClass = -1;
  private lastRadius = -1;
  private lastMass = -1;

  /**
   * @param particles spheres the run will ever hold (row index size)
   * @param secondIsParticle pairs: both bodies are particles, kept in order first < second
   */
  constructor(
    private readonly particles: number, readonly trackImpacts: boolean, private readonly secondIsParticle: boolean,
  ) {
    this.rowStart = sharedInt32(particles + 1);
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

  /** Entry k of the list being written: its bodies, class and the damping coefficient for R_eff, m*. */
  protected setContact(k: number, first: number, second: number, table: KernelTable, cls: number, reff: number, meff: number): void {
    this.first[k] = first;
    this.second[k] = second;
    this.cls[k] = cls;
    if (cls !== this.lastClass || reff !== this.lastRadius || meff !== this.lastMass) {
      contactConstants(this.constants, table, cls, reff, meff);
      this.lastClass = cls; this.lastRadius = reff; this.lastMass = meff;
    }
    this.c[k] = this.constants[1];
  }

  /** Completes a rebuild of `count` contacts (sorted by first): clears their state, indexes them, puts back what was carried. */
  protected endRebuild(count: number): void {
    this.count = count;
    this.touching.fill(0, 0, count);
    this.history.fill(0, 0, HISTORY_STRIDE * count);
    const rows = this.rowStart;
    rows.fill(0);
    for (let k = 0; k < count; k++) rows[this.first[k] + 1]++;
    for (let p = 0; p < this.particles; p++) rows[p + 1] += rows[p];
    this.carried.restore(this);
  }

  /**
   * New, larger shared buffers keeping the first `keep` entries' bodies, class and coefficient (a list being
   * written); history and collision records are rewritten after the list is complete.
   */
  protected grow(capacity: number, keep = 0): void {
    const kept = <T extends Int32Array | Float64Array>(fresh: T, old: T): T => {
      fresh.set(old.subarray(0, keep));
      return fresh;
    };
    this.capacity = capacity;
    this.first = kept(sharedInt32(capacity), this.first);
    this.second = kept(sharedInt32(capacity), this.second);
    this.c = kept(sharedFloat64(capacity), this.c);
    this.cls = kept(sharedInt32(capacity), this.cls);
    this.touching = sharedUint8(capacity);
    this.history = sharedFloat64(HISTORY_STRIDE * capacity);
    this.impact = sharedFloat64(this.trackImpacts ? IMPACT_STRIDE * capacity : 0);
    this.ended = sharedInt32(capacity);
  }
}
