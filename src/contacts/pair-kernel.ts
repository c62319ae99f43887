/**
 * The pair pass of a time step (src/kernel/passes.ts, pass 2) runs in the WebAssembly kernel (src/kernel/pairs.ts): for
 * the pairs of a lane's range, the contact law inlined in the loop, each pair's forces added into both bodies' forces
 * in ascending pair order (or into the pair buffer for a body whose pairs span two lanes), and the end of every
 * contact that stopped overlapping. Here: handing the kernel the pair list of the current neighbour build.
 */
import { at, type Kernel } from '../forces/kernel-instance.js';
import type { PairArrays } from './contact-arrays.js';

/** Binds the lane's kernel to the pair list `pr` (after every rebuild: the list may live in new arrays). */
export function bindPairList(kernel: Kernel, pr: PairArrays): void {
  kernel.exports.bindPairs(at(pr.first), at(pr.second), at(pr.c), at(pr.cls), at(pr.touching), at(pr.history),
    pr.historyStride, at(pr.impact), at(pr.ended), at(pr.image), at(pr.shift), at(pr.gathered), at(pr.out),
    at(pr.gatheredPairs), pr.gatheredCount, at(pr.csrStart), at(pr.csrEntry));
}
