/**
 * Tsuji's law has a speed-independent restitution fixed by α alone (docs/physics.md §3.3, §7.4): calibrated to a
 * target e, the engine must rebound at e ± 0.003 from 0.01 to 10 m/s, for both end-of-contact conventions,
 * sphere–sphere and sphere–wall.
 */
import { describe, expect, it } from 'vitest';
import { collide, type EndOfContactInput } from '../helpers/collision.js';

const targets = [0.1, 0.3, 0.5, 0.7, 0.9];
const speeds = [0.01, 0.1, 1, 10];
const conventions: EndOfContactInput[] = ['no-tension', 'free'];
const bodies = ['sphere', 'wall'] as const;

describe('Tsuji restitution is the target at every impact speed', () => {
  for (const endOfContact of conventions) {
    for (const target of bodies) {
      for (const e of targets) {
        it(`${endOfContact}, sphere–${target}: e = ${e} from 0.01 to 10 m/s (±0.003)`, () => {
          for (const speed of speeds) {
            const { impact } = collide({ normal: { model: 'tsuji', restitution: e }, endOfContact, speed, target });
            expect(impact.impactSpeed).toBeCloseTo(speed, 6);
            expect(Math.abs(impact.reboundSpeed / impact.impactSpeed - e), `v = ${speed} m/s`).toBeLessThan(0.003);
          }
        });
      }
    }
  }
});
