/**
 * Re-numbering particles in place (Morton order at neighbour rebuilds, docs/architecture.md §3): every per-particle
 * array is permuted through a scratch buffer, so the shared buffers that worker threads hold stay valid.
 */
import type { ParticleState } from './state.js';

type Numeric = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * Rows of `rowLength` values: new row k = old row order[k], for k < n, through `column` (at least n doubles of
 * scratch). Rows are permuted column by column: a scratch of n doubles instead of n rows (48 B per sphere for the
 * predicted velocities) matters at 10⁶ spheres, and the strided reads cost little at one re-numbering per
 * RESORT_EVERY builds. Values are exact in a double.
 */
function permuteRows(a: Numeric, order: Int32Array, n: number, rowLength: number, column: Float64Array): void {
  for (let c = 0; c < rowLength; c++) {
    for (let k = 0; k < n; k++) column[k] = a[order[k] * rowLength + c];
    for (let k = 0; k < n; k++) a[k * rowLength + c] = column[k];
  }
}

/** Permutes every particle array: new particle k is old particle order[k]; `column` is scratch of n doubles. */
export function permuteParticles(st: ParticleState, order: Int32Array, column: Float64Array): void {
  const n = st.n;
  for (const a of [st.pos, st.vel, st.omega, st.force, st.torque, st.posAtBuild]) permuteRows(a, order, n, 3, column);
  for (const a of [st.radius, st.mass, st.invMass, st.invInertia, st.material, st.id]) permuteRows(a, order, n, 1, column);
  // The renumbering falls between the first pass of a step and its contact forces.
  permuteRows(st.predicted, order, n, 6, column);
}

/** newIndexOf[old] = new, for a permutation given as order[new] = old. */
export function inversePermutation(order: Int32Array, n: number, out: Int32Array): void {
  for (let k = 0; k < n; k++) out[order[k]] = k;
}
