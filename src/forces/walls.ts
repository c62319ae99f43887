/**
 * Infinite plane walls (point + unit normal pointing into the domain, own material) and the list of
 * sphere–wall contact candidates. A sphere touches wall w when its distance to the plane is below its
 * radius; the contact uses the same kernel as sphere pairs with R_eff = R and m* = m (contact-models.md §9.1).
 *
 * Like sphere pairs, candidates are found at neighbour rebuilds (distance < R + skin), sorted by particle,
 * with a CSR start per particle, so a bed far from the walls costs and stores nothing for them.
 */
import type { ParticleState } from '../particles/state.js';
import { sharedFloat64, sharedInt32, sharedUint8 } from '../particles/state.js';
import { HISTORY_STRIDE } from './contact.js';
import { contactConstants, type ContactTable } from './contact-table.js';
import { IMPACT_STRIDE } from './impacts.js';
import { CarriedContacts, type ContactList } from './carried-contacts.js';

export interface WallInit {
  point: readonly number[];
  /** unit normal, pointing from the wall into the domain */
  normal: readonly number[];
  material: number;
}

export class WallSet implements ContactList {
  /** number of walls */
  readonly walls: number;
  /** per wall: point (3), unit normal (3) */
  readonly geometry: Float64Array;
  /** contacts of particle p are start[p] .. start[p+1]−1 */
  readonly start: Int32Array;
  count = 0;
  private capacity = 0;
  particle = sharedInt32(0);
  wall = sharedInt32(0);
  /** damping coefficient of the normal law for this sphere and wall */
  c = sharedFloat64(0);
  cls = sharedInt32(0);
  /** 1 while the sphere overlaps the wall */
  touching = sharedUint8(0);
  history = sharedFloat64(0);
  impact = sharedFloat64(0);
  /** contacts whose collision ended this step, written by the particle kernel */
  ended = sharedInt32(0);
  private readonly wallMaterial: number[];
  private readonly carried = new CarriedContacts();
  private readonly scratch = new Float64Array(3);

  constructor(walls: readonly WallInit[], nParticles: number, readonly trackImpacts: boolean) {
    this.walls = walls.length;
    this.geometry = sharedFloat64(6 * walls.length);
    walls.forEach((w, k) => {
      for (let a = 0; a < 3; a++) {
        this.geometry[6 * k + a] = w.point[a];
        this.geometry[6 * k + 3 + a] = w.normal[a];
      }
    });
    this.wallMaterial = walls.map((w) => w.material);
    this.start = sharedInt32(nParticles + 1);
    this.grow(Math.max(16, nParticles >> 3));
  }

  get first(): Int32Array { return this.particle; }
  get second(): Int32Array { return this.wall; }

  /** Rebuilds the candidate list; `newIndexOf` as in PairStore.rebuild. */
  rebuild(st: ParticleState, skin: number, table: ContactTable, newIndexOf: Int32Array | null): void {
    this.carried.save(this, newIndexOf, false);
    const g = this.geometry, nw = this.walls, n = st.n;
    const nm = table.materialNames.length;
    let m = 0;
    let lastCls = -1, lastR = -1, lastM = -1, lastC = 0;
    for (let p = 0; p < n; p++) {
      this.start[p] = m;
      const x = st.pos[3 * p], y = st.pos[3 * p + 1], z = st.pos[3 * p + 2], r = st.radius[p];
      for (let w = 0; w < nw; w++) {
        const dist = (x - g[6 * w]) * g[6 * w + 3] + (y - g[6 * w + 1]) * g[6 * w + 4] + (z - g[6 * w + 2]) * g[6 * w + 5];
        if (dist >= r + skin) continue;
        if (m === this.capacity) this.grow(Math.ceil(1.5 * this.capacity), m);
        const cls = table.classIndex[st.material[p] * nm + this.wallMaterial[w]];
        if (cls !== lastCls || r !== lastR || st.mass[p] !== lastM) {
          contactConstants(this.scratch, table.kernel, cls, r, st.mass[p]);
          lastC = this.scratch[1];
          lastCls = cls; lastR = r; lastM = st.mass[p];
        }
        this.particle[m] = p;
        this.wall[m] = w;
        this.cls[m] = cls;
        this.c[m] = lastC;
        this.touching[m] = 0;
        m++;
      }
    }
    this.start[n] = m;
    this.count = m;
    this.history.fill(0, 0, HISTORY_STRIDE * m);
    this.carried.restore(this);
  }

  find(particle: number, wall: number): number {
    for (let e = this.start[particle], end = this.start[particle + 1]; e < end; e++) if (this.wall[e] === wall) return e;
    return -1;
  }

  /** New, larger shared buffers keeping the first `keep` entries (the list being built). */
  private grow(capacity: number, keep = 0): void {
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(fresh: T, old: T, stride: number): T => {
      fresh.set(old.subarray(0, keep * stride));
      return fresh;
    };
    this.capacity = capacity;
    this.particle = copy(sharedInt32(capacity), this.particle, 1);
    this.wall = copy(sharedInt32(capacity), this.wall, 1);
    this.c = copy(sharedFloat64(capacity), this.c, 1);
    this.cls = copy(sharedInt32(capacity), this.cls, 1);
    this.touching = copy(sharedUint8(capacity), this.touching, 1);
    // History and impact records are rewritten after the list is complete (carried contacts).
    this.history = sharedFloat64(HISTORY_STRIDE * capacity);
    this.impact = sharedFloat64(this.trackImpacts ? IMPACT_STRIDE * capacity : 0);
    this.ended = sharedInt32(capacity);
  }
}
