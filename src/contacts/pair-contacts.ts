/**
 * The pair list of the current neighbour build and everything kept per pair: contact class and damping
 * coefficient c, contact history (tangential spring, rolling torque), impact bookkeeping, the per-pair
 * force/torque results and the CSR index particle → pairs used for the deterministic reduction
 * (architecture.md, Determinism). K, 8G*√R_eff and R_eff are cheap to recompute from the radii, so they are
 * not stored (memory per sphere, issue #3); c may need three powers, so it is.
 *
 * Pairs are sorted by (i, j), i < j. At a rebuild the state of touching pairs (the only ones with history) is
 * set aside, the list rebuilt in place, and the state put back where the pair now stands, so history survives
 * rebuilds and re-numbering of the particles.
 */
import type { PairList } from '../broadphase/index.js';
import type { ParticleState } from '../particles/state.js';
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from '../forces/contact.js';
import { contactConstants, type ContactTable } from '../forces/contact-table.js';
import { IMPACT_STRIDE } from './impact-records.js';
import { CarriedContacts, type ContactList } from './carried-contacts.js';
import { IMAGE_CODES, type ImagedPairList } from '../broadphase/periodic.js';

/** Per-pair results: force on i (3), torque on i (3), torque on j (3); valid while the pair is touching. */
export const PAIR_OUT_STRIDE = 9;

export class PairStore implements ContactList {
  count = 0;
  private capacity = 0;
  i = sharedInt32(0);
  j = sharedInt32(0);
  /** damping coefficient of the normal law for this pair (contact-table.ts, contactConstants) */
  c = sharedFloat64(0);
  cls = sharedInt32(0);
  /** periodic image of j this pair acts with (broadphase/periodic.ts); 0 = j itself */
  image = sharedUint8(0);
  /** shift (m) of each image code, xyz; all zero without periodic boundaries */
  readonly shift = sharedFloat64(3 * IMAGE_CODES);
  /** 1 while the pair overlaps (set by the force kernel) */
  touching = sharedUint8(0);
  history = sharedFloat64(0);
  impact = sharedFloat64(0);
  out = sharedFloat64(0);
  /** CSR: pairs of particle p are entries csrStart[p] .. csrStart[p+1]-1; entry = 2·pair + (0 if p is i, 1 if j) */
  readonly csrStart: Int32Array;
  csrEntry = sharedInt32(0);
  /** pair indices whose contact ended in the current step, written by the force kernel */
  ended = sharedInt32(0);
  private readonly csrCursor: Int32Array;
  /** pairs whose first particle is i are rowStart[i] .. rowStart[i+1]−1 (the list is sorted by i) */
  private readonly rowStart: Int32Array;
  private readonly carried = new CarriedContacts();
  private readonly scratch = new Float64Array(3);

  constructor(private readonly nParticles: number, readonly trackImpacts: boolean, initialCapacity = 1024) {
    this.csrStart = sharedInt32(nParticles + 1);
    this.csrCursor = new Int32Array(nParticles);
    this.rowStart = new Int32Array(nParticles + 1);
    this.grow(initialCapacity);
  }

  /**
   * Replaces the pair list with `candidates` and rebuilds the CSR. Contacts that were touching keep their
   * history and collision record. `newIndexOf` maps old particle indices to new ones when the particles were
   * re-numbered since the last build (null: unchanged). Candidates without `image` act with j itself.
   */
  rebuild(candidates: PairList | ImagedPairList, st: ParticleState, table: ContactTable, newIndexOf: Int32Array | null): void {
    this.carried.save(this, newIndexOf, true);
    const m = candidates.count;
    if (m > this.capacity) this.grow(Math.max(m, Math.ceil(1.5 * this.capacity)));
    const nm = table.materialNames.length;
    const consts = this.scratch;
    let lastCls = -1, lastC = 0, lastRi = -1, lastRj = -1, lastMi = -1, lastMj = -1;
    const rowStart = this.rowStart;
    rowStart.fill(0);
    if ('image' in candidates) this.image.set(candidates.image.subarray(0, m));
    else this.image.fill(0, 0, m);
    for (let p = 0; p < m; p++) {
      const i = candidates.i[p], j = candidates.j[p];
      this.i[p] = i;
      this.j[p] = j;
      rowStart[i + 1]++;
      const ri = st.radius[i], rj = st.radius[j];
      const mi = st.mass[i], mj = st.mass[j];
      const cls = table.classIndex[st.material[i] * nm + st.material[j]];
      this.cls[p] = cls;
      // Most neighbours share radii and class with the previous pair (monodisperse beds): skip the powers.
      if (cls !== lastCls || ri !== lastRi || rj !== lastRj || mi !== lastMi || mj !== lastMj) {
        contactConstants(consts, table.kernel, cls, (ri * rj) / (ri + rj), (mi * mj) / (mi + mj));
        lastC = consts[1];
        lastCls = cls; lastRi = ri; lastRj = rj; lastMi = mi; lastMj = mj;
      }
      this.c[p] = lastC;
      this.touching[p] = 0;
    }
    this.history.fill(0, 0, HISTORY_STRIDE * m);
    for (let q = 0; q < this.nParticles; q++) rowStart[q + 1] += rowStart[q];
    this.count = m;
    this.carried.restore(this);
    this.buildCsr();
  }

  get first(): Int32Array { return this.i; }
  get second(): Int32Array { return this.j; }

  /** Index of pair (i, j), i < j, in the current list; −1 when absent. */
  find(i: number, j: number): number {
    for (let p = this.rowStart[i], end = this.rowStart[i + 1]; p < end; p++) if (this.j[p] === j) return p;
    return -1;
  }

  private buildCsr(): void {
    const start = this.csrStart;
    const n = this.nParticles;
    start.fill(0);
    const { i, j } = this;
    for (let p = 0; p < this.count; p++) {
      start[i[p] + 1]++;
      start[j[p] + 1]++;
    }
    for (let q = 0; q < n; q++) start[q + 1] += start[q];
    // Fill in pair order, so each particle's entries are in ascending pair index (fixed summation order).
    const cursor = this.csrCursor;
    for (let q = 0; q < n; q++) cursor[q] = start[q];
    for (let p = 0; p < this.count; p++) {
      this.csrEntry[cursor[i[p]]++] = 2 * p;
      this.csrEntry[cursor[j[p]]++] = 2 * p + 1;
    }
  }

  /** New, larger shared buffers; callers must not rely on their contents (rebuild rewrites them). */
  private grow(capacity: number): void {
    this.capacity = capacity;
    this.i = sharedInt32(capacity);
    this.j = sharedInt32(capacity);
    this.c = sharedFloat64(capacity);
    this.cls = sharedInt32(capacity);
    this.image = sharedUint8(capacity);
    this.touching = sharedUint8(capacity);
    this.history = sharedFloat64(HISTORY_STRIDE * capacity);
    this.impact = sharedFloat64(this.trackImpacts ? IMPACT_STRIDE * capacity : 0);
    this.out = sharedFloat64(PAIR_OUT_STRIDE * capacity);
    this.csrEntry = sharedInt32(2 * capacity);
    this.ended = sharedInt32(capacity);
  }
}
