/**
 * The plan of boundary copies (engine/parallel/boundary-copies.ts BoundaryCopies.plan) on hand-made pair lists: each
 * swap entry names a crossing pair and the row of its second body's copy, and the pair pass reads that row as the
 * body. An entry that names another row makes the pair act with another sphere — with itself, if the row is
 * still zero: coincident centres, a NaN force (a poured heap on two lanes did that whenever its first plan had one
 * crossing pair, the arrays then being too short for one swap entry). The defects caught: entries written past their
 * array, entries naming another body's copy, a crossing pair without an entry while the room has space.
 */
import { describe, expect, it } from 'vitest';
import { KernelMemory } from '../../src/base/kernel-memory.js';
import { BoundaryCopies, type LaneCopies } from '../../src/engine/parallel/boundary-copies.js';
import type { PairContactList } from '../../src/contacts/pair-contacts.js';
import type { ParticleState } from '../../src/particles/state.js';

const SPHERES = 8;
const ROOM = 4;

/** What plan reads of the particle state: the room after the spheres and their radii. */
function stateOf(): ParticleState {
  return { capacity: SPHERES, copyRoom: ROOM, radius: new Float64Array(SPHERES + ROOM).map((_, k) => 1 + k) } as
    unknown as ParticleState;
}

/** A pair list (first < second, rows by first body) of `sorted`, pairs in list order, as plan reads it. */
function listOf(sorted: [number, number][]): PairContactList {
  const rowStart = new Int32Array(SPHERES + 1);
  for (const [i] of sorted) rowStart[i + 1]++;
  for (let k = 0; k < SPHERES; k++) rowStart[k + 1] += rowStart[k];
  return {
    second: Int32Array.from(sorted, ([, j]) => j), rowStart, gathered: new Uint8Array(SPHERES + ROOM),
  } as unknown as PairContactList;
}

/** Every swap entry of `copies`: [pair, second body the row it names is a copy of]. */
function entries(copies: LaneCopies, lanes: number): [number, number][] {
  const found: [number, number][] = [];
  for (let e = 0; e < copies.swapStart[lanes]; e++) {
    found.push([copies.swaps[2 * e], copies.sources[copies.swaps[2 * e + 1] - copies.base]]);
  }
  return found;
}

describe('the plan of boundary copies', () => {
  it('gives each crossing pair the row of its own second body, from the first plan on and as the arrays grow', () => {
    const memory = new KernelMemory(0, 1 << 24);
    const st = stateOf();
    const copies = new BoundaryCopies(memory, st);
    // Lanes hold spheres 0–1 | 2–7 (two lanes), then 0–2 | 3–5 | 6–7 (three). Pairs are (first, second), in list
    // order.
    const plans: { bounds: number[]; pairs: [number, number][] }[] = [
      // One crossing pair: the first plan of the poured heap that failed.
      { bounds: [0, 2, 8], pairs: [[0, 5], [2, 3]] },
      // More than the first plan's arrays hold: they grow.
      { bounds: [0, 2, 8], pairs: [[0, 1], [0, 5], [1, 2], [1, 5], [1, 7], [4, 6]] },
      // Three lanes; fewer crossing pairs again.
      { bounds: [0, 3, 6, 8], pairs: [[1, 4], [2, 6], [4, 7], [6, 7]] },
    ];
    for (const { bounds, pairs } of plans) {
      const lanes = bounds.length - 1;
      const list = listOf(pairs);
      const plan = copies.plan(list, Int32Array.from(bounds), lanes);
      // The crossing pairs, [index in the list, second body]: the second body on a lane above the first's.
      const laneOf = (s: number) => bounds.findIndex((b, k) => s >= b && s < bounds[k + 1]);
      const crossing = pairs.flatMap(([i, j], p): [number, number][] => (laneOf(j) > laneOf(i) ? [[p, j]] : []));
      expect(entries(plan, lanes)).toEqual(crossing);
      // Each copy row holds its sphere's radius and is gathered (the pair pass adds nothing into a copy).
      for (let r = 0; r < plan.rowStart[lanes]; r++) {
        expect(st.radius[plan.base + r]).toBe(st.radius[plan.sources[r]]);
        expect(list.gathered[plan.base + r]).toBe(1);
      }
    }
    copies.release();
  });
});
