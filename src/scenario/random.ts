/**
 * The one random stream of a run: seedrandom (ARC4) seeded with the scenario's `seed`, drawn in a fixed order
 * (t = 0 insertion blocks in file order, then the radii of the poured spheres, then pour placements as the run
 * goes). Its state can be saved and restored, so a run can be resumed or a set-up reused with the same draws.
 */
import seedrandom from 'seedrandom';

export type RandomState = seedrandom.State.Arc4;

export class RunRandom {
  private readonly prng: seedrandom.StatefulPRNG<RandomState>;
  /** A number uniform in [0, 1); a bound function, so it can be handed around as `() => number`. */
  readonly next: () => number;

  /** From a seed (the start of the run's stream) or from a saved state (where that stream left off). */
  constructor(from: number | RandomState) {
    this.prng = typeof from === 'number'
      ? seedrandom(String(from), { state: true })
      : seedrandom('', { state: from });
    this.next = () => this.prng();
  }

  /** A copy of the generator's state. */
  state(): RandomState {
    return this.prng.state();
  }
}
