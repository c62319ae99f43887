/**
 * The work of SphereHash's overlap queries, counted instead of timed: the tests that guard its O(1) per query
 * (insertion, the explicit-sphere check) must not pass or fail by the speed of a loaded machine. It wraps the
 * hash's private chain scan for the duration of `run`; the chain's length bounds its distance tests (the scan
 * stops at the first overlap).
 */
import { SphereHash } from '../../src/scenario/insert.js';

export interface OverlapWork<T> {
  result: T;
  /** bucket chains scanned */
  chains: number;
  /** spheres in those chains: at least the distance tests made */
  spheres: number;
}

type ChainScan = (this: { next: Int32Array }, first: number, ...query: number[]) => number;

/** Runs `run`, counting the bucket chains and the spheres in them that every SphereHash query scans meanwhile. */
export function countOverlapWork<T>(run: () => T): OverlapWork<T> {
  const prototype = SphereHash.prototype as unknown as { overlapInChain: ChainScan };
  const scan = prototype.overlapInChain;
  let chains = 0, spheres = 0;
  prototype.overlapInChain = function (first, ...query) {
    chains++;
    for (let j = first; j >= 0; j = this.next[j]) spheres++;
    return scan.call(this, first, ...query);
  };
  try {
    return { result: run(), chains, spheres };
  } finally {
    prototype.overlapInChain = scan;
  }
}
