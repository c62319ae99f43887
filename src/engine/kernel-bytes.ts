/**
 * The kernel memory a simulation is estimated to need, from its sphere count: the engine sizes its memory's
 * maximum by it (simulation.ts), and the run's budget (run/run-budget.ts) refuses a scenario beyond what a
 * WebAssembly memory can hold.
 */
import { pairBytes } from '../contacts/pair-contacts.js';

// The kernel memory (base/kernel-memory.ts) holds the particle state and the contact lists and can hold at most
// 4 GiB. Measured 2026-11-27 (the 10⁶-sphere settled bed of `npm run bench -- --only vs-lammps`, 1 thread, impacts
// off, after 1 000 steps): 448 B per sphere, of which 4.14 candidate pairs per sphere with 5 % room to grow at 44 B
// (contacts/pair-contacts.ts pairBytes) and 256 B the rest: the particle state, row indexes and wall lists. On
// several lanes the state holds rows for boundary copies besides (engine/parallel/boundary-copies.ts): 16 doubles and
// a mark for an eighth of the spheres, 17 B per sphere, counted here for every run.
/** Kernel memory of one sphere besides its pairs (state, row indexes, wall lists, copies' room), in bytes. */
const KERNEL_BYTES_PER_SPHERE = 256 + 17;
/** Candidate pairs per sphere for the kernel estimate: a settled bed with its skin (4.14 measured, 4.35 held). */
export const KERNEL_PAIRS_PER_SPHERE = 5;

/**
 * Kernel memory a run of `spheres` is estimated to need (bytes), its pairs holding `historyStride` doubles of
 * history each (forces/contact.ts historyStride; the spring rows of micro-slip make it 32 instead of 3–7).
 */
export function kernelBytesEstimate(spheres: number, impacts: boolean, historyStride: number): number {
  return spheres * (KERNEL_BYTES_PER_SPHERE + KERNEL_PAIRS_PER_SPHERE * pairBytes(historyStride, impacts));
}
