/**
 * Re-numbering particles in place (Morton order at neighbour rebuilds, docs/architecture.md §3): every per-particle
 * array is permuted through a scratch buffer, so the shared buffers that worker threads hold stay valid.
 */
import type { ParticleState } from './state.js';

type Numeric = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * Reusable scratch for permutations, one column (n values) long, grows on demand. Rows are permuted column by
 * column: a scratch of n doubles instead of n rows (48 B per sphere for the predicted velocities) matters at
 * 10⁶ spheres, and the strided reads cost little at one re-numbering per RESORT_EVERY builds.
 */
export class Permuter {
  private column = new Float64Array(0);

  /** Rows of `rowLength` values: new row k = old row order[k], for k < n. Values are exact in a double. */
  rows(a: Numeric, order: Int32Array, n: number, rowLength: number): void {
    if (this.column.length < n) this.column = new Float64Array(n);
    const tmp = this.column;
    for (let c = 0; c < rowLength; c++) {
      for (let k = 0; k < n; k++) tmp[k] = a[order[k] * rowLength + c];
      for (let k = 0; k < n; k++) a[k * rowLength + c] = tmp[k];
    }
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
