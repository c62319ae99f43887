/**
 * Boundary copies (docs/architecture.md §3, "Boundary copies"): on several lanes, lane k holds spheres
 * sphereBounds[k] … sphereBounds[k+1] − 1 — it kicks, drifts and gathers them and computes their rows of the pair
 * list — and a pair of its rows whose second body a lane above holds reads that body from a copy of its rows (the
 * kernel's src/kernel/boundary.ts), which the holding lane writes once per step right after its kick + drift. The
 * lane below then never reads the rows the lane above keeps writing: the lines of a boundary sphere's own rows stay
 * with one core, and what crosses between the cores is the contiguous block of copies, once per step (about a third
 * of the lines of the scattered rows it replaces; measured in docs/benchmarks.md, "Boundary copies").
 *
 * The copies sit after the spheres in the particle arrays (particles/state.ts copyRoom), in ascending sphere order,
 * so each lane's copies are one contiguous run. A boundary sphere beyond the room is read in place, as without
 * copies: the results do not depend on which bodies are copied, only the speed does.
 */
import type { KernelMemory } from '../../base/kernel-memory.js';
import type { ParticleState } from '../../particles/state.js';
import type { PairContactList } from '../../contacts/pair-contacts.js';

/** Rows for copies per sphere on several lanes: two lanes of the 10 000-sphere bed of `vs-lammps` copy about 11 %. */
const COPY_ROOM_SHARE = 1 / 8;

/**
 * Rows for boundary copies (particles/state.ts copyRoom) of a run of `spheres` set up for `lanes` lanes: an eighth
 * of the spheres on several lanes (a row is 16 doubles, so 16 B per sphere), none on one.
 */
export function boundaryCopyRoom(spheres: number, lanes: number): number {
  return lanes > 1 ? Math.ceil(COPY_ROOM_SHARE * spheres) : 0;
}

/** What every lane reads of the copies planned after a rebuild (posted to the worker lanes with the lists). */
export interface LaneCopies {
  /** rows base + r hold copies of spheres sources[r] (kernel memory) */
  sources: Int32Array;
  base: number;
  /** lane m writes the copies of sources[rowStart[m] … rowStart[m + 1] − 1] after its kick + drift */
  rowStart: Int32Array;
  /**
   * (pair, row of its second body's copy) of the pairs that read a copy (kernel memory); lane k's are entries
   * swapStart[k] … swapStart[k + 1] − 1, two integers each
   */
  swaps: Int32Array;
  swapStart: Int32Array;
}

/** No copies: one lane, or before the first plan. */
export function noCopies(lanes: number): LaneCopies {
  return {
    sources: new Int32Array(0), base: 0, rowStart: new Int32Array(lanes + 1), swaps: new Int32Array(0),
    swapStart: new Int32Array(lanes + 1),
  };
}

export class BoundaryCopies {
  /** the copied spheres, ascending (kernel memory; room for every boundary pair's body while planning) */
  private sources: Int32Array;
  /** (pair, copy row) entries (kernel memory) */
  private swaps: Int32Array;
  /**
   * Crossing pairs the two arrays have room for. Kept apart from their lengths: the memory makes an array of at
   * least one element, so the empty arrays at the start hold one source but half a swap entry.
   */
  private room = 0;

  constructor(private readonly memory: KernelMemory, private readonly st: ParticleState) {
    this.sources = memory.int32(0);
    this.swaps = memory.int32(0);
  }

  /**
   * The copies for lanes holding spheres sphereBounds[k] … sphereBounds[k+1] − 1, each computing the rows of its own
   * spheres: every second body that a lane's pair reads and a lane above holds, once, in ascending order, as many
   * as the room holds; their copy rows are marked gathered (the pair pass adds nothing into a copy: the body's own
   * lane gathers the pair from the buffer, pair-contacts.ts markGathered).
   */
  plan(pairs: PairContactList, sphereBounds: Int32Array, lanes: number): LaneCopies {
    const { st } = this;
    const { second, rowStart: rows, gathered } = pairs;
    let crossing = 0;
    for (let k = 0; k + 1 < lanes; k++) {
      const above = sphereBounds[k + 1];
      for (let p = rows[sphereBounds[k]], end = rows[above]; p < end; p++) if (second[p] >= above) crossing++;
    }
    this.reserve(crossing);
    const { sources, swaps } = this;
    // Every crossing pair's second body, then sorted and each kept once: ascending, so each lane's are contiguous.
    let n = 0;
    for (let k = 0; k + 1 < lanes; k++) {
      const above = sphereBounds[k + 1];
      for (let p = rows[sphereBounds[k]], end = rows[above]; p < end; p++) {
        if (second[p] >= above) sources[n++] = second[p];
      }
    }
    sources.subarray(0, n).sort();
    let copies = 0;
    for (let r = 0; r < n && copies < st.copyRoom; r++) {
      if (r === 0 || sources[r] !== sources[r - 1]) sources[copies++] = sources[r];
    }
    // The radius does not change between rebuilds: copied once here, the moving rows by the kernel every step.
    const base = st.capacity;
    for (let r = 0; r < copies; r++) {
      gathered[base + r] = 1;
      st.radius[base + r] = st.radius[sources[r]];
    }
    const rowStart = new Int32Array(lanes + 1), swapStart = new Int32Array(lanes + 1);
    for (let m = 0; m <= lanes; m++) rowStart[m] = lowerBound(sources, copies, sphereBounds[m]);
    let entries = 0;
    for (let k = 0; k < lanes; k++) {
      swapStart[k] = entries;
      const above = sphereBounds[k + 1];
      if (k + 1 === lanes) continue;
      for (let p = rows[sphereBounds[k]], end = rows[above]; p < end; p++) {
        const j = second[p];
        if (j < above) continue;
        const r = lowerBound(sources, copies, j);
        if (r === copies || sources[r] !== j) continue;
        swaps[2 * entries] = p;
        swaps[2 * entries + 1] = base + r;
        entries++;
      }
    }
    swapStart[lanes] = entries;
    return { sources, base, rowStart, swaps, swapStart };
  }

  /** Room for `crossing` sources and swap entries; the arrays move when they grow. */
  private reserve(crossing: number): void {
    if (crossing <= this.room) return;
    this.room = Math.ceil(1.5 * crossing);
    this.memory.release(this.sources);
    this.memory.release(this.swaps);
    this.sources = this.memory.int32(this.room);
    this.swaps = this.memory.int32(2 * this.room);
  }

  /** Gives the arrays back to the kernel memory. */
  release(): void {
    this.memory.release(this.sources);
    this.memory.release(this.swaps);
  }
}

/** The first r < count with sorted[r] ≥ value (count if none). */
function lowerBound(sorted: Int32Array, count: number, value: number): number {
  let lo = 0, hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
