/**
 * Broad phase: finds the candidate contact pairs (i < j) within r_i + r_j + skin at each neighbour-list rebuild.
 * Two implementations with identical output (same pairs, same order): a cell grid, 2.5–4× faster on sphere
 * packings (see rtree.ts for the measurements), and a packed 3-D R-tree.
 */
import type { BroadPhase } from './types.js';
import { GridBroadPhase } from './grid.js';
import { PackedRTreeBroadPhase } from './rtree.js';

export type { BroadPhase, PairList } from './types.js';
export { createPairList } from './pairList.js';

export function createBroadPhase(kind: 'rtree' | 'grid'): BroadPhase {
  switch (kind) {
    case 'grid':
      return new GridBroadPhase();
    case 'rtree':
      return new PackedRTreeBroadPhase();
  }
}
