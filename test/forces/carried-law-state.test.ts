/**
 * The normal law's scalar state (the Hunt–Crossley family's latched impact speed v₀, the permanent-indentation law's
 * peak overlap δ_m) and the reach of the Mindlin–Deresiewicz spring row (a length) are carried across a neighbour
 * rebuild like the tangential and rolling history and the row's springs, but — unlike those vectors, which are
 * relative quantities of body i with respect to body j — they must not change sign when a re-numbering swaps the
 * roles of the two bodies (contact.ts, HISTORY).
 */
import { describe, expect, it } from 'vitest';
import { CarriedContacts, type CarriedList } from '../../src/contacts/carried-contacts.js';
import { HISTORY, HISTORY_STRIDE } from '../../src/forces/contact.js';

/** A one-pair contact list (first < second) with its own find(). */
function list(first: number, second: number, history: number[]): CarriedList {
  return {
    count: 1,
    first: Int32Array.of(first),
    second: Int32Array.of(second),
    c: new Float64Array(1),
    cls: new Uint16Array(1),
    touching: Uint8Array.of(1),
    history: Float64Array.from(history),
    historyStride: HISTORY_STRIDE,
    impact: new Float64Array(0),
    impactStride: 0,
    ended: new Int32Array(1),
    rowStart: new Int32Array(0),
    find(a: number, b: number) { return a === this.first[0] && b === this.second[0] ? 0 : -1; },
  };
}

describe('carried contact history', () => {
  // spring (3), rolling torque (3), law state, the row's reach, its springs (3 each)
  const springs = Array.from({ length: HISTORY_STRIDE - 8 }, (_, k) => 10 + k);
  const history = [1, 2, 3, 4, 5, 6, 0.37, 0.8, ...springs];
  it('has the rolling torque after the spring, one law slot, then the spring row: its reach and its springs', () => {
    expect(HISTORY_STRIDE).toBe(8 + 3 * 8);
    expect([HISTORY.tangential, HISTORY.rolling, HISTORY.lawState, HISTORY.reach, HISTORY.springs]).toEqual([0, 3, 6, 7, 8]);
  });

  it('keeps the scalar slots and flips the vectors when re-numbering swaps the bodies', () => {
    const carried = new CarriedContacts();
    // Particles 0 and 1 become 1 and 0: the pair (0, 1) is stored as (0, 1) again with i and j swapped.
    carried.save(list(0, 1, history), Int32Array.of(1, 0), true);
    const rebuilt = list(0, 1, new Array(HISTORY_STRIDE).fill(0));
    rebuilt.touching[0] = 0;
    carried.restore(rebuilt);
    expect(rebuilt.touching[0]).toBe(1);
    expect(Array.from(rebuilt.history)).toEqual([-1, -2, -3, -4, -5, -6, 0.37, 0.8, ...springs.map((x) => -x)]);
  });

  it('keeps everything as it is without a swap', () => {
    const carried = new CarriedContacts();
    carried.save(list(2, 5, history), null, true);
    const rebuilt = list(2, 5, new Array(HISTORY_STRIDE).fill(0));
    carried.restore(rebuilt);
    expect(Array.from(rebuilt.history)).toEqual(history);
  });
});
