/**
 * Hertz (1882): F = Kδ^{3/2}, purely elastic, e = 1 (docs/physics.md; was contact-models §2; seed 000 Eq 1,
 * seed 001 Eq 1, seed 002 Eq 17, seed 003 Eq 5.2, seed 004 Eq 1). K is the pair's, so the law takes no parameter
 * and nothing is left to resolve.
 */
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const schema = lawSchema('hertz',
  'Hertz (1882): F = K·δ^{3/2} with K = (4/3)E*√R_eff, elastic (e = 1); takes no parameters.', {});

export const hertz: NormalLawDefinition<typeof schema> = {
  model: 'hertz',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.none,
  resolve: () => ({ dampingScale: 0, kPower: 0, massPower: 0, radiusPower: 0, derived: { restitution: 1 } }),
};
