/**
 * Re-numbering particles in place (Morton order at neighbour rebuilds, docs/architecture.md §3): every per-particle
 * array is permuted through a scratch buffer, so the shared buffers that worker threads hold stay valid.
 */
import type { ParticleState } from './state.js';

type Numeric = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** Reusable scratch for permutations; grows on demand. */
export class Permuter {
  private f64 = new Float64Array(0);
  private i32 = new Int32Array(0);

  /** Rows of `rowLength` values: new row k = old row order[k], for k < n. */
  rows(a: Numeric, order: Int32Array, n: number, rowLength: number): void {
    const len = n * rowLength;
    const tmp = a instanceof Float64Array ? this.floatScratch(len) : this.intScratch(len);
    for (let k = 0; k < n; k++) {
      const from = order[k] * rowLength, to = k * rowLength;
      for (let c = 0; c < rowLength; c++) tmp[to + c] = a[from + c];
    }
    for (let x = 0; x < len; x++) a[x] = tmp[x];
  }

  private floatScratch(len: number): Float64Array {
    if (this.f64.length < len) this.f64 = new Float64Array(len);
    return this.f64;
  }

  private intScratch(len: number): Int32Array {
    if (this.i32.length < len) this.i32 = new Int32Array(len);
    return this.i32;
  }
}

/** Permutes every particle array: new particle k is old particle order[k]. */
export function permuteParticles(st: ParticleState, order: Int32Array, permuter: Permuter): void {
  const n = st.n;
  for (const a of [st.pos, st.vel, st.omega, st.force, st.torque, st.posAtBuild]) permuter.rows(a, order, n, 3);
  for (const a of [st.radius, st.mass, st.invMass, st.invInertia, st.material, st.id]) permuter.rows(a, order, n, 1);
  // The renumbering falls between the first pass of a step and its contact forces.
  permuter.rows(st.predicted, order, n, 6);
}

/** newIndexOf[old] = new, for a permutation given as order[new] = old. */
export function inversePermutation(order: Int32Array, n: number, out: Int32Array): void {
  for (let k = 0; k < n; k++) out[order[k]] = k;
}
