/**
 * Contact state carried across a neighbour rebuild. Only touching contacts have state (history, open
 * collision record); they are set aside before a contact list is rebuilt in place and put back where the
 * contact now stands. Serves sphere pairs and sphere–wall contacts alike.
 */
import { isVectorSlot } from '../forces/contact.js';
import type { ContactArrays } from './contact-arrays.js';
import { IMPACT, IMPACT_STRIDE } from './impact-records.js';

/** What is carried of a contact list keyed by (first, second): particle pair (i < j) or (particle, wall). */
export interface CarriedList extends ContactArrays {
  count: number;
  /** index of contact (first, second) in the list, −1 when absent */
  find(first: number, second: number): number;
}

/**
 * A touching contact that the rebuilt list no longer holds: a body moved further than the skin in one step,
 * which only an unstable run does (the run's watchdog reports it). Indices are the new particle numbering.
 */
export class LostContactError extends Error {
  constructor(readonly first: number, readonly second: number, readonly secondIsParticle: boolean) {
    super(`internal: touching contact (${first}, ${second}) missing after rebuild`);
  }
}

export class CarriedContacts {
  private count = 0;
  private secondIsParticle = false;
  private first = new Int32Array(0);
  private second = new Int32Array(0);
  private history = new Float64Array(0);
  private impact = new Float64Array(0);
  /** history doubles per contact of the list being carried */
  private stride = 0;

  /**
   * @param newIndexOf maps old particle indices to new ones after a re-numbering (null: unchanged)
   * @param secondIsParticle pairs: both keys are particles, kept in order first < second
   */
  save(list: CarriedList, newIndexOf: Int32Array | null, secondIsParticle: boolean): void {
    this.secondIsParticle = secondIsParticle;
    const stride = (this.stride = list.historyStride);
    let touching = 0;
    for (let p = 0; p < list.count; p++) touching += list.touching[p];
    if (this.first.length < touching || this.history.length < stride * touching) {
      this.first = new Int32Array(touching);
      this.second = new Int32Array(touching);
      this.history = new Float64Array(stride * touching);
      this.impact = new Float64Array(list.impactStride * touching);
    }
    let k = 0;
    for (let p = 0; p < list.count; p++) {
      if (list.touching[p] === 0) continue;
      let a = list.first[p], b = list.second[p];
      if (newIndexOf !== null) {
        a = newIndexOf[a];
        if (secondIsParticle) b = newIndexOf[b];
      }
      // Swapping the roles of the two bodies reverses every relative vector (contact.ts conventions); the normal
      // law's scalar state (v₀ or δ_m) is symmetric, and so is the reach of the micro-slip spring row (a length).
      const swapped = secondIsParticle && a > b;
      const sign = swapped ? -1 : 1;
      this.first[k] = swapped ? b : a;
      this.second[k] = swapped ? a : b;
      const h = stride * k, ho = stride * p;
      for (let c = 0; c < stride; c++) {
        this.history[h + c] = (isVectorSlot(c) ? sign : 1) * list.history[ho + c];
      }
      const records = list.impactStride;
      if (records > 0) {
        const m = records * k, o = records * p;
        for (let c = 0; c < records; c++) this.impact[m + c] = list.impact[o + c];
        if (swapped && records === IMPACT_STRIDE) {
          for (let c = 0; c < 3; c++) {
            this.impact[m + IMPACT.omegaIBefore + c] = list.impact[o + IMPACT.omegaJBefore + c];
            this.impact[m + IMPACT.omegaJBefore + c] = list.impact[o + IMPACT.omegaIBefore + c];
          }
        }
      }
      k++;
    }
    this.count = k;
  }

  restore(list: CarriedList): void {
    for (let k = 0; k < this.count; k++) {
      const p = list.find(this.first[k], this.second[k]);
      // A touching contact is far inside the skin, so the rebuilt list holds it unless the run is unstable.
      if (p < 0) throw new LostContactError(this.first[k], this.second[k], this.secondIsParticle);
      list.touching[p] = 1;
      const stride = this.stride, h = stride * p, hk = stride * k;
      for (let c = 0; c < stride; c++) list.history[h + c] = this.history[hk + c];
      const records = list.impactStride, m = records * p, mk = records * k;
      for (let c = 0; c < records; c++) list.impact[m + c] = this.impact[mk + c];
    }
  }
}
