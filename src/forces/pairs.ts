/**
 * The pair list of the current neighbour build and everything kept per pair:
 * constants (K, c, 8G*√R_eff, R_eff, contact class), contact history (tangential spring, rolling torque),
 * impact bookkeeping, the per-pair force/torque results and the CSR index particle → pairs used for the
 * deterministic reduction (architecture.md, Determinism).
 *
 * Pairs are sorted by (i, j), i < j. At a rebuild the history of touching pairs is carried into the new list,
 * so it survives rebuilds and re-numbering of the particles.
 */
import type { PairList } from '../broadphase/index.js';
import type { ParticleState } from '../particles/state.js';
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from './contact.js';
import { contactConstants, type ContactTable } from './contact-table.js';
import { IMPACT, IMPACT_STRIDE } from './impacts.js';

/** Per-pair results: force on i (3), torque on i (3), torque on j (3); valid while the pair is touching. */
export const PAIR_OUT_STRIDE = 9;

interface PairBuffers {
  i: Int32Array;
  j: Int32Array;
  K: Float64Array;
  c: Float64Array;
  ktCoef: Float64Array;
  reff: Float64Array;
  cls: Int32Array;
  /** 1 while the pair overlaps (set by the force kernel) */
  touching: Uint8Array;
  history: Float64Array;
  impact: Float64Array;
}

function allocate(capacity: number, trackImpacts: boolean): PairBuffers {
  return {
    i: sharedInt32(capacity),
    j: sharedInt32(capacity),
    K: sharedFloat64(capacity),
    c: sharedFloat64(capacity),
    ktCoef: sharedFloat64(capacity),
    reff: sharedFloat64(capacity),
    cls: sharedInt32(capacity),
    touching: sharedUint8(capacity),
    history: sharedFloat64(HISTORY_STRIDE * capacity),
    impact: sharedFloat64(trackImpacts ? IMPACT_STRIDE * capacity : 0),
  };
}

export class PairStore {
  count = 0;
  private capacity: number;
  private cur: PairBuffers;
  private spare: PairBuffers;
  out: Float64Array;
  /** CSR: pairs of particle p are entries csrStart[p] .. csrStart[p+1]-1; entry = 2·pair + (0 if p is i, 1 if j) */
  readonly csrStart: Int32Array;
  csrEntry: Int32Array;
  private readonly csrCursor: Int32Array;
  /** pairs whose first particle is i are rowStart[i] .. rowStart[i+1]−1 (the list is sorted by i) */
  private readonly rowStart: Int32Array;
  /** pair indices whose contact ended in the current step, written by the force kernel */
  ended: Int32Array;
  private readonly scratch = new Float64Array(3);

  constructor(private readonly nParticles: number, readonly trackImpacts: boolean, initialCapacity = 1024) {
    this.capacity = initialCapacity;
    this.cur = allocate(initialCapacity, trackImpacts);
    this.spare = allocate(initialCapacity, trackImpacts);
    this.out = sharedFloat64(PAIR_OUT_STRIDE * initialCapacity);
    this.csrStart = sharedInt32(nParticles + 1);
    this.csrEntry = sharedInt32(2 * initialCapacity);
    this.csrCursor = new Int32Array(nParticles);
    this.rowStart = new Int32Array(nParticles + 1);
    this.ended = sharedInt32(initialCapacity);
  }

  get i(): Int32Array { return this.cur.i; }
  get j(): Int32Array { return this.cur.j; }
  get K(): Float64Array { return this.cur.K; }
  get c(): Float64Array { return this.cur.c; }
  get ktCoef(): Float64Array { return this.cur.ktCoef; }
  get reff(): Float64Array { return this.cur.reff; }
  get cls(): Int32Array { return this.cur.cls; }
  get touching(): Uint8Array { return this.cur.touching; }
  get history(): Float64Array { return this.cur.history; }
  get impact(): Float64Array { return this.cur.impact; }

  /**
   * Replaces the pair list with `candidates` and rebuilds the CSR. Contacts that were touching keep their
   * history and collision record. `newIndexOf` maps old particle indices to new ones when the particles were
   * re-numbered since the last build (null: unchanged).
   */
  rebuild(candidates: PairList, st: ParticleState, table: ContactTable, newIndexOf: Int32Array | null): void {
    const m = candidates.count;
    this.ensureCapacity(m);
    const old = this.cur;
    const next = this.spare;
    const oldCount = this.count;
    const nm = table.materialNames.length;
    const k = table.kernel;
    const consts = this.scratch;
    let lastKey = -1, lastK = 0, lastC = 0, lastKt = 0;
    let lastRi = -1, lastRj = -1, lastMi = -1, lastMj = -1;
    const rowStart = this.rowStart;
    rowStart.fill(0);
    for (let p = 0; p < m; p++) {
      const i = candidates.i[p], j = candidates.j[p];
      next.i[p] = i;
      next.j[p] = j;
      rowStart[i + 1]++;
      const ri = st.radius[i], rj = st.radius[j];
      const mi = st.mass[i], mj = st.mass[j];
      const cls = table.classIndex[st.material[i] * nm + st.material[j]];
      next.cls[p] = cls;
      const reff = (ri * rj) / (ri + rj);
      next.reff[p] = reff;
      // Most neighbours share radii and class with the previous pair (monodisperse beds): skip the powers.
      if (cls !== lastKey || ri !== lastRi || rj !== lastRj || mi !== lastMi || mj !== lastMj) {
        contactConstants(consts, k, cls, reff, (mi * mj) / (mi + mj));
        lastK = consts[0]; lastC = consts[1]; lastKt = consts[2];
        lastKey = cls; lastRi = ri; lastRj = rj; lastMi = mi; lastMj = mj;
      }
      next.K[p] = lastK;
      next.c[p] = lastC;
      next.ktCoef[p] = lastKt;
      next.touching[p] = 0;
      const h = HISTORY_STRIDE * p;
      for (let a = 0; a < HISTORY_STRIDE; a++) next.history[h + a] = 0;
    }
    for (let q = 0; q < this.nParticles; q++) rowStart[q + 1] += rowStart[q];

    // Carry the state of touching contacts (only they have history) to their place in the new list.
    for (let o = 0; o < oldCount; o++) {
      if (old.touching[o] === 0) continue;
      let i = old.i[o], j = old.j[o];
      if (newIndexOf !== null) {
        i = newIndexOf[i];
        j = newIndexOf[j];
      }
      // Swapping the roles of the two bodies reverses every relative quantity (contact.ts conventions).
      const swapped = i > j;
      if (swapped) [i, j] = [j, i];
      let p = rowStart[i];
      const rowEnd = rowStart[i + 1];
      while (p < rowEnd && next.j[p] !== j) p++;
      if (p === rowEnd) throw new Error(`internal: touching pair (${i}, ${j}) is missing from the new neighbour list`);
      next.touching[p] = 1;
      const hn = HISTORY_STRIDE * p, ho = HISTORY_STRIDE * o;
      const sign = swapped ? -1 : 1;
      for (let a = 0; a < HISTORY_STRIDE; a++) next.history[hn + a] = sign * old.history[ho + a];
      if (this.trackImpacts) {
        const bn = IMPACT_STRIDE * p, bo = IMPACT_STRIDE * o;
        for (let a = 0; a < IMPACT_STRIDE; a++) next.impact[bn + a] = old.impact[bo + a];
        if (swapped) {
          for (let a = 0; a < 3; a++) {
            next.impact[bn + IMPACT.omegaIBefore + a] = old.impact[bo + IMPACT.omegaJBefore + a];
            next.impact[bn + IMPACT.omegaJBefore + a] = old.impact[bo + IMPACT.omegaIBefore + a];
          }
        }
      }
    }
    this.cur = next;
    this.spare = old;
    this.count = m;
    this.buildCsr();
  }

  private buildCsr(): void {
    const start = this.csrStart;
    const n = this.nParticles;
    start.fill(0);
    const { i, j } = this.cur;
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

  private ensureCapacity(m: number): void {
    if (m <= this.capacity) return;
    let cap = this.capacity;
    while (cap < m) cap = Math.ceil(cap * 1.5);
    const grownCur = allocate(cap, this.trackImpacts);
    // Keep the current contents (history to carry over); the spare set is rewritten at every rebuild.
    for (const key of Object.keys(grownCur) as (keyof PairBuffers)[]) {
      (grownCur[key] as Float64Array | Int32Array | Uint8Array).set(this.cur[key] as never);
    }
    this.cur = grownCur;
    this.spare = allocate(cap, this.trackImpacts);
    this.out = sharedFloat64(PAIR_OUT_STRIDE * cap);
    this.csrEntry = sharedInt32(2 * cap);
    this.ended = sharedInt32(cap);
    this.capacity = cap;
  }
}
