/**
 * The pair pass of a time step (src/kernel/passes.ts, pass 2) runs in the WebAssembly kernel (src/kernel/pairs.ts): for
 * the pairs of a lane's range, the contact law inlined in the loop, each pair's forces added into both bodies' forces
 * in ascending pair order (or into the pair buffer for a body with a pair another lane computes), and the end of every
 * contact that stopped overlapping. Here: handing the kernel the pair list of the current neighbour build.
 */
import { at, type Kernel } from '../forces/kernel-instance.js';
import type { PairArrays } from './contact-arrays.js';

/** Binds the lane's kernel to the pair list `pr` (after every rebuild: the list may live in new arrays). */
export function bindPairList(kernel: Kernel, pr: PairArrays): void {
  kernel.bind('pairs', {
    pairFirst: at(pr.first), pairSecond: at(pr.second), pairDamping: at(pr.c), pairClass: at(pr.cls),
    pairTouching: at(pr.touching), pairHistory: at(pr.history), pairHistoryStride: pr.historyStride,
    pairImpact: at(pr.impact), pairEnded: at(pr.ended), image: at(pr.image), shift: at(pr.shift),
    gathered: at(pr.gathered), pairOut: at(pr.out), gatheredPairs: at(pr.gatheredPairs),
    gatheredCount: pr.gatheredCount, csrStart: at(pr.csrStart), csrEntry: at(pr.csrEntry),
  });
}
