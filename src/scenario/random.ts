/**
 * The one random stream of a run: seedrandom (ARC4) seeded with the scenario's `seed`, drawn in a fixed order
 * (t = 0 insertion blocks in file order, then the radii of the poured spheres, then pour placements as the run
 * goes). Its state can be saved and restored, so a run can be resumed or a set-up reused with the same draws.
 */
import seedrandom from 'seedrandom';
import type { StateDeclaration } from '../base/saved-state.js';

export type RandomState = seedrandom.State.Arc4;

/** RunRandom's fields, for the checkpoint test: its owner saves the generator whole, through state() and setState(). */
export const RUN_RANDOM_FIELDS = {
  saved: ['prng'],
  excluded: { next: 'fixed: a function drawing from prng' },
} as const satisfies Pick<StateDeclaration, 'saved' | 'excluded'>;

export class RunRandom {
  private prng: seedrandom.StatefulPRNG<RandomState>;
  /** A number uniform in [0, 1); a bound function, so it can be handed around as `() => number`. */
  readonly next: () => number;

  /** From a seed (the start of the run's stream) or from a saved state (where that stream left off). */
  constructor(from: number | RandomState) {
    this.prng = typeof from === 'number' ? seedrandom(String(from), { state: true }) : fromState(from);
    this.next = () => this.prng();
  }

  /** A copy of the generator's state. */
  state(): RandomState {
    return this.prng.state();
  }

  /** Continues the stream from a state that state() returned. */
  setState(state: RandomState): void {
    this.prng = fromState(state);
  }
}

/** The default (ARC4) generator at a saved state. */
function fromState(state: RandomState): seedrandom.StatefulPRNG<RandomState> {
  return seedrandom('', { state });
}

const isByte = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 256;

/** Whether `value` is an ARC4 state as state() returns it: i, j and the 256-entry permutation S. */
export function isRandomState(value: unknown): value is RandomState {
  if (typeof value !== 'object' || value === null || !('i' in value) || !('j' in value) || !('S' in value)) return false;
  return isByte(value.i) && isByte(value.j) && Array.isArray(value.S) && value.S.length === 256 && value.S.every(isByte);
}
