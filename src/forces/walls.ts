/**
 * Infinite plane walls (point + unit normal pointing into the domain, own material). A sphere touches wall w
 * when its distance to the plane is below its radius; the contact uses the same kernel as sphere pairs with
 * R_eff = R and m* = m (contact-models.md §9.1). Per (particle, wall) the constants are fixed at set-up because
 * radii and masses do not change; history and impact records live here too.
 */
import type { ParticleState } from '../particles/state.js';
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from './contact.js';
import { contactConstants, type ContactTable } from './contact-table.js';
import { IMPACT_STRIDE } from './impacts.js';
import type { Permuter } from '../particles/reorder.js';

export interface WallInit {
  point: readonly number[];
  /** unit normal, pointing from the wall into the domain */
  normal: readonly number[];
  material: number;
}

export class WallSet {
  readonly count: number;
  /** per wall: point (3), unit normal (3) */
  readonly geometry: Float64Array;
  /** per (particle, wall), index p·count + w */
  readonly K: Float64Array;
  readonly c: Float64Array;
  readonly ktCoef: Float64Array;
  readonly cls: Int32Array;
  /** 1 while the sphere overlaps the wall */
  readonly touching: Uint8Array;
  readonly history: Float64Array;
  readonly impact: Float64Array;
  /** (particle, wall) slots whose contact ended this step, written by the particle kernel */
  readonly ended: Int32Array;

  constructor(walls: readonly WallInit[], st: ParticleState, table: ContactTable, readonly trackImpacts: boolean) {
    const nw = walls.length;
    const slots = st.n * nw;
    this.count = nw;
    this.geometry = sharedFloat64(6 * nw);
    walls.forEach((w, k) => {
      for (let a = 0; a < 3; a++) {
        this.geometry[6 * k + a] = w.point[a];
        this.geometry[6 * k + 3 + a] = w.normal[a];
      }
    });
    this.K = sharedFloat64(slots);
    this.c = sharedFloat64(slots);
    this.ktCoef = sharedFloat64(slots);
    this.cls = sharedInt32(slots);
    this.touching = sharedUint8(slots);
    this.history = sharedFloat64(HISTORY_STRIDE * slots);
    this.impact = sharedFloat64(trackImpacts ? IMPACT_STRIDE * slots : 0);
    this.ended = sharedInt32(slots);
    const nm = table.materialNames.length;
    const consts = new Float64Array(3);
    for (let p = 0; p < st.n; p++) {
      for (let w = 0; w < nw; w++) {
        const s = p * nw + w;
        const cls = table.classIndex[st.material[p] * nm + walls[w].material];
        contactConstants(consts, table.kernel, cls, st.radius[p], st.mass[p]);
        this.cls[s] = cls;
        this.K[s] = consts[0];
        this.c[s] = consts[1];
        this.ktCoef[s] = consts[2];
      }
    }
  }

  /** Follows a re-numbering of the particles (new particle k is old particle order[k]). */
  permute(order: Int32Array, n: number, permuter: Permuter): void {
    const nw = this.count;
    if (nw === 0) return;
    for (const a of [this.K, this.c, this.ktCoef, this.cls, this.touching]) permuter.rows(a, order, n, nw);
    permuter.rows(this.history, order, n, HISTORY_STRIDE * nw);
    if (this.trackImpacts) permuter.rows(this.impact, order, n, IMPACT_STRIDE * nw);
  }
}
